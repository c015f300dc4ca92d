import db from '@adonisjs/lucid/services/db'
import vine from '@vinejs/vine'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { currentYear } from '#services/calendar/clock'
import { yearProblem, yearRangeOf, type YearRange } from '#shared/years'

/**
 * The areas whose pages offer years, and where their data is:
 * - `research_spend`: the teams' profiles and budget lines (Research Spend Analytics, its
 *   imports, collections and statistics);
 * - `research`: the published research documents (the research filters);
 * - `analysts`: the analysts' coverage (analyst mapping and the providers pages).
 */
export type YearArea = 'research_spend' | 'research' | 'analysts'

/** The areas that accept the next fiscal year as well (budgets and data collections). */
export interface YearOptions {
  ahead?: boolean
  client?: QueryClientContract
}

interface DataYears {
  first: number | null
  latest: number | null
}

/**
 * The years an area offers now. One query, served by an index on the year (or date) column: a
 * minimum and a maximum, as cheap as reading a data version to key a cache with, and never out of
 * date after a write.
 */
export async function offeredYears(area: YearArea, options: YearOptions = {}): Promise<YearRange> {
  const current = currentYear()
  const found = await dataYears(area, current, options.client ?? db.connection())
  return yearRangeOf({
    firstWithData: found.first,
    latestWithData: found.latest,
    currentYear: current,
    ahead: options.ahead,
  })
}

/** The first year with data and the latest one up to `through`. */
async function dataYears(
  area: YearArea,
  through: number,
  client: QueryClientContract
): Promise<DataYears> {
  if (area === 'research') {
    // Documents are dated: the first and the latest published before next year begins.
    const row = await client
      .from('research_documents')
      .where('status', 'published')
      .where('published_at', '<', `${through + 1}-01-01`)
      .min('published_at as first')
      .max('published_at as latest')
      .first()
    return { first: yearOf(row?.first), latest: yearOf(row?.latest) }
  }
  const tables =
    area === 'analysts' ? ['analyst_coverages'] : ['rsa_team_profiles', 'rsa_budget_lines']
  const [head, ...rest] = tables
  const query = client
    .from(head)
    .where('year', '<=', through)
    .min('year as first')
    .max('year as latest')
  for (const table of rest) {
    query.unionAll((union) =>
      union.from(table).where('year', '<=', through).min('year as first').max('year as latest')
    )
  }
  const rows: { first: unknown; latest: unknown }[] = await query
  const firsts = rows.map((row) => toYear(row.first)).filter((year) => year !== null)
  const latests = rows.map((row) => toYear(row.latest)).filter((year) => year !== null)
  return {
    first: firsts.length ? Math.min(...firsts) : null,
    latest: latests.length ? Math.max(...latests) : null,
  }
}

function toYear(value: unknown): number | null {
  if (value === null || value === undefined) return null
  const year = Number(value)
  return Number.isInteger(year) ? year : null
}

/** The year of a stored date or timestamp (text on SQLite, a Date on PostgreSQL). */
function yearOf(value: unknown): number | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.getUTCFullYear()
  if (typeof value === 'number') return new Date(value).getUTCFullYear()
  const match = /^(\d{4})/.exec(String(value))
  return match ? Number(match[1]) : null
}

/**
 * A year field checked against the years an area offers when the request is made (they move
 * with the data and the clock), with the range in the message: "2019 is not offered: choose a
 * year from 2021–2026."
 */
export const offeredYearRule = vine.createRule<{ area: YearArea; ahead?: boolean }>(
  async (value, options, field) => {
    if (!field.isValid) return
    const range = await offeredYears(options.area, { ahead: options.ahead })
    const problem = yearProblem(range, value)
    if (problem) field.report(problem, 'offeredYear', field)
  },
  { isAsync: true }
)

/** A year field of the area: a whole number, then one of the years offered. */
export function offeredYear(area: YearArea, options: { ahead?: boolean } = {}) {
  return vine
    .number()
    .withoutDecimals()
    .use(offeredYearRule({ area, ahead: options.ahead }))
}

/** A list of years, each one offered: one look-up for the whole list. */
export const offeredYearListRule = vine.createRule<{ area: YearArea }>(
  async (value, options, field) => {
    if (!field.isValid || !Array.isArray(value) || value.length === 0) return
    const range = await offeredYears(options.area)
    for (const year of value) {
      const problem = yearProblem(range, year)
      if (problem) return field.report(problem, 'offeredYear', field)
    }
  },
  { isAsync: true }
)
