import { figures } from '#services/cache/figures'
import db from '@adonisjs/lucid/services/db'
import { rateBetween } from '#shared/currency_conversion'
import type { RsaView } from '#services/rsa/view'

/**
 * Peer figures change only when the statistics are recomputed (`rsa:benchmarks`, the demo
 * seed, every import), and each recompute records a run. A page computed from them is kept in
 * the cache under the runs it was computed from — with the team, year, display currency and
 * the rate that converted it — so a new run makes a new key and nothing has to be dropped.
 * The latest run of each year, read with the view, tells which key applies.
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
  // Read with the view's years (the same query as `statisticsVersion`).
  const version = options.allYears ? view.statistics.all : view.statistics.year
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
