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
