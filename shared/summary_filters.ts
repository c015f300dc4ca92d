/**
 * The summary dashboard's filter rules (spec §3, §4, §9), the one place the page and the server
 * take them from. Pure functions over plain data: each returns a new list and never changes the
 * one it was given.
 */

/** The filter categories of spec §3 and the filter name each one is sent under. */
export const FILTER_NAME_BY_CATEGORY = {
  providertypes: 'providertype_id',
  geographies: 'geography_id',
  providers: 'provider_id',
  industries: 'industry_id',
  themes: 'theme_id',
  factors: 'factor_id',
  researchstyles: 'researchstyle_id',
  asset: 'assetclass_id',
  indices: 'index_id',
  pricetypes: 'pricetype_id',
  assetclasses: 'assetclass_id',
  rankingpriorities: 'rankingpriority_id',
} as const

export type FilterCategory = keyof typeof FILTER_NAME_BY_CATEGORY
export type FilterName = (typeof FILTER_NAME_BY_CATEGORY)[FilterCategory]

export const FILTER_CATEGORIES = Object.keys(FILTER_NAME_BY_CATEGORY) as FilterCategory[]

/**
 * The eleven facets the summary dashboard offers (spec §1), in the order of the filter panel.
 * `asset` is the asset-class filter another page hands over (kept by "reset all" off the
 * summary route); on the summary page asset classes are chosen under `assetclasses`.
 */
export const SUMMARY_FACETS = [
  'providertypes',
  'geographies',
  'providers',
  'industries',
  'themes',
  'factors',
  'researchstyles',
  'assetclasses',
  'indices',
  'pricetypes',
  'rankingpriorities',
] as const satisfies readonly FilterCategory[]

export type SummaryFacet = (typeof SUMMARY_FACETS)[number]

/** The panel's headings. */
export const FACET_LABELS: Record<FilterCategory, string> = {
  providertypes: 'Provider type',
  geographies: 'Geography',
  providers: 'Provider',
  industries: 'Industry',
  themes: 'Theme',
  factors: 'Factor',
  researchstyles: 'Research style',
  asset: 'Asset class (from another page)',
  indices: 'Index',
  pricetypes: 'Price type',
  assetclasses: 'Asset class',
  rankingpriorities: 'Ranking priority',
}

/** An applied filter (spec §3). */
export interface AppliedFilter {
  filterName: FilterName
  filterCategory: FilterCategory
  filterValues: number[]
}

/** The price type filter's "All" value, the default (spec §9). */
export const DEFAULT_PRICE_TYPE_VALUE = 0

/** Categories whose values a toggle always appends and never removes (spec §4). */
export const APPEND_ONLY_CATEGORIES: readonly string[] = ['rankingpriorities', 'overall']

/** The route the dashboard lives on; reset all behaves differently elsewhere (spec §2, §4). */
export const SUMMARY_ROUTE = 'summary'

export function filterNameOf(category: FilterCategory): FilterName {
  return FILTER_NAME_BY_CATEGORY[category]
}

export function isFilterCategory(value: unknown): value is FilterCategory {
  return typeof value === 'string' && Object.hasOwn(FILTER_NAME_BY_CATEGORY, value)
}

/** The default applied filters: price type with the value 0 (spec §4, §9). */
export function defaultFilters(): AppliedFilter[] {
  return [
    {
      filterName: FILTER_NAME_BY_CATEGORY.pricetypes,
      filterCategory: 'pricetypes',
      filterValues: [DEFAULT_PRICE_TYPE_VALUE],
    },
  ]
}

/**
 * A toggle of `value` in `category` (spec §4): a category without an entry gets one with the
 * value; a value already there is removed, and the entry dropped when it empties; otherwise the
 * value is appended. For ranking priorities (and the overall categories) the value is always
 * appended, never removed.
 */
