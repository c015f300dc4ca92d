import { mkdtemp, rm } from 'node:fs/promises'
import { createReadStream } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import { audit } from '#services/audit/audit'
import { insertReturningId } from '#services/db/insert'
import { fieldError } from '#services/http/field_error'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { isoInstant } from '#services/providers/admin/reference'
import { matchingDocuments } from '#services/research/admin/documents'
import { ZipWriter } from '#services/files/zip_writer'
import { DOCUMENT_TYPES, ENTITLEMENTS } from '#shared/research'
import {
  EXPORT_MAX_BYTES,
  EXPORT_MAX_DOCUMENTS,
  EXPORT_VALID_HOURS,
  PROCESSING_STATUSES,
  PUBLICATION_STATUSES,
  type AdminDocumentFilters,
  type DocumentExportRow,
  type ExportStatus,
} from '#shared/research_admin'

/**
 * Bulk download of research documents: the list's filters become a ZIP of the matching PDFs
 * with `manifest.csv`, built by a background job (BuildResearchDocumentsExportJob) and offered
 * to the administrator who asked, for a day. Capped at EXPORT_MAX_DOCUMENTS documents and
 * EXPORT_MAX_BYTES of PDFs, refused beyond with a sentence saying how to narrow it. Asked for and
 * built downloads are audited.
 */

export const AUDIT_EXPORT = 'research_document_export'
export const EXPORTS_PREFIX = 'exports/research-documents'
const GB = 1024 * 1024 * 1024

const stamp = (moment = DateTime.utc()) => moment.toFormat(db.connection().dialect.dateTimeFormat)

/** The filters in words, for the list of downloads and the audit trail. */
export async function describeFilters(filters: AdminDocumentFilters) {
  const parts: string[] = [
    filters.processing === 'all'
      ? 'every processing state'
      : PROCESSING_STATUSES[filters.processing].toLowerCase(),
  ]
  if (filters.status) parts.push(PUBLICATION_STATUSES[filters.status].toLowerCase())
  if (filters.provider) {
    const row = await db.from('providers').where('id', filters.provider).select('name').first()
    parts.push(`provider ${row?.name ?? filters.provider}`)
  }
  if (filters.theme) {
    const row = await db.from('research_themes').where('id', filters.theme).select('name').first()
    parts.push(`theme ${row?.name ?? filters.theme}`)
  }
  if (filters.entitlement) parts.push(ENTITLEMENTS[filters.entitlement].toLowerCase())
  if (filters.from || filters.to)
    parts.push(`published ${filters.from ?? '…'} to ${filters.to ?? '…'}`)
  if (filters.q) parts.push(`search “${filters.q}”`)
  return parts.join(' · ')
}

/** Asks for a download of what the filters match; refused when nothing or too much does. */
export async function requestExport(userId: number, filters: AdminDocumentFilters) {
  const totals = await matchingDocuments(filters)
    .count('* as documents')
    .sum('d.file_size as bytes')
    .first()
  const documents = Number(totals?.documents ?? 0)
  const bytes = Number(totals?.bytes ?? 0)
  if (documents === 0) {
    throw fieldError('filters', 'No document matches these filters: there is nothing to download.')
  }
  if (documents > EXPORT_MAX_DOCUMENTS) {
    throw fieldError(
      'filters',
      `${documents.toLocaleString('en')} documents match: a download holds at most ${EXPORT_MAX_DOCUMENTS}. Narrow the filters (a provider, a theme, dates) and ask again.`
    )
  }
  if (bytes > EXPORT_MAX_BYTES) {
    throw fieldError(
      'filters',
      `The documents that match weigh ${(bytes / GB).toFixed(1)} GB: a download holds at most ${EXPORT_MAX_BYTES / GB} GB. Narrow the filters and ask again.`
    )
  }
  const description = await describeFilters(filters)
  return db.transaction(async (trx) => {
    const id = await insertReturningId(trx, 'research_document_exports', {
      user_id: userId,
      filters: JSON.stringify(filters),
      status: 'queued',
      document_count: documents,
      created_at: stamp(),
    })
    await audit(trx, {
      userId,
      entityType: AUDIT_EXPORT,
      entityId: id,
      action: 'create',
      summary: `Bulk download of ${documents} research ${documents === 1 ? 'document' : 'documents'} asked for (${description})`,
      after: { filters, documents },
    })
    return id
  })
}

