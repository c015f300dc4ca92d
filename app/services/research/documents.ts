import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { DateTime } from 'luxon'
import {
  DOCUMENT_TYPES,
  ENTITLEMENTS,
  RESEARCH_PAGE_SIZE,
  type DocumentType,
  type Entitlement,
} from '#shared/research'
import {
  isAnyFilterApplied,
  type ProviderChip,
  type ResearchDocumentRow,
  type ResearchDocumentsResponse,
  type ResearchFilters,
  type ThemeChip,
} from '#shared/research_views'
import { RESEARCH_PROVIDER_TYPES, type ResearchProviderType } from '#shared/rsa'
import { MODULES } from '#shared/modules'
import { readableDocuments } from '#services/research/access'
import { keptForCatalogue } from '#services/research/kept'
import { recordSearch } from '#services/research/usage'
import { createHash } from 'node:crypto'
import { fieldError } from '#services/http/field_error'
import {
  highlights,
  rankExpression,
  synonymThemeIds,
  whereMatches,
  type MatchMode,
} from '#services/research/search'
import { hasWantedTerms, parseSearch, type SearchQuery } from '#shared/research_search'

/**
 * All research and My research: the documents the current team may read, filtered, 25 a page,
 * newest first (or best match first with a search term, when asked). A page is a bounded
 * number of queries whatever the data: the count, the page's rows, then the themes, marks,
 * teams and highlights of those 25 rows only.
 */

export interface Viewer {
  teamId: number
  userId: number
  /** The user's teams (id, name): a row names those holding Research Insights that may read it. */
  teams: { id: number; name: string }[]
  /** Providers the current team pays (spend-aware chips); null without research spend data. */
  paidProviders: Set<number> | null
  /** The research catalogue's version (`data_versions`), read once per request. */
  researchVersion: () => Promise<string | null>
}

export type ResearchSort = 'newest' | 'relevance'

export const EMPTY_FILTERS: ResearchFilters = {
  providerIds: [],
  themeIds: [],
  searchTerm: '',
  startDate: null,
  endDate: null,
  providerTypes: [],
  assetClasses: [],
  regions: [],
  year: null,
}

const sqlTime = (time: DateTime) => time.toUTC().toFormat(db.connection().dialect.dateTimeFormat)

/** The filters as SQL on `research_documents as d` (the words are applied by the caller). */
function applyFilters(query: DatabaseQueryBuilderContract, filters: ResearchFilters) {
  if (filters.providerIds.length) query.whereIn('d.provider_id', filters.providerIds)
  if (filters.providerTypes.length) {
    query.whereIn('d.provider_id', (sub) =>
      sub.from('providers').whereIn('research_provider_type', filters.providerTypes).select('id')
    )
  }
  if (filters.themeIds.length) {
    query.whereExists((sub) =>
      sub
        .from('research_document_themes as fdt')
        .whereColumn('fdt.document_id', 'd.id')
        .whereIn('fdt.theme_id', filters.themeIds)
    )
  }
  // JSON lists of fixed keys: the quoted key cannot match anything but itself.
  if (filters.assetClasses.length) {
    query.where((any) => {
      for (const key of filters.assetClasses) any.orWhere('d.asset_classes', 'like', `%"${key}"%`)
    })
  }
  if (filters.regions.length) {
    query.where((any) => {
      for (const key of filters.regions) any.orWhere('d.regions', 'like', `%"${key}"%`)
    })
  }
  const { from, to } = dateRange(filters)
  if (from) query.where('d.published_at', '>=', sqlTime(from))
  if (to) query.where('d.published_at', '<', sqlTime(to))
  return query
}

/** [from, to) in UTC: the dates chosen (whole days) within the year chosen. */
export function dateRange(filters: ResearchFilters) {
  let from = filters.startDate ? DateTime.fromISO(filters.startDate, { zone: 'utc' }) : null
  let to = filters.endDate
    ? DateTime.fromISO(filters.endDate, { zone: 'utc' }).plus({ days: 1 })
    : null
  if (filters.year !== null) {
    const yearStart = DateTime.utc(filters.year, 1, 1)
    const yearEnd = yearStart.plus({ years: 1 })
    from = from && from > yearStart ? from : yearStart
    to = to && to < yearEnd ? to : yearEnd
  }
  return { from, to }
}

