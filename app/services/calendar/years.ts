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
  /** The last BACKFILL_YEARS too, for what records data (imports, data entry). */
  backfill?: boolean
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
    backfill: options.backfill,
  })
}

export interface StatisticsRun {
  /** The latest run's id (figures computed from the statistics are kept under it). */
  id: number
  /** The day (UTC) it finished. */
  day: string | null
}

/**
 * The years research spend offers and, in the same query, each year's latest peer statistics
 * run: what every Research Spend Analytics page needs before anything else.
 */
export async function researchSpendYears(
  options: YearOptions = {}
): Promise<{ range: YearRange; runs: Map<number, StatisticsRun> }> {
  const current = currentYear()
  const client = options.client ?? db.connection()
  const data = (table: string) =>
    client
      .from(table)
      .where('year', '<=', current)
      .select(client.raw(`'data' as kind`))
      .min('year as first')
      .max('year as latest')
      .select(client.raw('null as finished'), client.raw('null as run_id'))
  // The runs first: their columns give the union its types (PostgreSQL reads the nulls of the
  // other branches as those types, not as text).
  const rows: {
    kind: string
    first: unknown
    latest: unknown
    finished: unknown
    run_id: unknown
  }[] = await client
    // Each year's latest finished run, with its own finish day (a derived table: a union's
    // WHERE and GROUP BY would apply to the whole).
    .from(
      client
        .from('rsa_benchmark_runs')
        .whereIn(
          'id',
          client.from('rsa_benchmark_runs').whereNotNull('finished_at').groupBy('year').max('id')
        )
        .select(
          client.raw(`'run' as kind`),
          'year as first',
          'year as latest',
          'finished_at as finished',
          'id as run_id'
        )
        .as('runs')
    )
    .select('kind', 'first', 'latest', 'finished', 'run_id')
    .unionAll(data('rsa_team_profiles'))
    .unionAll(data('rsa_budget_lines'))
  const found = rows.filter((row) => row.kind === 'data')
  const firsts = found.map((row) => toYear(row.first)).filter((year) => year !== null)
  const latests = found.map((row) => toYear(row.latest)).filter((year) => year !== null)
  const runs = new Map<number, StatisticsRun>()
  for (const row of rows) {
    const year = toYear(row.first)
    if (row.kind === 'run' && year !== null && row.run_id !== null) {
      runs.set(year, { id: Number(row.run_id), day: dayOf(row.finished) })
    }
  }
  return {
    range: yearRangeOf({
      firstWithData: firsts.length ? Math.min(...firsts) : null,
      latestWithData: latests.length ? Math.max(...latests) : null,
      currentYear: current,
      ahead: options.ahead,
      backfill: options.backfill,
    }),
    runs,
  }
}

/** The UTC day of a stored timestamp (text on SQLite, a Date on PostgreSQL). */
function dayOf(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return String(value).slice(0, 10)
}

/** The first year with data and the latest one up to `through`. */
async function dataYears(
  area: YearArea,
  through: number,
  client: QueryClientContract
): Promise<DataYears> {
  if (area === 'research') {
    // Documents are dated: the first and the latest published before next year begins. Each end
    // is one seek on the (status, published_at) index: min() and max() together would read
    // every published document's entry (SQLite optimises a lone min or max only), 50 ms a
    // request at 200,000 documents.
    const edge = (direction: 'asc' | 'desc') =>
      client
        .from('research_documents')
        .where('status', 'published')
        .where('published_at', '<', `${through + 1}-01-01`)
        .orderBy('published_at', direction)
        .select('published_at')
        .limit(1)
    const row = await client
      .query()
      .select(edge('asc').as('first'), edge('desc').as('latest'))
      .first()
    return { first: yearOf(row?.first), latest: yearOf(row?.latest) }
  }
  // Analysts: their coverage and their moves (moves are often dated before any coverage).
  const tables =
    area === 'analysts'
      ? ['analyst_coverages', 'analyst_moves']
      : ['rsa_team_profiles', 'rsa_budget_lines']
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
export const offeredYearRule = vine.createRule<{
  area: YearArea
  ahead?: boolean
  backfill?: boolean
}>(
  async (value, options, field) => {
    if (!field.isValid) return
    const range = await offeredYears(options.area, options)
    const problem = yearProblem(range, value)
    if (problem) field.report(problem, 'offeredYear', field)
  },
  { isAsync: true }
)

/** A year field of the area: a whole number, then one of the years offered. */
export function offeredYear(area: YearArea, options: { ahead?: boolean; backfill?: boolean } = {}) {
  return vine
    .number()
    .withoutDecimals()
    .use(offeredYearRule({ area, ...options }))
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
