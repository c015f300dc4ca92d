import { formatDate } from '@shared/dates'
import { useSharedProps } from '~/hooks/use_shared_props'
import { teamLocale } from '~/lib/format'
import { ASSET_CLASSES, RESEARCH_REGIONS } from '@shared/research'

/** The locale the current team reads numbers in; dates follow the reader (`useDates`). */
export function useResearchLocale() {
  const { team } = useSharedProps()
  return teamLocale(team?.current?.currency.code)
}

const toDate = (iso: string) => new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)

/** "12 Mar 2024" (en-GB), "Mar 12, 2024" (en-US): the reader's form (`shared/dates.ts`). */
export function researchDate(iso: string, locale: string) {
  return formatDate(iso, locale)
}

/** "4 Mar" (a week in a chart axis). */
export function shortDate(iso: string, locale: string) {
  return toDate(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })
}

/** YYYY-MM-DD of an ISO date or date-time. */
export const isoDay = (iso: string) => iso.slice(0, 10)

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`

export const assetClassLabel = (key: string) =>
  (ASSET_CLASSES as Record<string, string>)[key] ?? key

export const regionLabel = (key: string) => (RESEARCH_REGIONS as Record<string, string>)[key] ?? key

/** The research list filtered to one theme (optionally one week). */
export function themeResearchHref(themeId: number, week?: { start: string; end: string }) {
  const params = new URLSearchParams({ themeIds: String(themeId) })
  if (week) {
    params.set('startDate', isoDay(week.start))
    params.set('endDate', isoDay(week.end))
  }
  return `/research-discovery/research?${params.toString()}`
}

export const articleHref = (documentId: number) => `/research-discovery/research/${documentId}`
