import db from '@adonisjs/lucid/services/db'
import { dataVersion } from '#services/cache/data_versions'
import { figures } from '#services/cache/figures'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { audit } from '#services/audit/audit'
import { insertReturningId } from '#services/db/insert'
import { fieldError } from '#services/http/field_error'
import { hasUnreadableCharacters } from '#services/text/readable'
import { searchPhrase } from '#shared/research_search'
import {
  themeNameProblem,
  type ThemeAdminGroup,
  type ThemeAdminProps,
  type ThemeAdminTheme,
  type ThemeStatus,
} from '#shared/research_themes_admin'

/**
 * The theme taxonomy's administration (`themeManagement`): the group tree (create, rename, move
 * under another group or to the top, reorder among siblings) and the themes (create, rename,
 * synonyms, merge, retire, restore). Each write runs in one transaction with its audit entry;
 * a refused write changes nothing.
 *
 * Names are trimmed, 1–120 readable characters; a group's name is unique among its siblings, a
 * theme's among all themes, both without regard to case. A synonym is compared as a search reads
 * words (searchPhrase): it may not be another theme's name or any theme's synonym, so one word
 * typed in the search names at most one theme.
 */

export class ThemeNotFound extends Error {
  status = 404
}

type Trx = TransactionClientContract

const now = (trx: Trx) => DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
/** Names compared as people read them: case and compatibility forms folded. */
const folded = (name: string) => name.normalize('NFKC').toLocaleLowerCase('en')

function checkName(field: string, name: string, noun: 'group' | 'theme' | 'synonym') {
  const problem = themeNameProblem(name, noun)
  if (problem) throw fieldError(field, problem)
  if (hasUnreadableCharacters(name, {})) {
    throw fieldError(
      field,
      `The ${noun === 'synonym' ? 'synonym' : 'name'} may not hold invisible, direction-changing or control characters.`
    )
  }
}

// ── The page ────────────────────────────────────────────────────────────────────────────────

/**
 * Each theme's number of documents, kept under the catalogue's version: counting every tag
 * (800,000 at 200,000 documents) is done again only once documents or themes change.
 */
async function documentCountsByTheme(): Promise<Record<string, any>[]> {
  const read = () =>
    db
      .from('research_document_themes')
      .groupBy('theme_id')
      .select('theme_id', db.raw('count(*) as total'))
  const version = await dataVersion('research')
  if (!version) return read()
  return figures('research').getOrSet({
    key: `theme-document-counts:${version}`,
    ttl: '10m',
    factory: async () => {
      const rows = await read()
      return rows.map((row) => ({ theme_id: Number(row.theme_id), total: Number(row.total) }))
    },
  })
}

export async function themeAdminPage(): Promise<ThemeAdminProps> {
  const [groupRows, themeRows, synonymRows, documentCounts, starCounts] = await Promise.all([
    db
      .from('research_theme_groups')
      .orderBy('sort_order')
      .orderBy('name')
      .orderBy('id')
      .select('id', 'name', 'parent_id'),
    db.from('research_themes').orderBy('name').select('id', 'name', 'group_id', 'status'),
    db.from('research_theme_synonyms').orderBy('name').select('id', 'theme_id', 'name'),
    documentCountsByTheme(),
    db
      .from('research_starred_themes')
      .groupBy('theme_id')
      .select('theme_id', db.raw('count(*) as total')),
  ])
  const children = new Map<number | null, { id: number; name: string }[]>()
  for (const row of groupRows) {
    const parentId = row.parent_id === null ? null : Number(row.parent_id)
    const list = children.get(parentId) ?? []
    list.push({ id: Number(row.id), name: String(row.name) })
    children.set(parentId, list)
  }
  const groups: ThemeAdminGroup[] = []
  const walk = (parentId: number | null, path: string[]) => {
    const siblings = children.get(parentId) ?? []
    siblings.forEach((group, index) => {
      const names = [...path, group.name]
      groups.push({
        id: group.id,
        name: group.name,
        parentId,
        position: index + 1,
        siblingCount: siblings.length,
        path: names.join(' › '),
        depth: path.length,
      })
      walk(group.id, names)
    })
  }
  walk(null, [])

  const totals = (rows: Record<string, any>[]) =>
    new Map(rows.map((row) => [Number(row.theme_id), Number(row.total)]))
  const documents = totals(documentCounts)
  const stars = totals(starCounts)
  const synonyms = new Map<number, { id: number; name: string }[]>()
  for (const row of synonymRows) {
    const list = synonyms.get(Number(row.theme_id)) ?? []
    list.push({ id: Number(row.id), name: String(row.name) })
    synonyms.set(Number(row.theme_id), list)
  }
  const themes: ThemeAdminTheme[] = themeRows.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    groupId: Number(row.group_id),
    status: row.status === 'retired' ? 'retired' : 'active',
    synonyms: synonyms.get(Number(row.id)) ?? [],
    documentCount: documents.get(Number(row.id)) ?? 0,
    starCount: stars.get(Number(row.id)) ?? 0,
  }))
  return { groups, themes }
}

