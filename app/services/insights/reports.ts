import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import {
  REPORTS_PER_PAGE,
  type ReportCard,
  type ReportListFilters,
  type TaxonomyOption,
} from '#shared/insights_reports'
import {
  ReportNotFound,
  sqlTime,
  toIso,
  unreadSince,
  whereVisibleTo,
  yearOf,
  type ReportViewer,
} from '#services/insights/visibility'
import { tagsOf } from '#services/insights/tags'
import { cachedTeamReports } from '#services/insights/reports_cache'

/**
 * The client side of Insights Reports: the list with its filters, one report with related
 * reports, reads, downloads and the unread count. Every query goes through `whereVisibleTo`.
 */

type Row = {
  id: number
  title: string
  summary: string | null
  file_name: string
  category_id: number
  category: string | null
  access_type: string
  published_at: unknown
  updated_at: unknown
  page_count: number | null
  version: number
  file_size: number | null
  read_at: unknown
}

/** Reports the team may see, as cards' rows: with the user's read, or (`withReads` false) without. */
function reportRows(viewer: ReportViewer, withReads = true) {
  const query = db
    .from('insights_reports')
    .leftJoin('insights_categories', 'insights_categories.id', 'insights_reports.category_id')
  if (withReads) {
    query.leftJoin('insights_report_reads', (join) =>
      join
        .on('insights_report_reads.insights_report_id', '=', 'insights_reports.id')
        .andOnVal('insights_report_reads.user_id', '=', viewer.userId)
    )
  }
  return query
    .where(whereVisibleTo(viewer))
    .select(
      'insights_reports.id',
      'insights_reports.title',
      'insights_reports.summary',
      'insights_reports.file_name',
      'insights_reports.category_id',
      'insights_categories.name as category',
      'insights_reports.access_type',
      'insights_reports.published_at',
      'insights_reports.updated_at',
      'insights_reports.page_count',
      'insights_reports.version',
      'insights_reports.file_size',
      withReads ? 'insights_report_reads.read_at' : db.raw('null as read_at')
    )
}

function toCard(row: Row, tags: TaxonomyOption[], sinceIso: string | null): ReportCard {
  const publishedAt = toIso(row.published_at)!
  const userHasRead = row.read_at !== null && row.read_at !== undefined
  return {
    id: Number(row.id),
    title: row.title,
    summary: row.summary,
    fileName: row.file_name,
    insightsCategory: row.category ?? '',
    categoryId: Number(row.category_id),
    insightsTag: tags.length > 0 ? tags.map((tag) => tag.name).join(', ') : null,
    tags,
    createdAt: publishedAt,
    pageCount: row.page_count === null ? null : Number(row.page_count),
    version: Number(row.version),
    userHasRead,
    unread: !userHasRead && (sinceIso === null || publishedAt >= sinceIso),
    isPrivate: row.access_type === 'selected_teams',
  }
}

/** Rows to cards for the viewer, with the reports' tags (by id). */
function cardMaker(viewer: ReportViewer, tags: Map<number, TaxonomyOption[]>) {
  const since = unreadSince(viewer)
  const sinceIso = since === null ? null : since.toUTC().toISO()!
  return (row: Row) => toCard(row, tags.get(Number(row.id)) ?? [], sinceIso)
}

async function cards(rows: Row[], viewer: ReportViewer) {
  return rows.map(cardMaker(viewer, await tagsOf(rows.map((row) => Number(row.id)))))
}

/** How many reports visible to the user under the current team they have not opened. */
export async function unreadReportsCount(viewer: ReportViewer) {
  const since = unreadSince(viewer)
  const query = db
    .from('insights_reports')
    .where(whereVisibleTo(viewer))
    .whereNotExists((sub) =>
      sub
        .from('insights_report_reads')
        .whereColumn('insights_report_reads.insights_report_id', 'insights_reports.id')
        .where('insights_report_reads.user_id', viewer.userId)
    )
  if (since) query.where('insights_reports.published_at', '>=', sqlTime(db.connection(), since))
  const row = await query.count('* as total').first()
  return Number(row?.total ?? 0)
}

/** The list's filter options: categories and years in one grouped query, the tags in use. */
async function listOptions(viewer: ReportViewer): Promise<{
  categories: TaxonomyOption[]
  tags: TaxonomyOption[]
  years: number[]
}> {
  const client = db.connection()
  const [facets, tagOptions] = await Promise.all([
    // Categories and years of every report the team may see, counted in one grouped query.
    db
      .from('insights_reports')
      .join('insights_categories', 'insights_categories.id', 'insights_reports.category_id')
      .where(whereVisibleTo(viewer))
      .groupBy('insights_categories.id', 'insights_categories.name')
      .groupByRaw(yearOf(client, 'insights_reports.published_at'))
      .select('insights_categories.id', 'insights_categories.name')
      .select(db.raw(`${yearOf(client, 'insights_reports.published_at')} as year`)),
    db
      .from('insights_tags')
      .whereExists((sub) =>
        sub
          .from('insights_report_tags')
          .join(
            'insights_reports',
            'insights_reports.id',
            'insights_report_tags.insights_report_id'
          )
          .whereColumn('insights_report_tags.insights_tag_id', 'insights_tags.id')
          .where(whereVisibleTo(viewer))
      )
      .orderBy('insights_tags.name')
      .select('insights_tags.id', 'insights_tags.name'),
  ])
  const categories = new Map<number, string>()
  const years = new Set<number>()
  for (const row of facets) {
    categories.set(Number(row.id), row.name)
    years.add(Number(row.year))
  }
  return {
    categories: [...categories]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    tags: tagOptions.map((row) => ({ id: Number(row.id), name: row.name })),
    years: [...years].sort((a, b) => b - a),
  }
}

