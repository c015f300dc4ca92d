import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { MODULES } from '#shared/modules'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { UNREAD_LOOKBACK_DAYS } from '#shared/insights_reports'

/**
 * Who sees an insights report. One rule, used by the list, the viewer, the badge, the
 * dashboard and the notify list: a team sees a report when the report is published, the team
 * holds the insights-reports module, and the report is for all client teams, for the holders of
 * a product the team holds, or for selected teams that include it.
 */
export interface ReportViewer {
  userId: number
  teamId: number
  moduleNames: readonly string[]
  /** When the user's account was made: older reports do not count as unread. */
  userCreatedAt: DateTime | null
}

/** A report the team may not see answers exactly like one that does not exist. */
export class ReportNotFound extends NotFoundForTeam {}

export function canSeeReports(moduleNames: readonly string[]) {
  return moduleNames.includes(MODULES.insightsReports)
}

/** Restricts a query on `insights_reports` to the reports the team may see. */
export function whereVisibleTo(viewer: Pick<ReportViewer, 'teamId' | 'moduleNames'>) {
  return (query: any) => {
    if (!canSeeReports(viewer.moduleNames)) {
      query.whereRaw('1 = 0')
      return
    }
    query.where('insights_reports.status', 'published').where((audience: any) => {
      audience
        .where('insights_reports.access_type', 'all_clients')
        .orWhere((inner: any) =>
          inner
            .where('insights_reports.access_type', 'product_holders')
            .whereIn('insights_reports.access_module', [...viewer.moduleNames])
        )
        .orWhere((inner: any) =>
          inner
            .where('insights_reports.access_type', 'selected_teams')
            // The team's selections are read once, not probed for every report.
            .whereIn('insights_reports.id', (sub: any) =>
              sub
                .from('insights_report_teams')
                .where('insights_report_teams.team_id', viewer.teamId)
                .select('insights_report_teams.insights_report_id')
            )
        )
    })
  }
}

/** The earliest publication that still counts as unread for the user. */
export function unreadSince(viewer: Pick<ReportViewer, 'userCreatedAt'>) {
  return viewer.userCreatedAt ? viewer.userCreatedAt.minus({ days: UNREAD_LOOKBACK_DAYS }) : null
}

export const sqlTime = (client: QueryClientContract, time: DateTime) =>
  time.toUTC().toFormat(client.dialect.dateTimeFormat)

/** A UTC timestamp as SQLite returns it: `yyyy-MM-dd HH:mm:ss`, optionally with milliseconds. */
const SQL_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?)$/

export const toIso = (value: unknown) => {
  if (value === null || value === undefined) return null
  // The common case without Luxon (the same ISO string, many times cheaper): a Date, or a
  // well-formed SQL time that names a real instant.
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : value.toISOString()
  }
  if (typeof value === 'string') {
    const match = SQL_TIME.exec(value)
    if (match) {
      const time = new Date(`${match[1]}T${match[2]}Z`)
      const iso = Number.isNaN(time.getTime()) ? null : time.toISOString()
      if (iso !== null && iso.startsWith(`${match[1]}T${match[2].slice(0, 8)}`)) return iso
    }
  }
  const time =
    value instanceof Date
      ? DateTime.fromJSDate(value, { zone: 'utc' })
      : typeof value === 'number'
        ? DateTime.fromMillis(value, { zone: 'utc' })
        : DateTime.fromSQL(String(value), { zone: 'utc' }).isValid
          ? DateTime.fromSQL(String(value), { zone: 'utc' })
          : DateTime.fromISO(String(value), { zone: 'utc' })
  return time.isValid ? time.toISO()! : null
}

/** The year of a timestamp column, as an integer, on SQLite and PostgreSQL. */
export function yearOf(client: QueryClientContract, column: string) {
  return client.dialect.name === 'postgres'
    ? `cast(extract(year from ${column}) as integer)`
    : `cast(strftime('%Y', ${column}) as integer)`
}

/** The viewer of a client request: the signed-in user under their current team. */
export function viewerOf(ctx: {
  auth: { getUserOrFail(): { id: number; createdAt?: DateTime | null } }
  teamContext?: { currentTeam: { id: number } | null; moduleNames: readonly string[] } | null
}): ReportViewer {
  const user = ctx.auth.getUserOrFail()
  return {
    userId: user.id,
    teamId: ctx.teamContext!.currentTeam!.id,
    moduleNames: ctx.teamContext!.moduleNames,
    userCreatedAt: user.createdAt ?? null,
  }
}
