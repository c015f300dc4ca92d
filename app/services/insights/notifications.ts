import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { appUrl } from '#config/app'
import { MODULES } from '#shared/modules'
import {
  NOTIFY_GROUPS,
  type NotificationStatus,
  type NotifyGroup,
  type NotifyUser,
} from '#shared/insights_reports'
import { affectedRows } from '#services/db/affected_rows'
import { unsubscribeUrl } from '#services/auth/signed_links'
import { fieldError } from '#services/http/field_error'
import { sqlTime, toIso } from '#services/insights/visibility'
import { linkForTeam } from '#services/teams/team_switch'
import InsightsReportMail from '#mails/insights_report_mail'

/**
 * Who may be told about a report, and telling them. The notify list is the report's audience
 * (active members of the teams that can see it) in the spec's groups; sending queues one row
 * per user and version — the unique key makes a second send for the same version impossible —
 * and a background job mails the queued rows, checking subscription and verification again at
 * the moment of sending.
 */

export const REPORTS_SUBSCRIPTION = 'insights_reports'

export interface ReportAudienceRef {
  id: number
  version: number
  access_type: string
  access_module: string | null
}

/** The teams that can see the report (published or not: the admin prepares the notify list). */
export function audienceTeams(report: ReportAudienceRef) {
  return (query: any) => {
    query
      .from('team_modules as tm')
      .join('modules as m', 'm.id', 'tm.module_id')
      .where('m.internal_name', MODULES.insightsReports)
      .select('tm.team_id')
    if (report.access_type === 'product_holders') {
      query.whereExists((sub: any) =>
        sub
          .from('team_modules as tm2')
          .join('modules as m2', 'm2.id', 'tm2.module_id')
          .whereColumn('tm2.team_id', 'tm.team_id')
          .where('m2.internal_name', report.access_module ?? '')
      )
    } else if (report.access_type === 'selected_teams') {
      query.whereExists((sub: any) =>
        sub
          .from('insights_report_teams as rt')
          .whereColumn('rt.team_id', 'tm.team_id')
          .where('rt.insights_report_id', report.id)
      )
    }
  }
}

/** Active users in the report's audience, with their teams' names (one query). */
async function audienceUsers(
  report: ReportAudienceRef,
  client: QueryClientContract = db.connection()
) {
  const rows = await client
    .from('users as u')
    .join('team_user as tu', 'tu.user_id', 'u.id')
    .join('teams as t', 't.id', 'tu.team_id')
    .leftJoin('email_subscriptions as s', (join) =>
      join.on('s.user_id', '=', 'u.id').andOnVal('s.subscription', '=', REPORTS_SUBSCRIPTION)
    )
    .whereNull('u.disabled_at')
    .whereIn('tu.team_id', audienceTeams(report))
    .orderBy('u.name')
    .orderBy('u.id')
    .select(
      'u.id',
      'u.name',
      'u.email',
      'u.email_verified_at',
      'u.is_administrator',
      't.name as team_name',
      's.id as subscription_id'
    )
  const users = new Map<
    number,
    {
      id: number
      name: string
      email: string
      verified: boolean
      admin: boolean
      subscribed: boolean
      teams: string[]
    }
  >()
  for (const row of rows) {
    const id = Number(row.id)
    const entry = users.get(id)
    if (entry) {
      entry.teams.push(row.team_name)
      continue
    }
    users.set(id, {
      id,
      name: row.name,
      email: row.email,
      verified: row.email_verified_at !== null,
      admin: Boolean(row.is_administrator),
      subscribed: row.subscription_id !== null,
      teams: [row.team_name],
    })
  }
  return [...users.values()]
}

const DELIVERED: NotificationStatus[] = ['queued', 'sending', 'sent']

/**
 * The notify list of the report's current version, grouped as the spec says, and the users told
 * of any version (for the open rate). The readers may be passed when the caller has them.
 */