const slug = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60)
    .toLowerCase() || 'document'

/** A CSV cell: quoted, and a leading = + - @ neutralised so a spreadsheet shows it as text. */
const cell = (value: unknown) => {
  let text = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

const MANIFEST_COLUMNS = [
  'file',
  'id',
  'title',
  'provider',
  'type',
  'published_on',
  'entitlement',
  'status',
  'primary_theme',
  'authors',
  'pages',
  'sha256',
]

/**
 * Builds an asked-for download (the job): the PDFs of the documents the filters match now, in
 * the list's order, and the manifest, into a ZIP on the uploads disk. A file missing from the
 * disk is listed in the manifest as missing rather than failing the whole download. Expired
 * downloads' files are removed first.
 */
export async function buildExport(exportId: number) {
  await removeExpired()
  const row = await db.from('research_document_exports').where('id', exportId).first()
  if (!row || row.status === 'completed') return
  await db.from('research_document_exports').where('id', exportId).update({ status: 'running' })
  const filters = JSON.parse(row.filters) as AdminDocumentFilters
  const documents = await matchingDocuments(filters)
    .join('providers as p', 'p.id', 'd.provider_id')
    .leftJoin('research_document_themes as dt', (on) =>
      on.on('dt.document_id', 'd.id').andOnVal('dt.is_primary', true)
    )
    .leftJoin('research_themes as t', 't.id', 'dt.theme_id')
    .orderBy('d.published_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(EXPORT_MAX_DOCUMENTS)
    .select(
      'd.id',
      'd.title',
      'd.document_type',
      'd.published_at',
      'd.entitlement',
      'd.status',
      'd.authors',
      'd.page_count',
      'd.sha256',
      'd.file_key',
      'p.name as provider_name',
      't.name as primary_theme'
    )
  const folder = await mkdtemp(join(tmpdir(), 'research-export-'))
  const path = join(folder, 'download.zip')
  const zip = new ZipWriter(path)
  try {
    const lines = [MANIFEST_COLUMNS.join(',')]
    for (const document of documents) {
      const name = `documents/${document.id}-${slug(String(document.title))}.pdf`
      let file = name
      try {
        const bytes = await drive.use().getBytes(document.file_key)
        if (zip.size + bytes.byteLength > EXPORT_MAX_BYTES) {
          throw new Error(
            'The documents grew past the size a download may hold: ask again with narrower filters.'
          )
        }
        await zip.add(name, bytes)
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('The documents grew')) throw error
        file = '(file missing from storage)'
      }
      let authors: string[] = []
      try {
        authors = JSON.parse(document.authors ?? '[]')
      } catch {}
      lines.push(
        [
          file,
          document.id,
          document.title,
          document.provider_name,
          DOCUMENT_TYPES[document.document_type as keyof typeof DOCUMENT_TYPES] ??
            document.document_type,
          (isoInstant(document.published_at) ?? '').slice(0, 10),
          ENTITLEMENTS[document.entitlement as keyof typeof ENTITLEMENTS] ?? document.entitlement,
          document.status,
          document.primary_theme ?? '',
          authors.join('; '),
          document.page_count,
          document.sha256,
        ]
          .map(cell)
          .join(',')
      )
    }
    await zip.add('manifest.csv', Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'))
    await zip.close()
    const key = `${EXPORTS_PREFIX}/${exportId}-${randomUUID()}.zip`
    await drive.use().putStream(key, createReadStream(path))
    const now = DateTime.utc()
    await db.transaction(async (trx) => {
      await trx
        .from('research_document_exports')
        .where('id', exportId)
        .update({
          status: 'completed',
          file_key: key,
          byte_size: zip.size,
          document_count: documents.length,
          completed_at: stamp(now),
          expires_at: stamp(now.plus({ hours: EXPORT_VALID_HOURS })),
          error: null,
        })
      await audit(trx, {
        userId: Number(row.user_id),
        entityType: AUDIT_EXPORT,
        entityId: exportId,
        action: 'update',
        summary: `Bulk download of ${documents.length} research documents built`,
        before: { status: row.status },
        after: { status: 'completed', documents: documents.length, bytes: zip.size },
      })
    })
  } catch (error) {
    await zip.abort()
    throw error
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

export async function markExportFailed(exportId: number, reason: string) {
  await db
    .from('research_document_exports')
    .where('id', exportId)
    .whereNot('status', 'completed')
    .update({ status: 'failed', error: reason.slice(0, 500) })
}

/** Removes the files of downloads past their day (their rows stay, as expired). */
export async function removeExpired() {
  const expired = await db
    .from('research_document_exports')
    .where('status', 'completed')
    .where('expires_at', '<', stamp())
    .select('id', 'file_key')
  for (const row of expired) {
    if (row.file_key) {
      await drive
        .use()
        .delete(row.file_key)
        .catch(() => {})
    }
  }
  if (expired.length) {
    await db
      .from('research_document_exports')
      .whereIn(
        'id',
        expired.map((row) => row.id)
      )
      .update({ file_key: null })
  }
}

/** The administrator's recent downloads, newest first (one statement). */
export async function recentExports(userId: number, limit = 5): Promise<DocumentExportRow[]> {
  const rows = await db
    .from('research_document_exports')
    .where('user_id', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
  const now = DateTime.utc()
  return rows.map((row) => {
    const expiresAt = isoInstant(row.expires_at)
    const expired =
      row.status === 'completed' && expiresAt !== null && DateTime.fromISO(expiresAt) <= now
    return {
      id: Number(row.id),
      status: (expired ? 'expired' : row.status) as ExportStatus,
      documentCount: Number(row.document_count),
      byteSize: row.byte_size === null ? null : Number(row.byte_size),
      error: row.error ?? null,
      createdAt: isoInstant(row.created_at) ?? '',
      expiresAt,
      description: describeFiltersStored(row.filters),
    }
  })
}

/** The stored filters in words, without database look-ups (names kept out: ids only). */
function describeFiltersStored(stored: string) {
  try {
    const filters = JSON.parse(stored) as AdminDocumentFilters
    const parts: string[] = [
      filters.processing === 'all'
        ? 'every processing state'
        : (PROCESSING_STATUSES[filters.processing]?.toLowerCase() ?? ''),
    ]
    if (filters.status) parts.push(PUBLICATION_STATUSES[filters.status].toLowerCase())
    if (filters.provider) parts.push('one provider')
    if (filters.theme) parts.push('one theme')
    if (filters.entitlement) parts.push(ENTITLEMENTS[filters.entitlement].toLowerCase())
    if (filters.from || filters.to)
      parts.push(`published ${filters.from ?? '…'} to ${filters.to ?? '…'}`)
    if (filters.q) parts.push(`search “${filters.q}”`)
    return parts.filter(Boolean).join(' · ')
  } catch {
    return ''
  }
}

/** A built download of this administrator, still within its day. */
export type ExportFile =
  { state: 'expired' | 'not-ready' } | { state: 'ready'; key: string; name: string }

export async function exportFile(userId: number, exportId: number): Promise<ExportFile> {
  const row = await db
    .from('research_document_exports')
    .where({ id: exportId, user_id: userId })
    .first()
  if (!row) throw new NotFoundForTeam('Download not found')
  const expiresAt = isoInstant(row.expires_at)
  if (row.status !== 'completed' || !row.file_key) {
    return { state: row.status === 'completed' ? 'expired' : 'not-ready' }
  }
  if (expiresAt && DateTime.fromISO(expiresAt) <= DateTime.utc())
    return { state: 'expired' as const }
  return {
    state: 'ready' as const,
    key: String(row.file_key),
    name: `research-documents-${(isoInstant(row.created_at) ?? '').slice(0, 10)}-${exportId}.zip`,
  }
}
