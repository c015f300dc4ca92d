import type { HttpContext } from '@adonisjs/core/http'
import { unreadReportsCount } from '#services/insights/insights_reports'

export default class InsightsUnreadController {
  async handle({ auth, teamContext }: HttpContext) {
    const team = teamContext!.currentTeam!
    return {
      unreadReports: await unreadReportsCount(
        auth.getUserOrFail().id,
        team.id,
        teamContext!.moduleNames
      ),
    }
  }
}
