import { createWriteStream } from 'node:fs'
import { open, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pipeline } from 'node:stream/promises'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { FSDriver } from 'flydrive/drivers/fs'
import { errors as vineErrors } from '@vinejs/vine'
import { DateTime } from 'luxon'
import { audit } from '#services/audit/audit'
import { insertReturningId } from '#services/db/insert'
import { affectedRows } from '#services/db/affected_rows'
import { readableError } from '#services/jobs/readable_error'
import logger from '@adonisjs/core/services/logger'
import { isoInstant } from '#services/providers/admin/reference'
import { checkPdf, RefusedPdf } from '#services/files/pdf_check'
import {
  ZipArchiveError,
  checkedZipEntries,
  readZipEntry,
  type ZipEntry,
} from '#services/files/zip_reader'
import {
  ImportFileError,
  checkFileType,
  looksLikeFormula,
  tableRows,
  type FileType,
} from '#services/rsa/imports/reader'
import { scratchPath } from '#services/rsa/imports/imports'
import {
  documentFormValues,
  fileKeyFor,
  insertDocument,
  sha256Of,
  type NewDocumentFile,
} from '#services/research/admin/documents'
import { importedDocumentValidator } from '#validators/research_documents_admin'
import { ASSET_CLASSES, DOCUMENT_TYPES, ENTITLEMENTS, RESEARCH_REGIONS } from '#shared/research'
import { GICS_SECTORS } from '#shared/rsa'
import { MAX_REPORTED_IMPORT_PROBLEMS } from '#shared/rsa_imports'
import {
  DOCUMENT_IMPORT_COLUMNS,
  DOCUMENT_IMPORT_LIST_SEPARATOR,
  DOCUMENT_IMPORT_MAX_DOCUMENTS,
  DOCUMENT_IMPORT_MAX_UNPACKED_BYTES,
  RESEARCH_DOCUMENT_MAX_MB,
  type DocumentFormValues,
  type DocumentImportDetail,
  type DocumentImportPreviewRow,
  type DocumentImportProblem,
  type DocumentImportReport,
  type DocumentImportStatus,
  type DocumentImportSummary,
} from '#shared/research_admin'

/*
 * Bulk import of research documents (DOMAIN §2(d)): a ZIP of PDFs and a metadata table (CSV or
 * XLSX), one row a document naming its PDF in the archive. From the administration page (the
 * preview and the commit each a background job) and from the command line
 * (`import:research-documents`).
 *
 * All or nothing. The preview checks everything: the archive as a whole before anything is
 * unpacked (names that would point outside it, ZIP bombs, encryption: zip_reader), every row by
 * the document form's own rules, every named PDF by its content (pdf_check) and its checksum
 * (against the table's sha256, the other rows and the catalogue). Any problem refuses the whole
 * import with a row-by-row report. The commit stores the PDFs, then writes every document in one
 * transaction (re-checking the references and checksums there); a failure removes the stored
 * files again and writes nothing. Each document is then processed as an upload is.
 */

export const AUDIT_DOCUMENT_IMPORT = 'research_document_import'
const STORAGE_PREFIX = 'research-imports'
const TABLE = 'research_document_imports'

export class DocumentImportRefused extends Error {}

/** How long a check may run (its job's timeout) before a silent one counts as stopped. */
const STALE_PREVIEW_MINUTES = 35

const stamp = () => DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)

export interface DocumentImportRow {
  id: number
  user_id: number | null
  source: string
  operator: string | null
  status: DocumentImportStatus
  archive_name: string
  archive_key: string | null
  archive_size: number
  metadata_name: string
  metadata_key: string | null
  metadata_type: FileType
  publish_when_processed: boolean | number
  row_count: number
  rejected_rows: number
  processed_rows: number
  document_count: number
  report: string | null
  preview: string | null
  error: string | null
  job_id: string | null
  committed_by: number | null
  created_at: unknown
  updated_at: unknown
  previewed_at: unknown
  committed_at: unknown
}

export async function findDocumentImport(id: number) {
  const row = await db.from(TABLE).where('id', id).first()
  return (row ?? null) as DocumentImportRow | null
}

async function updateImport(id: number, values: Record<string, unknown>) {
  await db
    .from(TABLE)
    .where('id', id)
    .update({ ...values, updated_at: stamp() })
}

/*
|--------------------------------------------------------------------------
| Upload
|--------------------------------------------------------------------------
*/

const ZIP_MAGIC = Buffer.from([0x50, 0x4b])

export interface NewDocumentImport {
  userId: number | null
  source: 'web' | 'command_line'
  operator?: string | null
  publishWhenProcessed: boolean
  /** Local files, moved into storage. */
  archive: { path: string; name: string }
  metadata: { path: string; name: string }
}

