import type { HttpContext } from '@adonisjs/core/http'
import { listCurrencies, selectedCurrencyFor } from '#services/currencies/currencies'

export default class CurrenciesController {
  async handle({ session, teamContext }: HttpContext) {
    const currencies = await listCurrencies()
    const selected = selectedCurrencyFor(
      currencies,
      session.get('selected_currency_id'),
      teamContext?.currentTeam?.currencyId
    )
    return {
      currencies: currencies.map((currency) => ({
        id: currency.id,
        name: currency.name,
        code: currency.code,
      })),
      selectedCurrency: selected
        ? { id: selected.id, name: selected.name, code: selected.code }
        : null,
    }
  }
}
