import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { MODULES, type ModuleName } from '#shared/modules'
import {
  ADMIN_REPORTS_PER_PAGE,
  REPORT_MAX_FILE_MB,
  REPORT_ACCESS_LABELS,
  REPORT_PRODUCT_MODULES,
  type AdminReportDetailProps,
  type AdminReportRow,
  type ReportAccessType,
  type ReportFormOptions,
  type ReportStatus,
} from '#shared/insights_reports'
import { audit } from '#services/audit/audit'
import { insertReturningId } from '#services/db/insert'
import { fieldError } from '#services/http/field_error'
import { ReportNotFound, sqlTime, toIso } from '#services/insights/visibility'
import { notifyList, type ReportAudienceRef } from '#services/insights/notifications'
import { tagsOf } from '#services/insights/tags'
import { bumpReportsVersion } from '#services/insights/reports_cache'
import { deleteReportFile, putReportFile } from '#services/insights/report_files'
import { checkUploadedPdf } from '#services/files/pdf_check'

/**
 * Insights Reports administration: the reports list with its reach figures, one report with
 * its notify list and analytics, and the writes (publish through the wizard, edit, replace the
 * file as a new version, withdraw, republish). Every write is audited in its transaction.
 */

export interface ReportDetailsInput {
  title: string
  summary?: string | null
  file_name: string
  author?: string | null
  category_id: number
  access_type: ReportAccessType
  access_module?: ModuleName | null
  team_ids?: number[]
  tag_ids?: number[]
}

type ReportRow = {
  id: number
  title: string
  summary: string | null
  file_name: string
  category_id: number
  category: string | null
  access_type: ReportAccessType
  access_module: ModuleName | null
  status: ReportStatus
  version: number
  published_at: unknown
  updated_at: unknown
  page_count: number | null
  file_key: string | null
  file_size: number | null
  author: string | null
}

const num = (value: unknown) => Number(value ?? 0)

function baseQuery() {
  return db
    .from('insights_reports')
    .leftJoin('insights_categories', 'insights_categories.id', 'insights_reports.category_id')
    .select(
      'insights_reports.id',
      'insights_reports.title',
      'insights_reports.summary',
      'insights_reports.file_name',
      'insights_reports.category_id',
      'insights_categories.name as category',
      'insights_reports.access_type',
      'insights_reports.access_module',
      'insights_reports.status',
      'insights_reports.version',
      'insights_reports.published_at',
      'insights_reports.updated_at',
      'insights_reports.page_count',
      'insights_reports.file_key',
      'insights_reports.file_size',
      'insights_reports.author'
    )
    .select(
      db
        .from('insights_report_downloads')
        .whereColumn('insights_report_downloads.insights_report_id', 'insights_reports.id')
        .count('*')
        .as('downloads')
    )
}

export async function reportRow(id: number) {
  const row = (await baseQuery().where('insights_reports.id', id).first()) as
    (ReportRow & { downloads: unknown }) | null
  if (!row) throw new ReportNotFound('Report not found')
  return row
}

function accessLabel(row: Pick<ReportRow, 'access_type' | 'access_module'>) {
  if (row.access_type === 'product_holders') {
    const product = REPORT_PRODUCT_MODULES.find((entry) => entry.module === row.access_module)
    return `Teams holding ${product?.title ?? row.access_module}`
  }
  return REPORT_ACCESS_LABELS[row.access_type]
}

