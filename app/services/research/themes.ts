import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ThemeGroupNode, ThemeNode } from '#shared/research_views'
import { whereReadableBy } from '#services/research/access'
import { keptForCatalogue } from '#services/research/kept'
import type { Viewer } from '#services/research/documents'

/**
 * The theme taxonomy as a tree (groups → child groups → themes) with, for each theme, the
 * documents the team may read: in the last 7 and 30 days before the latest document, and in
 * all. Counting runs in SQL over every document of the team, so the counts are cached per team
 * under the research catalogue's version (`data_versions`, replaced by the database on every
 * write to the documents, their themes or the entitlements) for at most ten minutes.
 */

interface ThemeCounts {
  all: number
  last30: number
  last7: number
}

const sqlTime = (time: DateTime) => time.toUTC().toFormat(db.connection().dialect.dateTimeFormat)
const toDateTime = (value: unknown) =>
  value instanceof Date
    ? DateTime.fromJSDate(value, { zone: 'utc' })
    : DateTime.fromSQL(String(value), { zone: 'utc' })

type CatalogueViewer = Pick<Viewer, 'teamId' | 'userId' | 'researchVersion'>

export async function themeCounts(viewer: CatalogueViewer): Promise<Record<number, ThemeCounts>> {
  const teamId = viewer.teamId
  const compute = async () => {
    const newest = await db.from('research_documents').max('published_at as latest').first()
    if (!newest?.latest) return {}
    const latest =
      newest.latest instanceof Date
        ? DateTime.fromJSDate(newest.latest, { zone: 'utc' })
        : DateTime.fromSQL(String(newest.latest), { zone: 'utc' })
    const last30 = sqlTime(latest.minus({ days: 30 }))
    const last7 = sqlTime(latest.minus({ days: 7 }))
    const rows = await whereReadableBy(
      db
        .from('research_document_themes as dt')
        .join('research_documents as d', 'd.id', 'dt.document_id'),
      teamId
    )
      .groupBy('dt.theme_id')
      .select(
        'dt.theme_id',
        db.raw('count(*) as total'),
        db.raw('sum(case when d.published_at >= ? then 1 else 0 end) as last30', [last30]),
        db.raw('sum(case when d.published_at >= ? then 1 else 0 end) as last7', [last7])
      )
    const counts: Record<number, ThemeCounts> = {}
    for (const row of rows) {
      counts[Number(row.theme_id)] = {
        all: Number(row.total),
        last30: Number(row.last30),
        last7: Number(row.last7),
      }
    }
    return counts
  }
  return keptForCatalogue(viewer, `theme-counts:${teamId}`, compute)
}

/** The taxonomy's groups and active themes, in order: the same for every team. */
function taxonomy(viewer: CatalogueViewer) {
  return keptForCatalogue(viewer, 'taxonomy', async () => {
    const [groups, themes] = await Promise.all([
      db
        .from('research_theme_groups')
        .orderBy('sort_order')
        .orderBy('name')
        .select('id', 'name', 'parent_id'),
      db
        .from('research_themes')
        .where('status', 'active')
        .orderBy('name')
        .select('id', 'name', 'group_id'),
    ])
    return {
      groups: groups.map((group) => ({
        id: Number(group.id),
        name: String(group.name),
        parentId: group.parent_id === null ? null : Number(group.parent_id),
      })),
      themes: themes.map((theme) => ({
        id: Number(theme.id),
        name: String(theme.name),
        groupId: Number(theme.group_id),
      })),
    }
  })
}

/**
 * The whole tree, stars marked; `onlyStarred` keeps the starred themes and their groups, each
 * with its unread documents since `visitedBefore` (the user's previous visit to My themes) or
 * since the theme was starred, whichever is later.
 */