/** What My research is made of: the user's bookmarked documents and starred themes. */
interface Shelf {
  documentIds: number[]
  themeIds: number[]
}

/** The user's bookmarks and stars, in one statement of two index reads. */
async function shelfOf(userId: number): Promise<Shelf> {
  const rows = await db
    .from('research_bookmarks')
    .where('user_id', userId)
    .select(db.raw(`'document' as kind`), 'document_id as id')
    .unionAll((stars) =>
      stars
        .from('research_starred_themes')
        .where('user_id', userId)
        .select(db.raw(`'theme' as kind`), 'theme_id as id')
    )
  const shelf: Shelf = { documentIds: [], themeIds: [] }
  for (const row of rows) {
    ;(row.kind === 'document' ? shelf.documentIds : shelf.themeIds).push(Number(row.id))
  }
  shelf.documentIds.sort((a, b) => a - b)
  shelf.themeIds.sort((a, b) => a - b)
  return shelf
}

/**
 * My research: a bookmarked document, or one tagged with a starred theme. Both are tested on
 * each document (the bookmarks as a list, `+d.id` so that SQLite does not start from it; the
 * themes through the document's own tags) while the documents are walked newest first: the page
 * stops at 25 instead of collecting every document of the starred themes first.
 */
function whereMine(query: DatabaseQueryBuilderContract, shelf: Shelf) {
  return query.where((mine) => {
    if (shelf.documentIds.length) {
      mine.orWhereRaw(
        `+d.id in (${shelf.documentIds.map(() => '?').join(', ')})`,
        shelf.documentIds
      )
    }
    if (shelf.themeIds.length) {
      mine.orWhereExists((tagged) =>
        tagged
          .from('research_document_themes as mdt')
          .whereColumn('mdt.document_id', 'd.id')
          .whereIn('mdt.theme_id', shelf.themeIds)
      )
    }
  })
}

/** Below this many matches a search's rows start from its matches rather than walk (see below). */
const MATCHES_TO_DRIVE = 2_000

