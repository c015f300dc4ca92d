import type { HttpContext } from '@adonisjs/core/http'
import { alternativeDataPageValidator } from '#validators/market_data'
import {
  NotFoundForTeam,
  contractsForProvider,
  productBenchmarks,
  providerByKey,
  providersForTeam,
} from '#services/market_data/benchmarks'
import {
  listCurrencies,
  listExchangeRates,
  SELECTED_CURRENCY_KEY,
  selectedCurrencyFor,
} from '#services/currencies/currencies'

/**
 * Alternative data: a provider's contracts for the team, the first one selected by default,
 * with its product benchmarks.
 */
export default class AlternativeDataController {
  async index({ inertia, response, teamContext }: HttpContext) {
    const { active, inactive } = await providersForTeam(
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

  async show({ inertia, params, request, session, teamContext }: HttpContext) {
    const team = teamContext!.currentTeam!
    const { contract: requested } = await request.validateUsing(alternativeDataPageValidator, {
      data: request.qs(),
    })
    const provider = await providerByKey(params.provider_key, 'alternative_data')

    const contracts = await contractsForProvider(team.id, provider.id)
    const selected = requested
      ? contracts.find((contract) => contract.id === requested)
      : contracts[0]
    if (requested && !selected) throw new NotFoundForTeam('Contract not found')

    const [providers, benchmarks, currencies, exchangeRates] = await Promise.all([
      providersForTeam(team.id, 'alternative_data', false),
      selected
        ? productBenchmarks({ teamId: team.id, contractId: selected.id })
        : Promise.resolve(null),
      listCurrencies(),
      listExchangeRates(),
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
      contracts,
      selectedContractId: selected?.id ?? null,
      productBenchmarks: benchmarks?.productBenchmarks ?? [],
      mostFrequentCurrency: benchmarks?.mostFrequentCurrency ?? null,
      currencies: currencies.map((entry) => ({ id: entry.id, code: entry.code, name: entry.name })),
      selectedCurrencyId: currency?.id ?? null,
      exchangeRates,
    })
  }
}
