import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { PROVIDER_TYPE_LABELS, type HeatmapMetric } from '#shared/providers'
import { MODULES } from '#shared/modules'
import { offeredYears } from '#services/calendar/years'
import type { ResearchProviderType } from '#shared/rsa'
import { heatmapValidator, sectorBreakdownValidator } from '#validators/providers'
import { providerHeatmap } from '#services/providers/heatmaps'
import { regionOptions, researchProvider, sectorOptions } from '#services/providers/reference'
import { sectorBreakdown, teamHasSpendData } from '#services/providers/team_usage'
import { statisticsComputedAt } from '#services/providers/statistics'
import { cachedAnalystFigures, dataVersions } from '#services/providers/figures_cache'
import { dataVersion } from '#services/cache/data_versions'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { providerLogoUrl } from '#services/market_data/provider_logos'

/**
 * The Providers JSON API (spec §7, base `/api`): the provider lists, sectors and regions, the
 * context the pages need, the four heat maps and the interactions sector breakdown. Every call
 * is behind the `analyst_mapping` module and scoped to the current team.
 */
export default class ProvidersApiController {
  /** `GET /api/providers`: every research provider, with its active analysts. */
  async index() {
    return { providers: await this.providerList(false) }
  }

  /** `GET /api/providers/mapped`: the providers with at least one active analyst mapped. */
  async mapped() {
    return { providers: await this.providerList(true) }
  }

  /** `GET /api/providers/provider-types`: the research provider types, with provider counts. */
  async providerTypes() {
    const rows = await db
      .from('providers')
      .where('provider_type', 'research')
      .whereNotNull('research_provider_type')
      .groupBy('research_provider_type')
      .select('research_provider_type')
      .count('* as total')
    const counts = new Map(rows.map((row) => [row.research_provider_type, Number(row.total)]))
    return {
      providerTypes: Object.entries(PROVIDER_TYPE_LABELS).map(([key, name]) => ({
        key,
        name,
        providers: counts.get(key) ?? 0,
      })),
    }
  }

  async sectors() {
    return { sectors: await sectorOptions() }
  }

  async regions() {
    return { regions: await regionOptions() }
  }

  /** `GET /api/providers/context-info`: what the Providers pages are computed for. */
  async contextInfo(ctx: HttpContext) {
    const context = ctx.teamContext!
    const team = context.currentTeam!
    const [computedAt, hasSpend, range] = await Promise.all([
      statisticsComputedAt(),
      teamHasSpendData(team.id),
      offeredYears('analysts'),
    ])
    return {
      teamId: team.id,
      teamName: team.name,
      years: range.years,
      defaultYear: range.defaultYear,
      hasSpend,
      hasResearchSpendAnalytics: context.moduleNames.includes(MODULES.rsaBudgets),
      computedAt,
    }
  }

  /** `GET /api/market-data/context-info`: the current team's market data context. */
  async marketDataContextInfo(ctx: HttpContext) {
    const context = ctx.teamContext!
    const team = context.currentTeam!
    return {
      teamId: team.id,
      teamName: team.name,
      currencyId: team.currencyId,
      modules: {
        marketDataContracts: context.moduleNames.includes(MODULES.marketDataContracts),
        rateCard: context.moduleNames.includes(MODULES.marketDataRateCard),
        dataCollection: context.moduleNames.includes(MODULES.marketDataDataCollection),
        alternativeData: context.moduleNames.includes(MODULES.alternativeData),
      },
    }
  }

  async headcountGained(ctx: HttpContext) {
    return this.heatmap(ctx, 'headcount-gained')
  }

  async headcountLost(ctx: HttpContext) {
    return this.heatmap(ctx, 'headcount-lost')
  }

  async experienceGained(ctx: HttpContext) {
    return this.heatmap(ctx, 'experience-gained')
  }

  async experienceLost(ctx: HttpContext) {
    return this.heatmap(ctx, 'experience-lost')
  }

