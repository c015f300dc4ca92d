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
export function selectedCurrencyFor<T extends Pick<Currency, 'id'>>(
  currencies: T[],
  sessionCurrencyId: unknown,
  teamCurrencyId: number | undefined
): T | null {
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

export interface CurrencyChoice {
  id: number
  code: string
  name: string
}

/**
 * The currencies (by code) and every stored exchange rate, in one query: what a page showing
 * amounts in a display currency needs. Each currency comes with the rates from it.
 */
export async function currenciesAndRates() {
  const rows = await db
    .from('currencies')
    .leftJoin('exchange_rates', 'exchange_rates.from_currency_id', 'currencies.id')
    .select(
      'currencies.id',
      'currencies.code',
      'currencies.name',
      'exchange_rates.id as rate_id',
      'exchange_rates.to_currency_id',
      'exchange_rates.exchange_rate'
    )
    .orderBy('currencies.code')
  const currencies: CurrencyChoice[] = []
  const rates: {
    id: number
    from_currency_id: number
    to_currency_id: number
    exchange_rate: number
  }[] = []
  for (const row of rows) {
    if (currencies.at(-1)?.id !== row.id) {
      currencies.push({ id: row.id, code: row.code, name: row.name })
    }
    if (row.rate_id !== null) {
      rates.push({
        id: row.rate_id,
        from_currency_id: row.id,
        to_currency_id: row.to_currency_id,
        exchange_rate: Number(row.exchange_rate),
      })
    }
  }
  return {
    currencies,
    exchangeRates: rates
      .sort((a, b) => a.id - b.id)
      .map((rate) => ({
        from_currency_id: rate.from_currency_id,
        to_currency_id: rate.to_currency_id,
        exchange_rate: rate.exchange_rate,
      })),
  }
}