// ── Groups ──────────────────────────────────────────────────────────────────────────────────

async function groupOf(trx: Trx, id: number) {
  const row = await trx.from('research_theme_groups').where('id', id).forUpdate().first()
  if (!row) throw new ThemeNotFound('No such theme group')
  return {
    id: Number(row.id),
    name: String(row.name),
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    sortOrder: Number(row.sort_order),
  }
}

/** The parent chosen in a form: it must exist (`field` names the form's field). */
async function parentOf(trx: Trx, parentId: number | null, field: string) {
  if (parentId === null) return null
  const row = await trx.from('research_theme_groups').where('id', parentId).first()
  if (!row)
    throw fieldError(field, 'That group no longer exists: reload the page and choose again.')
  return { id: Number(row.id), name: String(row.name) }
}

async function siblingsOf(trx: Trx, parentId: number | null) {
  const query = trx
    .from('research_theme_groups')
    .orderBy('sort_order')
    .orderBy('name')
    .orderBy('id')
  if (parentId === null) query.whereNull('parent_id')
  else query.where('parent_id', parentId)
  const rows = await query.select('id', 'name')
  return rows.map((row) => ({ id: Number(row.id), name: String(row.name) }))
}

async function assertUniqueAmongSiblings(
  trx: Trx,
  parentId: number | null,
  name: string,
  exceptId: number | null,
  parentName: string | null
) {
  const siblings = await siblingsOf(trx, parentId)
  const clash = siblings.find(
    (sibling) => sibling.id !== exceptId && folded(sibling.name) === folded(name)
  )
  if (clash) {
    throw fieldError(
      'name',
      parentName
        ? `${parentName} already holds a group called ${clash.name}.`
        : `There is already a top-level group called ${clash.name}.`
    )
  }
}

const groupSnapshot = (group: { name: string; parentId: number | null; sortOrder: number }) => ({
  name: group.name,
  parent_id: group.parentId,
  sort_order: group.sortOrder,
})

export async function createGroup(
  userId: number,
  input: { name: string; parentId: number | null }
) {
  const name = input.name.trim()
  checkName('name', name, 'group')
  return db.transaction(async (trx) => {
    const parent = await parentOf(trx, input.parentId, 'parent_id')
    await assertUniqueAmongSiblings(trx, input.parentId, name, null, parent?.name ?? null)
    const last = await trx
      .from('research_theme_groups')
      .where((query) =>
        input.parentId === null
          ? query.whereNull('parent_id')
          : query.where('parent_id', input.parentId)
      )
      .max('sort_order as last')
      .first()
    const sortOrder = Number(last?.last ?? 0) + 1
    const id = await insertReturningId(trx, 'research_theme_groups', {
      name,
      parent_id: input.parentId,
      sort_order: sortOrder,
      created_at: now(trx),
    })
    await audit(trx, {
      userId,
      entityType: 'research_theme_group',
      entityId: id,
      action: 'create',
      summary: `Created theme group "${name}"${parent ? ` in "${parent.name}"` : ''}`,
      after: groupSnapshot({ name, parentId: input.parentId, sortOrder }),
    })
    return { id, name }
  })
}

