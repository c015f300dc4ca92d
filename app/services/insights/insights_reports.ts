import db from '@adonisjs/lucid/services/db'
import { MODULES } from '#shared/modules'

/**
 * Reports a team can see: published to it, or to every team (team_id null) when the team holds
 * the insights-reports module.
 */
function visibleTo(teamId: number, moduleNames: readonly string[]) {
  return (query: any) => {
    query.where('insights_reports.team_id', teamId)
    if (moduleNames.includes(MODULES.insightsReports)) {
      query.orWhere((inner: any) =>
        inner.whereNull('insights_reports.team_id').where('insights_reports.is_private', false)
      )
    }
  }
}

/**
 * How many reports visible to the team the user has not opened yet, in one query.
 */
export async function unreadReportsCount(
  userId: number,
  teamId: number,
  moduleNames: readonly string[]
) {
  const row = await db
    .from('insights_reports')
    .where(visibleTo(teamId, moduleNames))
    .whereNotExists((query) =>
      query
        .from('insights_report_reads')
        .whereColumn('insights_report_reads.insights_report_id', 'insights_reports.id')
        .where('insights_report_reads.user_id', userId)
    )
    .count('* as total')
    .first()
  return Number(row?.total ?? 0)
}

export async function latestReports(
  userId: number,
  teamId: number,
  moduleNames: readonly string[],
  limit = 5
) {
  type Row = {
    id: number
    title: string
    insights_category: string
    insights_tag: string | null
    created_at: string | Date
    read_at: string | Date | null
  }
  // The team's own reports and the reports for every team, each the newest first through the
  // (team_id, created_at) index and cut at the limit, then merged: a page of five reads at
  // most ten rows however many reports there are.
  const newest = (scope: (query: any) => void) =>
    db
      .from('insights_reports')
      .leftJoin('insights_report_reads', (join) =>
        join
          .on('insights_report_reads.insights_report_id', '=', 'insights_reports.id')
          .andOnVal('insights_report_reads.user_id', '=', userId)
      )
      .where(scope)
      .select(
        'insights_reports.id',
        'insights_reports.title',
        'insights_reports.insights_category',
        'insights_reports.insights_tag',
        'insights_reports.created_at',
        'insights_report_reads.read_at'
      )
      .orderBy('insights_reports.created_at', 'desc')
      .orderBy('insights_reports.id', 'desc')
      .limit(limit) as Promise<Row[]>
  const [own, everyone] = await Promise.all([
    newest((query) => query.where('insights_reports.team_id', teamId)),
    moduleNames.includes(MODULES.insightsReports)
      ? newest((query) =>
          query.whereNull('insights_reports.team_id').where('insights_reports.is_private', false)
        )
      : Promise.resolve([] as Row[]),
  ])
  const time = (row: Row) => new Date(row.created_at).getTime()
  return [...own, ...everyone]
    .sort((a, b) => time(b) - time(a) || b.id - a.id)
    .slice(0, limit)
    .map((row) => ({
      id: row.id,
      title: row.title,
      category: row.insights_category,
      tag: row.insights_tag,
      createdAt: new Date(row.created_at).toISOString(),
      unread: row.read_at === null,
    }))
}
