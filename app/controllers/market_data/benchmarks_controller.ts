import type { HttpContext } from '@adonisjs/core/http'
import {
  benchmarksExportValidator,
  benchmarksPageValidator,
  scenarioPageValidator,
} from '#validators/market_data'
import { sendBenchmarkExport } from '#services/market_data/export'
import { documentForDownload, teamProviderDocuments } from '#services/market_data/admin_contracts'
import { sendStoredFile } from '#services/http/stored_file'
import {
  chooseScenarioBasis,
  findScenario,
  type DriverValues,
} from '#services/market_data/scenarios'
import { contractOfProvider, todayIso } from '#services/market_data/benchmarks'
import { marketDataReads } from '#services/market_data/cache'
import { SELECTED_CURRENCY_KEY, selectedCurrencyFor } from '#services/currencies/currencies'
import { MODULES } from '#shared/modules'
import { latestRates } from '#shared/currency_conversion'
import { contractsOfRows } from '#shared/market_data_contracts'
import { DEFAULT_BENCHMARK_TAB, isBenchmarkTab, type BenchmarkTab } from '#shared/benchmark_tabs'

/** The regressions pricing the given rows only. */
function pick<T>(
  regressions: Record<string, T>,
  rows: { product: { id: number }; contract: { license_type_id: number } }[]
) {
  const wanted = new Set(rows.map((row) => `${row.product.id}:${row.contract.license_type_id}`))
  return Object.fromEntries(Object.entries(regressions).filter(([key]) => wanted.has(key)))
}

export default class BenchmarksController {
  /**
   * /market-data opens the default provider: the first active one, else (with rate cards) the
   * first rate-card provider.
   */
  async index(ctx: HttpContext) {
    const { inertia, response, teamContext } = ctx
    const { currentTeam, moduleNames } = teamContext!
    const reads = await marketDataReads(ctx)
    const { active, inactive } = await reads.providersForTeam(
      currentTeam!.id,
      'market_data',
      moduleNames.includes(MODULES.marketDataRateCard)
    )
    const fallback = moduleNames.includes(MODULES.marketDataRateCard)
      ? inactive.find((provider) => provider.has_rate_card)
      : undefined
    const target = active[0] ?? fallback
    if (!target) {
      return inertia.render('errors/no_data', {
        message:
          'Your team has no market data contracts yet. They appear here once your data has been collected.',
      })
    }
    return response.redirect(`/market-data/${target.provider_key}`)
  }

  /**
   * The provider's benchmarks under a tab. Without a tab (or with one that does not exist) an
   * active provider opens on Active & Upcoming and an inactive one, whose contracts have all
   * ended, on Recently Expired. The page loads the contracts and their benchmarks through the
   * market data API (so that its failures can be told); the contract documents come after the
   * first render.
   */
  async show(ctx: HttpContext) {
    const context = await this.providerContext(ctx)
    const { contract } = await ctx.request.validateUsing(benchmarksPageValidator, {
      data: ctx.request.qs(),
    })
    const teamId = ctx.teamContext!.currentTeam!.id
    if (contract) await contractOfProvider(teamId, context.provider.id, contract)
    const requested = ctx.request.qs().tab
    const isActive = context.providers.active.some((entry) => entry.id === context.provider.id)
    const tab: BenchmarkTab = isBenchmarkTab(requested)
      ? requested
      : isActive
        ? DEFAULT_BENCHMARK_TAB
        : 'recently-expired'
    return ctx.inertia.render('market_data/benchmarks', {
      ...context,
      tab,
      requestedContractId: contract ?? null,
      today: todayIso(),
      documents: ctx.inertia.defer(() => teamProviderDocuments(teamId, context.provider.id)),
    })
  }

  /**
   * A signed contract document of the current team.
   */
  async document({ params, response, teamContext }: HttpContext) {
    const file = await documentForDownload(Number(params.id), teamContext!.currentTeam!.id)
    return sendStoredFile(response, file.key, file.name)
  }

  /**
   * Vendor proposals from the provider, each line compared with the matching benchmark and the
   * current contract price.
   */
  async proposals(ctx: HttpContext) {
    const context = await this.providerContext(ctx)
    const reads = await marketDataReads(ctx)
    const proposals = await reads.proposalsForTeam(
      ctx.teamContext!.currentTeam!.id,
      context.provider.id
    )
    return ctx.inertia.render('market_data/proposals', { ...context, proposals })
  }

