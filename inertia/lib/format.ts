import {
  formatDate as formatSharedDate,
  formatDateTime as formatSharedDateTime,
} from '@shared/dates'
import { abbreviateAmount } from '@shared/money'
import type { CostChangeLabel } from '@shared/scenario_pricing'

/**
 * The locale a team reads numbers in, from its currency. Dates follow the reader's own locale
 * (`useDates`), not the team's.
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

/** A date in the reader's form: "25 Nov 2026" (en-GB), "Nov 25, 2026" (en-US). */
export function formatDate(value: string, locale: string) {
  return formatSharedDate(value, locale)
}

/** A date and time in the reader's form: "25 Nov 2026, 14:05" (en-GB). */
export function formatDateTime(value: string, locale: string) {
  return formatSharedDateTime(value, locale)
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