const baseName = (name: string) => name.split(/[\\/]/).pop()!.slice(0, 255)

/**
 * Records an upload: the archive must start like a ZIP and the table be a CSV or XLSX file by its
 * content (both looked at again in full by the preview). Refused with an ImportFileError, and then
 * the local files are removed and nothing is recorded.
 */
export async function storeDocumentImport(input: NewDocumentImport) {
  let metadataType: FileType
  try {
    const head = Buffer.alloc(2)
    const handle = await open(input.archive.path, 'r')
    try {
      await handle.read(head, 0, 2, 0)
    } finally {
      await handle.close()
    }
    if (!head.equals(ZIP_MAGIC)) {
      throw new ImportFileError('The archive is not a ZIP file, whatever its name.')
    }
    metadataType = await checkFileType(
      input.metadata.path,
      input.metadata.name.split('.').pop() ?? ''
    )
  } catch (error) {
    await Promise.all([
      rm(input.archive.path, { force: true }),
      rm(input.metadata.path, { force: true }),
    ])
    throw error
  }
  const { size } = await stat(input.archive.path)
  const folder = `${STORAGE_PREFIX}/${randomUUID()}`
  const archiveKey = `${folder}/archive.zip`
  const metadataKey = `${folder}/metadata.${metadataType}`
  await drive.use().moveFromFs(input.archive.path, archiveKey)
  await drive.use().moveFromFs(input.metadata.path, metadataKey)
  return insertReturningId(db.connection(), TABLE, {
    user_id: input.userId,
    source: input.source,
    operator: input.operator?.slice(0, 160) ?? null,
    status: 'uploaded',
    archive_name: baseName(input.archive.name),
    archive_key: archiveKey,
    archive_size: size,
    metadata_name: baseName(input.metadata.name),
    metadata_key: metadataKey,
    metadata_type: metadataType,
    publish_when_processed: input.publishWhenProcessed,
    created_at: stamp(),
  })
}

/** A stored file as a local file to read (the archive is read by offsets). */
async function localCopy(key: string, extension: string) {
  const disk = drive.use()
  if (disk.driver instanceof FSDriver) {
    const location = disk.driver.options.location
    const root = location instanceof URL ? fileURLToPath(location) : location
    return { path: join(root, key), done: async () => {} }
  }
  const path = await scratchPath(extension)
  await pipeline(await disk.getStream(key), createWriteStream(path))
  return { path, done: () => rm(path, { force: true }) }
}

async function removeStoredFiles(imp: DocumentImportRow) {
  for (const key of [imp.archive_key, imp.metadata_key]) {
    if (key) {
      await drive
        .use()
        .delete(key)
        .catch(() => {})
    }
  }
}

/*
|--------------------------------------------------------------------------
| Checking
|--------------------------------------------------------------------------
*/

/** A row that passed: what is written for it at the commit. */
export interface CheckedDocument {
  row: number
  entryName: string
  values: DocumentFormValues
  language: string
  sha256: string
  pageCount: number
  bytes: number
}

interface Reference {
  providers: Map<string, { id: number; name: string }>
  themesById: Map<number, { id: number; name: string; active: boolean }>
  themesByName: Map<string, { id: number; name: string; active: boolean }>
}

async function loadReference(): Promise<Reference> {
  const [providers, themes] = await Promise.all([
    db.from('providers').where('provider_type', 'research').select('id', 'name', 'provider_key'),
    db.from('research_themes').select('id', 'name', 'status'),
  ])
  const themeRows = themes.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    active: row.status === 'active',
  }))
  return {
    providers: new Map(
      providers.map((row) => [
        String(row.provider_key).trim().toLowerCase(),
        { id: Number(row.id), name: String(row.name) },
      ])
    ),
    themesById: new Map(themeRows.map((theme) => [theme.id, theme])),
    // A merged or retired theme's name may repeat an active one's: the active one wins.
    themesByName: new Map(
      [...themeRows]
        .sort((a, b) => Number(a.active) - Number(b.active))
        .map((theme) => [theme.name.trim().toLowerCase(), theme])
    ),
  }
}

class Report {
  readonly fileProblems: string[] = []
  readonly problems: DocumentImportProblem[] = []
  more = 0
  readonly rejected = new Set<number>()

  add(row: number | null, column: string | null, message: string) {
    if (row !== null) this.rejected.add(row)
    if (this.problems.length >= MAX_REPORTED_IMPORT_PROBLEMS) this.more++
    else this.problems.push({ row, column, message })
  }

  get refused() {
    return this.fileProblems.length > 0 || this.problems.length > 0 || this.more > 0
  }