export async function renameGroup(userId: number, id: number, rawName: string) {
  const name = rawName.trim()
  checkName('name', name, 'group')
  return db.transaction(async (trx) => {
    const group = await groupOf(trx, id)
    const parent = await parentOf(trx, group.parentId, 'name')
    await assertUniqueAmongSiblings(trx, group.parentId, name, id, parent?.name ?? null)
    await trx.from('research_theme_groups').where('id', id).update({ name })
    await audit(trx, {
      userId,
      entityType: 'research_theme_group',
      entityId: id,
      action: 'update',
      summary: `Renamed theme group "${group.name}" to "${name}"`,
      before: { name: group.name },
      after: { name },
    })
    return { before: group.name, name }
  })
}

/**
 * Moves a group (with its child groups and themes) under another group, or to the top level
 * (`parentId` null), last among its new siblings. Refused into itself or one of its own
 * descendants (the tree would lose its root), and when the new siblings hold its name.
 */
export async function moveGroup(userId: number, id: number, parentId: number | null) {
  return db.transaction(async (trx) => {
    const group = await groupOf(trx, id)
    const parent = await parentOf(trx, parentId, 'parent_id')
    if (parentId !== null) {
      // Walk up from the new parent: meeting the group means the parent is inside it.
      const all = await trx.from('research_theme_groups').select('id', 'parent_id')
      const parents = new Map(
        all.map((row) => [Number(row.id), row.parent_id === null ? null : Number(row.parent_id)])
      )
      for (let at: number | null = parentId; at !== null; at = parents.get(at) ?? null) {
        if (at === id) {
          throw fieldError(
            'parent_id',
            parentId === id
              ? `A group cannot be moved into itself.`
              : `${parent!.name} is inside ${group.name}: a group cannot be moved into one of its own groups.`
          )
        }
      }
    }
    if (parentId === group.parentId) return { name: group.name, parent: parent?.name ?? null }
    const siblings = await siblingsOf(trx, parentId)
    const clash = siblings.find((sibling) => folded(sibling.name) === folded(group.name))
    if (clash) {
      throw fieldError(
        'parent_id',
        parent
          ? `${parent.name} already holds a group called ${clash.name}: rename one of them first.`
          : `There is already a top-level group called ${clash.name}: rename one of them first.`
      )
    }
    const last = await trx
      .from('research_theme_groups')
      .where((query) =>
        parentId === null ? query.whereNull('parent_id') : query.where('parent_id', parentId)
      )
      .max('sort_order as last')
      .first()
    const sortOrder = Number(last?.last ?? 0) + 1
    await trx
      .from('research_theme_groups')
      .where('id', id)
      .update({ parent_id: parentId, sort_order: sortOrder })
    const before = group.parentId === null ? null : await parentOf(trx, group.parentId, 'parent_id')
    await audit(trx, {
      userId,
      entityType: 'research_theme_group',
      entityId: id,
      action: 'update',
      summary: `Moved theme group "${group.name}" from ${before ? `"${before.name}"` : 'the top level'} to ${parent ? `"${parent.name}"` : 'the top level'}`,
      before: groupSnapshot(group),
      after: groupSnapshot({ name: group.name, parentId, sortOrder }),
    })
    return { name: group.name, parent: parent?.name ?? null }
  })
}

/** Moves a group one place up or down among its siblings (the order clients see). */
export async function reorderGroup(userId: number, id: number, direction: 'up' | 'down') {
  return db.transaction(async (trx) => {
    const group = await groupOf(trx, id)
    const siblings = await siblingsOf(trx, group.parentId)
    const from = siblings.findIndex((sibling) => sibling.id === id)
    const to = direction === 'up' ? from - 1 : from + 1
    if (to < 0 || to >= siblings.length) {
      throw fieldError(
        'direction',
        `${group.name} is already ${direction === 'up' ? 'first' : 'last'} among its groups.`
      )
    }
    const order = siblings.map((sibling) => sibling.id)
    ;[order[from], order[to]] = [order[to], order[from]]
    // The siblings numbered 1…n in their new order (earlier orders may have gaps or ties).
    for (const [index, siblingId] of order.entries()) {
      await trx
        .from('research_theme_groups')
        .where('id', siblingId)
        .update({ sort_order: index + 1 })
    }
    await audit(trx, {
      userId,
      entityType: 'research_theme_group',
      entityId: id,
      action: 'update',
      summary: `Moved theme group "${group.name}" ${direction} to place ${to + 1} of ${siblings.length}`,
      before: { position: from + 1 },
      after: { position: to + 1 },
    })
    return { name: group.name, position: to + 1 }
  })
}

