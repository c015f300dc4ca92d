import logger from '@adonisjs/core/services/logger'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { acceptedRequestId, addRequestIdToJsonError } from '#services/http/request_id'

/**
 * Every request gets an id (config/app.ts `generateRequestId`; a caller's well-formed
 * `x-request-id` is kept, see request_id.ts), returned in the `x-request-id` header, printed on
 * the error pages and in JSON errors (`requestId`), and carried by every log line of the request.
 *
 * When the answer has gone, one line sums the request up: who (user and team ids), which route,
 * method and path (never the query string, which may hold signed links' signatures), status and
 * duration. Nothing of the body, the cookies or the headers is written. Health probes, which a
 * load balancer sends every few seconds, are logged at the debug level.
 */
export default class RequestIdMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const headers = ctx.request.request.headers
    const incoming = headers['x-request-id']
    const id = acceptedRequestId(incoming)
    if (incoming !== id) {
      // The context's logger was made with what the caller sent: start again with the new id.
      headers['x-request-id'] = id
      ctx.logger = logger.child({ request_id: id })
    }
    ctx.response.header('x-request-id', id)

    const started = process.hrtime.bigint()
    const res = ctx.response.response
    let logged = false
    const logRequest = () => {
      if (logged) return
      logged = true
      const routeName = ctx.route?.name ?? null
      const line = {
        userId: (ctx as Partial<HttpContext>).auth?.user?.id ?? null,
        teamId: ctx.teamContext?.currentTeam?.id ?? null,
        route: routeName ?? ctx.route?.pattern ?? null,
        method: ctx.request.method(),
        path: ctx.request.url(false),
        status: res.statusCode,
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      }
      if (routeName?.startsWith('health.')) ctx.logger.debug(line, 'request')
      else ctx.logger.info(line, 'request')
    }
    res.once('finish', logRequest)
    res.once('close', logRequest)
    await next()
    // After the error handler: every JSON error, wherever it was answered, names the request
    // (not the health probes' bare status, which stays `{ status }`).
    if (!ctx.route?.name?.startsWith('health.')) addRequestIdToJsonError(ctx, id)
  }
}
