import db from '@adonisjs/lucid/services/db'
import Currency from '#models/currency'

/** The session key of the display currency the user picked. */
export const SELECTED_CURRENCY_KEY = 'selected_currency_id'

export async function listCurrencies() {
  return Currency.query().orderBy('code', 'asc')
}

/**
 * The currency amounts are shown in: the one chosen in this session, else the team's own.
 */
export function selectedCurrencyFor(
  currencies: Currency[],
  sessionCurrencyId: unknown,
  teamCurrencyId: number | undefined
) {
  const chosen = Number(sessionCurrencyId)
  return (
    currencies.find((currency) => currency.id === chosen) ??
    currencies.find((currency) => currency.id === teamCurrencyId) ??
    null
  )
}

/**
 * Every stored exchange rate, for converting amounts in the browser.
 */
export async function listExchangeRates() {
  const rows = await db
    .from('exchange_rates')
    .select('from_currency_id', 'to_currency_id', 'exchange_rate')
  return rows.map((rate) => ({
    from_currency_id: rate.from_currency_id as number,
    to_currency_id: rate.to_currency_id as number,
    exchange_rate: Number(rate.exchange_rate),
  }))
}
