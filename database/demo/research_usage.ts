import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import * as clock from '#services/calendar/clock'
import { Random } from '#database/generate/random'
import { NORTHBRIDGE, PACIFIC_CREST } from '#database/demo/research_spend'
import { researchCalendar } from '#database/demo/research_insights'
import { readableDocuments } from '#services/research/access'
import { whereMatches } from '#services/research/search'
import { digestWeek } from '#services/research/digest'
import { parseSearch } from '#shared/research_search'

/*
 * How the demo's Research Insights teams used the research over its last 12 weeks, for the
 * research discovery analytics: their other members' reads, the searches they ran (each with
 * the number of documents the product's search finds for the team among those published before
 * it), the weekly digests sent to the subscribed members and the links they followed. The
 * analyst's own reads, stars and bookmarks are seeded with the documents. Deterministic: the
 * same day gives the same rows.
 */

const DAY_MS = 86_400_000
const WEEKS = 12

/** What the teams search for: most find research, a few find nothing (nothing covers them). */
const TERMS = [
  'inflation',
  'tariffs',
  'oil supply',
  'ECB',
  'credit spreads',
  'semiconductors',
  'China property',
  'yield curve',
  'AI power demand',
  'emerging markets',
  'gold',
  'lithium',
  'quantum computing',
  'catastrophe bonds',
  'cocoa futures',
  'inflaton',
]

export interface ResearchUsageSummary {
  reads: number
  searches: number
  digests: number
  clicks: number
}

export async function seedResearchUsage(
  today: DateTime = clock.now()
): Promise<ResearchUsageSummary | null> {
  const existing = await db.from('research_searches').count('* as total').first()
  if (Number(existing?.total ?? 0) > 0) return null
  const calendar = researchCalendar(today)
  const end = calendar.end
  const start = end - WEEKS * 7 * DAY_MS
  const format = db.connection().dialect.dateTimeFormat
  const sqlTime = (ms: number) => DateTime.fromMillis(ms, { zone: 'utc' }).toFormat(format)
  const random = new Random('research-usage:demo')

  const teams = await db
    .from('teams')
    .whereIn('name', [NORTHBRIDGE, PACIFIC_CREST])
    .orderBy('id')
    .select('id', 'name')
  const analyst = await db.from('users').where('email', 'analyst@example.com').select('id').first()
  const summary: ResearchUsageSummary = { reads: 0, searches: 0, digests: 0, clicks: 0 }

  const reads: Record<string, unknown>[] = []
  const searches: Record<string, unknown>[] = []
  const runs: Record<string, unknown>[] = []
  const clicks: Record<string, unknown>[] = []
  const subscribed = new Set<number>()

  // Read first (the search counts use the product's search), then written in one transaction.
  for (const team of teams) {
    const members = await db
      .from('team_user as tu')
      .join('users as u', 'u.id', 'tu.user_id')
      .where('tu.team_id', team.id)
      .whereNull('u.disabled_at')
      .orderBy('u.id')
      .select('u.id', 'u.email_verified_at')
    // The documents of the weeks the team may read, oldest first.
    const readable = await readableDocuments(Number(team.id))
      .where('d.published_at', '>=', sqlTime(start))
      .where('d.published_at', '<', sqlTime(end))
      .orderBy('d.published_at')
      .orderBy('d.id')
      .select('d.id', 'd.published_at')
    const documents = readable.map((row) => ({
      id: Number(row.id),
      at: DateTime.fromSQL(String(row.published_at), { zone: 'utc' }).isValid
        ? DateTime.fromSQL(String(row.published_at), { zone: 'utc' }).toMillis()
        : new Date(row.published_at).getTime(),
    }))
    if (!documents.length) continue

    for (const member of members) {
      const userId = Number(member.id)
      // The analyst's reads come with the documents (research_insights.ts).
      if (userId !== Number(analyst?.id)) {
        for (const document of random.sample(documents, random.int(4, 18))) {
          const opened = document.at + Math.round(random.between(0.05, 6) * DAY_MS)
          if (opened >= end) continue
          reads.push({
            user_id: userId,
            team_id: team.id,
            document_id: document.id,
            channel: 'web',
            opened_at: sqlTime(opened),
          })
        }
      }
      for (let index = random.int(4, 12); index > 0; index--) {
        const at = start + Math.round(random.between(0, WEEKS * 7 - 0.1) * DAY_MS)
        const term = random.pick(TERMS)
        const found = await whereMatches(
          readableDocuments(Number(team.id)).where('d.published_at', '<', sqlTime(at)),
          parseSearch(term)!
        )
          .count('* as total')
          .first()
        searches.push({
          user_id: userId,
          team_id: team.id,
          term,
          result_count: Number(found?.total ?? 0),
          searched_at: sqlTime(at),
        })
      }

      // The weekly digest, to the members with a verified address (who subscribe to it).
      // One digest a week per person, whatever the number of their teams.
      if (!member.email_verified_at || subscribed.has(userId)) continue
      subscribed.add(userId)
      for (let week = WEEKS - 1; week >= 0; week--) {
        const monday = DateTime.fromMillis(end, { zone: 'utc' })
          .startOf('week')
          .minus({ weeks: week })
        const sent = monday.plus({ hours: 7 }).toMillis()
        if (sent >= end) continue
        const key = digestWeek(monday).key
        runs.push({
          user_id: userId,
          week: key,
          sent_at: sqlTime(sent),
          suppressed_reason: null,
          created_at: sqlTime(sent),
        })
        if (!random.chance(0.45)) continue
        for (let click = random.int(1, 3); click > 0; click--) {
          const at = sent + Math.round(random.between(0.5, 48) * 3_600_000)
          if (at >= end) continue
          const weekDocuments = documents.filter(
            (document) => document.at < sent && document.at >= sent - 7 * DAY_MS
          )
          const target =
            weekDocuments.length && random.chance(0.5)
              ? 'document'
              : random.chance(0.5)
                ? 'theme'
                : 'trending'
          const document = target === 'document' ? random.pick(weekDocuments) : null
          clicks.push({
            user_id: userId,
            week: key,
            target,
            document_id: document?.id ?? null,
            clicked_at: sqlTime(at),
          })
          if (document) {
            reads.push({
              user_id: userId,
              team_id: team.id,
              document_id: document.id,
              channel: 'digest',
              opened_at: sqlTime(at),
            })
          }
        }
      }
    }
  }

  return db.transaction(async (trx) => {
    for (const [table, rows] of [
      ['research_read_events', reads],
      ['research_searches', searches],
      ['research_digest_runs', runs],
      ['research_digest_clicks', clicks],
    ] as const) {
      for (let index = 0; index < rows.length; index += 500) {
        await trx.table(table).multiInsert(rows.slice(index, index + 500))
      }
    }
    for (const userId of subscribed) {
      await trx
        .table('email_subscriptions')
        .insert({
          user_id: userId,
          subscription: 'weekly_digest',
          created_at: sqlTime(start),
        })
        .onConflict(['user_id', 'subscription'])
        .ignore()
    }
    summary.reads = reads.length
    summary.searches = searches.length
    summary.digests = runs.length
    summary.clicks = clicks.length
    return summary
  })
}