function median(values: number[]) {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const hoursBetween = (from: unknown, to: unknown) => {
  const start = toIso(from)
  const end = toIso(to)
  if (!start || !end) return null
  return Math.max(0, (Date.parse(end) - Date.parse(start)) / 3_600_000)
}

type Figures = Omit<AdminReportRow, keyof ReportRowBase>

/**
 * A report's reach from its audience size, the users notified of any version (sent), its
 * reads and downloads: open rate = notified users who opened it ÷ notified users; time to first
 * read counted from publication.
 */
function figures(
  row: ReportRow & { downloads?: unknown },
  audience: number,
  notifiedUsers: Set<number>,
  reads: { userId: number; readAt: unknown }[]
): Figures {
  const opened = reads.filter((read) => notifiedUsers.has(read.userId)).length
  const hours = reads
    .map((read) => hoursBetween(row.published_at, read.readAt))
    .filter((value): value is number => value !== null)
  const middle = median(hours)
  return {
    audience,
    notified: notifiedUsers.size,
    readers: reads.length,
    openRate: notifiedUsers.size > 0 ? opened / notifiedUsers.size : null,
    medianHoursToFirstRead: middle === null ? null : Math.round(middle * 10) / 10,
    downloads: num(row.downloads),
  }
}

/** Active members of the teams holding the insights-reports module. */
function activeMembers() {
  return db
    .from('team_user as tu')
    .join('users as u', 'u.id', 'tu.user_id')
    .whereNull('u.disabled_at')
    .whereIn('tu.team_id', (query) =>
      query
        .from('team_modules as tm')
        .join('modules as m', 'm.id', 'tm.module_id')
        .where('m.internal_name', MODULES.insightsReports)
        .select('tm.team_id')
    )
}

/**
 * The reach of a page of reports in a fixed number of queries whatever their number: the
 * audience (active users of the teams that can see each report, counted once) by module for
 * all-client and product reports (every such team holds the insights-reports module, so its
 * group is "all clients") and by report for selected teams; the notified users; the reads.
 */
async function reach(rows: (ReportRow & { downloads?: unknown })[]) {
  const result = new Map<number, Figures>()
  if (rows.length === 0) return result
  const ids = rows.map((row) => Number(row.id))
  const modules = [
    ...new Set(
      rows.filter((row) => row.access_type === 'product_holders').map((row) => row.access_module)
    ),
  ].filter((module): module is ModuleName => module !== null)
  const selectedIds = rows
    .filter((row) => row.access_type === 'selected_teams')
    .map((row) => Number(row.id))
  const byModuleWanted = modules.length > 0 || rows.some((row) => row.access_type === 'all_clients')

  const [byModule, bySelection, notified, reads] = await Promise.all([
    byModuleWanted
      ? activeMembers()
          .join('team_modules as tm2', 'tm2.team_id', 'tu.team_id')
          .join('modules as m2', 'm2.id', 'tm2.module_id')
          .whereIn('m2.internal_name', [MODULES.insightsReports, ...modules])
          .groupBy('m2.internal_name')
          .select('m2.internal_name as module')
          .countDistinct('tu.user_id as total')
      : Promise.resolve([]),
    selectedIds.length > 0
      ? activeMembers()
          .join('insights_report_teams as rt', 'rt.team_id', 'tu.team_id')
          .whereIn('rt.insights_report_id', selectedIds)
          .groupBy('rt.insights_report_id')
          .select('rt.insights_report_id as report_id')
          .countDistinct('tu.user_id as total')
      : Promise.resolve([]),
    db
      .from('insights_report_notifications')
      .whereIn('insights_report_id', ids)
      .where('status', 'sent')
      .distinct('insights_report_id as report_id', 'user_id'),
    db
      .from('insights_report_reads')
      .whereIn('insights_report_id', ids)
      .select('insights_report_id as report_id', 'user_id', 'read_at'),
  ])
  const audienceByModule = new Map(byModule.map((row: any) => [row.module, num(row.total)]))
  const selected = new Map(bySelection.map((row: any) => [num(row.report_id), num(row.total)]))
  const notifiedBy = new Map<number, Set<number>>()
  for (const row of notified) {
    const set = notifiedBy.get(num(row.report_id)) ?? new Set<number>()
    set.add(num(row.user_id))
    notifiedBy.set(num(row.report_id), set)
  }
  const readsBy = new Map<number, { userId: number; readAt: unknown }[]>()
  for (const row of reads) {
    const list = readsBy.get(num(row.report_id)) ?? []
    list.push({ userId: num(row.user_id), readAt: row.read_at })
    readsBy.set(num(row.report_id), list)
  }
  for (const row of rows) {
    const id = Number(row.id)
    const audience =
      row.access_type === 'all_clients'
        ? (audienceByModule.get(MODULES.insightsReports) ?? 0)
        : row.access_type === 'product_holders'
          ? (audienceByModule.get(row.access_module ?? '') ?? 0)
          : (selected.get(id) ?? 0)
    result.set(id, figures(row, audience, notifiedBy.get(id) ?? new Set(), readsBy.get(id) ?? []))
  }
  return result
}

type ReportRowBase = Pick<
  AdminReportRow,
  | 'id'
  | 'title'
  | 'fileName'
  | 'category'
  | 'tags'
  | 'accessType'
  | 'accessLabel'
  | 'status'
  | 'version'
  | 'publishedAt'
  | 'pageCount'
>

function rowBase(row: ReportRow, tags: { id: number; name: string }[]): ReportRowBase {
  return {
    id: Number(row.id),
    title: row.title,
    fileName: row.file_name,
    category: row.category ?? '',
    tags: tags.map((tag) => tag.name),
    accessType: row.access_type,
    accessLabel: accessLabel(row),
    status: row.status,
    version: Number(row.version),
    publishedAt: toIso(row.published_at)!,
    pageCount: row.page_count === null ? null : Number(row.page_count),
  }
}

export async function adminReportList(filters: {
  search: string
  status: ReportStatus | 'all'
  categoryId: number | null
  page: number
}) {
  // Search and category narrow everything; the status filter is applied to the page, and the
  // counts per status (for the filter) come from one grouped query.
  const narrowed = (query: any) => {
    if (filters.categoryId) query.where('insights_reports.category_id', filters.categoryId)
    const search = filters.search.trim().toLowerCase()
    if (search) {
      const escaped = search.replace(/[\\%_]/g, (char) => `\\${char}`)
      query.where((inner: any) =>
        inner
          .whereRaw("lower(insights_reports.title) like ? escape '\\'", [`%${escaped}%`])
          .orWhereRaw("lower(insights_reports.file_name) like ? escape '\\'", [`%${escaped}%`])
      )
    }
  }
  const pageQuery = baseQuery().where(narrowed)
  if (filters.status !== 'all') pageQuery.where('insights_reports.status', filters.status)
  const [statusCounts, rows, categories] = await Promise.all([
    db
      .from('insights_reports')
      .where(narrowed)
      .groupBy('insights_reports.status')
      .select('insights_reports.status')
      .count('* as total'),
    pageQuery
      .orderBy('insights_reports.published_at', 'desc')
      .orderBy('insights_reports.id', 'desc')
      .limit(ADMIN_REPORTS_PER_PAGE)
      .offset((filters.page - 1) * ADMIN_REPORTS_PER_PAGE) as Promise<ReportRow[]>,
    db.from('insights_categories').orderBy('name').select('id', 'name'),
  ])
  const byStatus = new Map(statusCounts.map((row) => [row.status, num(row.total)]))
  const published = byStatus.get('published') ?? 0
  const withdrawn = byStatus.get('withdrawn') ?? 0
  const total =
    filters.status === 'all' ? published + withdrawn : (byStatus.get(filters.status) ?? 0)
  const ids = rows.map((row) => Number(row.id))
  const [tags, reachOf] = await Promise.all([tagsOf(ids), reach(rows)])
  return {
    reports: rows.map((row) => ({
      ...rowBase(row, tags.get(Number(row.id)) ?? []),
      ...reachOf.get(Number(row.id))!,
    })),
    pagination: {
      page: filters.page,
      perPage: ADMIN_REPORTS_PER_PAGE,
      total,
      lastPage: Math.max(1, Math.ceil(total / ADMIN_REPORTS_PER_PAGE)),
    },
    options: { categories: categories.map((row) => ({ id: num(row.id), name: row.name })) },
    totals: { reports: published + withdrawn, published, withdrawn },
  }
}

/** The wizard's and edit form's choices: categories and tags in one query, then the teams. */
export async function formOptions(): Promise<ReportFormOptions> {
  const [taxonomy, teams] = await Promise.all([
    db
      .from('insights_categories')
      .select('id', 'name', db.raw("'category' as kind"))
      .unionAll((query) =>
        query.from('insights_tags').select('id', 'name', db.raw("'tag' as kind"))
      ),
    db
      .from('teams as t')
      .leftJoin('team_modules as tm', 'tm.team_id', 't.id')
      .leftJoin('modules as m', (join) =>
        join
          .on('m.id', '=', 'tm.module_id')
          .andOnVal('m.internal_name', '=', MODULES.insightsReports)
      )
      .groupBy('t.id', 't.name')
      .orderBy('t.name')
      .select('t.id', 't.name')
      .count('m.id as with_module'),
  ])
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)
  const options = (kind: string) =>
    taxonomy
      .filter((row: any) => row.kind === kind)
      .map((row: any) => ({ id: num(row.id), name: row.name as string }))
      .sort(byName)
  return {
    categories: options('category'),
    tags: options('tag'),
    teams: teams.map((row: any) => ({
      id: num(row.id),
      name: row.name,
      hasModule: num(row.with_module) > 0,
    })),
    products: REPORT_PRODUCT_MODULES,
    maxFileMb: REPORT_MAX_FILE_MB,
  }
}

