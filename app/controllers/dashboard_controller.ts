import type { HttpContext } from '@adonisjs/core/http'
import { dashboardForTeam } from '#services/teams/dashboard'

export default class DashboardController {
  async handle({ inertia, teamContext }: HttpContext) {
    const team = teamContext!.currentTeam!
    return inertia.render('dashboard', { products: await dashboardForTeam(team.id) })
  }
}