export function toggleFilter(
  filters: readonly AppliedFilter[],
  category: FilterCategory,
  value: number
): AppliedFilter[] {
  const index = filters.findIndex((filter) => filter.filterCategory === category)
  if (index === -1) {
    return [
      ...filters.map(copy),
      { filterName: filterNameOf(category), filterCategory: category, filterValues: [value] },
    ]
  }
  const entry = filters[index]
  if (APPEND_ONLY_CATEGORIES.includes(category) || !entry.filterValues.includes(value)) {
    return filters.map((filter, at) =>
      at === index ? { ...filter, filterValues: [...filter.filterValues, value] } : copy(filter)
    )
  }
  const remaining = entry.filterValues.filter((existing) => existing !== value)
  if (remaining.length === 0) {
    return filters.filter((_, at) => at !== index).map(copy)
  }
  return filters.map((filter, at) =>
    at === index ? { ...filter, filterValues: remaining } : copy(filter)
  )
}

/**
 * Reset all (spec §4): the default price type filter again; off the summary route an asset
 * filter already applied is kept.
 */
export function resetFilters(
  filters: readonly AppliedFilter[],
  routeName: string | null | undefined
): AppliedFilter[] {
  const reset = defaultFilters()
  if (routeName === SUMMARY_ROUTE) return reset
  const asset = filters.find((filter) => filter.filterCategory === 'asset')
  return asset ? [...reset, copy(asset)] : reset
}

/** Reset one category (spec §4): its entry is removed. */
export function resetCategory(
  filters: readonly AppliedFilter[],
  category: FilterCategory
): AppliedFilter[] {
  return filters.filter((filter) => filter.filterCategory !== category).map(copy)
}

/** The values applied in a category, each once, in the order applied. */
export function appliedValues(filters: readonly AppliedFilter[], category: FilterCategory) {
  const entry = filters.find((filter) => filter.filterCategory === category)
  return entry ? [...new Set(entry.filterValues)] : []
}

/**
 * The values that restrict the assets in a category: the price type's "All" (0) restricts
 * nothing, so a price type entry of [0] alone filters nothing and [0, 3] keeps price type 3.
 */
export function restrictingValues(filters: readonly AppliedFilter[], category: FilterCategory) {
  const values = appliedValues(filters, category)
  return category === 'pricetypes'
    ? values.filter((value) => value !== DEFAULT_PRICE_TYPE_VALUE)
    : values
}

/** The id-to-name map's key (spec §3): filter name, a dash, the id. */
export function filterNameKey(filterName: FilterName, id: number) {
  return `${filterName}-${id}`
}

/** The id-to-name map as it starts (spec §3). */
export const INITIAL_FILTER_NAMES: Readonly<Record<string, string>> = {
  'researchstyle_id-4': 'Top Down Macro',
}

/**
 * The id-to-name map built from the filter names: the initial entry, then every category's
 * items under `filterName-id`.
 */
export function filterNameMap(
  filters: Partial<Record<FilterCategory, readonly { id: number; name: string }[]>>
): Record<string, string> {
  const map: Record<string, string> = { ...INITIAL_FILTER_NAMES }
  for (const category of FILTER_CATEGORIES) {
    for (const item of filters[category] ?? []) {
      map[filterNameKey(filterNameOf(category), item.id)] = item.name
    }
  }
  return map
}

/**
 * Applied filters as they travel in an address (`?pricetypes=0&themes=3,9`), so a view can be
 * shared with a colleague of the same team; and back. Unknown keys and malformed values are
 * left for the server's validation to name.
 */
export function filtersToQuery(filters: readonly AppliedFilter[]): Record<string, string> {
  const query: Record<string, string> = {}
  for (const filter of filters) query[filter.filterCategory] = filter.filterValues.join(',')
  return query
}

export function filtersFromQuery(
  query: Record<string, unknown>
): { filterCategory: string; filterValues: unknown[] }[] | null {
  const entries = FILTER_CATEGORIES.filter((category) => query[category] !== undefined)
  if (entries.length === 0) return null
  return entries.map((category) => {
    const raw = query[category]
    const text = Array.isArray(raw) ? raw.join(',') : String(raw)
    return {
      filterCategory: category,
      filterValues: text === '' ? [] : text.split(',').map((part) => Number(part)),
    }
  })
}

function copy(filter: AppliedFilter): AppliedFilter {
  return { ...filter, filterValues: [...filter.filterValues] }
}
