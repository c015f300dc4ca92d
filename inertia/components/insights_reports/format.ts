import { formatDate } from '@shared/dates'
import { useSharedProps } from '~/hooks/use_shared_props'
import { teamLocale } from '~/lib/format'
import type { ReportListFilters, TaxonomyOption } from '@shared/insights_reports'

/** The list's path (named route `insightsReports`). */
export const REPORTS_PATH = '/insights-reports'

/** A report's viewer (named route `singleInsightsReport`). */
export const reportHref = (id: number) => `${REPORTS_PATH}/${id}`

/** The locale the current team reads numbers in; dates follow the reader (`useDates`). */
export function useReportsLocale() {
  const { team } = useSharedProps()
  return teamLocale(team?.current?.currency.code)
}

/** "12 Mar 2026" (en-GB), "Mar 12, 2026" (en-US): the reader's form (`shared/dates.ts`). */
export function reportDate(iso: string, locale: string) {
  return formatDate(iso, locale)
}

/** "1 page", "14 pages". */
export function pagesText(count: number, locale: string) {
  return `${count.toLocaleString(locale)} ${count === 1 ? 'page' : 'pages'}`
}

/** "1 report", "24 reports". */
export function reportsText(count: number, locale: string) {
  return `${count.toLocaleString(locale)} ${count === 1 ? 'report' : 'reports'}`
}

/** "850 KB", "2.4 MB". */
export function fileSizeText(bytes: number, locale: string) {
  if (bytes < 1024 * 1024) {
    return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString(locale)} KB`
  }
  return `${(bytes / (1024 * 1024)).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`
}

/** The filters a list shows, without the page. */
export type ReportFilterValues = Omit<ReportListFilters, 'page'>

export const NO_FILTERS: ReportFilterValues = {
  categoryId: null,
  tagId: null,
  year: null,
  search: '',
}

export function hasFilters(filters: ReportFilterValues) {
  return (
    filters.categoryId !== null ||
    filters.tagId !== null ||
    filters.year !== null ||
    filters.search.trim() !== ''
  )
}

/** The query of a view: `category`, `tag`, `year`, `q`, `page` (only what is set). */
export function reportsQuery(filters: ReportFilterValues, page = 1): Record<string, string> {
  const query: Record<string, string> = {}
  if (filters.categoryId !== null) query.category = String(filters.categoryId)
  if (filters.tagId !== null) query.tag = String(filters.tagId)
  if (filters.year !== null) query.year = String(filters.year)
  const search = filters.search.trim()
  if (search) query.q = search
  if (page > 1) query.page = String(page)
  return query
}

/** The list's address for a view. */
export function reportsHref(filters: ReportFilterValues, page = 1) {
  const query = new URLSearchParams(reportsQuery(filters, page)).toString()
  return query ? `${REPORTS_PATH}?${query}` : REPORTS_PATH
}

const nameOf = (options: TaxonomyOption[], id: number | null, fallback: string) =>
  id === null ? null : (options.find((option) => option.id === id)?.name ?? fallback)

/**
 * The filters in force, each with its label, value and the words the empty state uses:
 * "in Methodology", "tagged Equities", "in 2025", "with “ESG” in the title".
 */
export function describeFilters(
  filters: ReportFilterValues,
  options: { categories: TaxonomyOption[]; tags: TaxonomyOption[] }
) {
  const applied: {
    key: keyof ReportFilterValues
    label: string
    value: string
    phrase: string
  }[] = []
  const category = nameOf(options.categories, filters.categoryId, 'the chosen category')
  if (category) {
    applied.push({
      key: 'categoryId',
      label: 'Category',
      value: category,
      phrase: `in ${category}`,
    })
  }
  const tag = nameOf(options.tags, filters.tagId, 'the chosen tag')
  if (tag) applied.push({ key: 'tagId', label: 'Tag', value: tag, phrase: `tagged ${tag}` })
  if (filters.year !== null) {
    const year = String(filters.year)
    applied.push({ key: 'year', label: 'Year', value: year, phrase: `in ${year}` })
  }
  const search = filters.search.trim()
  if (search) {
    applied.push({
      key: 'search',
      label: 'Title contains',
      value: `“${search}”`,
      phrase: `with “${search}” in the title`,
    })
  }
  return applied
}

const IGNORED_NAMES: Record<string, string> = {
  category: 'category',
  tag: 'tag',
  year: 'year',
  q: 'search',
  search: 'search',
  page: 'page',
}

/** "A", "A and B", "A, B and C" */
export function listText(items: string[]) {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

/**
 * The notice for filters the server dropped from the address (their names, or name=value):
 * "The link had a category and a year this page does not recognise, so they were left out."
 */
export function ignoredFiltersNotice(ignored: string[]) {
  if (ignored.length === 0) return null
  const named = ignored.map((entry) => {
    const [key, ...rest] = entry.split('=')
    const value = rest.join('=')
    const name = IGNORED_NAMES[key.trim()]
    if (!name) return `“${entry}”`
    return value ? `a ${name} (${value})` : `a ${name}`
  })
  return `The link had ${listText(named)} this page does not recognise, so ${
    ignored.length === 1 ? 'it was' : 'they were'
  } left out.`
}
