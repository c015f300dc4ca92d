/**
 * Converts amounts between currencies with the stored exchange rates (from → to). Shared by
 * the pages (switching the display currency) and exports.
 */
export interface ExchangeRate {
  from_currency_id: number
  to_currency_id: number
  exchange_rate: number
}

export function rateBetween(rates: ExchangeRate[], fromId: number, toId: number): number | null {
  if (fromId === toId) return 1
  const direct = rates.find(
    (rate) => rate.from_currency_id === fromId && rate.to_currency_id === toId
  )
  if (direct) return direct.exchange_rate
  const inverse = rates.find(
    (rate) => rate.from_currency_id === toId && rate.to_currency_id === fromId
  )
  return inverse && inverse.exchange_rate !== 0 ? 1 / inverse.exchange_rate : null
}

/**
 * The amount in the target currency, or null when it cannot be converted.
 */
export function convert(
  amount: number | null,
  fromId: number | null,
  toId: number,
  rates: ExchangeRate[]
) {
  if (amount === null || fromId === null) return null
  const rate = rateBetween(rates, fromId, toId)
  return rate === null ? null : amount * rate
}

/** A stored rate with the date its set applies from (YYYY-MM-DD; null for an undated rate). */
export interface DatedExchangeRate extends ExchangeRate {
  as_of: string | null
}

const pairOf = (rate: ExchangeRate) => `${rate.from_currency_id}>${rate.to_currency_id}`

/**
 * The rates of a period: for each pair of currencies, the latest rate dated on or before the
 * period's last day, else (a period before the first set) the earliest one. An undated rate
 * counts as the earliest of its pair.
 */
export function ratesForPeriod<T extends DatedExchangeRate>(rates: T[], periodEnd: string): T[] {
  const chosen = new Map<string, T>()
  for (const rate of rates) {
    const key = pairOf(rate)
    const held = chosen.get(key)
    if (!held || betterForPeriod(rate, held, periodEnd)) chosen.set(key, rate)
  }
  return [...chosen.values()]
}

function betterForPeriod(rate: DatedExchangeRate, held: DatedExchangeRate, periodEnd: string) {
  const date = rate.as_of ?? ''
  const heldDate = held.as_of ?? ''
  const inForce = date <= periodEnd
  const heldInForce = heldDate <= periodEnd
  if (inForce !== heldInForce) return inForce
  // Both in force: the latest. Both after the period: the earliest.
  return inForce ? date > heldDate : date < heldDate
}

/** The latest rate of each pair (what pages about today convert with). */
export function latestRates<T extends DatedExchangeRate>(rates: T[]): T[] {
  return ratesForPeriod(rates, '9999-12-31')
}

/** The date of a set of rates: the latest date among them (null when none is dated). */
export function ratesDate(rates: DatedExchangeRate[]): string | null {
  let latest: string | null = null
  for (const rate of rates) {
    if (rate.as_of !== null && (latest === null || rate.as_of > latest)) latest = rate.as_of
  }
  return latest
}
