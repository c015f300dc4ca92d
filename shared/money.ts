/**
 * Money display rules shared by pages, exports and mails.
 */

/**
 * Abbreviates large amounts: B from 1e9, M from 1e6; smaller amounts in full with grouping.
 */
export function abbreviateAmount(amount: number, currencyCode?: string) {
  const sign = amount < 0 ? '-' : ''
  const absolute = Math.abs(amount)
  // Choose the unit after rounding, so that 999,999,999 reads 1B rather than 1000M.
  const millions = Number((absolute / 1e6).toFixed(2))
  let body: string
  if (absolute >= 1e9 || millions >= 1000) body = `${trimmed(absolute / 1e9)}B`
  else if (absolute >= 1e6) body = `${trimmed(absolute / 1e6)}M`
  else body = Math.round(absolute).toLocaleString('en-GB')
  return currencyCode ? `${sign}${currencyCode} ${body}` : `${sign}${body}`
}

function trimmed(value: number) {
  return value.toFixed(2).replace(/\.?0+$/, '')
}

/**
 * AUM range label: '{min}bn - {max}bn', or '+{min}bn' for the open-ended top range.
 */
export function aumRangeLabel(range: { minAum: number; maxAum: number | null }) {
  return range.maxAum === null ? `+${range.minAum}bn` : `${range.minAum}bn - ${range.maxAum}bn`
}