// ── Themes ──────────────────────────────────────────────────────────────────────────────────

interface ThemeRow {
  id: number
  name: string
  groupId: number
  status: ThemeStatus
}

async function themeOf(trx: Trx, id: number): Promise<ThemeRow> {
  const row = await trx.from('research_themes').where('id', id).forUpdate().first()
  if (!row) throw new ThemeNotFound('No such theme')
  return {
    id: Number(row.id),
    name: String(row.name),
    groupId: Number(row.group_id),
    status: row.status === 'retired' ? 'retired' : 'active',
  }
}

/** A theme's name: unique among themes and not another theme's synonym. */
async function assertThemeNameFree(trx: Trx, name: string, exceptId: number | null) {
  const themes = await trx.from('research_themes').select('id', 'name')
  const clash = themes.find(
    (row) => Number(row.id) !== exceptId && folded(String(row.name)) === folded(name)
  )
  if (clash) throw fieldError('name', `There is already a theme called ${clash.name}.`)
  const synonym = await trx
    .from('research_theme_synonyms as s')
    .join('research_themes as t', 't.id', 's.theme_id')
    .where('s.folded', searchPhrase(name))
    .select('s.name', 't.id', 't.name as theme_name')
    .first()
  if (synonym && Number(synonym.id) !== exceptId) {
    throw fieldError(
      'name',
      `${synonym.name} is a synonym of ${synonym.theme_name}: remove it there first, or merge the themes.`
    )
  }
}

export async function createTheme(userId: number, input: { name: string; groupId: number }) {
  const name = input.name.trim()
  checkName('name', name, 'theme')
  return db.transaction(async (trx) => {
    const group = await parentOf(trx, input.groupId, 'group_id')
    await assertThemeNameFree(trx, name, null)
    const id = await insertReturningId(trx, 'research_themes', {
      name,
      group_id: input.groupId,
      status: 'active',
      created_at: now(trx),
    })
    await audit(trx, {
      userId,
      entityType: 'research_theme',
      entityId: id,
      action: 'create',
      summary: `Created theme "${name}" in "${group!.name}"`,
      after: { name, group_id: input.groupId, status: 'active' },
    })
    return { id, name }
  })
}

export async function renameTheme(userId: number, id: number, rawName: string) {
  const name = rawName.trim()
  checkName('name', name, 'theme')
  return db.transaction(async (trx) => {
    const theme = await themeOf(trx, id)
    await assertThemeNameFree(trx, name, id)
    await trx.from('research_themes').where('id', id).update({ name })
    await audit(trx, {
      userId,
      entityType: 'research_theme',
      entityId: id,
      action: 'update',
      summary: `Renamed theme "${theme.name}" to "${name}"`,
      before: { name: theme.name },
      after: { name },
    })
    return { before: theme.name, name }
  })
}

/** Why a synonym cannot be given to `theme`, or null. */
async function synonymProblem(trx: Trx, theme: ThemeRow, name: string) {
  const phrase = searchPhrase(name)
  if (!phrase) return 'A synonym needs at least one letter or digit.'
  if (phrase === searchPhrase(theme.name)) return `${name} is the theme's own name.`
  const themes = await trx.from('research_themes').select('id', 'name')
  const named = themes.find(
    (row) => Number(row.id) !== theme.id && searchPhrase(String(row.name)) === phrase
  )
  if (named) return `${named.name} is another theme's name: merge the two themes instead.`
  const taken = await trx
    .from('research_theme_synonyms as s')
    .join('research_themes as t', 't.id', 's.theme_id')
    .where('s.folded', phrase)
    .select('s.name', 't.id', 't.name as theme_name')
    .first()
  if (taken) {
    return Number(taken.id) === theme.id
      ? `${theme.name} already has the synonym ${taken.name}.`
      : `${taken.name} is already a synonym of ${taken.theme_name}.`
  }
  return null
}

