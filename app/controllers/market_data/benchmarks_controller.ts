import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import {
  benchmarksExportValidator,
  benchmarksPageValidator,
  scenarioPageValidator,
} from '#validators/market_data'
import { benchmarkTable, toCsv, toXlsx } from '#services/market_data/export'
import { activeRateCard } from '#services/market_data/rate_cards'
import { findScenario, type DriverValues } from '#services/market_data/scenarios'
import {
  productBenchmarks,
  providersForTeam,
  regressionsFor,
} from '#services/market_data/benchmarks'
import { listCurrencies, selectedCurrencyFor } from '#services/currencies/currencies'
import { MODULES } from '#shared/modules'
import { DEFAULT_BENCHMARK_TAB, type BenchmarkTab } from '#shared/benchmark_tabs'

export default class BenchmarksController {
  /**
   * /market-data opens the default provider: the first active one, else (with rate cards) the
   * first rate-card provider.
   */
  async index({ inertia, response, teamContext }: HttpContext) {
    const { currentTeam, moduleNames } = teamContext!
    const { active, inactive } = await providersForTeam(
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

  async show(ctx: HttpContext) {
    const { tab } = await ctx.request.validateUsing(benchmarksPageValidator, {
      data: ctx.request.qs(),
    })
    const data = await this.providerPage(ctx, tab ?? DEFAULT_BENCHMARK_TAB)
    if (!data) return ctx.inertia.render('errors/not_found', {})
    return ctx.inertia.render('market_data/benchmarks', data)
  }

  /**
   * The active rate card for the provider and the team's team type.
   */
  async rateCard({ inertia, params, teamContext }: HttpContext) {
    const { currentTeam, moduleNames } = teamContext!
    const provider = await db
      .from('providers')
      .where({ provider_key: params.provider_key, provider_type: 'market_data' })
      .select('id', 'provider_key', 'name', 'has_rate_card')
      .first()
    if (!provider) return inertia.render('errors/not_found', {})
    const [providers, card] = await Promise.all([
      providersForTeam(
        currentTeam!.id,
        'market_data',
        moduleNames.includes(MODULES.marketDataRateCard)
      ),
      activeRateCard(provider.id, currentTeam!.teamTypeId),
    ])
    return inertia.render('market_data/rate_card', {
      provider: {
        id: provider.id as number,
        providerKey: provider.provider_key as string,
        name: provider.name as string,
      },
      providers,
      rateCard: card,
    })
  }

  /**
   * The visible table (tab and currency) as XLSX or CSV.
   */
  async export(ctx: HttpContext) {
    const { tab, currency, format } = await ctx.request.validateUsing(benchmarksExportValidator, {
      data: ctx.request.qs(),
    })
    const data = await this.providerPage(ctx, tab ?? DEFAULT_BENCHMARK_TAB)
    if (!data) return ctx.inertia.render('errors/not_found', {})
    const target =
      data.currencies.find((entry) => entry.id === (currency ?? data.selectedCurrencyId)) ?? null
    const table = benchmarkTable(data.productBenchmarks, target, data.exchangeRates)
    const name = `${data.provider.providerKey}-${tab ?? DEFAULT_BENCHMARK_TAB}-benchmarks`
    ctx.response.header('Content-Disposition', `attachment; filename="${name}.${format}"`)
    if (format === 'csv') {
      ctx.response.header('Content-Type', 'text/csv; charset=utf-8')
      return toCsv(table)
    }
    ctx.response.header(
      'Content-Type',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    )
    return toXlsx(`${data.provider.name} benchmarks`, table)
  }

  /**
   * Scenario analysis re-prices the Active & Upcoming benchmarks from their drivers.
   */
  async scenario(ctx: HttpContext) {
    const data = await this.providerPage(ctx, DEFAULT_BENCHMARK_TAB)
    if (!data) return ctx.inertia.render('errors/not_found', {})
    const { scenario: scenarioId } = await ctx.request.validateUsing(scenarioPageValidator, {
      data: ctx.request.qs(),
    })
    const [regressions, saved] = await Promise.all([
      regressionsFor(
        data.productBenchmarks.map((row) => ({
          productId: row.product.id,
          licenseTypeId: row.contract.license_type_id,
        }))
      ),
      scenarioId
        ? findScenario(ctx.teamContext!.currentTeam!.id, scenarioId)
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
    { params, session, teamContext }: HttpContext,
    activeTab: BenchmarkTab
  ) {
    const { currentTeam, moduleNames } = teamContext!
    const provider = await db
      .from('providers')
      .where({ provider_key: params.provider_key, provider_type: 'market_data' })
      .select('id', 'provider_key', 'name', 'logo', 'has_rate_card', 'description')
      .first()
    if (!provider) return null
    const [providers, benchmarks, currencies, exchangeRates] = await Promise.all([
      providersForTeam(
        currentTeam!.id,
        'market_data',
        moduleNames.includes(MODULES.marketDataRateCard)
      ),
      productBenchmarks({ teamId: currentTeam!.id, providerId: provider.id, tab: activeTab }),
      listCurrencies(),
      db.from('exchange_rates').select('from_currency_id', 'to_currency_id', 'exchange_rate'),
    ])
    const selected = selectedCurrencyFor(
      currencies,
      session.get('selected_currency_id'),
      currentTeam!.currencyId
    )
    return {
      provider: {
        id: provider.id as number,
        providerKey: provider.provider_key as string,
        name: provider.name as string,
        description: (provider.description as string | null) ?? null,
        hasRateCard: Boolean(provider.has_rate_card),
      },
      providers,
      tab: activeTab,
      productBenchmarks: benchmarks.productBenchmarks,
      mostFrequentCurrency: benchmarks.mostFrequentCurrency,
      currencies: currencies.map((currency) => ({
        id: currency.id,
        code: currency.code,
        name: currency.name,
      })),
      selectedCurrencyId: selected?.id ?? null,
      exchangeRates: exchangeRates.map((rate) => ({
        from_currency_id: rate.from_currency_id as number,
        to_currency_id: rate.to_currency_id as number,
        exchange_rate: Number(rate.exchange_rate),
      })),
      canSeeRateCard: moduleNames.includes(MODULES.marketDataRateCard),
    }
  }
}