export async function listDocuments(
  viewer: Viewer,
  input: { page: number; filters: ResearchFilters; mine: boolean; sort: ResearchSort }
): Promise<ResearchDocumentsResponse> {
  const { from, to } = dateRange(input.filters)
  if (from && to && from >= to) {
    throw fieldError('endDate', 'The end date must be on or after the start date.')
  }
  const search = parseSearch(input.filters.searchTerm)
  // A search that is a theme's synonym also finds the documents tagged with that theme.
  const synonymThemes = search ? await synonymThemeIds(viewer, input.filters.searchTerm) : []
  // Best match needs something to find: a search that only leaves out is listed newest first.
  const ranked = search !== null && hasWantedTerms(search) && input.sort === 'relevance'
  const page = Math.max(1, input.page)
  const shelf = input.mine ? await shelfOf(viewer.userId) : null
  if (shelf && shelf.documentIds.length === 0 && shelf.themeIds.length === 0) {
    if (search !== null && page === 1) recordSearch(viewer, input.filters.searchTerm, 0)
    return {
      researchDocuments: [],
      page,
      pageSize: RESEARCH_PAGE_SIZE,
      total: 0,
      isAnyFilterApplied: isAnyFilterApplied(input.filters),
    }
  }
  const base = (mode: MatchMode) => {
    const query = applyFilters(readableDocuments(viewer.teamId), input.filters)
    if (shelf) whereMine(query, shelf)
    if (search) whereMatches(query, search, mode, synonymThemes)
    return query
  }

  // The count reads indexes only, a search's from its matches; the page's documents are found
  // by id first, then read. Both are kept under the research catalogue's version (documents,
  // themes, entitlements), the team, the filters and words and, for My research, the user's
  // shelf: a list, a filter or a search asked again reads only the page's 25 rows until the
  // catalogue changes. (Ids only: a kept page is a few hundred bytes.)
  const listKey = [
    shelf ? 'mine' : 'all',
    viewer.teamId,
    createHash('sha1')
      .update(
        JSON.stringify([
          shelf ? [shelf.documentIds, shelf.themeIds] : null,
          search,
          synonymThemes,
          { ...input.filters, searchTerm: null },
        ])
      )
      .digest('hex'),
  ].join(':')
  const total = await keptForCatalogue(viewer, `list-count:${listKey}`, async () => {
    const row = await base('drive').count('* as total').first()
    return Number(row?.total ?? 0)
  })
  const offset = (page - 1) * RESEARCH_PAGE_SIZE
  // The page's rows when this request found them; otherwise read by the kept ids.
  let fresh: Record<string, any>[] | null = null
  const pageIds =
    total > offset
      ? await keptForCatalogue(viewer, `list-page:${listKey}:${input.sort}:${page}`, async () => {
          // A search with many matches walks the documents newest first and stops at the page;
          // with few (or a page deep into them) it starts from its matches, which a walk might
          // cross every document to find (the two cost the same at about √(25 × documents)).
          const mode: MatchMode = ranked
            ? 'rank'
            : total <= MATCHES_TO_DRIVE || offset * 10 > total
              ? 'drive'
              : 'walk'
          const rowsQuery = base(mode)
            .join('providers as p', 'p.id', 'd.provider_id')
            .select(documentColumns)
          if (ranked && search) {
            rowsQuery.orderBy(rankExpression(rowsQuery, search) as never, 'desc')
          }
          fresh = await rowsQuery
            .orderBy('d.published_at', 'desc')
            .orderBy('d.id', 'desc')
            .limit(RESEARCH_PAGE_SIZE)
            .offset(offset)
          return fresh.map((row) => Number(row.id))
        })
      : []
  // The rows themselves, read by id (still only those the team may read), in the page's order.
  const found =
    fresh ??
    (pageIds.length
      ? await readableDocuments(viewer.teamId)
          .join('providers as p', 'p.id', 'd.provider_id')
          .whereIn('d.id', pageIds)
          .select(documentColumns)
      : [])
  const byId = new Map(found.map((row) => [Number(row.id), row]))
  const rows = pageIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
  const researchDocuments = await documentRows(viewer, rows, search)
  // A text search is recorded with what it found (its first page: turning pages is the same
  // search), for the research discovery analytics.
  if (search !== null && page === 1) recordSearch(viewer, input.filters.searchTerm, total)
  return {
    researchDocuments,
    page,
    pageSize: RESEARCH_PAGE_SIZE,
    total,
    isAnyFilterApplied: isAnyFilterApplied(input.filters),
  }
}

export const documentColumns = [
  'd.id',
  'd.title',
  'd.abstract',
  'd.document_type',
  'd.asset_classes',
  'd.regions',
  'd.page_count',
  'd.entitlement',
  'd.published_at',
  'd.provider_id',
  'p.provider_key',
  'p.name as provider_name',
  'p.research_provider_type',
]

const parseList = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.map(String)
  try {
    const parsed = JSON.parse(String(value ?? '[]'))
    return Array.isArray(parsed) ? parsed.map(String) : []
  } catch {
    return []
  }
}

export const isoTime = (value: unknown) =>
  value instanceof Date
    ? DateTime.fromJSDate(value, { zone: 'utc' }).toISO()!
    : (DateTime.fromSQL(String(value), { zone: 'utc' }).toISO() ??
      DateTime.fromISO(String(value), { zone: 'utc' }).toISO()!)

export function providerChip(
  row: {
    provider_id: number
    provider_key: string
    provider_name: string
    research_provider_type: string | null
  },
  paid: Set<number> | null
): ProviderChip {
  const type = row.research_provider_type as ResearchProviderType | null
  return {
    id: Number(row.provider_id),
    key: row.provider_key,
    name: row.provider_name,
    type,
    typeLabel: type ? (RESEARCH_PROVIDER_TYPES[type] ?? type) : null,
    isPaid: paid ? paid.has(Number(row.provider_id)) : null,
  }
}

/**
 * The rows of one page with their themes (primary first, starred marked), the user's bookmark
 * and read state, the user's teams that may read each, and the highlighted matches: four
 * queries for the page, none per row.
 */
