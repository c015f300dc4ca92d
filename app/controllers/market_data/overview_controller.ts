import type { HttpContext } from '@adonisjs/core/http'
import { marketDataReads } from '#services/market_data/cache'
import { SELECTED_CURRENCY_KEY, selectedCurrencyFor } from '#services/currencies/currencies'
import { MODULES } from '#shared/modules'

export default class OverviewController {
  /**
   * Market Data's first page: every provider the team holds a contract with, its annual spend
   * against the benchmark and its next end date, in the display currency. With rate cards, the
   * providers that publish one the team holds no contract with are offered too.
   */
  async show(ctx: HttpContext) {
    const { inertia, session, teamContext } = ctx
    const { currentTeam, moduleNames } = teamContext!
    const withRateCards = moduleNames.includes(MODULES.marketDataRateCard)
    const reads = await marketDataReads(ctx)
    const [providers, listed, { currencies, exchangeRates }] = await Promise.all([
      reads.overview(currentTeam!.id),
      reads.providersForTeam(currentTeam!.id, 'market_data', withRateCards),
      reads.currenciesAndRates(),
    ])
    const held = new Set(providers.map((provider) => provider.id))
    const selected = selectedCurrencyFor(
      currencies,
      session.get(SELECTED_CURRENCY_KEY),
      currentTeam!.currencyId
    )
    return inertia.render('market_data/overview', {
      providers,
      rateCardProviders: listed.inactive
        .filter((provider) => provider.has_rate_card && !held.has(provider.id))
        .map((provider) => ({
          id: provider.id,
          providerKey: provider.provider_key,
          name: provider.name,
        })),
      currencies,
      selectedCurrencyId: selected?.id ?? null,
      exchangeRates,
    })
  }
}