/** The list: filters, newest first, a page of cards, the filter options and the unread count. */
export async function reportList(viewer: ReportViewer, asked: ReportListFilters) {
  const client = db.connection()
  // The same for every member of the team: kept until an administrator changes reports.
  const options = await cachedTeamReports(viewer, 'list-options', () => listOptions(viewer))
  // A category, tag or year the team has no report in (a stale or edited link) is left out
  // and named, like a value that does not parse.
  const ignored: string[] = []
  const filters = { ...asked }
  if (filters.categoryId && !options.categories.some((entry) => entry.id === filters.categoryId)) {
    filters.categoryId = null
    ignored.push('category')
  }
  if (filters.tagId && !options.tags.some((entry) => entry.id === filters.tagId)) {
    filters.tagId = null
    ignored.push('tag')
  }
  if (filters.year && !options.years.includes(filters.year)) {
    filters.year = null
    ignored.push('year')
  }
  const filtered = (query: any) => {
    query.where(whereVisibleTo(viewer))
    if (filters.categoryId) query.where('insights_reports.category_id', filters.categoryId)
    if (filters.tagId) {
      query.whereExists((sub: any) =>
        sub
          .from('insights_report_tags')
          .whereColumn('insights_report_tags.insights_report_id', 'insights_reports.id')
          .where('insights_report_tags.insights_tag_id', filters.tagId)
      )
    }
    if (filters.year) {
      const start = DateTime.utc(filters.year, 1, 1)
      query
        .where('insights_reports.published_at', '>=', sqlTime(client, start))
        .where('insights_reports.published_at', '<', sqlTime(client, start.plus({ years: 1 })))
    }
    const search = filters.search.trim().toLowerCase()
    if (search) {
      const escaped = search.replace(/[\\%_]/g, (char) => `\\${char}`)
      query.whereRaw("lower(insights_reports.title) like ? escape '\\'", [`%${escaped}%`])
    }
  }

  const count = async () => {
    const row = await db.from('insights_reports').where(filtered).count('* as total').first()
    return Number(row?.total ?? 0)
  }
  const unfiltered =
    !filters.categoryId && !filters.tagId && !filters.year && !filters.search.trim()
  const [total, rows, unreadCount] = await Promise.all([
    // Unfiltered, the total is the team's (kept like the filter options).
    unfiltered ? cachedTeamReports(viewer, 'total', count) : count(),
    reportRows(viewer)
      .where(filtered)
      .orderBy('insights_reports.published_at', 'desc')
      .orderBy('insights_reports.id', 'desc')
      .limit(REPORTS_PER_PAGE)
      .offset((filters.page - 1) * REPORTS_PER_PAGE) as Promise<Row[]>,
    unreadReportsCount(viewer),
  ])
  return {
    reports: await cards(rows, viewer),
    pagination: {
      page: filters.page,
      perPage: REPORTS_PER_PAGE,
      total,
      lastPage: Math.max(1, Math.ceil(total / REPORTS_PER_PAGE)),
    },
    options,
    unreadCount,
    filters,
    ignored,
  }
}

/** One report the team may see (404 otherwise: another team's private report does not exist). */
export async function visibleReport(viewer: ReportViewer, reportId: number) {
  const row = (await reportRows(viewer)
    .where('insights_reports.id', reportId)
    .select('insights_reports.file_key')
    .first()) as (Row & { file_key: string | null }) | null
  if (!row) throw new ReportNotFound('Report not found')
  return row
}

/** Records that the user opened the report: the first read stays, the last and the count move. */
export async function recordRead(viewer: ReportViewer, reportId: number) {
  const now = sqlTime(db.connection(), DateTime.utc())
  await db
    .insertQuery()
    .table('insights_report_reads')
    .insert({
      insights_report_id: reportId,
      user_id: viewer.userId,
      read_at: now,
      last_read_at: now,
      read_count: 1,
    })
    .knexQuery.onConflict(['user_id', 'insights_report_id'])
    .merge({
      last_read_at: now,
      read_count: db.knexRawQuery('insights_report_reads.read_count + 1'),
    })
}

/**
 * The report and up to four related ones (same category or a shared tag), newest first, with
 * their tags: the same for every member of the team, so kept under the team, its modules and
 * the reports version. A report the team may not see is a 404 and nothing is kept.
 */
