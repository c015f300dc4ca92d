import db from '@adonisjs/lucid/services/db'
import { dataVersion } from '#services/cache/data_versions'
import { figures } from '#services/cache/figures'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { audit } from '#services/audit/audit'
import { fieldError } from '#services/http/field_error'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { insertReturningId } from '#services/db/insert'
import { publishRanking } from '#services/research/trending'
import {
  applyOverrides,
  type PublishedPlace,
  type RankingOverride,
} from '#services/research/trending_overrides'
import { movementOf } from '#shared/research'
import {
  RANKING_WEEKS,
  type ProviderContribution,
  type RankingOverrideKind,
  type RankingRow,
  type RankingWeek,
  type RankingWeekOption,
} from '#shared/research_ranking'

/**
 * The weekly theme ranking's administration (`themeRanking`): a computed week (a trending
 * snapshot, named by its exclusive end) with each theme's score broken down as
 * trending_score.ts computes it — per provider, Σ relevance × (1/√documents) — and its movement;
 * the editors' overrides of the week (pin, move, hide, each with a note) previewed; publication,
 * which fixes the order clients see (trending.ts `publishRanking`). Every write is audited in its
 * transaction.
 */

const sqlTime = (time: DateTime) => time.toUTC().toFormat(db.connection().dialect.dateTimeFormat)
const toDateTime = (value: unknown) =>
  value instanceof Date
    ? DateTime.fromJSDate(value, { zone: 'utc' })
    : DateTime.fromSQL(String(value), { zone: 'utc' })
const weekValue = (periodEnd: DateTime) => periodEnd.toISODate()!
const dayLabel = (time: DateTime, withYear: boolean) =>
  time.toFormat(withYear ? 'd LLL yyyy' : 'd LLL')

/** "2 Dec – 8 Dec 2024": the days of the week ranked (its end is exclusive). */
export function weekLabel(periodStart: DateTime, periodEnd: DateTime) {
  const last = periodEnd.minus({ days: 1 })
  return `${dayLabel(periodStart, periodStart.year !== last.year)} – ${dayLabel(last, true)}`
}

export const AUDIT_ENTITIES = {
  override: 'research_trending_override',
  publication: 'research_trending_publication',
} as const

interface Snapshot {
  id: number
  periodStart: DateTime
  periodEnd: DateTime
  computedAt: DateTime
  documentCount: number
}

function snapshotOf(row: Record<string, unknown>): Snapshot {
  return {
    id: Number(row.id),
    periodStart: toDateTime(row.period_start),
    periodEnd: toDateTime(row.period_end),
    computedAt: toDateTime(row.computed_at),
    documentCount: Number(row.document_count),
  }
}

/** The week named `value` (an ISO date, the exclusive end), or null. */
async function findWeek(client: TransactionClientContract | typeof db, value: string) {
  const end = DateTime.fromISO(value, { zone: 'utc' })
  if (!end.isValid) return null
  const row = await client
    .from('research_trending_snapshots')
    .where('period_end', sqlTime(end.startOf('day')))
    .select('id', 'period_start', 'period_end', 'computed_at', 'document_count')
    .first()
  return row ? snapshotOf(row) : null
}

async function weekOrFail(client: TransactionClientContract, value: string) {
  const week = await findWeek(client, value)
  if (!week)
    throw fieldError('week', 'This week has no computed ranking: choose one from the list.')
  return week
}

/** The weeks computed, newest first, and whether each is published (with their snapshots). */
async function weekOptions() {
  const rows = await db
    .from('research_trending_snapshots as s')
    .leftJoin('research_trending_publications as p', 'p.period_end', 's.period_end')
    .orderBy('s.period_end', 'desc')
    .limit(RANKING_WEEKS)
    .select(
      's.id',
      's.period_start',
      's.period_end',
      's.computed_at',
      's.document_count',
      'p.published_at'
    )
  const snapshots = new Map<string, Snapshot>()
  const options: RankingWeekOption[] = rows.map((row) => {
    const snapshot = snapshotOf(row)
    snapshots.set(weekValue(snapshot.periodEnd), snapshot)
    return {
      value: weekValue(snapshot.periodEnd),
      label: weekLabel(snapshot.periodStart, snapshot.periodEnd),
      published: row.published_at !== null,
    }
  })
  return { options, snapshots }
}

