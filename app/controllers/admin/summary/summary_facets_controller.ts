import type { HttpContext } from '@adonisjs/core/http'
import { facetDictionaries, renameFacetValue } from '#services/summary/facets_admin'
import { facetNameValidator } from '#validators/summary'
import { isDictionaryFacet } from '#shared/summary_facets_admin'
import { NotFoundForTeam } from '#services/market_data/benchmarks'

/**
 * The summary dashboard's facet dictionaries (`adminSummaryFacets`): administrators of research
 * spend or market data rename values; ids never change.
 */
export default class SummaryFacetsController {
  async index({ inertia }: HttpContext) {
    return inertia.render('admin/summary/facets', { dictionaries: await facetDictionaries() })
  }

  async update(ctx: HttpContext) {
    const facet = ctx.params.facet
    if (!isDictionaryFacet(facet)) throw new NotFoundForTeam('Facet not found')
    const { name } = await ctx.request.validateUsing(facetNameValidator)
    const result = await renameFacetValue(ctx.auth.user!.id, facet, Number(ctx.params.id), name)
    ctx.session.flash(
      'success',
      result.changed ? `Renamed to “${result.name}”.` : `The name was already “${result.name}”.`
    )
    return ctx.response.redirect('/admin/summary-facets')
  }
}