export async function themeTree(
  viewer: CatalogueViewer,
  options: { onlyStarred?: boolean; visitedBefore?: DateTime | null } = {}
): Promise<ThemeGroupNode[]> {
  const { userId } = viewer
  const [{ groups, themes }, starred, counts] = await Promise.all([
    taxonomy(viewer),
    db.from('research_starred_themes').where('user_id', userId).select('theme_id', 'starred_at'),
    themeCounts(viewer),
  ])
  const starredIds = new Set(starred.map((row) => Number(row.theme_id)))
  const visitedBefore = options.visitedBefore ?? null
  const unreadCounted = options.onlyStarred
    ? await keptUnreadCounts(viewer, starred, visitedBefore)
    : null
  const unreadSince = new Map(
    starred.map((row) => {
      const starredAt = toDateTime(row.starred_at)
      const since = visitedBefore && visitedBefore > starredAt ? visitedBefore : starredAt
      return [Number(row.theme_id), since.toISO()!]
    })
  )

  const nodes = new Map<number, ThemeGroupNode & { parentId: number | null }>()
  for (const group of groups) {
    nodes.set(group.id, { ...group, themes: [], children: [] })
  }
  for (const theme of themes) {
    const id = theme.id
    if (options.onlyStarred && !starredIds.has(id)) continue
    const count = counts[id] ?? { all: 0, last30: 0, last7: 0 }
    const node: ThemeNode = {
      id,
      name: theme.name,
      is_starred: starredIds.has(id),
      documentCount7d: count.last7,
      documentCount30d: count.last30,
      documentCount: count.all,
    }
    if (unreadCounted) {
      node.unreadCount = unreadCounted.get(id) ?? 0
      node.unreadSince = unreadSince.get(id) ?? null
    }
    nodes.get(theme.groupId)?.themes.push(node)
  }
  const roots: ThemeGroupNode[] = []
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? null : nodes.get(node.parentId)
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  const prune = (list: ThemeGroupNode[]): ThemeGroupNode[] =>
    list
      .map((node) => ({
        id: node.id,
        name: node.name,
        themes: node.themes,
        children: prune(node.children),
      }))
      .filter((node) => !options.onlyStarred || node.themes.length > 0 || node.children.length > 0)
  return prune(roots)
}

/**
 * The unread counts (below), kept under the catalogue's version, the user's stars, the visit
 * they count from and the user's latest read: a reload, or a visit with nothing new read or
 * published, reads one index entry instead of every document of the starred themes (66 ms at
 * 200,000 documents for seven large themes).
 */
async function keptUnreadCounts(
  viewer: CatalogueViewer,
  starred: Record<string, any>[],
  visitedBefore: DateTime | null
) {
  const latest = await db
    .from('research_read_events')
    .where('user_id', viewer.userId)
    .max('id as id')
    .first()
  const stars = starred
    .map((row) => `${row.theme_id}@${toDateTime(row.starred_at).toISO()}`)
    .sort()
    .join(',')
  const key = [
    'unread',
    viewer.teamId,
    viewer.userId,
    latest?.id ?? 0,
    visitedBefore?.toISO() ?? 'first',
    createHash('sha1').update(stars).digest('hex'),
  ].join(':')
  const entries = await keptForCatalogue(viewer, key, async () => {
    const counted = await unreadCounts(viewer.teamId, viewer.userId, visitedBefore)
    return [...counted.entries()]
  })
  return new Map(entries)
}

/**
 * For each starred theme with any, the documents on it the team may read, published after the
 * theme was starred and after `visitedBefore`, that the user has not opened: what is new to the
 * user, not every document of the theme's history.
 */
async function unreadCounts(teamId: number, userId: number, visitedBefore: DateTime | null) {
  const query = db
    .from('research_starred_themes as st')
    .join('research_document_themes as dt', 'dt.theme_id', 'st.theme_id')
    .join('research_documents as d', 'd.id', 'dt.document_id')
    .where('st.user_id', userId)
    .whereColumn('d.published_at', '>', 'st.starred_at')
    .whereNotExists((reads) =>
      reads
        .from('research_read_events as r')
        .where('r.user_id', userId)
        .whereColumn('r.document_id', 'd.id')
    )
  if (visitedBefore) query.where('d.published_at', '>', sqlTime(visitedBefore))
  const rows = await whereReadableBy(query, teamId)
    .groupBy('st.theme_id')
    .select('st.theme_id', db.raw('count(*) as unread'))
  return new Map(rows.map((row) => [Number(row.theme_id), Number(row.unread)]))
}

