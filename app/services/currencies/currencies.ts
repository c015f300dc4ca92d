import db from '@adonisjs/lucid/services/db'
import Currency from '#models/currency'
import { latestRates, type DatedExchangeRate } from '#shared/currency_conversion'

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
 * The latest stored exchange rate of each pair, for converting amounts in the browser. (Research
 * spend figures of a past year use that year's set instead: `services/rsa/view.ts`.)
 */
export async function listExchangeRates() {
  const rows = await db
    .from('exchange_rates')
    .select('from_currency_id', 'to_currency_id', 'exchange_rate', 'as_of')
  return latestRates(rows.map(datedRate)).map((rate) => ({
    from_currency_id: rate.from_currency_id,
    to_currency_id: rate.to_currency_id,
    exchange_rate: rate.exchange_rate,
  }))
}

/** A stored rate row with its set's date as YYYY-MM-DD (text on SQLite, a Date on PostgreSQL). */
export function datedRate(row: {
  from_currency_id: number
  to_currency_id: number
  exchange_rate: string | number
  as_of: unknown
}): DatedExchangeRate {
  return {
    from_currency_id: row.from_currency_id,
    to_currency_id: row.to_currency_id,
    exchange_rate: Number(row.exchange_rate),
    as_of: isoDateOf(row.as_of),
  }
}

export function isoDateOf(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) {
    // A DATE read by node-postgres is midnight local time.
    const pad = (n: number) => String(n).padStart(2, '0')
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`
  }
  return String(value).slice(0, 10)
}

export interface CurrencyChoice {
  id: number
  code: string
  name: string
}

/**
 * The currencies (by code) and the latest stored exchange rate of each pair, in one query: what
 * a page showing today's amounts in a display currency needs. Each currency comes with the rates
 * from it.
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
      'exchange_rates.exchange_rate',
      'exchange_rates.as_of'
    )
    .orderBy('currencies.code')
  const currencies: CurrencyChoice[] = []
  const rates: (DatedExchangeRate & { id: number })[] = []
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
        as_of: isoDateOf(row.as_of),
      })
    }
  }
  return {
    currencies,
    exchangeRates: latestRates(rates)
      .sort((a, b) => a.id - b.id)
      .map((rate) => ({
        from_currency_id: rate.from_currency_id,
        to_currency_id: rate.to_currency_id,
        exchange_rate: rate.exchange_rate,
      })),
  }
}
