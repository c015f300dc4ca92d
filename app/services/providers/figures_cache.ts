import { figures } from '#services/cache/figures'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { talentAlertRule, type TalentAlert } from '#shared/providers'
import type { RsaView } from '#services/rsa/view'
import { teamSpend, teamUsage } from '#services/providers/team_usage'
import { talentAlerts } from '#services/providers/alerts'
import { moneyFormatter } from '#services/providers/format'

/**
 * The analyst figures change only when the statistics are recomputed (every administration
 * change, import, the demo seed, `providers:statistics`), and each recompute records a run; a
 * team's research spend data changes only through imports, which recompute the research spend
 * statistics and record a run too. What the Providers pages compute from them is kept in the
 * cache under those runs, so a new run makes a new key and nothing has to be dropped.
 */
export interface DataVersions {
  /** The latest analyst statistics run (null: never computed). */
  statsRunId: number | null
  computedAt: string | null
  /** The latest research spend statistics run of the year. */
  rsaRunId: number | null
}

/** One query: the latest analyst statistics run and the year's research spend run. */
export async function dataVersions(year: number): Promise<DataVersions> {
  const rows = await db
    .from('provider_stat_runs')
    .select(db.raw(`'stats' as kind`))
    .max('id as id')
    .max('computed_at as at')
    .unionAll((union) =>
      union
        .from('rsa_benchmark_runs')
        .where('year', Math.trunc(year))
        .select(db.raw(`'rsa' as kind`))
        .max('id as id')
        .max('finished_at as at')
    )
  const stats = rows.find((row) => row.kind === 'stats')
  const rsa = rows.find((row) => row.kind === 'rsa')
  return {
    statsRunId: stats?.id ? Number(stats.id) : null,
    computedAt: stats?.at ? isoTime(stats.at) : null,
    rsaRunId: rsa?.id ? Number(rsa.id) : null,
  }
}

function isoTime(value: unknown) {
  const time =
    value instanceof Date
      ? DateTime.fromJSDate(value)
      : DateTime.fromSQL(String(value), { zone: 'utc' })
  return time.isValid ? time.toUTC().toISO() : String(value)
}

/** Kept under the analyst statistics run: figures that do not depend on the team. */
export async function cachedAnalystFigures<T>(
  versions: DataVersions,
  key: (string | number | null)[],
  compute: () => Promise<T>
): Promise<T> {
  if (versions.statsRunId === null) return compute()
  return figures('providers').getOrSet({
    key: [...key, versions.statsRunId].join(':'),
    ttl: '1h',
    factory: compute,
  })
}

/** The team's spend, interactions, top sectors and alerts for a year, in the display currency. */
export interface TeamProviderData {
  spend: [number, number][]
  interactions: [number, number][]
  hasSpend: boolean
  topSectors: { id: number; name: string; interactions: number }[]
  alerts: TalentAlert[]
  /** The alert rule in words, with how many budgeted providers it flagged; null without data. */
  alertRule: string | null
}

/**
 * The team's part of both pages: its budget per provider, its interactions per provider and
 * sector, and the spend × talent alerts. Four queries when computed; kept under the runs, the
 * team, the year and the display currency with its rates.
 */
export async function teamProviderData(
  view: RsaView,
  year: number,
  versions: DataVersions,
  sectors: { id: number; name: string }[]
): Promise<TeamProviderData> {
  const compute = async (): Promise<TeamProviderData> => {
    const [spend, usage] = await Promise.all([teamSpend(view, year), teamUsage(view.teamId, year)])
    const hasSpend = usage.interactions.size > 0 || spend.hasBudgets
    const topSectors = usage.topSectors.map((row) => ({
      id: row.sectorId,
      name: sectors.find((sector) => sector.id === row.sectorId)?.name ?? 'Unknown sector',
      interactions: row.interactions,
    }))
    const alerts = hasSpend
      ? await talentAlerts({
          year,
          spend: spend.spend,
          topSectors,
          formatMoney: moneyFormatter(view.currency.code),
        })
      : []
    return {
      spend: [...spend.spend.entries()],
      interactions: [...usage.interactions.entries()],
      hasSpend,
      topSectors,
      alerts,
      alertRule: hasSpend
        ? talentAlertRule({
            year,
            topSectors,
            budgeted: [...spend.spend.values()].filter((amount) => amount > 0).length,
            flagged: alerts.length,
          })
        : null,
    }
  }
  if (versions.statsRunId === null) return compute()
  const key = [
    // Named for the shape kept: entries from before the alert rule was stated lack it.
    'team-with-rule',
    view.teamId,
    year,
    view.currency.id,
    view.ratesKey,
    versions.rsaRunId ?? 'none',
    versions.statsRunId,
  ].join(':')
  return figures('providers').getOrSet({ key, ttl: '1h', factory: compute })
}