/** A visit within this long of the last one is the same visit (a reload keeps the counts). */
const SAME_VISIT_MINUTES = 30

/**
 * Records a visit to My themes and returns the previous visit (null on the first): the unread
 * counts shown are of the documents published since then.
 */
export async function recordThemesVisit(userId: number, now = DateTime.utc()) {
  const row = await db
    .from('research_theme_visits')
    .where('user_id', userId)
    .select('visited_at', 'previous_visited_at')
    .first()
  if (!row) {
    await db
      .table('research_theme_visits')
      .insert({ user_id: userId, visited_at: sqlTime(now), previous_visited_at: null })
      .onConflict('user_id')
      .ignore()
    return null
  }
  const last = toDateTime(row.visited_at)
  const previous = row.previous_visited_at === null ? null : toDateTime(row.previous_visited_at)
  const sameVisit = now.diff(last, 'minutes').minutes < SAME_VISIT_MINUTES
  await db
    .from('research_theme_visits')
    .where('user_id', userId)
    .update(
      sameVisit
        ? { visited_at: sqlTime(now) }
        : { visited_at: sqlTime(now), previous_visited_at: sqlTime(last) }
    )
  return sameVisit ? previous : last
}

/** The previous visit to My themes, without recording one (the API's view of the counts). */
export async function previousThemesVisit(userId: number) {
  const row = await db
    .from('research_theme_visits')
    .where('user_id', userId)
    .select('visited_at', 'previous_visited_at')
    .first()
  if (!row) return null
  return toDateTime(row.visited_at)
}

/**
 * The themes as the filters, forms and searches need them, in one query kept under the
 * catalogue's version: the active themes by name with their group's name (the choices), and
 * every theme's synonyms as searches compare them (a search for a synonym finds the theme's
 * documents: app/services/research/search.ts).
 */
function catalogueThemes(viewer: Pick<Viewer, 'researchVersion'>) {
  return keptForCatalogue(viewer, 'catalogue-themes', async () => {
    const rows = await db
      .from('research_themes as t')
      .join('research_theme_groups as g', 'g.id', 't.group_id')
      .leftJoin('research_theme_synonyms as s', 's.theme_id', 't.id')
      .orderBy('t.name')
      .orderBy('t.id')
      .select('t.id', 't.name', 't.status', 'g.name as group_name', 's.folded')
    const options: { id: number; name: string; group: string }[] = []
    const synonyms: Record<string, number> = {}
    for (const row of rows) {
      const id = Number(row.id)
      if (row.status === 'active' && options[options.length - 1]?.id !== id) {
        options.push({ id, name: row.name as string, group: row.group_name as string })
      }
      if (row.folded !== null) synonyms[String(row.folded)] = id
    }
    return { options, synonyms }
  })
}

/** The active themes by name with their group's name (the filters' and forms' choices). */
export async function themeOptions(viewer: Pick<Viewer, 'researchVersion'>) {
  const { options } = await catalogueThemes(viewer)
  return options
}

/** The theme a search's words name by one of its synonyms (`phrase`: searchPhrase), if any. */
export async function themeOfSynonym(viewer: Pick<Viewer, 'researchVersion'>, phrase: string) {
  const { synonyms } = await catalogueThemes(viewer)
  return Object.hasOwn(synonyms, phrase) ? synonyms[phrase] : null
}

export async function setStar(userId: number, themeId: number, starred: boolean) {
  if (!starred) {
    await db.from('research_starred_themes').where({ user_id: userId, theme_id: themeId }).delete()
    return
  }
  await db
    .table('research_starred_themes')
    .insert({
      user_id: userId,
      theme_id: themeId,
      starred_at: sqlTime(DateTime.utc()),
    })
    .onConflict(['user_id', 'theme_id'])
    .ignore()
}
