import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import {
  HEATMAP_THEMES,
  HEATMAP_WEEKS,
  TRENDING_HISTORY_WEEKS,
  TRENDING_LIST_SIZE,
  TRENDING_WINDOW_DAYS,
  movementOf,
} from '#shared/research'
import type { HeatmapView, TrendingResponse, TrendingThemeView } from '#shared/research_views'
import { whereReadableBy } from '#services/research/access'
import { isoTime, providerChip, type Viewer } from '#services/research/documents'
import { figures } from '#services/cache/figures'
import { createHash } from 'node:crypto'

/**
 * What the trending page and `GET /api/trending-themes` show: the latest snapshot's top themes
 * with their movement, the document counts of the weeks before (sparklines, heat map), the
 * newest documents the team may read on each, and — spend-aware — how many of the providers
 * the team pays wrote on each that week. Five queries whatever the number of documents.
 */

const sqlTime = (time: DateTime) => time.toUTC().toFormat(db.connection().dialect.dateTimeFormat)
const toDateTime = (value: unknown) =>
  value instanceof Date
    ? DateTime.fromJSDate(value, { zone: 'utc' })
    : DateTime.fromSQL(String(value), { zone: 'utc' })

/**
 * The documents of a week with their themes, the week's documents read first (by date): SQLite
 * would otherwise start from every document of the themes. PostgreSQL plans it well itself.
 */
function themesOfDocuments() {
  const query = db.from('research_documents as d')
  const join = query.client.dialect.name === 'postgres' ? 'join' : 'cross join'
  return query.joinRaw(`${join} research_document_themes as dt on dt.document_id = d.id`)
}

/**
 * The latest published snapshot and the weekly ones before it (ending 7, 14… days earlier; a missing week
 * is null), in one statement: snapshots are daily at most, so the weeks wanted are among the
 * last 7 × weeks.
 */
async function recentSnapshots(weeks: number) {
  // Published weeks only: clients keep seeing the last published one until an editor publishes
  // the next (trending.ts, admin/ranking.ts).
  const rows = await db
    .from('research_trending_snapshots as s')
    .join('research_trending_publications as p', 'p.period_end', 's.period_end')
    .orderBy('s.period_end', 'desc')
    .limit(weeks * 7)
    .select('s.id', 's.period_start', 's.period_end', 's.computed_at')
  if (!rows.length) return null
  const latest = {
    id: Number(rows[0].id),
    periodStart: toDateTime(rows[0].period_start),
    periodEnd: toDateTime(rows[0].period_end),
    computedAt: toDateTime(rows[0].computed_at),
  }
  const byEnd = new Map(rows.map((row) => [toDateTime(row.period_end).toMillis(), Number(row.id)]))
  const weekly = Array.from({ length: weeks }, (_, index) => {
    const end = latest.periodEnd.minus({ weeks: weeks - 1 - index })
    return { end, id: byEnd.get(end.toMillis()) ?? null }
  })
  return { latest, weekly }
}

/**
 * A ranking is computed every day for the week before: one whose week ended more than this many
 * days ago is out of date (no ranking computed since, or no theme with enough providers), and
 * the page says so.
 */
export const TRENDING_STALE_AFTER_DAYS = 7

/** Whether the ranking's week ended longer ago than a daily ranking allows. */
export function isStale(period: TrendingResponse['period'], now: DateTime = DateTime.utc()) {
  if (!period) return false
  const end = DateTime.fromISO(period.end, { zone: 'utc' })
  return end < now.startOf('day').minus({ days: TRENDING_STALE_AFTER_DAYS })
}

type TrendingView = { response: TrendingResponse; heatmap: HeatmapView }

/**
 * The page for the viewer: what the team sees is kept in the cache under the research
 * catalogue's version (documents, themes, entitlements, snapshots: replaced by the database on
 * every write) and the providers the team pays; only the user's stars are read per request.
 */
export async function trendingThemes(viewer: Viewer): Promise<TrendingView> {
  const version = await viewer.researchVersion()
  const paid = viewer.paidProviders ? [...viewer.paidProviders].sort((a, b) => a - b) : null
  const team = version
    ? await figures('research').getOrSet({
        key: [
          'trending',
          version,
          viewer.teamId,
          paid ? createHash('sha1').update(paid.join(',')).digest('hex') : 'no-spend',
        ].join(':'),
        ttl: '10m',
        factory: () => teamTrending(viewer),
      })
    : await teamTrending(viewer)
  const themeIds = team.response.trendingThemes.map((theme) => theme.theme_id)
  const stars = themeIds.length
    ? await db
        .from('research_starred_themes')
        .where('user_id', viewer.userId)
        .whereIn('theme_id', themeIds)
        .select('theme_id')
    : []
  const starred = new Set(stars.map((row) => Number(row.theme_id)))
  return {
    response: {
      ...team.response,
      isStale: isStale(team.response.period),
      trendingThemes: team.response.trendingThemes.map((theme) => ({
        ...theme,
        is_starred: starred.has(theme.theme_id),
      })),
    },
    heatmap: team.heatmap,
  }
}