/**
 * One report for its administration page: details, notify list, analytics and versions. The
 * notify list is the audience, so the figures are read off it rather than counted again.
 */
export async function reportDetail(id: number): Promise<Omit<AdminReportDetailProps, 'options'>> {
  const row = await reportRow(id)
  const [tags, teams, reads, versions] = await Promise.all([
    tagsOf([id]),
    row.access_type === 'selected_teams'
      ? db.from('insights_report_teams').where('insights_report_id', id).select('team_id')
      : Promise.resolve([]),
    db
      .from('insights_report_reads as r')
      .join('users as u', 'u.id', 'r.user_id')
      .where('r.insights_report_id', id)
      .orderBy('r.read_at')
      .orderBy('u.id')
      .select('u.id', 'u.name', 'u.email', 'r.read_at', 'r.last_read_at', 'r.read_count'),
    db
      .from('insights_report_versions as v')
      .leftJoin('users as u', 'u.id', 'v.uploaded_by')
      .where('v.insights_report_id', id)
      .orderBy('v.version', 'desc')
      .select('v.version', 'v.file_name', 'v.created_at', 'u.name as uploaded_by'),
  ])
  const notify = await notifyList(row as ReportAudienceRef, {
    readers: new Set(reads.map((read) => num(read.id))),
  })
  const reportTags = tags.get(id) ?? []
  const readRows = reads.map((read) => ({ userId: num(read.id), readAt: read.read_at }))
  const published = toIso(row.published_at)!
  const days = new Map<number, number>()
  for (const read of reads) {
    const day = Math.floor((hoursBetween(published, read.read_at) ?? 0) / 24)
    days.set(day, (days.get(day) ?? 0) + 1)
  }
  const lastDay = Math.max(0, ...days.keys())
  const cumulativeReads: { day: number; readers: number }[] = []
  let running = 0
  for (let day = 0; day <= Math.min(lastDay, 365); day++) {
    running += days.get(day) ?? 0
    cumulativeReads.push({ day, readers: running })
  }
  if (lastDay > 365) cumulativeReads.push({ day: lastDay, readers: reads.length })
  return {
    report: {
      ...rowBase(row, reportTags),
      ...figures(row, notify.users.length, notify.everNotified, readRows),
      summary: row.summary,
      categoryId: Number(row.category_id),
      tagIds: reportTags.map((tag) => tag.id),
      accessModule: row.access_module,
      teamIds: teams.map((team: any) => num(team.team_id)),
      fileUrl: `/admin/insights-reports/${id}/file`,
      fileSize: row.file_size === null ? null : Number(row.file_size),
      updatedAt: toIso(row.updated_at),
      author: row.author,
    },
    notify: { version: notify.version, users: notify.users, counts: notify.counts },
    analytics: {
      cumulativeReads,
      readers: reads.map((read) => ({
        id: num(read.id),
        name: read.name,
        email: read.email,
        firstReadAt: toIso(read.read_at)!,
        lastReadAt: toIso(read.last_read_at ?? read.read_at)!,
        readCount: num(read.read_count),
      })),
    },
    versions: versions.map((version) => ({
      version: num(version.version),
      fileName: version.file_name,
      uploadedAt: toIso(version.created_at)!,
      uploadedBy: version.uploaded_by ?? null,
    })),
  }
}

