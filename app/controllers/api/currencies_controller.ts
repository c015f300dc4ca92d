import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import {
  listCurrencies,
  SELECTED_CURRENCY_KEY,
  selectedCurrencyFor,
} from '#services/currencies/currencies'

const selectCurrencyValidator = vine.create({
  currencyId: vine.number().withoutDecimals().positive(),
})

export default class CurrenciesController {
  async handle({ session, teamContext }: HttpContext) {
    const currencies = await listCurrencies()
    const selected = selectedCurrencyFor(
      currencies,
      session.get(SELECTED_CURRENCY_KEY),
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

  /**
   * Keeps the display currency the user picked for the rest of the session (every market
   * data page shows amounts in it) until they pick another or switch team.
   */
  async select({ request, response, session }: HttpContext) {
    const { currencyId } = await request.validateUsing(selectCurrencyValidator)
    const currencies = await listCurrencies()
    const currency = currencies.find((entry) => entry.id === currencyId)
    if (!currency) {
      return response.unprocessableEntity({
        message: 'Choose one of the listed currencies.',
        errors: [{ field: 'currencyId', message: 'Choose one of the listed currencies.' }],
      })
    }
    session.put(SELECTED_CURRENCY_KEY, currency.id)
    return { selectedCurrency: { id: currency.id, name: currency.name, code: currency.code } }
  }
}