/** What every member of the team sees (stars left unset). */
async function teamTrending(viewer: Viewer): Promise<TrendingView> {
  const recent = await recentSnapshots(Math.max(HEATMAP_WEEKS, TRENDING_HISTORY_WEEKS))
  if (!recent) {
    return {
      response: { trendingThemes: [], updatedAt: null, period: null, isStale: false },
      heatmap: { weeks: [], themes: [], cells: [] },
    }
  }
  const { latest: snapshot, weekly: weeks } = recent
  const top = await publishedRanking(snapshot)
    .join('research_theme_groups as g', 'g.id', 't.group_id')
    .where('r.rank', '<=', Math.max(TRENDING_LIST_SIZE, HEATMAP_THEMES))
    .select(
      'e.theme_id',
      'r.rank',
      'r.editors_pick',
      'e.score',
      'e.document_count',
      'e.provider_count',
      'e.previous_rank',
      't.name',
      'g.name as group_name'
    )
  const themeIds = top.map((row) => Number(row.theme_id))
  const listed = top.filter((row) => Number(row.rank) <= TRENDING_LIST_SIZE)
  const listedIds = listed.map((row) => Number(row.theme_id))

  const [readable, related, paid] = await Promise.all([
    readableCounts(
      viewer.teamId,
      themeIds,
      weeks.map((week) => week.end)
    ),
    relatedDocuments(viewer, listedIds, snapshot.periodStart, snapshot.periodEnd),
    viewer.paidProviders && viewer.paidProviders.size && listedIds.length
      ? themesOfDocuments()
          .where('d.status', 'published')
          .whereIn('dt.theme_id', listedIds)
          .whereIn('d.provider_id', [...viewer.paidProviders])
          .where('d.published_at', '>=', sqlTime(snapshot.periodStart))
          .where('d.published_at', '<', sqlTime(snapshot.periodEnd))
          .groupBy('dt.theme_id')
          .select('dt.theme_id', db.raw('count(distinct d.provider_id) as providers'))
      : Promise.resolve([]),
  ])

  const latestWeek = weeks.length - 1
  const countIn = (weekIndex: number, themeId: number) =>
    readable.get(`${weekIndex}:${themeId}`)?.documents ?? 0
  const paidCounts = new Map(paid.map((row) => [Number(row.theme_id), Number(row.providers)]))
  const sparkFrom = weeks.length - Math.min(weeks.length, TRENDING_HISTORY_WEEKS)

  const trending: TrendingThemeView[] = listed.map((row) => {
    const themeId = Number(row.theme_id)
    return {
      theme: row.name,
      theme_id: themeId,
      is_starred: false,
      group: row.group_name,
      rank: Number(row.rank),
      score: Number(row.score),
      documentCount: countIn(latestWeek, themeId),
      providerCount: readable.get(`${latestWeek}:${themeId}`)?.providers ?? 0,
      movement: movementOf(
        Number(row.rank),
        row.previous_rank === null ? null : Number(row.previous_rank)
      ),
      sparkline: weeks.slice(sparkFrom).map((_, index) => countIn(sparkFrom + index, themeId)),
      relatedDocuments: related.get(themeId) ?? [],
      paidProviderCount: viewer.paidProviders ? (paidCounts.get(themeId) ?? 0) : null,
      editorsPick: Boolean(row.editors_pick),
    }
  })

  const heatFrom = weeks.length - Math.min(weeks.length, HEATMAP_WEEKS)
  const heatWeeks = weeks.slice(heatFrom)
  const heatThemes = top.slice(0, HEATMAP_THEMES)
  const cells: [number, number, number][] = []
  heatWeeks.forEach((_, weekIndex) => {
    heatThemes.forEach((row, themeIndex) => {
      const value = countIn(heatFrom + weekIndex, Number(row.theme_id))
      if (value > 0) cells.push([weekIndex, themeIndex, value])
    })
  })

  return {
    response: {
      trendingThemes: trending,
      updatedAt: snapshot.computedAt.toISO(),
      period: { start: snapshot.periodStart.toISO()!, end: snapshot.periodEnd.toISO()! },
      isStale: false,
    },
    heatmap: {
      weeks: heatWeeks.map((week) => ({
        start: week.end.minus({ days: 7 }).toISODate()!,
        end: week.end.minus({ days: 1 }).toISODate()!,
      })),
      themes: heatThemes.map((row) => ({ id: Number(row.theme_id), name: row.name })),
      cells,
    },
  }
}