// ── Writes ──────────────────────────────────────────────────────────────────────────────────

/** Checks the references of the details (category, tags, teams, product) and the access rule. */
async function checkDetails(trx: TransactionClientContract, input: ReportDetailsInput) {
  const category = await trx.from('insights_categories').where('id', input.category_id).first()
  if (!category) throw fieldError('category_id', 'Choose a category from the list.')
  const tagIds = input.tag_ids ?? []
  if (tagIds.length > 0) {
    const found = await trx.from('insights_tags').whereIn('id', tagIds).count('* as total').first()
    if (num(found?.total) !== tagIds.length)
      throw fieldError('tag_ids', 'Choose the tags from the list.')
  }
  const teamIds = input.access_type === 'selected_teams' ? (input.team_ids ?? []) : []
  if (input.access_type === 'selected_teams') {
    if (teamIds.length === 0) {
      throw fieldError(
        'team_ids',
        'Choose at least one team for a report published to selected teams.'
      )
    }
    const found = await trx.from('teams').whereIn('id', teamIds).count('* as total').first()
    if (num(found?.total) !== teamIds.length)
      throw fieldError('team_ids', 'Choose the teams from the list.')
  }
  if (input.access_type === 'product_holders' && !input.access_module) {
    throw fieldError('access_module', 'Choose the product whose teams may see the report.')
  }
  return {
    tagIds,
    teamIds,
    category: category.name as string,
    values: {
      title: input.title.trim(),
      summary: input.summary?.trim() || null,
      file_name: input.file_name.trim(),
      author: input.author?.trim() || null,
      category_id: input.category_id,
      access_type: input.access_type,
      access_module: input.access_type === 'product_holders' ? input.access_module! : null,
    },
  }
}

