import type { HttpContext } from '@adonisjs/core/http'
import {
  ANALYST_YEARS,
  LATEST_ANALYST_YEAR,
  REGION_CODES,
  type AnalystYear,
  type ProviderFilters,
  type RegionCode,
} from '#shared/providers'
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
    const { filters, ignored } = await pageFilters(ctx)
    const table = await leagueTable(await rsaView(ctx, { badYear: 'own-notice' }), filters)
    return ctx.inertia.render('providers/league_table', {
      ...table,
      notice: ignored ? IGNORED_FILTERS_NOTICE : null,
    })
  }

  async export(ctx: HttpContext) {
    const { filters } = await pageFilters(ctx)
    const table = await leagueTable(await rsaView(ctx, { badYear: 'own-notice' }), filters)
    const name = `provider-league-table-${filters.year}.csv`
    ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
    ctx.response.header('Content-Disposition', `attachment; filename="${name}"`)
    ctx.response.header('Cache-Control', 'no-store')
    return leagueCsv(table)
  }

  async show(ctx: HttpContext) {
    const provider = await researchProvider({ key: String(ctx.params.providerKey) })
    if (!provider) throw new NotFoundForTeam('Provider not found')
    const { filters, ignored } = await pageFilters(ctx)
    const page = await providerPage(
      await rsaView(ctx, { badYear: 'own-notice' }),
      provider,
      filters
    )
    return ctx.inertia.render('providers/provider', {
      ...page,
      notice: ignored ? IGNORED_FILTERS_NOTICE : null,
    })
  }
}

/**
 * The filters in the query string: `year` (2021–2024, the latest by default), `sector` (a
 * sector id) and `region` (a region code).
 */
export async function pageFilters(ctx: HttpContext) {
  const qs = ctx.request.qs()
  let ignored = false
  const filters: ProviderFilters = { year: LATEST_ANALYST_YEAR, sectorId: null, regionCode: null }

  if (qs.year !== undefined && qs.year !== '') {
    const year = Number(qs.year)
    if (ANALYST_YEARS.includes(year as AnalystYear)) filters.year = year as AnalystYear
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
  return { filters, ignored }
}