export async function notifyList(report: ReportAudienceRef, known: { readers?: Set<number> } = {}) {
  const [users, notifications, readers] = await Promise.all([
    audienceUsers(report),
    db
      .from('insights_report_notifications')
      .where('insights_report_id', report.id)
      .select('user_id', 'version', 'status', 'queued_at', 'sent_at'),
    known.readers
      ? Promise.resolve(known.readers)
      : db
          .from('insights_report_reads')
          .where('insights_report_id', report.id)
          .select('user_id')
          .then((rows) => new Set(rows.map((row) => Number(row.user_id)))),
  ])
  const version = Number(report.version)
  const byUser = new Map(
    notifications
      .filter((row) => Number(row.version) === version)
      .map((row) => [Number(row.user_id), row])
  )
  const everNotified = new Set(
    notifications.filter((row) => row.status === 'sent').map((row) => Number(row.user_id))
  )
  const list: NotifyUser[] = users.map((user) => {
    const notification = byUser.get(user.id)
    const status = (notification?.status ?? null) as NotificationStatus | null
    const group: NotifyGroup = !user.verified
      ? 'unverified'
      : !user.subscribed
        ? 'unsubscribed'
        : status && DELIVERED.includes(status)
          ? 'already_notified'
          : user.admin
            ? 'admins'
            : 'not_notified'
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      teams: user.teams,
      group,
      selectable: group === 'admins' || group === 'not_notified',
      status,
      notifiedAt: notification ? toIso(notification.sent_at ?? notification.queued_at) : null,
      hasRead: readers.has(user.id),
    }
  })
  const counts = Object.fromEntries(NOTIFY_GROUPS.map((group) => [group, 0])) as Record<
    NotifyGroup,
    number
  >
  for (const user of list) counts[user.group]++
  return { version, users: list, counts, everNotified }
}

const REFUSALS: Record<NotifyGroup, string> = {
  unverified: 'has not verified their email address',
  unsubscribed: 'is not subscribed to insights report notifications',
  already_notified: 'was already notified of this version',
  admins: '',
  not_notified: '',
}

/**
 * Puts the chosen users on the send list of the report's current version and returns how many
 * were queued. Every id must be selectable in the notify list as it stands now; a user already
 * queued or mailed for this version is never queued again (the unique key holds even when two
 * administrators press "send" at once).
 */
export async function queueNotifications(
  report: ReportAudienceRef & { status: string },
  userIds: number[],
  requestedBy: number
) {
  if (report.status !== 'published') {
    throw fieldError('user_ids', 'A withdrawn report cannot be sent: republish it first.')
  }
  const { users } = await notifyList(report)
  const byId = new Map(users.map((user) => [user.id, user]))
  for (const id of userIds) {
    const user = byId.get(id)
    if (!user) {
      throw fieldError(
        'user_ids',
        'One of the chosen users cannot see this report: reload the list.'
      )
    }
    if (!user.selectable) {
      throw fieldError('user_ids', `${user.name} ${REFUSALS[user.group]}.`)
    }
  }
  const now = sqlTime(db.connection(), DateTime.utc())
  return db.transaction(async (trx) => {
    // Earlier attempts that did not deliver (failed, skipped) make way for the new one.
    await trx
      .from('insights_report_notifications')
      .where('insights_report_id', report.id)
      .where('version', report.version)
      .whereIn('user_id', userIds)
      .whereNotIn('status', DELIVERED)
      .delete()
    let queued = 0
    for (let start = 0; start < userIds.length; start += 400) {
      const result = await trx
        .insertQuery()
        .table('insights_report_notifications')
        .insert(
          userIds.slice(start, start + 400).map((userId) => ({
            insights_report_id: report.id,
            version: report.version,
            user_id: userId,
            channel: 'email',
            status: 'queued',
            requested_by: requestedBy,
            queued_at: now,
          }))
        )
        .knexQuery.onConflict(['insights_report_id', 'version', 'user_id'])
        .ignore()
        .returning('id')
      queued += Array.isArray(result) ? result.length : 0
    }
    return queued
  })
}

/**
 * Mails the queued notifications of a report version (the job's work). Each row is claimed
 * before its mail goes out, so two workers never mail the same row; a failure marks that row
 * failed and the others go on. Returns the outcome counts.
 */