async function writeLinks(
  trx: TransactionClientContract,
  reportId: number,
  tagIds: number[],
  teamIds: number[]
) {
  await trx.from('insights_report_tags').where('insights_report_id', reportId).delete()
  await trx.from('insights_report_teams').where('insights_report_id', reportId).delete()
  if (tagIds.length > 0) {
    await trx
      .table('insights_report_tags')
      .multiInsert(
        tagIds.map((tagId) => ({ insights_report_id: reportId, insights_tag_id: tagId }))
      )
  }
  for (let start = 0; start < teamIds.length; start += 400) {
    await trx
      .table('insights_report_teams')
      .multiInsert(
        teamIds
          .slice(start, start + 400)
          .map((teamId) => ({ insights_report_id: reportId, team_id: teamId }))
      )
  }
}

/** Reads and checks an uploaded report PDF; a refusal is the file field's error. */
export function uploadedPdf(file: MultipartFile) {
  return checkUploadedPdf(file, { maxMb: REPORT_MAX_FILE_MB, documentName: 'a report' })
}

/** Publishes a report from the wizard: the PDF checked by its content, stored, then the rows. */
export async function createReport(userId: number, input: ReportDetailsInput, file: MultipartFile) {
  const { bytes, pageCount } = await uploadedPdf(file)
  let key: string | null = null
  try {
    const created = await db.transaction(async (trx) => {
      const checked = await checkDetails(trx, input)
      const now = sqlTime(trx, DateTime.utc())
      const id = await insertReturningId(trx, 'insights_reports', {
        ...checked.values,
        status: 'published',
        published_at: now,
        version: 1,
        page_count: pageCount,
        file_size: bytes.byteLength,
        created_by: userId,
        created_at: now,
        updated_at: now,
      })
      key = await putReportFile(id, 1, bytes)
      await trx.from('insights_reports').where('id', id).update({ file_key: key })
      await trx.table('insights_report_versions').insert({
        insights_report_id: id,
        version: 1,
        file_name: checked.values.file_name,
        file_key: key,
        file_size: bytes.byteLength,
        page_count: pageCount,
        uploaded_by: userId,
        created_at: now,
      })
      await writeLinks(trx, id, checked.tagIds, checked.teamIds)
      await audit(trx, {
        userId,
        entityType: 'insights_report',
        entityId: id,
        action: 'create',
        summary: `Published insights report "${checked.values.title}"`,
        after: {
          ...checked.values,
          tag_ids: checked.tagIds,
          team_ids: checked.teamIds,
          pages: pageCount,
        },
      })
      return id
    })
    await bumpReportsVersion()
    return created
  } catch (error) {
    await deleteReportFile(key)
    throw error
  }
}

