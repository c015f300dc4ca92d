import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { offeredYears } from '#services/calendar/years'
import { toIsoDate } from '#services/market_data/benchmarks'
import {
  compareMoves,
  computeStatistics,
  type AnalystFacts,
  type Cell,
  type MoveFacts,
} from '#services/providers/timeline'

/**
 * Recomputes `provider_year_stats` (and each analyst's employer at the start and end of each
 * year) from the analysts, their coverage and their moves: for the providers given, or for
 * every provider. Called after every change (administration, imports, the demo seed); runs in
 * one transaction, so readers see the old figures or the new ones, never a mix.
 */
export async function refreshProviderStatistics(options: {
  trigger: string
  providerIds?: number[]
  client?: QueryClientContract
}): Promise<{ providers: number; rows: number }> {
  const started = performance.now()
  const scope = options.providerIds ? [...new Set(options.providerIds)] : null
  if (scope && scope.length === 0) return { providers: 0, rows: 0 }

  const run = async (trx: QueryClientContract) => {
    const analystIds = () => analystsOf(trx, scope)
    const [analysts, offered] = await Promise.all([
      loadAnalysts(trx, analystIds),
      offeredYears('analysts', { client: trx }),
    ])
    const scopeSet = scope ? new Set(scope) : null
    const { rows, employers } = computeStatistics(
      analysts.values(),
      offered.years,
      scopeSet ? (id) => scopeSet.has(id) : undefined
    )

    const statsDelete = trx.from('provider_year_stats')
    if (scope) statsDelete.whereIn('provider_id', scope)
    await statsDelete.delete()
    if (scope) {
      const ids = [...analysts.keys()]
      for (let index = 0; index < ids.length; index += 5000) {
        await trx
          .from('analyst_year_employers')
          .whereIn('analyst_id', ids.slice(index, index + 5000))
          .delete()
      }
    } else {
      await trx.from('analyst_year_employers').delete()
    }

    await insertChunks(
      trx,
      'provider_year_stats',
      rows.map((row) => ({
        provider_id: row.providerId,
        year: row.year,
        sector_id: row.sectorId,
        region_code: row.regionCode,
        headcount_start: row.headcountStart,
        headcount_end: row.headcountEnd,
        joiners: row.joiners,
        leavers: row.leavers,
        experience_gained: row.experienceGained,
        experience_lost: row.experienceLost,
        experience_end_sum: row.experienceEndSum,
        senior_end: row.seniorEnd,
      }))
    )
    await insertChunks(
      trx,
      'analyst_year_employers',
      employers
        .filter((entry) => entry.start !== null || entry.end !== null)
        .map((entry) => ({
          analyst_id: entry.analystId,
          year: entry.year,
          start_provider_id: entry.start,
          end_provider_id: entry.end,
        }))
    )
    const providers = new Set(rows.map((row) => row.providerId)).size
    await trx
      .insertQuery()
      .table('provider_stat_runs')
      .insert({
        trigger: options.trigger.slice(0, 40),
        providers: scope ? scope.length : providers,
        rows: rows.length,
        duration_ms: Math.round(performance.now() - started),
        computed_at: DateTime.now().toFormat(trx.dialect.dateTimeFormat),
      })
    return { providers: scope ? scope.length : providers, rows: rows.length }
  }

  if (options.client?.isTransaction) return run(options.client)
  return (options.client ?? db).transaction(run)
}

/** When the statistics were last computed (null: never). */
export async function statisticsComputedAt(): Promise<string | null> {
  const row = await db.from('provider_stat_runs').max('computed_at as at').first()
  if (!row?.at) return null
  const value =
    row.at instanceof Date ? DateTime.fromJSDate(row.at) : DateTime.fromSQL(String(row.at))
  return value.isValid ? value.toUTC().toISO() : String(row.at)
}

/** The analysts who ever worked at one of `scope` (every analyst without a scope). */
function analystsOf(client: QueryClientContract, scope: number[] | null) {
  const query = client.from('analysts').select('id')
  if (scope) {
    query
      .whereIn('provider_id', scope)
      .orWhereIn(
        'id',
        client
          .from('analyst_moves')
          .whereIn('from_provider_id', scope)
          .orWhereIn('to_provider_id', scope)
          .select('analyst_id')
      )
  }
  return query
}

async function loadAnalysts(
  client: QueryClientContract,
  ids: () => ReturnType<typeof analystsOf>
): Promise<Map<number, AnalystFacts>> {
  const analysts = new Map<number, AnalystFacts>()
  const analystRows = await client
    .from('analysts')
    .whereIn('id', ids())
    .select('id', 'provider_id', 'industry_start_year', 'role_start_date')
  for (const row of analystRows) {
    analysts.set(Number(row.id), {
      id: Number(row.id),
      providerId: row.provider_id === null ? null : Number(row.provider_id),
      industryStartYear: Number(row.industry_start_year),
      roleStartDate: row.role_start_date === null ? null : toIsoDate(row.role_start_date),
      coverage: new Map(),
      moves: [],
    })
  }
  if (!analysts.size) return analysts

  const coverageRows = await client
    .from('analyst_coverages')
    .whereIn('analyst_id', ids())
    .select('analyst_id', 'year', 'sector_id', 'region_code')
  for (const row of coverageRows) {
    const analyst = analysts.get(Number(row.analyst_id))
    if (!analyst) continue
    const year = Number(row.year)
    const cells = analyst.coverage.get(year) ?? []
    cells.push({ sectorId: Number(row.sector_id), regionCode: row.region_code })
    analyst.coverage.set(year, cells)
  }

  const moveRows = await client
    .from('analyst_moves')
    .whereIn('analyst_id', ids())
    .select(
      'id',
      'analyst_id',
      'event_date',
      'year',
      'from_provider_id',
      'to_provider_id',
      'experience_years'
    )
  const moves = new Map<number, MoveFacts>()
  for (const row of moveRows) {
    const move: MoveFacts = {
      id: Number(row.id),
      date: toIsoDate(row.event_date),
      year: Number(row.year),
      from: row.from_provider_id === null ? null : Number(row.from_provider_id),
      to: row.to_provider_id === null ? null : Number(row.to_provider_id),
      experienceYears: Number(row.experience_years),
      cells: [],
    }
    moves.set(move.id, move)
    analysts.get(Number(row.analyst_id))?.moves.push(move)
  }
  if (moves.size) {
    const cellRows = await client
      .from('analyst_move_coverages as c')
      .join('analyst_moves as m', 'm.id', 'c.move_id')
      .whereIn('m.analyst_id', ids())
      .select('c.move_id', 'c.sector_id', 'c.region_code')
    for (const row of cellRows) {
      const cell: Cell = { sectorId: Number(row.sector_id), regionCode: row.region_code }
      moves.get(Number(row.move_id))?.cells.push(cell)
    }
  }
  for (const analyst of analysts.values()) analyst.moves.sort(compareMoves)
  return analysts
}

async function insertChunks(
  client: QueryClientContract,
  table: string,
  rows: Record<string, unknown>[]
) {
  // Within PostgreSQL's limit on bind parameters and SQLite's on the terms of the compound
  // select a multi-row insert becomes (500).
  const size = 400
  for (let index = 0; index < rows.length; index += size) {
    await client
      .insertQuery()
      .table(table)
      .multiInsert(rows.slice(index, index + size))
  }
}