  /**
   * `POST /api/providers/interactions/sector-breakdown`: `teamId` must be the current team
   * (403 otherwise), an unknown provider is a 404.
   */
  async sectorBreakdown(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(sectorBreakdownValidator)
    const teamId = ctx.teamContext!.currentTeam!.id
    if (input.teamId !== teamId) {
      return ctx.response.forbidden({
        message: 'You can only see the interactions of your current team.',
        code: 'E_NOT_YOUR_TEAM',
      })
    }
    const provider = await researchProvider({ id: input.providerId })
    if (!provider) throw new NotFoundForTeam('Provider not found')
    const sectors = await sectorOptions()
    const unknown = this.unknownSectors('selectedSectorIds', input.selectedSectorIds ?? [], sectors)
    if (unknown) return ctx.response.unprocessableEntity(unknown)
    return sectorBreakdown(teamId, provider.id, input.selectedSectorIds ?? [], sectors)
  }

  private async heatmap(ctx: HttpContext, metric: HeatmapMetric) {
    const input = await ctx.request.validateUsing(heatmapValidator)
    const provider = await researchProvider({ id: input.providerId })
    if (!provider) throw new NotFoundForTeam('Provider not found')
    const sectors = await sectorOptions()
    const unknown = this.unknownSectors('sectorList', input.sectorList ?? [], sectors)
    if (unknown) return ctx.response.unprocessableEntity(unknown)
    const sectorList = [...new Set(input.sectorList ?? [])].sort((a, b) => a - b)
    const yearList = [...new Set(input.yearList ?? [])].sort((a, b) => a - b)
    const regionCodes = [...new Set(input.regionCodes ?? [])].sort()
    // Kept in the cache under the statistics run: the moves change only with a new run. No
    // year asked for means every year offered, which moves with the clock too.
    const range = await offeredYears('analysts')
    const years = yearList.length ? yearList : range.years
    const versions = await dataVersions(range.defaultYear)
    return cachedAnalystFigures(
      versions,
      [
        'heatmap',
        metric,
        provider.id,
        sectorList.join('.'),
        years.join('.'),
        regionCodes.join('.'),
      ],
      () =>
        providerHeatmap({
          providerId: provider.id,
          metric,
          sectorList,
          yearList: years,
          regionCodes,
          sectors,
        })
    )
  }

  /** A 422 body in the validator's shape when a sector id in `field` is not one of ours. */
  private unknownSectors(field: string, ids: number[], sectors: { id: number }[]) {
    const known = new Set(sectors.map((sector) => sector.id))
    if (ids.every((sectorId) => known.has(sectorId))) return null
    return {
      errors: [
        {
          field,
          rule: 'exists',
          message: 'Choose sectors from the list of GICS sectors.',
        },
      ],
    }
  }

  /**
   * Kept under the analyst statistics run (every change to the analysts records one) and the
   * catalogue's version (the providers' names, types and logos).
   */
  private async providerList(mappedOnly: boolean) {
    const range = await offeredYears('analysts')
    const [versions, catalogue] = await Promise.all([
      dataVersions(range.defaultYear),
      dataVersion('research'),
    ])
    if (catalogue === null) return this.readProviderList(mappedOnly)
    return cachedAnalystFigures(versions, ['provider-list', catalogue, String(mappedOnly)], () =>
      this.readProviderList(mappedOnly)
    )
  }

  private async readProviderList(mappedOnly: boolean) {
    const active = () =>
      db.from('analysts as a').whereColumn('a.provider_id', 'p.id').where('a.status', 'active')
    const query = db
      .from('providers as p')
      .where('p.provider_type', 'research')
      .select(
        'p.id',
        'p.provider_key',
        'p.name',
        'p.logo',
        'p.research_provider_type',
        active().count('*').as('analysts')
      )
      .orderBy('p.name')
    if (mappedOnly) query.whereExists(active())
    const rows = await query
    return rows.map((row) => {
      const type = row.research_provider_type as ResearchProviderType | null
      return {
        id: Number(row.id),
        providerKey: row.provider_key,
        name: row.name,
        type,
        typeLabel: type ? (PROVIDER_TYPE_LABELS[type] ?? null) : null,
        logoUrl: providerLogoUrl(row.provider_key, row.logo),
        analysts: Number(row.analysts ?? 0),
      }
    })
  }
}
