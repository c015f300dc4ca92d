import type { HttpContext } from '@adonisjs/core/http'
import { dashboardForTeam } from '#services/teams/dashboard'
import { latestReports } from '#services/insights/insights_reports'
import { MODULES } from '#shared/modules'

export default class DashboardController {
  async handle({ inertia, teamContext, auth }: HttpContext) {
    const { currentTeam, moduleNames } = teamContext!
    const team = currentTeam!
    const [products, reports] = await Promise.all([
      dashboardForTeam(team.id),
      moduleNames.includes(MODULES.insightsReports)
        ? latestReports(auth.getUserOrFail().id, team.id, moduleNames)
        : Promise.resolve(null),
    ])
    return inertia.render('dashboard', { products, reports })
  }
}
