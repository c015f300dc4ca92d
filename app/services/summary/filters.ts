import db from '@adonisjs/lucid/services/db'
import { errors } from '@vinejs/vine'
import type { HttpContext } from '@adonisjs/core/http'
import {
  DEFAULT_PRICE_TYPE_VALUE,
  FACET_LABELS,
  FILTER_NAME_BY_CATEGORY,
  defaultFilters,
  filterNameOf,
  isFilterCategory,
  type AppliedFilter,
  type FilterCategory,
} from '#shared/summary_filters'
import { tagCategoryOf } from '#services/summary/asset_facets'

/** Where the summary dashboard's applied filters are kept between visits. */
export const SUMMARY_FILTERS_SESSION_KEY = 'summary_applied_filters'

const MAX_ENTRIES = 20
const MAX_VALUES = 200
const MAX_ID = 2_147_483_647

interface Problem {
  field: string
  message: string
}

/**
 * Applied filters sent by the page or read from an address, checked whole: an unknown category,
 * a filter name that is not the category's, a value that is not a whole number, or an id that
 * names nothing in the category refuses them all (422, each field with its message) and nothing
 * is saved. Valid filters come back normalised (values once each, in the order given).
 */
export async function validateFilters(input: unknown): Promise<AppliedFilter[]> {
  const problems: Problem[] = []
  if (!Array.isArray(input)) {
    throw invalid([{ field: 'filters', message: 'The filters must be a list.' }])
  }
  if (input.length > MAX_ENTRIES) {
    throw invalid([
      { field: 'filters', message: `At most ${MAX_ENTRIES} filters can be applied at once.` },
    ])
  }
  const filters: AppliedFilter[] = []
  const seen = new Set<string>()
  input.forEach((entry: unknown, index) => {
    const field = `filters.${index}`
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      problems.push({ field, message: 'Each filter must be an object.' })
      return
    }
    const { filterCategory, filterName, filterValues } = entry as Record<string, unknown>
    if (!isFilterCategory(filterCategory)) {
      problems.push({
        field: `${field}.filterCategory`,
        message: `Unknown filter category ${JSON.stringify(String(filterCategory).slice(0, 40))}.`,
      })
      return
    }
    if (seen.has(filterCategory)) {
      problems.push({
        field: `${field}.filterCategory`,
        message: `${FACET_LABELS[filterCategory]} is applied twice.`,
      })
      return
    }
    seen.add(filterCategory)
    if (filterName !== undefined && filterName !== FILTER_NAME_BY_CATEGORY[filterCategory]) {
      problems.push({
        field: `${field}.filterName`,
        message: `The filter name of ${filterCategory} is ${FILTER_NAME_BY_CATEGORY[filterCategory]}.`,
      })
      return
    }
    if (!Array.isArray(filterValues) || filterValues.length === 0) {
      problems.push({
        field: `${field}.filterValues`,
        message: `${FACET_LABELS[filterCategory]}: choose at least one value.`,
      })
      return
    }
    if (filterValues.length > MAX_VALUES) {
      problems.push({
        field: `${field}.filterValues`,
        message: `${FACET_LABELS[filterCategory]}: at most ${MAX_VALUES} values.`,
      })
      return
    }
    const bad = filterValues.find(
      (value) =>
        typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_ID
    )
    if (bad !== undefined) {
      problems.push({
        field: `${field}.filterValues`,
        message: `${FACET_LABELS[filterCategory]}: ${JSON.stringify(bad)?.slice(0, 40) ?? 'that value'} is not an id.`,
      })
      return
    }
    filters.push({
      filterName: filterNameOf(filterCategory),
      filterCategory,
      filterValues: [...new Set(filterValues as number[])],
    })
  })
  if (problems.length) throw invalid(problems)

  const unknown = await unknownIds(filters)
  if (unknown.length) {
    throw invalid(
      unknown.map(({ index, category, ids }) => ({
        field: `filters.${index}.filterValues`,
        message: `${FACET_LABELS[category]}: no value with id ${ids.join(', ')}.`,
      }))
    )
  }
  return filters
}

/** The ids of each filter that name nothing in their category. One query whatever the filters. */
async function unknownIds(filters: AppliedFilter[]) {
  const branches: string[] = []
  const bindings: unknown[] = []
  for (const filter of filters) {
    const ids = filter.filterValues.filter(
      (value) => !(filter.filterCategory === 'pricetypes' && value === DEFAULT_PRICE_TYPE_VALUE)
    )
    if (ids.length === 0) continue
    const marks = ids.map(() => '?').join(', ')
    const source = sourceOf(filter.filterCategory)
    branches.push(
      source.table === 'summary_facet_values'
        ? `select ? as category, id from summary_facet_values where category = ? and id in (${marks})`
        : `select ? as category, id from ${source.table} where id in (${marks})`
    )
    bindings.push(filter.filterCategory)
    if (source.table === 'summary_facet_values') bindings.push(tagCategoryOf(filter.filterCategory))
    bindings.push(...ids)
  }
  if (branches.length === 0) return []
  const result = await db.rawQuery(branches.join(' union all '), bindings)
  const rows: { category: string; id: number }[] = Array.isArray(result) ? result : result.rows
  const known = new Set(rows.map((row) => `${row.category}:${Number(row.id)}`))
  return filters
    .map((filter, index) => ({
      index,
      category: filter.filterCategory,
      ids: filter.filterValues.filter(
        (value) =>
          !(filter.filterCategory === 'pricetypes' && value === DEFAULT_PRICE_TYPE_VALUE) &&
          !known.has(`${filter.filterCategory}:${value}`)
      ),
    }))
    .filter((entry) => entry.ids.length > 0)
}

/** Where a category's values are named: providers, GICS sectors, themes, or the dictionaries. */
export function sourceOf(category: FilterCategory): { table: string } {
  if (category === 'providers') return { table: 'providers' }
  if (category === 'industries') return { table: 'sectors' }
  if (category === 'themes') return { table: 'research_themes' }
  return { table: 'summary_facet_values' }
}

function invalid(problems: Problem[]) {
  return new errors.E_VALIDATION_ERROR(
    problems.map((problem) => ({ ...problem, rule: 'summaryFilters' }))
  )
}

/**
 * The filters kept in the session, else the default. What the session holds was valid when it
 * was saved; an entry of an unexpected shape (an older version's) falls back to the default.
 */
export function sessionFilters(ctx: HttpContext): AppliedFilter[] {
  const kept = ctx.session.get(SUMMARY_FILTERS_SESSION_KEY)
  if (!Array.isArray(kept)) return defaultFilters()
  const valid = kept.every(
    (entry) =>
      entry &&
      isFilterCategory(entry.filterCategory) &&
      entry.filterName === FILTER_NAME_BY_CATEGORY[entry.filterCategory as FilterCategory] &&
      Array.isArray(entry.filterValues) &&
      entry.filterValues.every((value: unknown) => Number.isInteger(value))
  )
  return valid ? (kept as AppliedFilter[]) : defaultFilters()
}

export function saveSessionFilters(ctx: HttpContext, filters: AppliedFilter[]) {
  ctx.session.put(SUMMARY_FILTERS_SESSION_KEY, filters)
}
