import type { HttpContext } from '@adonisjs/core/http'
import { unreadReportsCount } from '#services/insights/reports'
import { canSeeReports, viewerOf } from '#services/insights/visibility'

export default class InsightsUnreadController {
  /** The top bar's badge: reports visible under the current team that the user has not opened. */
  async handle(ctx: HttpContext) {
    const viewer = viewerOf(ctx)
    return {
      unreadReports: canSeeReports(viewer.moduleNames) ? await unreadReportsCount(viewer) : 0,
    }
  }
}