export async function addSynonym(userId: number, themeId: number, rawName: string) {
  const name = rawName.trim()
  checkName('synonym', name, 'synonym')
  return db.transaction(async (trx) => {
    const theme = await themeOf(trx, themeId)
    const problem = await synonymProblem(trx, theme, name)
    if (problem) throw fieldError('synonym', problem)
    const id = await insertReturningId(trx, 'research_theme_synonyms', {
      theme_id: themeId,
      name,
      folded: searchPhrase(name),
      created_at: now(trx),
    })
    await audit(trx, {
      userId,
      entityType: 'research_theme',
      entityId: themeId,
      action: 'update',
      summary: `Added the synonym "${name}" to theme "${theme.name}"`,
      before: { synonym: null },
      after: { synonym: name },
    })
    return { id, name, theme: theme.name }
  })
}

export async function removeSynonym(userId: number, themeId: number, synonymId: number) {
  return db.transaction(async (trx) => {
    const theme = await themeOf(trx, themeId)
    const row = await trx
      .from('research_theme_synonyms')
      .where({ id: synonymId, theme_id: themeId })
      .first()
    if (!row) throw new ThemeNotFound('No such synonym')
    await trx.from('research_theme_synonyms').where('id', synonymId).delete()
    await audit(trx, {
      userId,
      entityType: 'research_theme',
      entityId: themeId,
      action: 'update',
      summary: `Removed the synonym "${row.name}" from theme "${theme.name}"`,
      before: { synonym: row.name },
      after: { synonym: null },
    })
    return { name: String(row.name), theme: theme.name }
  })
}

/**
 * Retires a theme (or restores it). A retired theme keeps its documents' tags, its stars and its
 * trending history, and its documents still show it; it is no longer offered: not in the theme
 * lists, filters and forms clients (and the document forms) choose from.
 */
export async function setThemeStatus(userId: number, id: number, status: ThemeStatus) {
  return db.transaction(async (trx) => {
    const theme = await themeOf(trx, id)
    if (theme.status === status) {
      throw fieldError(
        'status',
        status === 'retired' ? `${theme.name} is already retired.` : `${theme.name} is not retired.`
      )
    }
    await trx.from('research_themes').where('id', id).update({ status })
    await audit(trx, {
      userId,
      entityType: 'research_theme',
      entityId: id,
      action: 'update',
      summary: `${status === 'retired' ? 'Retired' : 'Restored'} theme "${theme.name}"`,
      before: { status: theme.status },
      after: { status },
    })
    return { name: theme.name }
  })
}

/**
 * Every table that holds a theme id, and how a merge resolves a row of the merged theme whose
 * counterpart (the same `key`) the surviving theme already has: the tables with a foreign key
 * to `research_themes` (a test compares this list with the database's foreign keys).
 */
export const THEME_REFERENCES = [
  'research_document_themes',
  'research_starred_themes',
  'research_trending_entries',
  'research_trending_overrides',
  'research_trending_published_ranks',
  'research_theme_synonyms',
] as const

const sameKey = (columns: string[]) =>
  columns.map((column) => `k.${column} = o.${column}`).join(' and ')

/**
 * Rows of `table` keyed by `key` + theme_id: where both themes have a row for the same key, the
 * survivor's row is kept (after `settle` has copied onto it what it keeps of the merged theme's
 * row: `other` is SQL for that row's column, within an update of the survivor's rows) and the
 * merged theme's is deleted; the merged theme's other rows move to the survivor. Returns how many
 * rows moved and how many were folded into the survivor's.
 */