function sharedReportView(viewer: ReportViewer, reportId: number) {
  return cachedTeamReports(viewer, `report:${reportId}`, async () => {
    const teamRows = () => reportRows(viewer, false)
    const row = (await teamRows().where('insights_reports.id', reportId).first()) as Row | null
    if (!row) throw new ReportNotFound('Report not found')
    const tagRows = await db
      .from('insights_report_tags')
      .where('insights_report_id', reportId)
      .select('insights_tag_id')
    const tagIds = tagRows.map((tag) => Number(tag.insights_tag_id))
    const related = (await teamRows()
      .whereNot('insights_reports.id', reportId)
      .where((query) => {
        query.where('insights_reports.category_id', row.category_id)
        if (tagIds.length > 0) {
          query.orWhereExists((sub) =>
            sub
              .from('insights_report_tags')
              .whereColumn('insights_report_tags.insights_report_id', 'insights_reports.id')
              .whereIn('insights_report_tags.insights_tag_id', tagIds)
          )
        }
      })
      .orderBy('insights_reports.published_at', 'desc')
      .orderBy('insights_reports.id', 'desc')
      .limit(4)) as Row[]
    const tags = await tagsOf([reportId, ...related.map((entry) => Number(entry.id))])
    return { row, related, tags: [...tags.entries()] }
  })
}

/** The viewer page: marks the report read, then the card, related reports and the new count. */
export async function reportView(viewer: ReportViewer, reportId: number) {
  if (!Number.isSafeInteger(reportId) || reportId <= 0) {
    throw new ReportNotFound('Report not found')
  }
  const shared = await sharedReportView(viewer, reportId)
  await recordRead(viewer, reportId)
  const relatedIds = shared.related.map((entry) => Number(entry.id))
  const [reads, unreadCount] = await Promise.all([
    relatedIds.length
      ? db
          .from('insights_report_reads')
          .where('user_id', viewer.userId)
          .whereIn('insights_report_id', relatedIds)
          .select('insights_report_id', 'read_at')
      : Promise.resolve([]),
    unreadReportsCount(viewer),
  ])
  const readAt = new Map(reads.map((read) => [Number(read.insights_report_id), read.read_at]))
  const toViewerCard = cardMaker(viewer, new Map(shared.tags))
  const cardOf = (row: Row, read: unknown) => toViewerCard({ ...row, read_at: read ?? null })
  const { row } = shared
  return {
    report: {
      ...cardOf(row, 'now'),
      fileUrl: `/insights-reports/${reportId}/file`,
      downloadUrl: `/insights-reports/${reportId}/download`,
      updatedAt: Number(row.version) > 1 ? toIso(row.updated_at) : null,
      fileSize: row.file_size === null ? null : Number(row.file_size),
    },
    related: shared.related.map((entry) => cardOf(entry, readAt.get(Number(entry.id)))),
    unreadCount,
  }
}

/** Logs a download of the report's current version. */
export async function recordDownload(viewer: ReportViewer, reportId: number, version: number) {
  await db.table('insights_report_downloads').insert({
    insights_report_id: reportId,
    user_id: viewer.userId,
    team_id: viewer.teamId,
    version,
    created_at: sqlTime(db.connection(), DateTime.utc()),
  })
}

/** The dashboard's five newest reports the team may see, with the user's read marks. */
export async function latestReports(viewer: ReportViewer, limit = 5) {
  // The team's newest reports are the same for every member: kept in the cache under the
  // reports version. Only whether this user has opened them is read per request.
  const latest = await cachedTeamReports(viewer, `latest:${limit}`, async () => {
    const rows = await db
      .from('insights_reports')
      .leftJoin('insights_categories', 'insights_categories.id', 'insights_reports.category_id')
      .where(whereVisibleTo(viewer))
      .select(
        'insights_reports.id',
        'insights_reports.title',
        'insights_categories.name as category',
        'insights_reports.published_at'
      )
      .orderBy('insights_reports.published_at', 'desc')
      .orderBy('insights_reports.id', 'desc')
      .limit(limit)
    return rows.map((row) => ({
      id: Number(row.id),
      title: row.title as string,
      category: (row.category as string | null) ?? '',
      createdAt: toIso(row.published_at)!,
    }))
  })
  if (latest.length === 0) return []
  const reads = await db
    .from('insights_report_reads')
    .where('user_id', viewer.userId)
    .whereIn(
      'insights_report_id',
      latest.map((report) => report.id)
    )
    .select('insights_report_id')
  const read = new Set(reads.map((row) => Number(row.insights_report_id)))
  // The badge's rule: a report published long before the account was made is not unread.
  const since = unreadSince(viewer)
  const sinceIso = since === null ? null : since.toUTC().toISO()!
  return latest.map((report) => ({
    ...report,
    unread: !read.has(report.id) && (sinceIso === null || report.createdAt >= sinceIso),
  }))
}
