import type { HttpContext } from '@adonisjs/core/http'
import { errors } from '@vinejs/vine'
import { summaryData } from '#services/summary/summary'
import { saveSessionFilters, sessionFilters, validateFilters } from '#services/summary/filters'
import { setRankingPriority } from '#services/summary/priorities'
import { filtersFromQuery, defaultFilters, filterNameOf } from '#shared/summary_filters'
import { summaryPriorityValidator } from '#validators/summary'

/**
 * The summary dashboard (`summary`, spec §1–§4, §7): one ledger of everything the current team
 * pays for and uses, filtered by eleven facets. Applied filters live in the session; an address
 * carrying filters (a view shared by a colleague of the same team) applies them — after the
 * same checks as a save — and keeps them.
 */
export default class SummaryController {
  async show(ctx: HttpContext) {
    const filters = await this.requestFilters(ctx, 'page')
    if (!filters) return ctx.response.redirect('/summary')
    return ctx.inertia.render('summary/show', { summary: await summaryData(ctx, filters) })
  }

  /** `GET /api/dashboard/summary` (spec §7). */
  async api(ctx: HttpContext) {
    const filters = (await this.requestFilters(ctx, 'api')) ?? sessionFilters(ctx)
    return summaryData(ctx, filters)
  }

  /** Saves the applied filters after a change (spec §4): checked whole, or nothing is saved. */
  async saveFilters(ctx: HttpContext) {
    const filters = await validateFilters(ctx.request.input('filters'))
    saveSessionFilters(ctx, filters)
    return { filters }
  }

  /** The team's ranking priority tier for a provider (null clears it). */
  async setPriority(ctx: HttpContext) {
    const payload = await ctx.request.validateUsing(summaryPriorityValidator)
    return setRankingPriority(ctx, payload.provider_id, payload.rankingpriority_id ?? null)
  }

  /**
   * The filters of the address when it names any (then kept in the session), else the session's.
   * A page with filters it cannot use goes to the dashboard with the kept ones and says why
   * (null); a call is refused (422).
   */
  private async requestFilters(ctx: HttpContext, kind: 'page' | 'api') {
    const fromQuery = filtersFromQuery(ctx.request.qs())
    if (!fromQuery) return sessionFilters(ctx)
    try {
      const filters = await validateFilters(
        fromQuery.map((entry) => ({
          ...entry,
          filterName: filterNameOf(entry.filterCategory as never),
        }))
      )
      saveSessionFilters(ctx, filters.length ? filters : defaultFilters())
      return filters.length ? filters : defaultFilters()
    } catch (error) {
      if (kind === 'api' || !(error instanceof errors.E_VALIDATION_ERROR)) throw error
      const messages = (error.messages as { message: string }[]).map((entry) => entry.message)
      ctx.session.flash(
        'error',
        `The filters in the address could not be applied: ${messages.join(' ')}`
      )
      return null
    }
  }
}
