import { formatDate, formatDateTime } from '~/lib/format'

/** Administration pages read dates in the service's own locale. */
const LOCALE = 'en-GB'

export const dateText = (value: string | null) => (value ? formatDate(value, LOCALE) : '—')
export const dateTimeText = (value: string | null) => (value ? formatDateTime(value, LOCALE) : '—')

export const countText = (value: number) => value.toLocaleString(LOCALE)

/** "3 users", "1 user". */
export function plural(count: number, one: string, many = `${one}s`) {
  return `${countText(count)} ${count === 1 ? one : many}`
}

/** An open rate (0–1) as a whole percentage; a dash before anyone was notified. */
export function percentText(rate: number | null) {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`
}

/** A median time to first read: hours up to two days ("3 h"), days beyond ("2 d"). */
export function durationText(hours: number | null) {
  if (hours === null) return '—'
  if (hours < 1) return '< 1 h'
  if (hours < 48) return `${Math.round(hours)} h`
  return `${Math.round(hours / 24)} d`
}

/** The same, in words for screen readers and titles. */
export function durationWords(hours: number | null) {
  if (hours === null) return 'no read yet'
  if (hours < 1) return 'less than an hour'
  if (hours < 48) return plural(Math.round(hours), 'hour')
  return plural(Math.round(hours / 24), 'day')
}

export function fileSizeText(bytes: number | null) {
  if (bytes === null) return '—'
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
