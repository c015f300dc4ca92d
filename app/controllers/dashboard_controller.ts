import type { HttpContext } from '@adonisjs/core/http'
import { latestReports } from '#services/insights/insights_reports'
import { MODULES } from '#shared/modules'

export default class DashboardController {
  async handle({ inertia, teamContext, auth }: HttpContext) {
    // The products come with the cached team context: no query of their own.
    const { currentTeam, moduleNames, products } = teamContext!
    const team = currentTeam!
    const reports = moduleNames.includes(MODULES.insightsReports)
      ? await latestReports(auth.getUserOrFail().id, team.id, moduleNames)
      : null
    return inertia.render('dashboard', { products, reports })
  }
}