async function repoint(
  trx: Trx,
  table: string,
  key: string[],
  fromId: number,
  toId: number,
  settle?: (other: (column: string) => string, clashes: string) => Promise<void>
) {
  // Ids are integers (the route's matcher): written into the statements, not bound.
  const [from, to] = [Math.trunc(fromId), Math.trunc(toId)]
  if (settle) {
    const other = (column: string) =>
      `(select o.${column} from ${table} as o where o.theme_id = ${from} and ${key.map((c) => `o.${c} = ${table}.${c}`).join(' and ')})`
    const clashes = `theme_id = ${to} and exists (select 1 from ${table} as o where o.theme_id = ${from} and ${key.map((c) => `o.${c} = ${table}.${c}`).join(' and ')})`
    await settle(other, clashes)
  }
  const clashing = rowsOf(
    await trx.rawQuery(
      `select ${key.map((column) => `o.${column}`).join(', ')} from ${table} as o
       where o.theme_id = ${from} and exists (select 1 from ${table} as k where k.theme_id = ${to} and ${sameKey(key)})`
    )
  )
  for (const row of clashing) {
    const where: Record<string, unknown> = { theme_id: from }
    for (const column of key) where[column] = row[column]
    await trx.from(table).where(where).delete()
  }
  const moved = await trx.from(table).where('theme_id', from).update({ theme_id: to })
  return { moved: Number(moved), folded: clashing.length }
}

/**
 * Merges `fromId` into `intoId` in one transaction: documents' tags, users' stars, the trending
 * history (snapshot entries, editors' overrides, published ranks), the synonyms and the research
 * requests and summary facet tags that name it move to the surviving theme; where both themes
 * had a row for the same thing, one is kept:
 * - a document tagged with both keeps one tag, primary when either was, with the higher relevance;
 * - a user who starred both keeps one star, from the earlier date;
 * - a week that ranked both keeps the better-placed entry (its rank and figures);
 * - an editor's override of both in a week keeps the surviving theme's.
 * The merged theme is deleted and its name becomes a synonym of the surviving theme, so a search
 * for it finds the documents under their new theme.
 */
