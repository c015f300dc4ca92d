/**
 * How the product writes dates for a reader: one form per locale, the same on every page
 * ("25 Nov 2026" in en-GB, "Nov 25, 2026" in en-US). Calendar dates (YYYY-MM-DD) are read as
 * such, never shifted by a time zone; instants are shown in the reader's time zone.
 */

export const DEFAULT_LOCALE = 'en-GB'

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' }

const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value)

function toDate(value: string | Date) {
  if (value instanceof Date) return value
  return new Date(isCalendarDate(value) ? `${value}T00:00:00Z` : value)
}

/** A supported locale, or the default one. */
export function supportedLocale(locale: string | null | undefined) {
  if (!locale) return DEFAULT_LOCALE
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale])[0] ?? DEFAULT_LOCALE
  } catch {
    // Not a well-formed language tag.
    return DEFAULT_LOCALE
  }
}

/** "25 Nov 2026" (en-GB), "Nov 25, 2026" (en-US); an invalid value as it came. */
export function formatDate(value: string | Date, locale: string) {
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return String(value)
  const utc = value instanceof Date ? false : isCalendarDate(value)
  return date.toLocaleDateString(supportedLocale(locale), {
    ...DATE_OPTIONS,
    ...(utc ? { timeZone: 'UTC' } : {}),
  })
}

/** The date as above with the time: "25 Nov 2026, 14:05" (en-GB). */
export function formatDateTime(value: string | Date, locale: string, timeZone?: string) {
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return String(value)
  return date.toLocaleString(supportedLocale(locale), {
    ...DATE_OPTIONS,
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  })
}

/** A period: "1 Jan 2026 – 31 Dec 2026". */
export function formatDateRange(start: string, end: string, locale: string) {
  return `${formatDate(start, locale)} – ${formatDate(end, locale)}`
}

/** A month: "Nov 2026" (en-GB and en-US alike). */
export function formatMonth(value: string, locale: string) {
  const date = toDate(value.length === 7 ? `${value}-01` : value)
  if (Number.isNaN(date.getTime())) return value
  return date.toLocaleDateString(supportedLocale(locale), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/**
 * The reader's locale from a request's Accept-Language header: the most preferred tag this
 * runtime can format dates in; the default when none is.
 */
export function localeFromAcceptLanguage(header: string | null | undefined) {
  if (!header) return DEFAULT_LOCALE
  const tags = header
    .slice(0, 512)
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
      const weight = q ? Number(q.slice(2)) : 1
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index }
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
  for (const entry of tags) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf([entry.tag])
      if (supported) return supported
    } catch {
      // A malformed tag: try the next one.
    }
  }
  return DEFAULT_LOCALE
}
