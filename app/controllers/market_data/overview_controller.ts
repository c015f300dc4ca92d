import type { HttpContext } from '@adonisjs/core/http'
import { marketDataReads } from '#services/market_data/cache'
import { SELECTED_CURRENCY_KEY, selectedCurrencyFor } from '#services/currencies/currencies'
import { MODULES } from '#shared/modules'

export default class OverviewController {
  /**
   * Market Data's first page: every provider the team holds a contract with, its annual spend
   * against the benchmark and its next end date, in the display currency; with rate cards, every
   * provider publishing one. A team with rate cards only sees those.
   */
  async show(ctx: HttpContext) {
    const { inertia, session, teamContext } = ctx
    const { currentTeam, moduleNames } = teamContext!
    const withRateCards = moduleNames.includes(MODULES.marketDataRateCard)
    const withContracts = moduleNames.includes(MODULES.marketDataContracts)
    const reads = await marketDataReads(ctx)
    const [providers, listed, { currencies, exchangeRates }] = await Promise.all([
      withContracts ? reads.overview(currentTeam!.id) : [],
      reads.providersForTeam(currentTeam!.id, 'market_data', withRateCards),
      reads.currenciesAndRates(),
    ])
    const selected = selectedCurrencyFor(
      currencies,
      session.get(SELECTED_CURRENCY_KEY),
      currentTeam!.currencyId
    )
    return inertia.render('market_data/overview', {
      providers,
      withContracts,
      rateCardProviders: withRateCards
        ? [...listed.active, ...listed.inactive]
            .filter((provider) => provider.has_rate_card)
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((provider) => ({
              id: provider.id,
              providerKey: provider.provider_key,
              name: provider.name,
            }))
        : [],
      currencies,
      selectedCurrencyId: selected?.id ?? null,
      exchangeRates,
    })
  }
}
