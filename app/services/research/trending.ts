import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { TRENDING_MIN_PROVIDERS, TRENDING_WINDOW_DAYS } from '#shared/research'
import { rankThemes, type TaggedDocument } from '#services/research/trending_score'
import { insertReturningId } from '#services/db/insert'
import type { PublishedPlace } from '#services/research/trending_overrides'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Trending-theme snapshots: the themes of the published documents of a trailing week, ranked
 * by the provider-damped score (trending_score.ts) and stored with their movement against the
 * snapshot a week earlier. Run daily by the TrendingThemesJob and by `research:trending`.
 *
 * Clients see a week once it is published (`research_trending_publications`). A week no editor
 * has touched (no override stored for it, not published by an editor) is published as computed
 * in the same transaction, as before the editors had a say; a week an editor has worked on keeps
 * its publication (or its absence) when it is recomputed: the editor publishes it again.
 */

export interface SnapshotOutcome {
  periodStart: DateTime
  periodEnd: DateTime
  documentCount: number
  rankedCount: number
  /** Null when nothing was stored (no theme had enough providers): the previous ranking stays. */
  snapshotId: number | null
}

const sqlTime = (time: DateTime) => time.toUTC().toFormat(db.connection().dialect.dateTimeFormat)

/** The week that ends at the start of the given day (UTC). */
export function trailingWeek(day: DateTime) {
  const periodEnd = day.toUTC().startOf('day')
  return { periodStart: periodEnd.minus({ days: TRENDING_WINDOW_DAYS }), periodEnd }
}

export async function computeTrendingSnapshot(day: DateTime): Promise<SnapshotOutcome> {
  const { periodStart, periodEnd } = trailingWeek(day)
  const rows = await db
    .from('research_document_themes as dt')
    .join('research_documents as d', 'd.id', 'dt.document_id')
    .where('d.status', 'published')
    .where('d.published_at', '>=', sqlTime(periodStart))
    .where('d.published_at', '<', sqlTime(periodEnd))
    .select('dt.document_id', 'd.provider_id', 'dt.theme_id', 'dt.relevance')
  const tagged: TaggedDocument[] = rows.map((row) => ({
    documentId: Number(row.document_id),
    providerId: Number(row.provider_id),
    themeId: Number(row.theme_id),
    relevance: Number(row.relevance),
  }))
  const documentCount = new Set(tagged.map((entry) => entry.documentId)).size

  const previous = await previousSnapshot(periodEnd)
  const previousRanks = new Map<number, number>()
  if (previous) {
    const entries = await db
      .from('research_trending_entries')
      .where('snapshot_id', previous.id)
      .whereNotNull('rank')
      .select('theme_id', 'rank')
    for (const entry of entries) previousRanks.set(Number(entry.theme_id), Number(entry.rank))
  }

  const scores = rankThemes(tagged, { minProviders: TRENDING_MIN_PROVIDERS, previousRanks })
  const rankedCount = scores.filter((entry) => entry.rank !== null).length
  if (rankedCount === 0) {
    return { periodStart, periodEnd, documentCount, rankedCount, snapshotId: null }
  }

  const snapshotId = await db.transaction(async (trx) => {
    await trx.from('research_trending_snapshots').where('period_end', sqlTime(periodEnd)).delete()
    const id = await insertReturningId(trx, 'research_trending_snapshots', {
      period_start: sqlTime(periodStart),
      period_end: sqlTime(periodEnd),
      document_count: documentCount,
      computed_at: sqlTime(DateTime.utc()),
    })
    for (let index = 0; index < scores.length; index += 500) {
      await trx.table('research_trending_entries').multiInsert(
        scores.slice(index, index + 500).map((entry) => ({
          snapshot_id: id,
          theme_id: entry.themeId,
          rank: entry.rank,
          score: entry.score,
          document_count: entry.documentCount,
          provider_count: entry.providerCount,
          previous_rank: entry.previousRank,
        }))
      )
    }
    const touched =
      (await trx
        .from('research_trending_overrides')
        .where('period_end', sqlTime(periodEnd))
        .select('id')
        .first()) ||
      (await trx
        .from('research_trending_publications')
        .where('period_end', sqlTime(periodEnd))
        .whereNotNull('user_id')
        .select('period_end')
        .first())
    if (!touched) {
      const places = scores
        .filter((entry) => entry.rank !== null)
        .map((entry) => ({ themeId: entry.themeId, rank: entry.rank!, editorsPick: false }))
      await publishRanking(trx, periodEnd, places, { userId: null, overrideCount: 0 })
    }
    return id
  })
  return { periodStart, periodEnd, documentCount, rankedCount, snapshotId }
}

/**
 * Publishes a week: the ranking clients see from now on (`places`: hidden themes left out),
 * replacing any earlier publication of the same week. `userId` null: the ranking job.
 */
export async function publishRanking(
  trx: TransactionClientContract,
  periodEnd: DateTime,
  places: PublishedPlace[],
  by: { userId: number | null; overrideCount: number }
) {
  const end = sqlTime(periodEnd)
  await trx.from('research_trending_published_ranks').where('period_end', end).delete()
  await trx.from('research_trending_publications').where('period_end', end).delete()
  await trx.table('research_trending_publications').insert({
    period_end: end,
    published_at: sqlTime(DateTime.utc()),
    user_id: by.userId,
    override_count: by.overrideCount,
  })
  for (let index = 0; index < places.length; index += 500) {
    await trx.table('research_trending_published_ranks').multiInsert(
      places.slice(index, index + 500).map((place) => ({
        period_end: end,
        theme_id: place.themeId,
        rank: place.rank,
        editors_pick: place.editorsPick,
      }))
    )
  }
}

/** The snapshot a week before (or, missing, the latest one before the period's end). */
async function previousSnapshot(periodEnd: DateTime) {
  const weekBefore = await db
    .from('research_trending_snapshots')
    .where('period_end', sqlTime(periodEnd.minus({ days: TRENDING_WINDOW_DAYS })))
    .select('id')
    .first()
  if (weekBefore) return weekBefore as { id: number }
  return (await db
    .from('research_trending_snapshots')
    .where('period_end', '<', sqlTime(periodEnd))
    .orderBy('period_end', 'desc')
    .select('id')
    .first()) as { id: number } | null
}

/** Weekly snapshots: the `weeks` trailing weeks ending at the start of `day` and every 7 days before, oldest first. */
export async function backfillWeeklySnapshots(day: DateTime, weeks: number) {
  const outcomes: SnapshotOutcome[] = []
  const lastEnd = trailingWeek(day).periodEnd
  for (let index = weeks - 1; index >= 0; index--) {
    outcomes.push(await computeTrendingSnapshot(lastEnd.minus({ weeks: index })))
  }
  return outcomes
}
