/**
 * The benchmark filter tabs and their date rules. Dates are calendar dates (YYYY-MM-DD).
 */
export const BENCHMARK_TABS = [
  { key: 'active-upcoming', title: 'Active & Upcoming' },
  { key: 'active-year', title: 'Active Year' },
  { key: 'expiring-soon', title: 'Expiring Soon' },
  { key: 'recently-expired', title: 'Recently Expired' },
] as const

export type BenchmarkTab = (typeof BENCHMARK_TABS)[number]['key']

export const DEFAULT_BENCHMARK_TAB: BenchmarkTab = 'active-upcoming'

export function isBenchmarkTab(value: unknown): value is BenchmarkTab {
  return BENCHMARK_TABS.some((tab) => tab.key === value)
}
export const EXPIRING_SOON_DAYS = 90
export const RECENTLY_EXPIRED_MONTHS = 12

function parse(date: string) {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number)
  return Date.UTC(year, month - 1, day)
}

function format(time: number) {
  return new Date(time).toISOString().slice(0, 10)
}

export function addDays(date: string, days: number) {
  return format(parse(date) + days * 86_400_000)
}

export function addMonths(date: string, months: number) {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number)
  const target = new Date(Date.UTC(year, month - 1 + months, 1))
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)
  ).getUTCDate()
  target.setUTCDate(Math.min(day, lastDay))
  return format(target.getTime())
}

/**
 * The inclusive date window a tab selects on contract dates: start must be on or before
 * `startOnOrBefore`, end on or after `endOnOrAfter` and, when set, on or before `endOnOrBefore`.
 * The same window drives the SQL filter and this module's `isInTab`.
 */
export function tabWindow(tab: BenchmarkTab, today: string) {
  switch (tab) {
    case 'active-upcoming':
      return { startOnOrBefore: null, endOnOrAfter: today, endOnOrBefore: null }
    case 'active-year': {
      const year = today.slice(0, 4)
      return {
        startOnOrBefore: `${year}-12-31`,
        endOnOrAfter: `${year}-01-01`,
        endOnOrBefore: null,
      }
    }
    case 'expiring-soon':
      return {
        startOnOrBefore: today,
        endOnOrAfter: today,
        endOnOrBefore: addDays(today, EXPIRING_SOON_DAYS),
      }
    case 'recently-expired':
      return {
        startOnOrBefore: null,
        endOnOrAfter: addMonths(today, -RECENTLY_EXPIRED_MONTHS),
        endOnOrBefore: addDays(today, -1),
      }
  }
}

export function isInTab(
  tab: BenchmarkTab,
  dates: { startDate: string; endDate: string },
  today: string
) {
  const window = tabWindow(tab, today)
  if (window.startOnOrBefore !== null && dates.startDate > window.startOnOrBefore) return false
  if (dates.endDate < window.endOnOrAfter) return false
  if (window.endOnOrBefore !== null && dates.endDate > window.endOnOrBefore) return false
  return true
}