async function detailsSnapshot(trx: TransactionClientContract, id: number) {
  const row = await trx
    .from('insights_reports')
    .where('id', id)
    .select(
      'title',
      'summary',
      'file_name',
      'author',
      'category_id',
      'access_type',
      'access_module'
    )
    .first()
  if (!row) throw new ReportNotFound('Report not found')
  const [tags, teams] = await Promise.all([
    trx
      .from('insights_report_tags')
      .where('insights_report_id', id)
      .orderBy('insights_tag_id')
      .select('insights_tag_id'),
    trx
      .from('insights_report_teams')
      .where('insights_report_id', id)
      .orderBy('team_id')
      .select('team_id'),
  ])
  return {
    ...row,
    category_id: num(row.category_id),
    tag_ids: tags.map((tag) => num(tag.insights_tag_id)),
    team_ids: teams.map((team) => num(team.team_id)),
  }
}

export async function updateReport(userId: number, id: number, input: ReportDetailsInput) {
  await db.transaction(async (trx) => {
    const before = await detailsSnapshot(trx, id)
    const checked = await checkDetails(trx, input)
    await trx
      .from('insights_reports')
      .where('id', id)
      .update({ ...checked.values, updated_at: sqlTime(trx, DateTime.utc()) })
    await writeLinks(trx, id, checked.tagIds, checked.teamIds)
    await audit(trx, {
      userId,
      entityType: 'insights_report',
      entityId: id,
      action: 'update',
      summary: `Edited insights report "${checked.values.title}"`,
      before,
      after: {
        ...checked.values,
        tag_ids: [...checked.tagIds].sort((a, b) => a - b),
        team_ids: [...checked.teamIds].sort((a, b) => a - b),
      },
    })
  })
  await bumpReportsVersion()
}

/**
 * Replaces the PDF with a new version: the version number rises, the earlier file stays on the
 * disk for the versions list, and the notify list starts afresh for the new version.
 */
export async function replaceReportFile(
  userId: number,
  id: number,
  file: MultipartFile,
  fileName: string | null
) {
  const { bytes, pageCount } = await uploadedPdf(file)
  let key: string | null = null
  try {
    const replaced = await db.transaction(async (trx) => {
      const row = await trx.from('insights_reports').where('id', id).first()
      if (!row) throw new ReportNotFound('Report not found')
      // The increment is the row lock: a second replacement at the same moment waits for this
      // transaction and then takes the next number (the versions table's unique key holds).
      await trx.from('insights_reports').where('id', id).increment('version', 1)
      const updated = await trx.from('insights_reports').where('id', id).select('version').first()
      const version = num(updated?.version)
      key = await putReportFile(id, version, bytes)
      const name = fileName?.trim() || row.file_name
      const now = sqlTime(trx, DateTime.utc())
      await trx.from('insights_reports').where('id', id).update({
        file_key: key,
        file_name: name,
        file_size: bytes.byteLength,
        page_count: pageCount,
        updated_at: now,
      })
      await trx.table('insights_report_versions').insert({
        insights_report_id: id,
        version,
        file_name: name,
        file_key: key,
        file_size: bytes.byteLength,
        page_count: pageCount,
        uploaded_by: userId,
        created_at: now,
      })
      await audit(trx, {
        userId,
        entityType: 'insights_report',
        entityId: id,
        action: 'update',
        summary: `Uploaded version ${version} of insights report "${row.title}"`,
        before: { version: version - 1, file_name: row.file_name },
        after: { version, file_name: name, pages: pageCount },
      })
      return version
    })
    await bumpReportsVersion()
    return replaced
  } catch (error) {
    await deleteReportFile(key)
    throw error
  }
}

/** Withdraws a report (clients no longer see it, nor count it unread) or publishes it again. */
export async function setReportStatus(userId: number, id: number, status: ReportStatus) {
  await db.transaction(async (trx) => {
    const row = await trx.from('insights_reports').where('id', id).first()
    if (!row) throw new ReportNotFound('Report not found')
    if (row.status === status) return
    const now = sqlTime(trx, DateTime.utc())
    await trx
      .from('insights_reports')
      .where('id', id)
      .update({ status, withdrawn_at: status === 'withdrawn' ? now : null, updated_at: now })
    await audit(trx, {
      userId,
      entityType: 'insights_report',
      entityId: id,
      action: 'update',
      summary: `${status === 'withdrawn' ? 'Withdrew' : 'Republished'} insights report "${row.title}"`,
      before: { status: row.status },
      after: { status },
    })
  })
  await bumpReportsVersion()
}