/**
 * The documents the team may read on each theme in each week (`ends`: the weeks' exclusive
 * ends, oldest first, 7 days apart), and their distinct providers: what the cards, sparklines and
 * heat map count. The ranking itself is the market's; these counts never include research the
 * team cannot open (nor tell it that some exists). Keyed `week index:theme id`.
 */
async function readableCounts(teamId: number, themeIds: number[], ends: DateTime[]) {
  const counts = new Map<string, { documents: number; providers: number }>()
  if (!themeIds.length || !ends.length) return counts
  const from = ends[0].minus({ days: TRENDING_WINDOW_DAYS })
  // The week of each document: the first end after it (a CASE both databases read alike).
  const week = `case ${ends.map((_, index) => `when d.published_at < ? then ${index}`).join(' ')} end`
  const tagged = whereReadableBy(
    themesOfDocuments()
      .whereIn('dt.theme_id', themeIds)
      .where('d.published_at', '>=', sqlTime(from))
      .where('d.published_at', '<', sqlTime(ends[ends.length - 1])),
    teamId
  ).select('dt.theme_id', 'd.provider_id', db.raw(`${week} as week_index`, ends.map(sqlTime)))
  const rows = await db
    .from(tagged.as('tagged'))
    .groupBy('theme_id', 'week_index')
    .select(
      'theme_id',
      'week_index',
      db.raw('count(*) as documents'),
      db.raw('count(distinct provider_id) as providers')
    )
  for (const row of rows) {
    counts.set(`${row.week_index}:${row.theme_id}`, {
      documents: Number(row.documents),
      providers: Number(row.providers),
    })
  }
  return counts
}

/** Up to three documents the team may read per theme in the week: most relevant, then newest. */
async function relatedDocuments(viewer: Viewer, themeIds: number[], from: DateTime, to: DateTime) {
  const related = new Map<number, TrendingThemeView['relatedDocuments']>()
  if (!themeIds.length) return related
  const ranked = whereReadableBy(
    themesOfDocuments()
      .join('providers as p', 'p.id', 'd.provider_id')
      .whereIn('dt.theme_id', themeIds)
      .where('d.published_at', '>=', sqlTime(from))
      .where('d.published_at', '<', sqlTime(to)),
    viewer.teamId
  ).select(
    'dt.theme_id',
    'd.id',
    'd.title',
    'd.published_at',
    'd.provider_id',
    'p.provider_key',
    'p.name as provider_name',
    'p.research_provider_type',
    db.raw(
      'row_number() over (partition by dt.theme_id order by dt.is_primary desc, dt.relevance desc, d.published_at desc, d.id desc) as position'
    )
  )
  const rows = await db.from(ranked.as('ranked')).where('position', '<=', 3).orderBy('position')
  for (const row of rows) {
    const themeId = Number(row.theme_id)
    const list = related.get(themeId) ?? []
    list.push({
      id: Number(row.id),
      title: row.title,
      published_date: isoTime(row.published_at),
      provider: providerChip(row, viewer.paidProviders),
    })
    related.set(themeId, list)
  }
  return related
}

/**
 * The ranking clients see for a published week (`r`: its places, hidden themes left out), with
 * the computed figures of each theme (`e`) and the theme (`t`), in published order.
 */
function publishedRanking(snapshot: { id: number; periodEnd: DateTime }) {
  return db
    .from('research_trending_published_ranks as r')
    .join('research_trending_entries as e', (join) => {
      join.on('e.theme_id', 'r.theme_id').andOnVal('e.snapshot_id', snapshot.id)
    })
    .join('research_themes as t', 't.id', 'r.theme_id')
    .where('r.period_end', sqlTime(snapshot.periodEnd))
    .orderBy('r.rank')
}

/** `GET /api/trending-themes/movements`: every theme of the latest published ranking. */
export async function trendingMovements() {
  const recent = await recentSnapshots(1)
  if (!recent) return { movements: [], updatedAt: null }
  const snapshot = recent.latest
  const rows = await publishedRanking(snapshot).select(
    'e.theme_id',
    'r.rank',
    'e.previous_rank',
    'e.score',
    't.name'
  )
  return {
    movements: rows.map((row) => ({
      theme_id: Number(row.theme_id),
      theme: row.name as string,
      rank: Number(row.rank),
      previousRank: row.previous_rank === null ? null : Number(row.previous_rank),
      score: Number(row.score),
      movement: movementOf(
        Number(row.rank),
        row.previous_rank === null ? null : Number(row.previous_rank)
      ),
    })),
    updatedAt: snapshot.computedAt.toISO(),
  }
}
