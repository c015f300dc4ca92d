import type { HttpContext } from '@adonisjs/core/http'
import { analyticsEventValidator } from '#validators/shell'
import { recordEvent } from '#services/analytics/analytics'

export default class AnalyticsController {
  async store({ auth, request, response, teamContext }: HttpContext) {
    const data = await request.validateUsing(analyticsEventValidator)
    await recordEvent({
      userId: auth.getUserOrFail().id,
      teamId: teamContext?.currentTeam?.id ?? null,
      ...data,
    })
    return response.noContent()
  }
}