  toJSON(unused: string[] = []): DocumentImportReport {
    return {
      fileProblems: this.fileProblems,
      problems: this.problems,
      more: this.more,
      unusedFiles: unused.slice(0, 50),
      unusedMore: Math.max(0, unused.length - 50),
    }
  }
}

const KNOWN_HEADERS = new Set(DOCUMENT_IMPORT_COLUMNS.map((column) => column.header))
const REQUIRED_HEADERS = DOCUMENT_IMPORT_COLUMNS.filter((column) => column.required).map(
  (column) => column.header
)

/** A form field and the column it comes from, for the report. */
const FIELD_COLUMNS: Record<string, string> = {
  providerId: 'provider_key',
  title: 'title',
  abstract: 'abstract',
  authors: 'authors',
  documentType: 'document_type',
  publishedOn: 'published_at',
  assetClasses: 'asset_classes',
  regions: 'regions',
  sectors: 'sectors_gics',
  entitlement: 'entitlement',
  primaryThemeId: 'primary_theme_id',
  themeIds: 'theme_ids',
}

const listOf = (value: string) =>
  value
    .split(DOCUMENT_IMPORT_LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '')

const squash = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')

/** A value of a fixed list, by its key or its label, whatever the case. */
function choiceOf<T extends string>(labels: Record<T, string>, value: string): T | null {
  const wanted = squash(value)
  for (const [key, label] of Object.entries(labels) as [T, string][]) {
    if (squash(key) === wanted || squash(label) === wanted) return key
  }
  return null
}

const SECTORS = Object.fromEntries(GICS_SECTORS.map((sector) => [sector, sector])) as Record<
  string,
  string
>

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/

/** The publication day of an ISO date or date-time (UTC unless an offset says otherwise). */
function publicationDay(value: string): { day: string } | { problem: string } {
  const text = value.trim()
  if (!ISO_DAY.test(text) && !ISO_INSTANT.test(text)) {
    return { problem: `“${text}” is not an ISO date such as 2026-11-30 or 2026-11-30T07:00:00Z.` }
  }
  const moment = DateTime.fromISO(text.replace(' ', 'T'), { zone: 'utc' })
  if (!moment.isValid) return { problem: `“${text}” is not a date of the calendar.` }
  if (moment > DateTime.utc()) return { problem: 'The publication date is in the future.' }
  return { day: moment.toUTC().toISODate()! }
}

type Cells = Record<string, string>

/** The row's cells as the document form's values, every unknown list value reported. */
function valuesOf(cells: Cells, rowNumber: number, reference: Reference, report: Report) {
  const problem = (column: string, message: string) => report.add(rowNumber, column, message)
  const listed = <T extends string>(
    column: string,
    labels: Record<T, string>,
    noun: string
  ): T[] => {
    const values: T[] = []
    for (const part of listOf(cells[column] ?? '')) {
      const key = choiceOf(labels, part)
      if (key === null) problem(column, `“${part}” is not a known ${noun}.`)
      else if (!values.includes(key)) values.push(key)
    }
    return values
  }
  const providerKey = (cells.provider_key ?? '').trim()
  const provider = reference.providers.get(providerKey.toLowerCase())
  if (providerKey && !provider) {
    problem('provider_key', `No research provider has the key “${providerKey}”.`)
  }
  const theme = (column: string, text: string) => {
    const found = /^\d+$/.test(text)
      ? reference.themesById.get(Number(text))
      : reference.themesByName.get(text.toLowerCase())
    if (!found) {
      problem(column, `“${text}” is not a theme of the taxonomy (give its id or its exact name).`)
      return null
    }
    if (!found.active) {
      problem(column, `The theme “${found.name}” is retired or merged: choose an active theme.`)
      return null
    }
    return found.id
  }
  const primaryText = (cells.primary_theme_id ?? '').trim()
  const primaryThemeId = primaryText ? theme('primary_theme_id', primaryText) : null
  const themeIds = listOf(cells.theme_ids ?? '')
    .map((text) => theme('theme_ids', text))
    .filter((id): id is number => id !== null)
  const documentTypeText = (cells.document_type ?? '').trim()
  const documentType = documentTypeText ? choiceOf(DOCUMENT_TYPES, documentTypeText) : null
  if (documentTypeText && !documentType) {
    problem('document_type', `“${documentTypeText}” is not a document type.`)
  }
  const entitlementText = (cells.entitlement ?? '').trim()
  const entitlement = entitlementText ? choiceOf(ENTITLEMENTS, entitlementText) : null
  if (entitlementText && !entitlement) {
    problem(
      'entitlement',
      `“${entitlementText}” is not an entitlement (open, mnmb or paid_provider_only).`
    )
  }
  let publishedOn = ''
  const publishedText = (cells.published_at ?? '').trim()
  if (publishedText) {
    const parsed = publicationDay(publishedText)
    if ('problem' in parsed) problem('published_at', parsed.problem)
    else publishedOn = parsed.day
  }
  return {
    providerId: provider?.id ?? (providerKey ? -1 : null),
    title: cells.title ?? '',
    abstract: cells.abstract ?? '',
    authors: listOf(cells.authors ?? ''),
    documentType: documentType ?? (documentTypeText ? 'unknown' : ''),
    publishedOn,
    assetClasses: listed('asset_classes', ASSET_CLASSES, 'asset class'),
    regions: listed('regions', RESEARCH_REGIONS, 'region'),
    sectors: listed('sectors_gics', SECTORS, 'GICS sector'),
    entitlement: entitlement ?? (entitlementText ? 'unknown' : ''),
    primaryThemeId: primaryThemeId ?? (primaryText ? -1 : null),
    themeIds,
    publishedGiven: publishedText !== '',
  }
}

