import type { HttpContext } from '@adonisjs/core/http'
import { REGION_CODES, type ProviderFilters, type RegionCode } from '#shared/providers'
import { isOfferedYear } from '#shared/years'
import { offeredYears } from '#services/calendar/years'
import { rsaView } from '#services/rsa/view'
import { leagueCsv, leagueTable } from '#services/providers/league'
import { providerPage } from '#services/providers/provider_page'
import { researchProvider, sectorOptions } from '#services/providers/reference'
import { NotFoundForTeam } from '#services/market_data/benchmarks'

export const IGNORED_FILTERS_NOTICE =
  'The link asked for a year, sector or region these pages do not have, so it was left out.'

/**
 * The Providers pages (module `analyst_mapping`): the league table (ProviderLeagueTable), its
 * CSV export and the provider page (ProviderPage). The filters (year, sector, region) live in
 * the query string so that a view can be shared; values the pages do not have are left out and
 * the page says so.
 */
export default class ProvidersController {
  async index(ctx: HttpContext) {
    const { filters, ignored, years } = await pageFilters(ctx)
    const table = await leagueTable(await rsaView(ctx, { badYear: 'own-notice' }), filters, years)
    return ctx.inertia.render('providers/league_table', {
      ...table,
      notice: ignored ? IGNORED_FILTERS_NOTICE : null,
    })
  }

  async export(ctx: HttpContext) {
    const { filters, years } = await pageFilters(ctx)
    const table = await leagueTable(await rsaView(ctx, { badYear: 'own-notice' }), filters, years)
    const name = `provider-league-table-${filters.year}.csv`
    ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
    ctx.response.header('Content-Disposition', `attachment; filename="${name}"`)
    ctx.response.header('Cache-Control', 'no-store')
    return leagueCsv(table)
  }

  async show(ctx: HttpContext) {
    const provider = await researchProvider({ key: String(ctx.params.providerKey) })
    if (!provider) throw new NotFoundForTeam('Provider not found')
    const { filters, ignored, years } = await pageFilters(ctx)
    const page = await providerPage(
      await rsaView(ctx, { badYear: 'own-notice' }),
      provider,
      filters,
      years
    )
    return ctx.inertia.render('providers/provider', {
      ...page,
      notice: ignored ? IGNORED_FILTERS_NOTICE : null,
    })
  }
}

/**
 * The filters in the query string: `year` (one of the years the analyst data offers, the latest
 * with coverage by default), `sector` (a sector id) and `region` (a region code); with the years
 * offered.
 */
export async function pageFilters(ctx: HttpContext) {
  const qs = ctx.request.qs()
  let ignored = false
  const range = await offeredYears('analysts')
  const filters: ProviderFilters = { year: range.defaultYear, sectorId: null, regionCode: null }

  if (qs.year !== undefined && qs.year !== '') {
    const year = Number(qs.year)
    if (isOfferedYear(range, year)) filters.year = year
    else ignored = true
  }
  if (qs.region !== undefined && qs.region !== '') {
    if (REGION_CODES.includes(qs.region as RegionCode)) filters.regionCode = qs.region as RegionCode
    else ignored = true
  }
  if (qs.sector !== undefined && qs.sector !== '') {
    const sectorId =
      typeof qs.sector === 'string' && /^\d{1,9}$/.test(qs.sector) ? Number(qs.sector) : 0
    const sectors = await sectorOptions()
    const known = sectors.some((sector) => sector.id === sectorId)
    if (known) filters.sectorId = sectorId
    else ignored = true
  }
  return { filters, ignored, years: range.years }
}