export async function documentRows(
  viewer: Viewer,
  rows: Record<string, any>[],
  search: SearchQuery | null
): Promise<ResearchDocumentRow[]> {
  if (!rows.length) return []
  const ids = rows.map((row) => Number(row.id))
  const providerIds = [...new Set(rows.map((row) => Number(row.provider_id)))]
  const teamIds = viewer.teams.map((team) => team.id)

  const [themeRows, markRows, teamRows, marked] = await Promise.all([
    db
      .from('research_document_themes as dt')
      .join('research_themes as t', 't.id', 'dt.theme_id')
      .leftJoin('research_starred_themes as st', (join) =>
        join.on('st.theme_id', 'dt.theme_id').andOnVal('st.user_id', viewer.userId)
      )
      .whereIn('dt.document_id', ids)
      .orderBy('dt.document_id')
      .orderBy('dt.is_primary', 'desc')
      .orderBy('dt.relevance', 'desc')
      .select('dt.document_id', 'dt.is_primary', 't.id', 't.name', 'st.user_id as starred_by'),
    // The user's bookmarks and reads among the rows, in one statement.
    db
      .from('research_bookmarks')
      .where('user_id', viewer.userId)
      .whereIn('document_id', ids)
      .select('document_id', db.raw("'bookmark' as mark"))
      .unionAll((reads) =>
        reads
          .from('research_read_events')
          .where('user_id', viewer.userId)
          .whereIn('document_id', ids)
          .groupBy('document_id')
          .select('document_id', db.raw("'read' as mark"))
      ),
    // The user's teams holding Research Insights, with their entitlements to the rows' providers.
    db
      .from('team_modules as tm')
      .join('modules as m', 'm.id', 'tm.module_id')
      .leftJoin('research_entitlements as re', (join) =>
        join.on('re.team_id', 'tm.team_id').onIn('re.provider_id', providerIds)
      )
      .whereIn('tm.team_id', teamIds)
      .where('m.internal_name', MODULES.trendingThemes)
      .select('tm.team_id', 're.provider_id'),
    search ? highlights(ids, search) : Promise.resolve(new Map()),
  ])

  const themes = new Map<number, { primary: ThemeChip | null; all: ThemeChip[] }>()
  for (const row of themeRows) {
    const id = Number(row.document_id)
    let entry = themes.get(id)
    if (!entry) themes.set(id, (entry = { primary: null, all: [] }))
    const chip = { id: Number(row.id), name: row.name, is_starred: row.starred_by !== null }
    if (row.is_primary && !entry.primary) entry.primary = chip
    entry.all.push(chip)
  }
  const bookmarked = new Set<number>()
  const read = new Set<number>()
  for (const row of markRows)
    (row.mark === 'bookmark' ? bookmarked : read).add(Number(row.document_id))
  const researchTeams = new Set(teamRows.map((row) => Number(row.team_id)))
  const entitled = new Set(
    teamRows
      .filter((row) => row.provider_id !== null)
      .map((row) => `${row.team_id}:${row.provider_id}`)
  )

  return rows.map((row) => {
    const id = Number(row.id)
    const open = row.entitlement !== 'paid_provider_only'
    const documentType = row.document_type as DocumentType
    return {
      id,
      primary_theme: themes.get(id)?.primary ?? null,
      themes: themes.get(id)?.all ?? [],
      is_bookmarked: bookmarked.has(id),
      published_date: isoTime(row.published_at),
      teams: viewer.teams.filter(
        (team) =>
          researchTeams.has(team.id) &&
          (open || entitled.has(`${team.id}:${Number(row.provider_id)}`))
      ),
      title: row.title,
      abstract: row.abstract,
      provider: providerChip(row as never, viewer.paidProviders),
      documentType,
      documentTypeLabel: DOCUMENT_TYPES[documentType] ?? documentType,
      assetClasses: parseList(row.asset_classes),
      regions: parseList(row.regions),
      pageCount: Number(row.page_count),
      isRead: read.has(id),
      highlight: marked.get(id) ?? null,
    }
  })
}

export function entitlementLabel(entitlement: string) {
  return ENTITLEMENTS[entitlement as Entitlement] ?? entitlement
}

export { parseList }