/** The form's rules over a row; each message filed under its column. */
async function validateRow(
  raw: ReturnType<typeof valuesOf>,
  rowNumber: number,
  report: Report
): Promise<DocumentFormValues | null> {
  try {
    const payload = await importedDocumentValidator.validate({
      ...raw,
      // Values already reported as unknown are not reported twice.
      providerId: raw.providerId === -1 ? 1 : raw.providerId,
      documentType: raw.documentType === 'unknown' ? 'macro' : raw.documentType || undefined,
      entitlement: raw.entitlement === 'unknown' ? 'open' : raw.entitlement || undefined,
      primaryThemeId: raw.primaryThemeId === -1 ? 1 : raw.primaryThemeId,
      publishedOn: raw.publishedOn || (raw.publishedGiven ? '2000-01-01' : undefined),
    })
    return documentFormValues(payload)
  } catch (error) {
    if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
    for (const message of error.messages as { field: string; message: string }[]) {
      const field = message.field.split('.')[0]
      report.add(rowNumber, FIELD_COLUMNS[field] ?? field, message.message)
    }
    return null
  }
}

export interface CheckOutcome {
  report: DocumentImportReport
  refused: boolean
  rowCount: number
  rejectedRows: number
  documents: CheckedDocument[]
}

const ARCHIVE_LIMITS = {
  maxEntries: DOCUMENT_IMPORT_MAX_DOCUMENTS * 2,
  maxEntryBytes: RESEARCH_DOCUMENT_MAX_MB * 1024 * 1024,
  maxTotalBytes: DOCUMENT_IMPORT_MAX_UNPACKED_BYTES,
}

/**
 * Checks an archive and its metadata table, row by row (see the module's comment). Reads one PDF
 * at a time. `onProgress` hears of every row checked.
 */
