import type { HttpContext } from '@adonisjs/core/http'
import { latestReports } from '#services/insights/reports'
import { canSeeReports, viewerOf } from '#services/insights/visibility'

export default class DashboardController {
  async handle(ctx: HttpContext) {
    // The products come with the cached team context: no query of their own.
    const { moduleNames, products } = ctx.teamContext!
    const reports = canSeeReports(moduleNames) ? await latestReports(viewerOf(ctx)) : null
    return ctx.inertia.render('dashboard', { products, reports })
  }
}
