import { DateTime } from 'luxon'

/**
 * The product's clock: what "today" and "this year" are. Everything that depends on the date
 * (the years offered, the default year, demo data relative to today) reads it here, so a test
 * can move the whole product to another date with Luxon's `Settings.now`
 * (`tests/helpers/clock.ts`). Dates are calendar dates in UTC, like the stored ones.
 */
export function now(): DateTime<true> {
  return DateTime.now().toUTC() as DateTime<true>
}

/** Midnight (UTC) of today. */
export function today(): DateTime<true> {
  return now().startOf('day')
}

/** Today as YYYY-MM-DD. */
export function todayIso(): string {
  return today().toISODate()
}

/** The calendar year of today. Fiscal years are calendar years in this product. */
export function currentYear(): number {
  return now().year
}

/**
 * The next fiscal year: firms set next year's budget in the autumn, so budgets and data
 * collections accept it ahead of time.
 */
export function nextYear(): number {
  return currentYear() + 1
}

/** The first day of a fiscal year, YYYY-MM-DD. */
export function yearStartIso(year: number): string {
  return `${year}-01-01`
}

/** The last day of a fiscal year, YYYY-MM-DD. */
export function yearEndIso(year: number): string {
  return `${year}-12-31`
}

/** The share of a fiscal year elapsed by today: 0 before it starts, 1 once it has ended. */
export function elapsedShareOf(year: number): number {
  const start = DateTime.utc(year, 1, 1)
  const end = DateTime.utc(year + 1, 1, 1)
  const at = now()
  if (at <= start) return 0
  if (at >= end) return 1
  return at.diff(start).toMillis() / end.diff(start).toMillis()
}