export async function sendQueuedNotifications(reportId: number, version: number) {
  const outcome: Record<string, number> = { sent: 0, failed: 0, skipped: 0 }
  const report = await db
    .from('insights_reports as r')
    .leftJoin('insights_categories as c', 'c.id', 'r.category_id')
    .where('r.id', reportId)
    .select(
      'r.id',
      'r.title',
      'r.summary',
      'r.status',
      'r.version',
      'r.page_count',
      'r.access_type',
      'r.access_module',
      'c.name as category'
    )
    .first()
  const rows = await db
    .from('insights_report_notifications as n')
    .join('users as u', 'u.id', 'n.user_id')
    .leftJoin('email_subscriptions as s', (join) =>
      join.on('s.user_id', '=', 'u.id').andOnVal('s.subscription', '=', REPORTS_SUBSCRIPTION)
    )
    .where('n.insights_report_id', reportId)
    .where('n.version', version)
    .where('n.status', 'queued')
    .orderBy('n.id')
    .select(
      'n.id',
      'u.id as user_id',
      'u.name',
      'u.email',
      'u.email_verified_at',
      'u.disabled_at',
      's.id as subscription_id'
    )
  const settle = (id: number, status: NotificationStatus, error: string | null = null) =>
    db
      .from('insights_report_notifications')
      .where('id', id)
      .update({
        status,
        error: error?.slice(0, 255) ?? null,
        sent_at: status === 'sent' ? sqlTime(db.connection(), DateTime.utc()) : null,
      })

  // Who of them can still see the report, and through which team: the audience may have
  // changed since they were queued (an edited access, a member who left the team, a team that
  // lost the module).
  const userIds = rows.map((row) => Number(row.user_id))
  const teamOf = report
    ? await readerTeams(report as ReportAudienceRef, userIds)
    : new Map<number, { id: number; name: string }>()
  const toldBefore = report ? await toldOfEarlierVersion(reportId, version, userIds) : new Set()

  for (const row of rows) {
    const claimed = await db
      .from('insights_report_notifications')
      .where('id', row.id)
      .where('status', 'queued')
      .update({ status: 'sending' })
    if (affectedRows(claimed) === 0) continue
    if (!report || report.status !== 'published' || Number(report.version) !== version) {
      await settle(row.id, 'failed', 'The report was withdrawn or replaced before sending.')
      outcome.failed++
      continue
    }
    const team = teamOf.get(Number(row.user_id))
    if (!team) {
      await settle(row.id, 'skipped_no_access')
      outcome.skipped++
      continue
    }
    if (row.email_verified_at === null || row.disabled_at !== null) {
      await settle(row.id, 'skipped_unverified')
      outcome.skipped++
      continue
    }
    if (row.subscription_id === null) {
      await settle(row.id, 'skipped_unsubscribed')
      outcome.skipped++
      continue
    }
    try {
      await mail.send(
        new InsightsReportMail({
          to: { email: row.email, name: row.name },
          title: report.title,
          category: report.category ?? '',
          summary: report.summary,
          version,
          // "Updated" only for a reader told of an earlier version.
          updated: toldBefore.has(Number(row.user_id)),
          teamName: team.name,
          pageCount: report.page_count === null ? null : Number(report.page_count),
          // The link names the team: it opens there whatever team the reader works in.
          url: linkForTeam(`${appUrl}/insights-reports/${reportId}`, team.id),
          settingsUrl: `${appUrl}/user/profile`,
          unsubscribeUrl: unsubscribeUrl({ id: Number(row.user_id) }, REPORTS_SUBSCRIPTION),
        })
      )
      await settle(row.id, 'sent')
      outcome.sent++
    } catch (error) {
      logger.error({ err: error, notification: row.id }, 'insights report mail failed')
      await settle(row.id, 'failed', (error as Error).message ?? 'The mail could not be sent.')
      outcome.failed++
    }
  }
  return outcome
}

/**
 * The team through which each reader sees the report: their current team when it is in the
 * audience, otherwise the first of their audience teams by name. Readers not in the audience
 * are left out.
 */
async function readerTeams(report: ReportAudienceRef, userIds: number[]) {
  const teams = new Map<number, { id: number; name: string }>()
  for (let start = 0; start < userIds.length; start += 500) {
    const rows = await db
      .from('team_user as tu')
      .join('teams as t', 't.id', 'tu.team_id')
      .join('users as u', 'u.id', 'tu.user_id')
      .whereIn('tu.team_id', audienceTeams(report))
      .whereIn('tu.user_id', userIds.slice(start, start + 500))
      .orderBy('t.name')
      .orderBy('t.id')
      .select('tu.user_id', 't.id', 't.name', 'u.current_team_id')
    for (const row of rows) {
      const userId = Number(row.user_id)
      const current = row.current_team_id !== null && Number(row.current_team_id) === Number(row.id)
      if (!teams.has(userId) || current) {
        teams.set(userId, { id: Number(row.id), name: row.name as string })
      }
    }
  }
  return teams
}

/** The readers mailed about an earlier version of the report. */
async function toldOfEarlierVersion(reportId: number, version: number, userIds: number[]) {
  const told = new Set<number>()
  for (let start = 0; start < userIds.length; start += 500) {
    const rows = await db
      .from('insights_report_notifications')
      .where('insights_report_id', reportId)
      .where('version', '<', version)
      .where('status', 'sent')
      .whereIn('user_id', userIds.slice(start, start + 500))
      .distinct('user_id')
    for (const row of rows) told.add(Number(row.user_id))
  }
  return told
}
