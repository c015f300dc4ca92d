/**
 * The years a page offers: from the first year with stored data to the current year (and, for
 * budgets and data collections, the next fiscal year, which firms budget for in the autumn).
 * Computed on the server from the data and the clock, sent to the pages as a prop; the pages and
 * the server check a year against it with the same functions.
 */
export interface YearRange {
  /** The first year offered: the first with data, else the current year. */
  first: number
  /** The last year offered: the current year, or the next one where the area plans ahead. */
  last: number
  /** The current calendar (fiscal) year. */
  current: number
  /** Every year offered, oldest first. */
  years: number[]
  /** The latest year with data up to the current year; null when the area has none yet. */
  latestWithData: number | null
  /**
   * The year a page opens on: the latest year with data up to the current year (a new year
   * shows last year's figures until its own are in), else the current year.
   */
  defaultYear: number
}

/**
 * How far back from this year an import or an administrator may record data, whatever the
 * first year with data (a new firm's history, a roster's past coverage).
 */
export const BACKFILL_YEARS = 5

export function yearRangeOf(input: {
  firstWithData: number | null
  latestWithData: number | null
  currentYear: number
  /** Offer the next fiscal year too (budgets and data collections). */
  ahead?: boolean
  /** Accept BACKFILL_YEARS before the first year with data too (imports and data entry). */
  backfill?: boolean
}): YearRange {
  const current = input.currentYear
  const firstWithData = Math.min(input.firstWithData ?? current, current)
  const first = input.backfill ? Math.min(firstWithData, current - BACKFILL_YEARS) : firstWithData
  const last = input.ahead ? current + 1 : current
  const latest =
    input.latestWithData === null ? null : Math.max(first, Math.min(input.latestWithData, current))
  const years: number[] = []
  for (let year = first; year <= last; year++) years.push(year)
  return { first, last, current, years, latestWithData: latest, defaultYear: latest ?? current }
}

/** "2021–2026", or "2026" when one year is offered. */
export function yearsText(range: Pick<YearRange, 'first' | 'last'>): string {
  return range.first === range.last ? String(range.first) : `${range.first}–${range.last}`
}

export function isOfferedYear(range: Pick<YearRange, 'first' | 'last'>, value: unknown): boolean {
  const year = typeof value === 'string' && /^\d{4}$/.test(value.trim()) ? Number(value) : value
  return (
    typeof year === 'number' && Number.isInteger(year) && year >= range.first && year <= range.last
  )
}

/** What to say about a year outside the range; null when it is offered. */
export function yearProblem(
  range: Pick<YearRange, 'first' | 'last'>,
  value: unknown,
  subject = 'a year'
): string | null {
  if (isOfferedYear(range, value)) return null
  // One year offered: name it ("choose 2026"), not a range of one.
  const choice =
    range.first === range.last ? String(range.first) : `${subject} from ${yearsText(range)}`
  const text = String(value ?? '')
    .trim()
    .slice(0, 12)
  if (!/^\d{4}$/.test(text)) {
    return text === '' ? `Choose ${choice}.` : `“${text}” is not a year: choose ${choice}.`
  }
  return `${text} is not offered: choose ${choice}.`
}
