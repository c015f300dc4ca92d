import { figures } from '#services/cache/figures'
import db from '@adonisjs/lucid/services/db'
import { rateBetween } from '#shared/currency_conversion'
import type { RsaView } from '#services/rsa/view'
import { todayIso } from '#services/calendar/clock'
import { peerDataAge, type PeerDataAge } from '#shared/peer_data_age'

/**
 * Peer figures change only when the statistics are recomputed (`rsa:benchmarks`, the demo
 * seed, every import), and each recompute records a run. A page computed from them is kept in
 * the cache under the runs it was computed from — with the team, year, display currency and
 * the rate that converted it — so a new run makes a new key and nothing has to be dropped.
 * One query (the latest run of each year) tells which key applies.
 */
export async function statisticsVersion(years?: number[]) {
  const query = db.from('rsa_benchmark_runs').groupBy('year').select('year').max('id as id')
  if (years) query.whereIn('year', years)
  const rows = await query.orderBy('year')
  return rows.map((row) => `${row.year}:${row.id}`).join(',')
}

export async function cachedPeerFigures<T>(
  name: string,
  view: RsaView,
  options: { allYears?: boolean; variant?: string },
  compute: () => Promise<T>
): Promise<T> {
  const version = await statisticsVersion(options.allYears ? undefined : [view.year])
  if (!version) return compute()
  const rate = rateBetween(view.rates, view.benchmarkCurrencyId, view.currency.id)
  const key = [
    name,
    view.teamId,
    options.allYears ? 'all' : view.year,
    view.currency.id,
    rate,
    options.variant ?? '',
    version,
  ].join(':')
  return figures('rsa-figures').getOrSet({ key, ttl: '1h', factory: compute })
}

/**
 * How current the year's peer figures are (`shared/peer_data_age.ts`): from the year's latest
 * statistics run. One query.
 */
export async function peerDataAgeOf(year: number): Promise<PeerDataAge> {
  const row = await db
    .from('rsa_benchmark_runs')
    .where('year', year)
    .max('finished_at as finished')
    .first()
  return peerDataAge({ year, computedOn: dayOf(row?.finished), today: todayIso() })
}

/** The UTC day of a stored timestamp (text on SQLite, a Date on PostgreSQL). */
function dayOf(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return String(value).slice(0, 10)
}
