import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { DateTime } from 'luxon'
import { appUrl } from '#config/app'
import { MODULES } from '#shared/modules'
import { movementLabel, movementOf, TRENDING_WINDOW_DAYS } from '#shared/research'
import { whereReadableBy } from '#services/research/access'
import { isoTime } from '#services/research/documents'
import { unsubscribeUrl } from '#services/auth/signed_links'
import { insertReturningId } from '#services/db/insert'
import {
  documentTeams,
  linkForTeam,
  readerTeams,
  type ReaderTeam,
} from '#services/research/digest_links'
import { DIGEST_WEEK_PARAM } from '#services/research/usage'
import WeeklyDigestMail, { type WeeklyDigestContent } from '#mails/weekly_digest_mail'

/**
 * The weekly research digest: for each active user with a verified email who subscribed to it
 * (Settings → email subscriptions) and belongs to a team with Research Insights, the week's top
 * five trending themes with their movement and up to ten new documents in the user's starred
 * themes that one of their teams may read. Nothing to say (no ranking computed for the week and
 * no new document): no mail. One mail per user and ISO week however often it runs: the week is
 * claimed in `research_digest_runs` before the mail is sent, released if sending fails. Every
 * link names the digest's week (`digest=`): following one is recorded as the digest's click.
 */

export const DIGEST_SUBSCRIPTION = 'weekly_digest'
export const DIGEST_TOP_THEMES = 5
export const DIGEST_MAX_DOCUMENTS = 10

const sqlTime = (time: DateTime) => time.toUTC().toFormat(db.connection().dialect.dateTimeFormat)
const toDateTime = (value: unknown) =>
  value instanceof Date
    ? DateTime.fromJSDate(value, { zone: 'utc' })
    : DateTime.fromSQL(String(value), { zone: 'utc' })

export interface DigestRecipient {
  id: number
  name: string
  email: string
  teamIds: number[]
}

/** The week a digest covers: the 7 days before the start of `asOf` (UTC), and its ISO week. */
export function digestWeek(asOf: DateTime) {
  const end = asOf.toUTC().startOf('day')
  const start = end.minus({ days: TRENDING_WINDOW_DAYS })
  return { start, end, key: end.toFormat("kkkk-'W'WW") }
}

/** Who receives the digest (optionally one email): subscribed, verified, active, with a team. */
export async function digestRecipients(email?: string): Promise<DigestRecipient[]> {
  const query = db
    .from('users as u')
    .join('email_subscriptions as s', 's.user_id', 'u.id')
    .join('team_user as tu', 'tu.user_id', 'u.id')
    .join('team_modules as tm', 'tm.team_id', 'tu.team_id')
    .join('modules as m', 'm.id', 'tm.module_id')
    .where('s.subscription', DIGEST_SUBSCRIPTION)
    .whereNotNull('u.email_verified_at')
    .whereNull('u.disabled_at')
    .where('m.internal_name', MODULES.trendingThemes)
    .orderBy('u.id')
    .select('u.id', 'u.name', 'u.email', 'tu.team_id')
  if (email) query.where('u.email', email.trim().toLowerCase())
  const byUser = new Map<number, DigestRecipient>()
  for (const row of await query) {
    const id = Number(row.id)
    const entry = byUser.get(id)
    if (entry) entry.teamIds.push(Number(row.team_id))
    else byUser.set(id, { id, name: row.name, email: row.email, teamIds: [Number(row.team_id)] })
  }
  return [...byUser.values()]
}

/**
 * The week's ranking as published to clients, when one was published for it (its period ends
 * within the week): the editors' order, hidden themes left out.
 */
async function weekTrending(week: ReturnType<typeof digestWeek>) {
  const snapshot = await db
    .from('research_trending_snapshots as s')
    .join('research_trending_publications as p', 'p.period_end', 's.period_end')
    .where('s.period_end', '>', sqlTime(week.start))
    .where('s.period_end', '<=', sqlTime(week.end))
    .orderBy('s.period_end', 'desc')
    .select('s.id', 's.period_start', 's.period_end')
    .first()
  if (!snapshot) return []
  const periodStart = toDateTime(snapshot.period_start)
  const periodEnd = toDateTime(snapshot.period_end)
  const rows = await db
    .from('research_trending_published_ranks as r')
    .join('research_trending_entries as e', (join) => {
      join.on('e.theme_id', 'r.theme_id').andOnVal('e.snapshot_id', Number(snapshot.id))
    })
    .join('research_themes as t', 't.id', 'r.theme_id')
    .where('r.period_end', sqlTime(periodEnd))
    .where('r.rank', '<=', DIGEST_TOP_THEMES)
    .orderBy('r.rank')
    .select(
      'e.theme_id',
      'r.rank',
      'r.editors_pick',
      'e.previous_rank',
      'e.document_count',
      'e.provider_count',
      't.name'
    )
  return rows.map((row) => {
    const movement = movementOf(
      Number(row.rank),
      row.previous_rank === null ? null : Number(row.previous_rank)
    )
    return {
      rank: Number(row.rank),
      name: row.name as string,
      movement: movementLabel(movement),
      documentCount: Number(row.document_count),
      providerCount: Number(row.provider_count),
      editorsPick: Boolean(row.editors_pick),
      // The theme's research of the week ranked (not its whole history).
      url: urlFor(
        'allResearch',
        {},
        {
          qs: {
            themeIds: row.theme_id,
            startDate: periodStart.toISODate(),
            endDate: periodEnd.minus({ days: 1 }).toISODate(),
            [DIGEST_WEEK_PARAM]: week.key,
          },
          prefixUrl: appUrl,
        }
      ),
    }
  })
}