export async function checkDocumentImport(
  archivePath: string,
  metadataPath: string,
  metadataType: FileType,
  onProgress?: (processed: number, total: number) => Promise<void> | void
): Promise<CheckOutcome> {
  const report = new Report()
  const refusedWhole = (message: string): CheckOutcome => {
    report.fileProblems.push(message)
    return { report: report.toJSON(), refused: true, rowCount: 0, rejectedRows: 0, documents: [] }
  }

  let entries: ZipEntry[]
  try {
    entries = await checkedZipEntries(archivePath, ARCHIVE_LIMITS)
  } catch (error) {
    if (error instanceof ZipArchiveError) return refusedWhole(error.message)
    throw error
  }
  const entriesByName = new Map(entries.map((entry) => [entry.name.normalize('NFC'), entry]))
  const entriesByBase = new Map<string, ZipEntry[]>()
  for (const entry of entries) {
    const base = entry.name.normalize('NFC').split('/').pop()!.toLowerCase()
    entriesByBase.set(base, [...(entriesByBase.get(base) ?? []), entry])
  }

  // The table, read whole (at most DOCUMENT_IMPORT_MAX_DOCUMENTS rows).
  let headers: string[] = []
  const rows: { rowNumber: number; cells: Cells; formulas: string[] }[] = []
  try {
    for await (const row of tableRows(metadataPath, metadataType, (found) => {
      headers = found
    })) {
      if (rows.length >= DOCUMENT_IMPORT_MAX_DOCUMENTS) {
        return refusedWhole(
          `The table has more than ${DOCUMENT_IMPORT_MAX_DOCUMENTS.toLocaleString('en')} documents: split the import.`
        )
      }
      const cells: Cells = {}
      headers.forEach((header, index) => {
        cells[header] = (row.values[index] ?? '').trim()
      })
      rows.push({
        rowNumber: row.rowNumber,
        cells,
        formulas: (row.formulas ?? []).map((index) => headers[index]).filter(Boolean),
      })
    }
  } catch (error) {
    if (error instanceof ImportFileError) return refusedWhole(error.message)
    throw error
  }
  const missing = REQUIRED_HEADERS.filter((header) => !headers.includes(header))
  if (missing.length) {
    return refusedWhole(
      `The table lacks the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}: start from the template.`
    )
  }
  const repeated = headers.filter(
    (header, index) => header !== '' && headers.indexOf(header) !== index
  )
  if (repeated.length) {
    return refusedWhole(`The table has the column ${repeated[0]} twice: keep one.`)
  }
  const unknownHeaders = headers.filter((header) => header !== '' && !KNOWN_HEADERS.has(header))
  if (unknownHeaders.length) {
    return refusedWhole(
      `The table has column${unknownHeaders.length === 1 ? '' : 's'} this import does not know: ${unknownHeaders.slice(0, 10).join(', ')}. Use the template’s columns.`
    )
  }
  if (rows.length === 0) return refusedWhole('The table has no documents (only its header).')

  const reference = await loadReference()
  const documents: CheckedDocument[] = []
  const usedEntries = new Set<string>()
  const checksums = new Map<string, number>()
  let processed = 0
  for (const { rowNumber, cells, formulas } of rows) {
    processed++
    for (const column of formulas) {
      report.add(rowNumber, column, 'The cell holds a formula: only values are imported.')
    }
    for (const [column, value] of Object.entries(cells)) {
      if (value && looksLikeFormula(value) && !formulas.includes(column)) {
        report.add(
          rowNumber,
          column,
          'The cell starts like a formula (= + - @): write it as a value.'
        )
      }
    }
    const raw = valuesOf(cells, rowNumber, reference, report)
    const values = await validateRow(raw, rowNumber, report)

    const language = (cells.language || 'en').toLowerCase()
    if (!/^[a-z]{2}$/.test(language)) {
      report.add(rowNumber, 'language', `“${cells.language}” is not a two-letter language code.`)
    }

    // The PDF the row names.
    const fileName = (cells.file_name ?? '')
      .normalize('NFC')
      .replace(/\\/g, '/')
      .replace(/^\.\//, '')
    let entry: ZipEntry | undefined
    if (!fileName) {
      report.add(rowNumber, 'file_name', 'Name the document’s PDF in the archive.')
    } else {
      entry = entriesByName.get(fileName)
      // Without a folder, the one file of that name wherever it lies in the archive.
      if (!entry && !fileName.includes('/')) {
        const byBase = entriesByBase.get(fileName.toLowerCase()) ?? []
        if (byBase.length === 1) entry = byBase[0]
        else if (byBase.length > 1) {
          report.add(
            rowNumber,
            'file_name',
            `Several files of the archive are named “${fileName}”: give the folder too.`
          )
        }
      }
      if (!entry && !report.problems.some((p) => p.row === rowNumber && p.column === 'file_name')) {
        report.add(rowNumber, 'file_name', `The archive holds no file named “${fileName}”.`)
      }
    }
    if (entry && usedEntries.has(entry.name)) {
      report.add(rowNumber, 'file_name', `“${entry.name}” is named by another row already.`)
      entry = undefined
    }
    if (entry) usedEntries.add(entry.name)

    let checked: { sha256: string; pageCount: number; bytes: number } | null = null
    if (entry) {
      try {
        const bytes = await readZipEntry(archivePath, entry)
        const { pageCount } = await checkPdf(bytes, {
          maxMb: RESEARCH_DOCUMENT_MAX_MB,
          documentName: 'a research document',
        })
        checked = { sha256: sha256Of(bytes), pageCount, bytes: bytes.byteLength }
      } catch (error) {
        if (error instanceof ZipArchiveError) {
          report.fileProblems.push(error.message)
          break
        }
        if (!(error instanceof RefusedPdf)) throw error
        report.add(rowNumber, 'file_name', `“${entry.name}”: ${error.message}`)
      }
    }
    if (checked) {
      const given = (cells.sha256 ?? '').trim().toLowerCase()
      if (given && given !== checked.sha256) {
        report.add(
          rowNumber,
          'sha256',
          `The PDF’s checksum is ${checked.sha256}, not the one the table gives: the file is not the one described.`
        )
      }
      const pages = (cells.page_count ?? '').trim()
      if (pages && Number(pages) !== checked.pageCount) {
        report.add(
          rowNumber,
          'page_count',
          `The PDF has ${checked.pageCount} page${checked.pageCount === 1 ? '' : 's'}, not ${pages}.`
        )
      }
      const twin = checksums.get(checked.sha256)
      if (twin !== undefined) {
        report.add(
          rowNumber,
          'file_name',
          `The same PDF as row ${twin}: a document is imported once.`
        )
      } else {
        checksums.set(checked.sha256, rowNumber)
      }
    }
    if (values && checked && entry && !report.rejected.has(rowNumber)) {
      documents.push({
        row: rowNumber,
        entryName: entry.name,
        values,
        language,
        sha256: checked.sha256,
        pageCount: checked.pageCount,
        bytes: checked.bytes,
      })
    }
    await onProgress?.(processed, rows.length)
  }

  // PDFs already in the catalogue (one query for the whole table).
  if (checksums.size) {
    const existing = await db
      .from('research_documents')
      .whereIn('sha256', [...checksums.keys()])
      .select('id', 'title', 'sha256')
    for (const row of existing) {
      report.add(
        checksums.get(String(row.sha256))!,
        'file_name',
        `This PDF is already in the catalogue as “${row.title}” (document #${row.id}).`
      )
    }
  }

  const unused = entries.map((entry) => entry.name).filter((name) => !usedEntries.has(name))
  return {
    report: report.toJSON(unused),
    refused: report.refused,
    rowCount: rows.length,
    rejectedRows: report.rejected.size,
    documents: report.refused ? [] : documents,
  }
}

/*
|--------------------------------------------------------------------------
| Preview and commit
|--------------------------------------------------------------------------
*/

async function withLocalFiles<T>(
  imp: DocumentImportRow,
  work: (archive: string, metadata: string) => Promise<T>
) {
  if (!imp.archive_key || !imp.metadata_key) {
    throw new DocumentImportRefused('The files of this import are no longer kept.')
  }
  const archive = await localCopy(imp.archive_key, 'zip')
  try {
    const metadata = await localCopy(imp.metadata_key, imp.metadata_type)
    try {
      return await work(archive.path, metadata.path)
    } finally {
      await metadata.done()
    }
  } finally {
    await archive.done()
  }
}

/** The preview (a background job, or the command): checks everything, writes nothing. */
export async function previewDocumentImport(
  id: number,
  onProgress?: (processed: number, total: number) => void
) {
  const imp = await findDocumentImport(id)
  if (!imp) throw new DocumentImportRefused('This import does not exist.')
  if (!['uploaded', 'previewing', 'failed'].includes(imp.status)) return imp
  // Claimed: a commit or a discard that began meanwhile keeps the import.
  const claimed = await db
    .from(TABLE)
    .where('id', id)
    .whereIn('status', ['uploaded', 'previewing', 'failed'])
    .update({ status: 'previewing', processed_rows: 0, error: null, updated_at: stamp() })
  if (affectedRows(claimed) === 0) return (await findDocumentImport(id))!
  let lastWrite = 0
  const outcome = await withLocalFiles(imp, (archive, metadata) =>
    checkDocumentImport(archive, metadata, imp.metadata_type, async (processed, total) => {
      onProgress?.(processed, total)
      // At most one progress write a second.
      if (Date.now() - lastWrite < 1000 && processed < total) return
      lastWrite = Date.now()
      await updateImport(id, { processed_rows: processed, row_count: total })
    })
  )
  // Written only while still being checked: never over a commit or a discard.
  await db
    .from(TABLE)
    .where({ id, status: 'previewing' })
    .update({
      updated_at: stamp(),
      status: outcome.refused ? 'refused' : 'previewed',
      row_count: outcome.rowCount,
      processed_rows: outcome.rowCount,
      rejected_rows: outcome.rejectedRows,
      document_count: outcome.documents.length,
      report: JSON.stringify(outcome.report),
      preview: JSON.stringify(outcome.documents),
      previewed_at: stamp(),
    })
  return (await findDocumentImport(id))!
}

/** Takes a previewed import for its commit; false when it is not (or no longer) previewed. */
export async function queueDocumentImportCommit(id: number, userId: number | null) {
  const imp = await findDocumentImport(id)
  if (!imp) throw new DocumentImportRefused('This import does not exist.')
  if (imp.status === 'committing' || imp.status === 'committed') return false
  if (imp.status !== 'previewed') {
    throw new DocumentImportRefused('Only a checked import without problems can be committed.')
  }
  const taken = await db
    .from(TABLE)
    .where({ id, status: 'previewed' })
    .update({ status: 'committing', committed_by: userId, updated_at: stamp() })
  return affectedRows(taken) === 1
}

/**
 * The commit (a background job, or the command): every previewed document's PDF stored, then
 * every row written in one transaction with the import's audit entry. Returns the new
 * documents' ids for processing. A failure removes what was stored and writes nothing.
 */
export async function commitDocumentImport(id: number, userId: number | null) {
  const imp = await findDocumentImport(id)
  if (!imp) throw new DocumentImportRefused('This import does not exist.')
  if (imp.status === 'committed') return { imp, documentIds: [] as number[] }
  if (imp.status !== 'committing') {
    throw new DocumentImportRefused('Only a checked import without problems can be committed.')
  }
  const documents = JSON.parse(imp.preview ?? '[]') as CheckedDocument[]
  const stored: string[] = []
  try {
    const files = await withLocalFiles(imp, async (archive) => {
      const listed = await checkedZipEntries(archive, ARCHIVE_LIMITS)
      const entries = new Map(listed.map((entry) => [entry.name, entry]))
      const result: NewDocumentFile[] = []
      for (const document of documents) {
        const entry = entries.get(document.entryName)
        const bytes = entry ? await readZipEntry(archive, entry) : null
        if (!bytes || sha256Of(bytes) !== document.sha256) {
          throw new DocumentImportRefused(
            `The archive changed since it was checked (“${document.entryName}”): upload it again.`
          )
        }
        const key = fileKeyFor(document.sha256)
        await drive.use().put(key, bytes)
        stored.push(key)
        result.push({
          key,
          sha256: document.sha256,
          pageCount: document.pageCount,
          byteSize: bytes.byteLength,
        })
      }
      return result
    })
    const publish = Boolean(imp.publish_when_processed)
    const documentIds = await db.transaction(async (trx) => {
      const already = await trx
        .from('research_documents')
        .whereIn(
          'sha256',
          documents.map((document) => document.sha256)
        )
        .select('title')
        .first()
      if (already) {
        throw new DocumentImportRefused(
          `A PDF of this import reached the catalogue since the check (“${already.title}”): check the import again.`
        )
      }
      const ids: number[] = []
      for (const [index, document] of documents.entries()) {
        try {
          ids.push(
            await insertDocument(trx, userId, document.values, files[index], {
              publishWhenProcessed: publish,
              language: document.language,
              summary: `Research document “${document.values.title}” imported (import #${id}, row ${document.row})`,
            })
          )
        } catch (error) {
          // A provider or theme changed since the check: said with its row.
          if (error instanceof vineErrors.E_VALIDATION_ERROR) {
            const [first] = error.messages as { field: string; message: string }[]
            throw new DocumentImportRefused(
              `Row ${document.row}, ${FIELD_COLUMNS[first.field] ?? first.field}: ${first.message} It changed since the check: check the import again.`
            )
          }
          throw error
        }
      }
      await trx.from(TABLE).where('id', id).update({
        status: 'committed',
        // What was imported is now the catalogue's: the preview is no longer kept.
        preview: null,
        committed_at: stamp(),
        document_count: ids.length,
        error: null,
        updated_at: stamp(),
      })
      await audit(trx, {
        userId,
        entityType: AUDIT_DOCUMENT_IMPORT,
        entityId: id,
        action: 'import',
        summary: `Bulk import #${id} of ${ids.length} research documents committed (${imp.archive_name}, ${imp.metadata_name})`,
        after: {
          documents: ids.length,
          archive: imp.archive_name,
          metadata: imp.metadata_name,
          publish_when_processed: publish,
          operator: imp.operator,
        },
      })
      return ids
    })
    // Written: the stored PDFs are the documents' now, whatever happens next.
    stored.length = 0
    // The stored archive is no longer needed; the table is kept with the import's record.
    if (imp.archive_key) {
      try {
        await drive.use().delete(imp.archive_key)
        await updateImport(id, { archive_key: null })
      } catch (error) {
        logger.warn({ err: error, importId: id }, 'the imported archive was not removed')
      }
    }
    return { imp: (await findDocumentImport(id)) ?? imp, documentIds }
  } catch (error) {
    for (const key of stored) {
      await drive
        .use()
        .delete(key)
        .catch(() => {})
    }
    await markDocumentImportFailed(id, error)
    throw error
  }
}

export async function markDocumentImportFailed(id: number, error: unknown) {
  const message =
    error instanceof DocumentImportRefused || error instanceof ZipArchiveError
      ? error.message
      : typeof error === 'string'
        ? error
        : readableError(error)
  await db
    .from(TABLE)
    .where('id', id)
    .whereNotIn('status', ['committed', 'discarded'])
    .update({ status: 'failed', error: message.slice(0, 1000), updated_at: stamp() })
}

/** Discards an import not committed: its files removed, its record kept as discarded. */
export async function discardDocumentImport(id: number) {
  const imp = await findDocumentImport(id)
  if (!imp || imp.status === 'discarded') return null
  if (imp.status === 'committed') {
    throw new DocumentImportRefused('A committed import cannot be discarded.')
  }
  // A check stopped without a word (its process killed) is discarded once it could not be at
  // work any more (the preview job's timeout).
  const staleBefore = DateTime.utc()
    .minus({ minutes: STALE_PREVIEW_MINUTES })
    .toFormat(db.connection().dialect.dateTimeFormat)
  const taken = await db
    .from(TABLE)
    .where('id', id)
    .where((query) =>
      query
        .whereIn('status', ['uploaded', 'previewed', 'refused', 'failed'])
        .orWhere((stale) =>
          stale.where('status', 'previewing').where('updated_at', '<', staleBefore)
        )
    )
    .update({
      status: 'discarded',
      archive_key: null,
      metadata_key: null,
      preview: null,
      updated_at: stamp(),
    })
  if (affectedRows(taken) === 0) {
    throw new DocumentImportRefused(
      'The import is being checked or committed: discard it once that ends.'
    )
  }
  await removeStoredFiles(imp)
  return imp
}

/*
|--------------------------------------------------------------------------
| Views
|--------------------------------------------------------------------------
*/

function summaryOf(row: Record<string, any>): DocumentImportSummary {
  return {
    id: Number(row.id),
    status: row.status,
    source: String(row.source),
    archiveName: String(row.archive_name),
    archiveSize: Number(row.archive_size),
    metadataName: String(row.metadata_name),
    publishWhenProcessed: Boolean(row.publish_when_processed),
    rowCount: Number(row.row_count),
    rejectedRows: Number(row.rejected_rows),
    processedRows: Number(row.processed_rows),
    documentCount: Number(row.document_count),
    error: row.error ?? null,
    uploadedBy: row.uploaded_by ?? row.operator ?? null,
    committedBy: row.committed_by_name ?? null,
    createdAt: isoInstant(row.created_at),
    committedAt: isoInstant(row.committed_at),
  }
}

const withNames = () =>
  db
    .from(`${TABLE} as i`)
    .leftJoin('users as u', 'u.id', 'i.user_id')
    .leftJoin('users as c', 'c.id', 'i.committed_by')

/** The recent imports, newest first (one statement). */
export async function documentImportList(limit = 20): Promise<DocumentImportSummary[]> {
  const rows = await withNames()
    .whereNot('i.status', 'discarded')
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .select(
      'i.id',
      'i.status',
      'i.source',
      'i.archive_name',
      'i.archive_size',
      'i.metadata_name',
      'i.publish_when_processed',
      'i.row_count',
      'i.rejected_rows',
      'i.processed_rows',
      'i.document_count',
      'i.error',
      'i.operator',
      'i.created_at',
      'i.committed_at',
      'u.name as uploaded_by',
      'c.name as committed_by_name'
    )
  return rows.map(summaryOf)
}

const PREVIEW_ROWS = 200

/** One import with its report and the first rows it would write (one statement, and one for names). */
export async function documentImportView(id: number): Promise<DocumentImportDetail | null> {
  const row = await withNames()
    .where('i.id', id)
    .select('i.*', 'u.name as uploaded_by', 'c.name as committed_by_name')
    .first()
  if (!row || row.status === 'discarded') return null
  const documents = JSON.parse(row.preview ?? '[]') as CheckedDocument[]
  const shown = documents.slice(0, PREVIEW_ROWS)
  const providerIds = [...new Set(shown.map((document) => document.values.providerId!))]
  const themeIds = [...new Set(shown.map((document) => document.values.primaryThemeId!))]
  const [providers, themes] = shown.length
    ? await Promise.all([
        db.from('providers').whereIn('id', providerIds).select('id', 'name'),
        db.from('research_themes').whereIn('id', themeIds).select('id', 'name'),
      ])
    : [[], []]
  const providerName = new Map(providers.map((p) => [Number(p.id), String(p.name)]))
  const themeName = new Map(themes.map((t) => [Number(t.id), String(t.name)]))
  const preview: DocumentImportPreviewRow[] = shown.map((document) => ({
    row: document.row,
    fileName: document.entryName,
    title: document.values.title,
    provider: providerName.get(document.values.providerId!) ?? '—',
    documentType: document.values.documentType as DocumentImportPreviewRow['documentType'],
    publishedOn: document.values.publishedOn,
    primaryTheme: themeName.get(document.values.primaryThemeId!) ?? '—',
    themes: new Set([document.values.primaryThemeId, ...document.values.themeIds]).size,
    pages: document.pageCount,
    bytes: document.bytes,
  }))
  const report = row.report
    ? (JSON.parse(row.report) as DocumentImportReport)
    : { fileProblems: [], problems: [], more: 0, unusedFiles: [], unusedMore: 0 }
  return {
    ...summaryOf(row),
    report,
    preview,
    previewMore: Math.max(0, documents.length - PREVIEW_ROWS),
  }
}

/** The template: the header row, then one example row a user replaces. */
export function documentImportTemplate() {
  const headers = DOCUMENT_IMPORT_COLUMNS.map((column) => column.header)
  return `${headers.join(',')}\r\n`
}
