import type { HttpContext } from '@adonisjs/core/http'
import {
  alternativeDataExportValidator,
  alternativeDataPageValidator,
} from '#validators/market_data'
import { sendBenchmarkExport } from '#services/market_data/export'
import { contractOfProvider } from '#services/market_data/benchmarks'
import { marketDataReads } from '#services/market_data/cache'
import { SELECTED_CURRENCY_KEY, selectedCurrencyFor } from '#services/currencies/currencies'

/**
 * Alternative data: a provider's contracts for the team, the first one selected by default,
 * with its product benchmarks.
 */
export default class AlternativeDataController {
  async index(ctx: HttpContext) {
    const { inertia, response, teamContext } = ctx
    const reads = await marketDataReads(ctx)
    const { active, inactive } = await reads.providersForTeam(
      teamContext!.currentTeam!.id,
      'alternative_data',
      false
    )
    const target = active[0] ?? inactive[0]
    if (!target) {
      return inertia.render('errors/no_data', {
        message:
          'Your team has no alternative data contracts yet. They appear here once your data has been collected.',
      })
    }
    return response.redirect(`/alternative-data/${target.provider_key}`)
  }

  /**
   * The provider's page. Its contracts and each contract's benchmarks are loaded by the page
   * through the market data API (so that the spec's failure message exists); a requested
   * contract must be one of the team's with this provider.
   */
  async show(ctx: HttpContext) {
    const { inertia, params, request, session, teamContext } = ctx
    const team = teamContext!.currentTeam!
    const { contract: requested } = await request.validateUsing(alternativeDataPageValidator, {
      data: request.qs(),
    })
    const reads = await marketDataReads(ctx)
    const provider = await reads.providerByKey(params.provider_key, 'alternative_data')
    if (requested) await contractOfProvider(team.id, provider.id, requested)

    const [providers, { currencies, exchangeRates }] = await Promise.all([
      reads.providersForTeam(team.id, 'alternative_data', false),
      reads.currenciesAndRates(),
    ])
    const currency = selectedCurrencyFor(
      currencies,
      session.get(SELECTED_CURRENCY_KEY),
      team.currencyId
    )
    return inertia.render('alternative_data/show', {
      provider: {
        id: provider.id,
        providerKey: provider.providerKey,
        name: provider.name,
        description: provider.description,
      },
      providers,
      requestedContractId: requested ?? null,
      currencies,
      selectedCurrencyId: currency?.id ?? null,
      exchangeRates,
    })
  }

  /**
   * One contract's benchmarks as XLSX or CSV, as the page shows them.
   */
  async export(ctx: HttpContext) {
    const { params, request, response, session, teamContext } = ctx
    const team = teamContext!.currentTeam!
    const { contract, currency, format } = await request.validateUsing(
      alternativeDataExportValidator,
      { data: request.qs() }
    )
    const reads = await marketDataReads(ctx)
    const provider = await reads.providerByKey(params.provider_key, 'alternative_data')
    const found = await contractOfProvider(team.id, provider.id, contract)
    const [benchmarks, { currencies, exchangeRates: rates }] = await Promise.all([
      reads.productBenchmarks({ teamId: team.id, contractId: contract }),
      reads.currenciesAndRates(),
    ])
    return sendBenchmarkExport(response, {
      rows: benchmarks.productBenchmarks,
      currencies,
      currencyId:
        currency ??
        selectedCurrencyFor(currencies, session.get(SELECTED_CURRENCY_KEY), team.currencyId)?.id ??
        null,
      rates,
      format,
      fileName: `${provider.providerKey}-${found.reference}-benchmarks`.replace(/[^\w.-]+/g, '-'),
      sheetTitle: `${provider.name} ${found.reference}`,
    })
  }
}