async function overridesOf(client: TransactionClientContract | typeof db, periodEnd: DateTime) {
  const rows = await client
    .from('research_trending_overrides as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .where('o.period_end', sqlTime(periodEnd))
    .orderBy('o.id')
    .select(
      'o.id',
      'o.theme_id',
      'o.kind',
      'o.position',
      'o.note',
      'o.updated_at',
      'u.name as user_name'
    )
  return rows.map((row) => ({
    id: Number(row.id),
    themeId: Number(row.theme_id),
    kind: row.kind as RankingOverrideKind,
    position: row.position === null ? null : Number(row.position),
    note: String(row.note),
    by: (row.user_name as string | null) ?? null,
    at: toDateTime(row.updated_at).toISO()!,
  }))
}

async function entriesOf(client: TransactionClientContract | typeof db, snapshotId: number) {
  const rows = await client
    .from('research_trending_entries')
    .where('snapshot_id', snapshotId)
    .select('theme_id', 'rank')
  return rows.map((row) => ({
    themeId: Number(row.theme_id),
    rank: row.rank === null ? null : Number(row.rank),
  }))
}

const samePlaces = (a: PublishedPlace[], b: PublishedPlace[]) =>
  a.length === b.length &&
  a.every(
    (place, index) =>
      place.themeId === b[index].themeId &&
      place.rank === b[index].rank &&
      place.editorsPick === b[index].editorsPick
  )

/**
 * Each theme's score per provider, from the week's documents as they are now (the same
 * selection and damping as the job: published documents of the week, relevance in (0, 1]).
 */
async function contributions(snapshot: Snapshot) {
  // Kept under the catalogue's version: the week's documents are read again only once they or
  // their themes change (a week's join costs a quarter of a second at 200,000 documents).
  const version = await dataVersion('research')
  const read = async () => {
    const found = await readContributions(snapshot)
    return [...found.entries()]
  }
  const entries = version
    ? await figures('research').getOrSet({
        key: `ranking-contributions:${snapshot.id}:${version}`,
        ttl: '10m',
        factory: read,
      })
    : await read()
  return new Map(entries)
}

async function readContributions(snapshot: Snapshot) {
  const rows = await db
    .from('research_document_themes as dt')
    .join('research_documents as d', 'd.id', 'dt.document_id')
    .join('providers as p', 'p.id', 'd.provider_id')
    .where('d.status', 'published')
    .where('d.published_at', '>=', sqlTime(snapshot.periodStart))
    .where('d.published_at', '<', sqlTime(snapshot.periodEnd))
    .where('dt.relevance', '>', 0)
    .whereIn(
      'dt.theme_id',
      db.from('research_trending_entries').where('snapshot_id', snapshot.id).select('theme_id')
    )
    .groupBy('dt.theme_id', 'd.provider_id', 'p.name')
    .select(
      'dt.theme_id',
      'p.name as provider',
      db.raw('count(*) as documents'),
      db.raw('sum(case when dt.relevance > 1 then 1 else dt.relevance end) as relevance')
    )
  const byTheme = new Map<number, ProviderContribution[]>()
  for (const row of rows) {
    const documents = Number(row.documents)
    const relevance = Number(row.relevance)
    const damping = 1 / Math.sqrt(documents)
    const list = byTheme.get(Number(row.theme_id)) ?? []
    list.push({
      provider: String(row.provider),
      documents,
      relevance: Math.round(relevance * 10_000) / 10_000,
      damping: Math.round(damping * 10_000) / 10_000,
      contribution: Math.round(relevance * damping * 10_000) / 10_000,
    })
    byTheme.set(Number(row.theme_id), list)
  }
  for (const list of byTheme.values()) {
    list.sort((a, b) => b.contribution - a.contribution || a.provider.localeCompare(b.provider))
  }
  return byTheme
}

/** The page: the weeks, the chosen one (default the latest) and its themes. */
export async function rankingPage(value: string | null) {
  const { options: weeks, snapshots } = await weekOptions()
  if (!weeks.length) return { weeks, week: null, rows: [] as RankingRow[] }
  // A week older than the picker's list is read on its own.
  const wanted = value ?? weeks[0].value
  const snapshot = snapshots.get(wanted) ?? (await findWeek(db, wanted))
  if (!snapshot) throw new NotFoundForTeam('No ranking was computed for this week')
  const end = sqlTime(snapshot.periodEnd)

  const [entries, overrides, publication, published, byTheme, clientWeek] = await Promise.all([
    db
      .from('research_trending_entries as e')
      .join('research_themes as t', 't.id', 'e.theme_id')
      .join('research_theme_groups as g', 'g.id', 't.group_id')
      .where('e.snapshot_id', snapshot.id)
      .select(
        'e.theme_id',
        'e.rank',
        'e.previous_rank',
        'e.score',
        'e.document_count',
        'e.provider_count',
        't.name',
        'g.name as group_name'
      ),
    overridesOf(db, snapshot.periodEnd),
    db
      .from('research_trending_publications as p')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .where('p.period_end', end)
      .select('p.published_at', 'p.override_count', 'u.name as user_name')
      .first(),
    db
      .from('research_trending_published_ranks')
      .where('period_end', end)
      .orderBy('rank')
      .select('theme_id', 'rank', 'editors_pick'),
    contributions(snapshot),
    db.from('research_trending_publications').max('period_end as latest').first(),
  ])

  const preview = applyOverrides(
    entries.map((row) => ({
      themeId: Number(row.theme_id),
      rank: row.rank === null ? null : Number(row.rank),
    })),
    overrides
  )
  const previewOf = new Map(preview.map((place) => [place.themeId, place]))
  const publishedPlaces: PublishedPlace[] = published.map((row) => ({
    themeId: Number(row.theme_id),
    rank: Number(row.rank),
    editorsPick: Boolean(row.editors_pick),
  }))
  const publishedOf = new Map(publishedPlaces.map((place) => [place.themeId, place]))
  const overrideOf = new Map(overrides.map((override) => [override.themeId, override]))

  const rows: RankingRow[] = entries.map((row) => {
    const themeId = Number(row.theme_id)
    const rank = row.rank === null ? null : Number(row.rank)
    const previousRank = row.previous_rank === null ? null : Number(row.previous_rank)
    const providers = byTheme.get(themeId) ?? []
    const override = overrideOf.get(themeId)
    return {
      themeId,
      theme: String(row.name),
      group: String(row.group_name),
      rank,
      previousRank,
      movement: rank === null ? null : movementOf(rank, previousRank),
      score: Number(row.score),
      documentCount: Number(row.document_count),
      providerCount: Number(row.provider_count),
      providers,
      recomputedScore:
        Math.round(providers.reduce((sum, entry) => sum + entry.contribution, 0) * 10_000) / 10_000,
      previewRank: previewOf.get(themeId)?.rank ?? null,
      previewPick: previewOf.get(themeId)?.editorsPick ?? false,
      publishedRank: publishedOf.get(themeId)?.rank ?? null,
      publishedPick: publishedOf.get(themeId)?.editorsPick ?? false,
      override: override
        ? {
            id: override.id,
            kind: override.kind,
            position: override.position,
            note: override.note,
            by: override.by,
            at: override.at,
          }
        : null,
    }
  })
  // The preview's order first, then the themes it leaves out (hidden, not ranked) by score.
  rows.sort(
    (a, b) =>
      (a.previewRank ?? Number.MAX_SAFE_INTEGER) - (b.previewRank ?? Number.MAX_SAFE_INTEGER) ||
      b.score - a.score ||
      a.themeId - b.themeId
  )

  const latestPublished = clientWeek?.latest ? toDateTime(clientWeek.latest) : null
  const week: RankingWeek = {
    value: weekValue(snapshot.periodEnd),
    periodStart: snapshot.periodStart.toISO()!,
    periodEnd: snapshot.periodEnd.toISO()!,
    computedAt: snapshot.computedAt.toISO()!,
    documentCount: snapshot.documentCount,
    publication: publication
      ? {
          publishedAt: toDateTime(publication.published_at).toISO()!,
          by: (publication.user_name as string | null) ?? null,
          overrideCount: Number(publication.override_count),
        }
      : null,
    hasUnpublishedChanges: !publication || !samePlaces(preview, publishedPlaces),
    clientWeek:
      latestPublished && weekValue(latestPublished) !== weekValue(snapshot.periodEnd)
        ? weekValue(latestPublished)
        : null,
  }
  return { weeks, week, rows }
}

const describe = (theme: string, kind: RankingOverrideKind, position: number | null) =>
  kind === 'hide'
    ? `hide ${theme}`
    : `${kind === 'pin' ? 'pin' : 'move'} ${theme} to position ${position}`

/**
 * Records (or replaces) the override of a theme for a week. The theme must be among the week's
 * computed themes; the note is required by the validator.
 */
export async function saveOverride(
  userId: number,
  input: {
    week: string
    themeId: number
    kind: RankingOverrideKind
    position: number | null
    note: string
  }
) {
  return db.transaction(async (trx) => {
    const snapshot = await weekOrFail(trx, input.week)
    const entry = await trx
      .from('research_trending_entries as e')
      .join('research_themes as t', 't.id', 'e.theme_id')
      .where('e.snapshot_id', snapshot.id)
      .where('e.theme_id', input.themeId)
      .select('t.name')
      .first()
    if (!entry) {
      throw fieldError('themeId', 'This theme is not in the week’s ranking: choose one from it.')
    }
    const theme = String(entry.name)
    const end = sqlTime(snapshot.periodEnd)
    const now = sqlTime(DateTime.utc())
    const position = input.kind === 'hide' ? null : input.position
    const after = { theme_id: input.themeId, kind: input.kind, position, note: input.note }
    const label = weekLabel(snapshot.periodStart, snapshot.periodEnd)
    const existing = await trx
      .from('research_trending_overrides')
      .where('period_end', end)
      .where('theme_id', input.themeId)
      .select('id', 'theme_id', 'kind', 'position', 'note')
      .forUpdate()
      .first()
    if (existing) {
      await trx
        .from('research_trending_overrides')
        .where('id', existing.id)
        .update({ kind: input.kind, position, note: input.note, user_id: userId, updated_at: now })
      await audit(trx, {
        userId,
        entityType: AUDIT_ENTITIES.override,
        entityId: Number(existing.id),
        action: 'update',
        summary: `Theme ranking ${label}: ${describe(theme, input.kind, position)}`,
        before: {
          theme_id: Number(existing.theme_id),
          kind: existing.kind,
          position: existing.position === null ? null : Number(existing.position),
          note: existing.note,
        },
        after,
      })
      return { theme, label, kind: input.kind, position }
    }
    const id = await insertReturningId(trx, 'research_trending_overrides', {
      period_end: end,
      theme_id: input.themeId,
      kind: input.kind,
      position,
      note: input.note,
      user_id: userId,
      created_at: now,
      updated_at: now,
    })
    await audit(trx, {
      userId,
      entityType: AUDIT_ENTITIES.override,
      entityId: id,
      action: 'create',
      summary: `Theme ranking ${label}: ${describe(theme, input.kind, position)}`,
      after,
    })
    return { theme, label, kind: input.kind, position }
  })
}

/** Withdraws an override (the theme goes back to its computed place in the preview). */
export async function removeOverride(userId: number, id: number, note: string) {
  return db.transaction(async (trx) => {
    const row = await trx
      .from('research_trending_overrides as o')
      .join('research_themes as t', 't.id', 'o.theme_id')
      .where('o.id', id)
      .select('o.id', 'o.period_end', 'o.theme_id', 'o.kind', 'o.position', 'o.note', 't.name')
      .forUpdate()
      .first()
    if (!row) throw new NotFoundForTeam('Override not found')
    const snapshot = await findWeek(trx, weekValue(toDateTime(row.period_end)))
    const label = snapshot
      ? weekLabel(snapshot.periodStart, snapshot.periodEnd)
      : weekValue(toDateTime(row.period_end))
    await trx.from('research_trending_overrides').where('id', id).delete()
    await audit(trx, {
      userId,
      entityType: AUDIT_ENTITIES.override,
      entityId: id,
      action: 'delete',
      summary: `Theme ranking ${label}: ${row.name} back to its computed place (${note})`,
      before: {
        theme_id: Number(row.theme_id),
        kind: row.kind,
        position: row.position === null ? null : Number(row.position),
        note: row.note,
      },
      after: { note },
    })
    return { theme: String(row.name), week: weekValue(toDateTime(row.period_end)), label }
  })
}

/** Publishes the week: clients see its computed ranking with the overrides applied from now on. */
export async function publishWeek(userId: number, value: string) {
  return db.transaction(async (trx) => {
    const snapshot = await weekOrFail(trx, value)
    const [entries, overrides] = await Promise.all([
      entriesOf(trx, snapshot.id),
      overridesOf(trx, snapshot.periodEnd),
    ])
    const rules: RankingOverride[] = overrides.map(({ themeId, kind, position }) => ({
      themeId,
      kind,
      position,
    }))
    const places = applyOverrides(entries, rules)
    await publishRanking(trx, snapshot.periodEnd, places, {
      userId,
      overrideCount: overrides.length,
    })
    const label = weekLabel(snapshot.periodStart, snapshot.periodEnd)
    await audit(trx, {
      userId,
      entityType: AUDIT_ENTITIES.publication,
      entityId: snapshot.id,
      action: 'create',
      summary: `Published the theme ranking ${label} (${overrides.length} override${overrides.length === 1 ? '' : 's'})`,
      after: {
        week: weekValue(snapshot.periodEnd),
        overrides: overrides.map(({ themeId, kind, position, note }) => ({
          theme_id: themeId,
          kind,
          position,
          note,
        })),
        ranking: places.map((place) => ({
          theme_id: place.themeId,
          rank: place.rank,
          editors_pick: place.editorsPick,
        })),
      },
    })
    return { label, themes: places.length, overrides: overrides.length }
  })
}
