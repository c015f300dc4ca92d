import { abbreviateAmount } from '@shared/money'
import type { CostChangeLabel } from '@shared/scenario_pricing'

/**
 * The locale a team reads dates in, from its currency (a GBP team reads 22/11/2026, a USD
 * team 11/22/2026). Teams in other currencies read the international day-month-year form.
 */
const LOCALE_BY_CURRENCY: Record<string, string> = {
  GBP: 'en-GB',
  USD: 'en-US',
  EUR: 'en-IE',
  CHF: 'de-CH',
  JPY: 'ja-JP',
  CAD: 'en-CA',
  AUD: 'en-AU',
  SGD: 'en-SG',
  HKD: 'en-HK',
}

export function teamLocale(currencyCode: string | null | undefined) {
  return (currencyCode && LOCALE_BY_CURRENCY[currencyCode]) || 'en-GB'
}

export function formatDate(value: string, locale: string) {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value)
  return date.toLocaleDateString(locale, { timeZone: value.length === 10 ? 'UTC' : undefined })
}

export function formatDateTime(value: string, locale: string) {
  return new Date(value).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })
}

/** The cost-change label as shown: the spec's labels, capitalised alike. */
export function costChangeText(label: CostChangeLabel) {
  return label.charAt(0).toUpperCase() + label.slice(1)
}

/** A change as amount and percentage: "+GBP 12,300 (+4.2%)". */
export function changeWithPercent(change: number, base: number, currencyCode?: string) {
  const sign = change > 0 ? '+' : ''
  const amount = `${sign}${abbreviateAmount(change, currencyCode)}`
  if (!base) return amount
  const percent = (change / base) * 100
  return `${amount} (${percent > 0 ? '+' : ''}${percent.toFixed(1)}%)`
}