  /**
   * The active rate card for the provider and the team's team type, shown in the display
   * currency. A provider without rate cards has no such tab: its address leads to its
   * benchmarks.
   */
  async rateCard(ctx: HttpContext) {
    const context = await this.providerContext(ctx)
    if (!context.provider.hasRateCard) {
      return ctx.response.redirect(`/market-data/${context.provider.providerKey}`)
    }
    const reads = await marketDataReads(ctx)
    const card = await reads.activeRateCard(
      context.provider.id,
      ctx.teamContext!.currentTeam!.teamTypeId
    )
    return ctx.inertia.render('market_data/rate_card', { ...context, rateCard: card })
  }

  /**
   * The visible table (tab and currency) as XLSX or CSV.
   */
  async export(ctx: HttpContext) {
    const { tab, contract, currency, format } = await ctx.request.validateUsing(
      benchmarksExportValidator,
      { data: ctx.request.qs() }
    )
    const data = await this.providerPage(ctx, tab ?? DEFAULT_BENCHMARK_TAB, contract)
    return sendBenchmarkExport(ctx.response, {
      rows: data.productBenchmarks,
      contracts: data.contracts,
      today: todayIso(),
      currencies: data.currencies,
      currencyId: currency ?? data.selectedCurrencyId,
      rates: data.exchangeRates,
      format,
      fileName:
        `${data.provider.providerKey}-${tab ?? DEFAULT_BENCHMARK_TAB}${contract ? `-${data.contracts[0]?.reference ?? contract}` : ''}-benchmarks`.replace(
          /[^\w.-]+/g,
          '-'
        ),
      sheetTitle: `${data.provider.name} benchmarks`,
    })
  }

  /**
   * Scenario analysis re-prices one contract period at a time: the contract and period asked
   * for, else those of the saved scenario opened, else the contract in force today and its
   * current period.
   */
  async scenario(ctx: HttpContext) {
    const context = await this.providerContext(ctx)
    const teamId = ctx.teamContext!.currentTeam!.id
    const query = await ctx.request.validateUsing(scenarioPageValidator, {
      data: ctx.request.qs(),
    })
    const reads = await marketDataReads(ctx)
    const [basis, saved] = await Promise.all([
      reads.pricingBasis(teamId, context.provider.id),
      query.scenario
        ? findScenario(teamId, query.scenario, context.provider.id)
        : Promise.resolve(null),
    ])
    const savedValues = saved ? (JSON.parse(saved.driverValues) as DriverValues) : null
    const choice = chooseScenarioBasis({
      rows: basis.rows,
      contractId: query.contract,
      period: query.period,
      saved: savedValues,
      today: todayIso(),
    })
    return ctx.inertia.render('market_data/scenario_analysis', {
      ...context,
      contracts: choice.contracts,
      contractId: choice.contractId,
      periods: choice.periods,
      periodStart: choice.periodStart,
      productBenchmarks: choice.rows,
      regressions: pick(basis.regressions, choice.rows),
      savedScenario: saved
        ? {
            id: saved.id,
            name: saved.name,
            values: savedValues!,
            contractId: choice.savedContractId,
          }
        : null,
    })
  }

  private async providerPage(ctx: HttpContext, activeTab: BenchmarkTab, contractId?: number) {
    const context = await this.providerContext(ctx)
    const teamId = ctx.teamContext!.currentTeam!.id
    const reads = await marketDataReads(ctx)
    if (contractId) await contractOfProvider(teamId, context.provider.id, contractId)
    const benchmarks = await reads.productBenchmarks({
      teamId,
      providerId: context.provider.id,
      contractId,
      tab: activeTab,
    })
    return {
      ...context,
      tab: activeTab,
      contracts: contractsOfRows(benchmarks.productBenchmarks),
      productBenchmarks: benchmarks.productBenchmarks,
      mostFrequentCurrency: benchmarks.mostFrequentCurrency,
    }
  }

  /**
   * What every provider page shows: the provider, the sidebar, the currencies and rates.
   */
  private async providerContext(ctx: HttpContext) {
    const { params, session, teamContext } = ctx
    const { currentTeam, moduleNames } = teamContext!
    const reads = await marketDataReads(ctx)
    const provider = await reads.providerByKey(params.provider_key, 'market_data')
    const [providers, dated] = await Promise.all([
      reads.providersForTeam(
        currentTeam!.id,
        'market_data',
        moduleNames.includes(MODULES.marketDataRateCard)
      ),
      reads.datedRates(),
    ])
    // Today's rate of each pair, with the date its set applies from (shown beside the picker).
    const { currencies } = dated
    const exchangeRates = latestRates(dated.rates)
    const selected = selectedCurrencyFor(
      currencies,
      session.get(SELECTED_CURRENCY_KEY),
      currentTeam!.currencyId
    )
    return {
      provider,
      providers,
      currencies,
      selectedCurrencyId: selected?.id ?? null,
      exchangeRates,
      canSeeRateCard: moduleNames.includes(MODULES.marketDataRateCard),
    }
  }
}