export async function mergeThemes(userId: number, fromId: number, intoId: number) {
  if (fromId === intoId) {
    throw fieldError('into_id', 'Choose another theme: a theme cannot be merged into itself.')
  }
  return db.transaction(async (trx) => {
    const from = await themeOf(trx, fromId)
    const into = await trx.from('research_themes').where('id', intoId).forUpdate().first()
    if (!into) {
      throw fieldError('into_id', 'That theme no longer exists: reload the page and choose again.')
    }
    if (into.status === 'retired') {
      throw fieldError(
        'into_id',
        `${into.name} is retired: restore it first, or merge into an active theme.`
      )
    }
    const yes = trx.dialect.name === 'postgres' ? 'true' : '1'
    const counts: Record<string, { moved: number; folded: number }> = {}

    // A document tagged with both: one tag, primary when either was, the higher relevance.
    counts.documents = await repoint(
      trx,
      'research_document_themes',
      ['document_id'],
      fromId,
      intoId,
      (other, clashes) =>
        trx.rawQuery(
          `update research_document_themes set
             is_primary = case when ${other('is_primary')} = ${yes} then ${yes} else is_primary end,
             relevance = case when ${other('relevance')} > relevance then ${other('relevance')} else relevance end
           where ${clashes}`
        )
    )
    // A user who starred both: one star, from the earlier date.
    counts.stars = await repoint(
      trx,
      'research_starred_themes',
      ['user_id'],
      fromId,
      intoId,
      (other, clashes) =>
        trx.rawQuery(
          `update research_starred_themes set
             starred_at = case when ${other('starred_at')} < starred_at then ${other('starred_at')} else starred_at end
           where ${clashes}`
        )
    )
    // A week that ranked both: the better-placed entry (ranked before unranked, then the
    // lower rank, then the higher score) with its figures.
    const better = (other: (column: string) => string) =>
      `(${other('rank')} is not null and (rank is null or ${other('rank')} < rank))
       or (${other('rank')} is null and rank is null and ${other('score')} > score)`
    counts.trending = await repoint(
      trx,
      'research_trending_entries',
      ['snapshot_id'],
      fromId,
      intoId,
      (other, clashes) =>
        trx.rawQuery(
          `update research_trending_entries set
             ${['rank', 'score', 'document_count', 'provider_count', 'previous_rank']
               .map((column) => `${column} = ${other(column)}`)
               .join(', ')}
           where ${clashes} and (${better(other)})`
        )
    )
    counts.overrides = await repoint(
      trx,
      'research_trending_overrides',
      ['period_end'],
      fromId,
      intoId
    )
    counts.publishedRanks = await repoint(
      trx,
      'research_trending_published_ranks',
      ['period_end'],
      fromId,
      intoId,
      (other, clashes) =>
        trx.rawQuery(
          `update research_trending_published_ranks set
             rank = ${other('rank')}, editors_pick = ${other('editors_pick')}
           where ${clashes} and ${other('rank')} < rank`
        )
    )
    const synonyms = await trx
      .from('research_theme_synonyms')
      .where('theme_id', fromId)
      .update({ theme_id: intoId })
    counts.synonyms = { moved: Number(synonyms), folded: 0 }
    counts.requests = await repointRequests(trx, fromId, intoId)
    counts.facetTags = await repointFacetTags(trx, fromId, intoId)

    await trx.from('research_themes').where('id', fromId).delete()
    await trx.table('research_theme_synonyms').insert({
      theme_id: intoId,
      name: from.name,
      folded: searchPhrase(from.name),
      created_at: now(trx),
    })
    const documents = counts.documents.moved + counts.documents.folded
    await audit(trx, {
      userId,
      entityType: 'research_theme',
      entityId: intoId,
      action: 'update',
      summary: `Merged theme "${from.name}" into "${into.name}" (${documents} documents, ${counts.stars.moved + counts.stars.folded} stars)`,
      before: { merged: { id: fromId, name: from.name, status: from.status } },
      after: { into: { id: intoId, name: into.name }, synonym: from.name, counts },
    })
    return { from: from.name, into: String(into.name), counts }
  })
}

const rowsOf = (result: any): Record<string, any>[] =>
  Array.isArray(result) ? result : (result?.rows ?? [])

/** Research requests list theme ids (JSON): the merged theme's id becomes the survivor's. */
async function repointRequests(trx: Trx, fromId: number, intoId: number) {
  const rows = await trx
    .from('research_requests')
    .where('theme_ids', 'like', `%${fromId}%`)
    .select('id', 'theme_ids')
  let moved = 0
  for (const row of rows) {
    let ids: number[]
    try {
      ids = JSON.parse(String(row.theme_ids)).map(Number)
    } catch {
      continue
    }
    if (!ids.includes(fromId)) continue
    const next = [...new Set(ids.map((id) => (id === fromId ? intoId : id)))]
    await trx
      .from('research_requests')
      .where('id', row.id)
      .update({ theme_ids: JSON.stringify(next) })
    moved++
  }
  return { moved, folded: 0 }
}

/** The summary dashboard's theme facet tags of providers and products. */
async function repointFacetTags(trx: Trx, fromId: number, intoId: number) {
  const clashing = await trx
    .from('summary_facet_tags as o')
    .where({ 'o.category': 'themes', 'o.value_id': fromId })
    .whereExists((kept) =>
      kept
        .from('summary_facet_tags as k')
        .whereColumn('k.subject_type', 'o.subject_type')
        .whereColumn('k.subject_id', 'o.subject_id')
        .where({ 'k.category': 'themes', 'k.value_id': intoId })
    )
    .select('o.subject_type', 'o.subject_id')
  for (const row of clashing) {
    await trx
      .from('summary_facet_tags')
      .where({
        subject_type: row.subject_type,
        subject_id: row.subject_id,
        category: 'themes',
        value_id: fromId,
      })
      .delete()
  }
  const moved = await trx
    .from('summary_facet_tags')
    .where({ category: 'themes', value_id: fromId })
    .update({ value_id: intoId })
  return { moved: Number(moved), folded: clashing.length }
}
