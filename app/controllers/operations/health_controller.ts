import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'
import { mayShowDetail } from '#services/operations/health'
import { checkReadiness } from '#services/operations/health_probes'

/**
 * The probes of a load balancer or an orchestrator. Both answer without a session, a CSRF
 * token or a signed-in user (see app/middleware/stateless_routes_middleware.ts); neither is
 * cached.
 */
export default class HealthController {
  /** The process answers: nothing else is checked, so a busy database never restarts it. */
  async live({ response }: HttpContext) {
    response.header('Cache-Control', 'no-store')
    response.ok({ status: 'ok' })
  }

  /**
   * Whether this instance can serve requests: 200 when ready, 503 when not. Each check's
   * status, message and figures only with the right `x-health-token`.
   */
  async ready({ request, response }: HttpContext) {
    const result = await checkReadiness()
    response.header('Cache-Control', 'no-store')
    response.status(result.status === 'ok' ? 200 : 503)
    if (mayShowDetail(request.header('x-health-token'), env.get('HEALTH_TOKEN'))) {
      response.send(result)
    } else {
      response.send({ status: result.status })
    }
  }
}
