import PDFDocument from 'pdfkit'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import type { ModuleName } from '#shared/modules'
import type { ReportAccessType } from '#shared/insights_reports'
import { reportFileKey } from '#services/insights/report_files'
import { insertReturningId } from '#services/db/insert'
import { bumpReportsVersion } from '#services/insights/reports_cache'

/** A real PDF of the given number of pages, made in memory. */
export function pdfBytes(pages = 2, title = 'Insights report'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', info: { Title: title } })
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    for (let page = 0; page < pages; page++) {
      if (page > 0) doc.addPage()
      doc.fontSize(18).text(`${title}, page ${page + 1}`)
    }
    doc.end()
  })
}

/** A real PDF that runs JavaScript when opened (an OpenAction), which uploads must refuse. */
export function pdfWithScript(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' })
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    doc.text('Open me')
    // pdfkit writes a String object as a PDF string: the script of the action.
    // eslint-disable-next-line no-new-wrappers
    const action = doc.ref({ S: 'JavaScript', JS: new String('app.alert("ran")') }) as any
    action.end()
    ;(doc as any)._root.data.OpenAction = action
    doc.end()
  })
}

const sql = (time: DateTime) => time.toUTC().toFormat(db.connection().dialect.dateTimeFormat)

export async function makeCategory(name: string) {
  const id = await insertReturningId(db.connection(), 'insights_categories', {
    name,
    created_at: sql(DateTime.utc()),
  })
  await bumpReportsVersion()
  return id
}

export async function makeTag(name: string) {
  const id = await insertReturningId(db.connection(), 'insights_tags', {
    name,
    created_at: sql(DateTime.utc()),
  })
  await bumpReportsVersion()
  return id
}

let categoryCache: number | null = null

/**
 * A report written straight to the tables (the admin wizard has its own tests): published a
 * day ago unless told, for all client teams unless told, optionally with a stored PDF.
 */
export async function makeReport(
  options: {
    title?: string
    categoryId?: number
    tagIds?: number[]
    access?: ReportAccessType
    module?: ModuleName
    teamIds?: number[]
    status?: 'published' | 'withdrawn'
    publishedAt?: DateTime
    withFile?: boolean
    summary?: string
  } = {}
) {
  const categoryId =
    options.categoryId ??
    (categoryCache !== null &&
    (await db.from('insights_categories').where('id', categoryCache).first())
      ? categoryCache
      : (categoryCache = await makeCategory(`Category ${Math.random().toString(36).slice(2, 8)}`)))
  const title = options.title ?? `Report ${Math.random().toString(36).slice(2, 8)}`
  const publishedAt = options.publishedAt ?? DateTime.utc().minus({ days: 1 })
  const id = await insertReturningId(db.connection(), 'insights_reports', {
    title,
    summary: options.summary ?? null,
    file_name: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
    category_id: categoryId,
    access_type: options.access ?? 'all_clients',
    access_module: options.access === 'product_holders' ? (options.module ?? null) : null,
    status: options.status ?? 'published',
    published_at: sql(publishedAt),
    version: 1,
    page_count: 2,
    created_at: sql(publishedAt),
    updated_at: sql(publishedAt),
  })
  for (const tagId of options.tagIds ?? []) {
    await db
      .table('insights_report_tags')
      .insert({ insights_report_id: id, insights_tag_id: tagId })
  }
  for (const teamId of options.teamIds ?? []) {
    await db.table('insights_report_teams').insert({ insights_report_id: id, team_id: teamId })
  }
  if (options.withFile) {
    const bytes = await pdfBytes(2, title)
    const key = reportFileKey(id, 1)
    await drive.use().put(key, bytes)
    await db
      .from('insights_reports')
      .where('id', id)
      .update({ file_key: key, file_size: bytes.byteLength })
  }
  // Written past the administration services: the cached list options are renewed the way
  // those services renew them.
  await bumpReportsVersion()
  return id
}

export async function markRead(reportId: number, userId: number, at = DateTime.utc()) {
  await db.table('insights_report_reads').insert({
    insights_report_id: reportId,
    user_id: userId,
    read_at: sql(at),
    last_read_at: sql(at),
    read_count: 1,
  })
}

export async function subscribe(userId: number, subscription = 'insights_reports') {
  await db.table('email_subscriptions').insert({
    user_id: userId,
    subscription,
    created_at: sql(DateTime.utc()),
  })
}