/**
 * New documents of the week in the user's starred themes that one of their teams may read, each
 * linked for a team that may read it (named when the reader has several).
 */
async function starredDocuments(
  recipient: DigestRecipient,
  week: ReturnType<typeof digestWeek>,
  teams: ReaderTeam[]
) {
  const rows = await whereReadableBy(
    db
      .from('research_documents as d')
      .join('providers as p', 'p.id', 'd.provider_id')
      .whereExists((sub) =>
        sub
          .from('research_document_themes as dt')
          .join('research_starred_themes as st', 'st.theme_id', 'dt.theme_id')
          .whereColumn('dt.document_id', 'd.id')
          .where('st.user_id', recipient.id)
      )
      .where('d.published_at', '>=', sqlTime(week.start))
      .where('d.published_at', '<', sqlTime(week.end)),
    recipient.teamIds
  )
    .orderBy('d.published_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(DIGEST_MAX_DOCUMENTS)
    .select('d.id', 'd.title', 'd.published_at', 'p.name as provider_name')
  const teamOf = await documentTeams(
    rows.map((row) => Number(row.id)),
    teams
  )
  return rows.map((row) => {
    const team = teamOf.get(Number(row.id)) ?? teams[0]
    const url = urlFor(
      'readArticlePdf',
      { id: row.id },
      { qs: { from: 'digest', [DIGEST_WEEK_PARAM]: week.key }, prefixUrl: appUrl }
    )
    return {
      title: row.title as string,
      provider: row.provider_name as string,
      date: toDateTime(row.published_at).toFormat('d LLL yyyy'),
      publishedAt: isoTime(row.published_at),
      url: team ? linkForTeam(url, team.id) : url,
      team: team && teams.length > 1 ? team.name : null,
    }
  })
}

export async function digestFor(
  recipient: DigestRecipient,
  asOf: DateTime,
  trending?: WeeklyDigestContent['trending']
): Promise<WeeklyDigestContent | null> {
  const week = digestWeek(asOf)
  const teams = await readerTeams(recipient.id, recipient.teamIds)
  const themes = trending ?? (await weekTrending(week))
  const documents = await starredDocuments(recipient, week, teams)
  if (!themes.length && !documents.length) return null
  // Theme links open in the reader's current team when it has Research Insights, else in
  // their first team that has it.
  const forTeam = (url: string) => (teams[0] ? linkForTeam(url, teams[0].id) : url)
  return {
    weekLabel: `${week.start.toFormat('d LLL')} – ${week.end.minus({ days: 1 }).toFormat('d LLL yyyy')}`,
    trending: themes.map((theme) => ({ ...theme, url: forTeam(theme.url) })),
    documents,
    trendingUrl: forTeam(
      urlFor('trendingThemes', {}, { qs: { [DIGEST_WEEK_PARAM]: week.key }, prefixUrl: appUrl })
    ),
    settingsUrl: `${appUrl}/user/profile`,
    unsubscribeUrl: unsubscribeUrl({ id: recipient.id }, DIGEST_SUBSCRIPTION),
  }
}

export interface DigestOutcome {
  email: string
  outcome: 'sent' | 'skipped_empty' | 'already_sent' | 'would_send'
  themes: number
  documents: number
}

/**
 * Sends the digest of the week before `asOf` to every recipient (or the one asked for). A dry
 * run builds each mail and reports it without sending or recording anything.
 */
export async function sendWeeklyDigests(options: {
  asOf: DateTime
  dryRun?: boolean
  email?: string
}): Promise<DigestOutcome[]> {
  const week = digestWeek(options.asOf)
  const recipients = await digestRecipients(options.email)
  const trending = await weekTrending(week)
  const outcomes: DigestOutcome[] = []
  for (const recipient of recipients) {
    const content = await digestFor(recipient, options.asOf, trending)
    const counts = {
      themes: content?.trending.length ?? 0,
      documents: content?.documents.length ?? 0,
    }
    if (options.dryRun) {
      outcomes.push({
        email: recipient.email,
        outcome: content ? 'would_send' : 'skipped_empty',
        ...counts,
      })
      continue
    }
    const runId = await claimWeek(recipient.id, week.key, content ? null : 'empty')
    if (runId === null) {
      outcomes.push({ email: recipient.email, outcome: 'already_sent', ...counts })
      continue
    }
    if (!content) {
      outcomes.push({ email: recipient.email, outcome: 'skipped_empty', ...counts })
      continue
    }
    try {
      await mail.send(
        new WeeklyDigestMail({ to: { email: recipient.email, name: recipient.name }, ...content })
      )
      await db
        .from('research_digest_runs')
        .where('id', runId)
        .update({ sent_at: sqlTime(DateTime.utc()) })
      outcomes.push({ email: recipient.email, outcome: 'sent', ...counts })
    } catch (error) {
      await db.from('research_digest_runs').where('id', runId).delete()
      throw error
    }
  }
  return outcomes
}

/**
 * Takes the user's digest of the week: the run's id, or null when it was already taken (by an
 * earlier run, or by another worker at the same moment: the unique user and week refuse it).
 */
async function claimWeek(userId: number, week: string, suppressedReason: string | null) {
  const taken = await db.from('research_digest_runs').where({ user_id: userId, week }).first()
  if (taken) return null
  try {
    return await insertReturningId(db, 'research_digest_runs', {
      user_id: userId,
      week,
      sent_at: null,
      suppressed_reason: suppressedReason,
      created_at: sqlTime(DateTime.utc()),
    })
  } catch (error) {
    const again = await db.from('research_digest_runs').where({ user_id: userId, week }).first()
    if (again) return null
    throw error
  }
}
