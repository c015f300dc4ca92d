import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { CURRENCIES, EXCHANGE_RATES_AS_OF } from '#services/accounts/reference_data'
import type { DemoCalendar } from '#database/demo/demo_calendar'
import { isoDay } from '#database/demo/demo_calendar'

type Code = (typeof CURRENCIES)[number]['code']

/**
 * US dollars per unit at each year's end, close to the published year-end rates. The reference
 * set (dated EXCHANGE_RATES_AS_OF, stored with the reference data) stands for its own year.
 */
const YEAR_END_USD_PER_UNIT: Record<number, Partial<Record<Code, number>>> = {
  2020: { GBP: 1.3649, EUR: 1.2271, CHF: 1.1317, JPY: 0.00968 },
  2021: { GBP: 1.3532, EUR: 1.137, CHF: 1.0953, JPY: 0.00869 },
  2022: { GBP: 1.2097, EUR: 1.0705, CHF: 1.0818, JPY: 0.00762 },
  2023: { GBP: 1.2731, EUR: 1.1039, CHF: 1.1882, JPY: 0.00709 },
  2025: { GBP: 1.3455, EUR: 1.1745, CHF: 1.2619, JPY: 0.00638 },
  2026: { GBP: 1.3312, EUR: 1.1608, CHF: 1.2487, JPY: 0.00652 },
}

const KNOWN_YEARS = Object.keys(YEAR_END_USD_PER_UNIT).map(Number)

/**
 * A year's rates: the table's where it has them; a later year moves on from the last known one
 * by a small drift that depends only on the year (the same year always gives the same rates).
 */
function usdPerUnit(year: number): Record<Code, number> {
  const reference = Object.fromEntries(
    CURRENCIES.map((currency) => [currency.code, Number(currency.usdPerUnit)])
  ) as Record<Code, number>
  const refYear = Number(EXCHANGE_RATES_AS_OF.slice(0, 4))
  if (year === refYear) return reference
  const known = YEAR_END_USD_PER_UNIT[year]
  if (known) return { ...reference, ...known, USD: 1 }
  const anchorYear = year < KNOWN_YEARS[0] ? KNOWN_YEARS[0] : Math.max(...KNOWN_YEARS)
  const anchor = { ...reference, ...YEAR_END_USD_PER_UNIT[anchorYear], USD: 1 }
  const drift = 1 + 0.03 * Math.sin(year * 1.7)
  return Object.fromEntries(
    Object.entries(anchor).map(([code, value]) => [
      code,
      code === 'USD' ? 1 : Number((value * drift).toPrecision(5)),
    ])
  ) as Record<Code, number>
}

/**
 * One dated set of exchange rates per demo year (DOMAIN: each period's figures use that
 * period's rates): dated the year's last day, the year in progress today. Every pair is stored,
 * as the reference set is. Returns the dates written.
 */
export async function seedDemoRateSets(trx: TransactionClientContract, calendar: DemoCalendar) {
  const currencies: { id: number; code: string }[] = await trx
    .from('currencies')
    .select('id', 'code')
  const idOf = new Map(currencies.map((row) => [row.code, row.id]))
  const stamp = calendar.today.toFormat(trx.dialect.dateTimeFormat)
  const dates: string[] = []
  for (const year of calendar.years) {
    const asOf = year === calendar.currentYear ? isoDay(calendar.today) : `${year}-12-31`
    if (asOf === EXCHANGE_RATES_AS_OF) continue
    const usd = usdPerUnit(year)
    const rows = []
    for (const from of CURRENCIES) {
      for (const to of CURRENCIES) {
        const fromId = idOf.get(from.code)
        const toId = idOf.get(to.code)
        if (fromId === undefined || toId === undefined) continue
        const rate = from.code === to.code ? 1 : usd[from.code] / usd[to.code]
        rows.push({
          from_currency_id: fromId,
          to_currency_id: toId,
          exchange_rate: rate.toFixed(10),
          as_of: asOf,
          created_at: stamp,
        })
      }
    }
    await trx
      .insertQuery()
      .table('exchange_rates')
      .multiInsert(rows)
      .knexQuery.onConflict(['from_currency_id', 'to_currency_id', 'as_of'])
      .ignore()
    dates.push(asOf)
  }
  return dates
}
