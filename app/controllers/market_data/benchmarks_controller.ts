import type { HttpContext } from '@adonisjs/core/http'
import { benchmarksExportValidator, scenarioPageValidator } from '#validators/market_data'
import { sendBenchmarkExport } from '#services/market_data/export'
import { documentForDownload, teamProviderDocuments } from '#services/market_data/admin_contracts'
import { sendStoredFile } from '#services/http/stored_file'
import { findScenario, type DriverValues } from '#services/market_data/scenarios'
import { marketDataReads } from '#services/market_data/cache'
import { SELECTED_CURRENCY_KEY, selectedCurrencyFor } from '#services/currencies/currencies'
import { MODULES } from '#shared/modules'
import { DEFAULT_BENCHMARK_TAB, isBenchmarkTab, type BenchmarkTab } from '#shared/benchmark_tabs'

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
   * ended, on Recently Expired.
   */
  async show(ctx: HttpContext) {
    const context = await this.providerContext(ctx)
    const requested = ctx.request.qs().tab
    const isActive = context.providers.active.some((entry) => entry.id === context.provider.id)
    const tab: BenchmarkTab = isBenchmarkTab(requested)
      ? requested
      : isActive
        ? DEFAULT_BENCHMARK_TAB
        : 'recently-expired'
    const page = await this.providerPage(ctx, tab, context)
    return ctx.inertia.render('market_data/benchmarks', {
      ...page,
      documents: await teamProviderDocuments(ctx.teamContext!.currentTeam!.id, page.provider.id),
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
    const { tab, currency, format } = await ctx.request.validateUsing(benchmarksExportValidator, {
      data: ctx.request.qs(),
    })
    const data = await this.providerPage(ctx, tab ?? DEFAULT_BENCHMARK_TAB)
    return sendBenchmarkExport(ctx.response, {
      rows: data.productBenchmarks,
      currencies: data.currencies,
      currencyId: currency ?? data.selectedCurrencyId,
      rates: data.exchangeRates,
      format,
      fileName: `${data.provider.providerKey}-${tab ?? DEFAULT_BENCHMARK_TAB}-benchmarks`,
      sheetTitle: `${data.provider.name} benchmarks`,
    })
  }

  /**
   * Scenario analysis re-prices the Active & Upcoming benchmarks from their drivers.
   */
  async scenario(ctx: HttpContext) {
    const data = await this.providerPage(ctx, DEFAULT_BENCHMARK_TAB)
    const { scenario: scenarioId } = await ctx.request.validateUsing(scenarioPageValidator, {
      data: ctx.request.qs(),
    })
    const reads = await marketDataReads(ctx)
    const [regressions, saved] = await Promise.all([
      reads.regressionsFor(
        data.productBenchmarks.map((row) => ({
          productId: row.product.id,
          licenseTypeId: row.contract.license_type_id,
        }))
      ),
      scenarioId
        ? findScenario(ctx.teamContext!.currentTeam!.id, scenarioId, data.provider.id)
        : Promise.resolve(null),
    ])
    return ctx.inertia.render('market_data/scenario_analysis', {
      ...data,
      regressions,
      savedScenario: saved
        ? { id: saved.id, name: saved.name, values: JSON.parse(saved.driverValues) as DriverValues }
        : null,
    })
  }

  private async providerPage(
    ctx: HttpContext,
    activeTab: BenchmarkTab,
    loaded?: Awaited<ReturnType<BenchmarksController['providerContext']>>
  ) {
    const context = loaded ?? (await this.providerContext(ctx))
    const reads = await marketDataReads(ctx)
    const benchmarks = await reads.productBenchmarks({
      teamId: ctx.teamContext!.currentTeam!.id,
      providerId: context.provider.id,
      tab: activeTab,
    })
    return {
      ...context,
      tab: activeTab,
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
    const [providers, { currencies, exchangeRates }] = await Promise.all([
      reads.providersForTeam(
        currentTeam!.id,
        'market_data',
        moduleNames.includes(MODULES.marketDataRateCard)
      ),
      reads.currenciesAndRates(),
    ])
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
