import { createHash, randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { audit } from '#services/audit/audit'
import { insertReturningId } from '#services/db/insert'
import { fieldError } from '#services/http/field_error'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { isoInstant, providerChoices } from '#services/providers/admin/reference'
import { whereMatches } from '#services/research/search'
import { parseSearch } from '#shared/research_search'
import {
  ADMIN_DOCUMENTS_PER_PAGE,
  type AdminDocumentDetail,
  type AdminDocumentFilters,
  type AdminDocumentList,
  type AdminDocumentRow,
  type BulkDocumentAction,
  type DocumentChoices,
  type DocumentFormValues,
  type ProcessingStatus,
  type PublicationStatus,
} from '#shared/research_admin'
import type { DocumentType, Entitlement } from '#shared/research'

/**
 * The research catalogue as administrators run it: the list over every document (whatever its
 * state, every provider), a document's metadata and themes, its upload (checked, stored, then
 * processed by a background job), publication and withdrawal, and the list's bulk actions.
 * Client pages read documents through app/services/research/access.ts, which shows only the
 * published ones: withdrawing a document takes it out of every list, search, trending count
 * and digest at once.
 */

export const AUDIT_DOCUMENT = 'research_document'

/** Below this many matches a search's page starts from its matches rather than walk the list. */
const MATCHES_TO_DRIVE = 2_000

const stamp = (client: QueryClientContract = db.connection()) =>
  DateTime.utc().toFormat(client.dialect.dateTimeFormat)

const parseList = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.map(String)
  try {
    const parsed = JSON.parse(String(value ?? '[]'))
    return Array.isArray(parsed) ? parsed.map(String) : []
  } catch {
    return []
  }
}

function filtered(filters: AdminDocumentFilters) {
  const query = db.from('research_documents as d')
  if (filters.processing !== 'all') query.where('d.processing_status', filters.processing)
  if (filters.status) query.where('d.status', filters.status)
  if (filters.provider) query.where('d.provider_id', filters.provider)
  if (filters.entitlement) query.where('d.entitlement', filters.entitlement)
  if (filters.from) query.where('d.published_at', '>=', `${filters.from} 00:00:00`)
  if (filters.to) {
    const next = DateTime.fromISO(filters.to, { zone: 'utc' }).plus({ days: 1 }).toISODate()
    query.where('d.published_at', '<', `${next} 00:00:00`)
  }
  if (filters.theme) {
    query.whereIn('d.id', (tagged) =>
      tagged
        .from('research_document_themes')
        .where('theme_id', filters.theme!)
        .select('document_id')
    )
  }
  return query
}

function ordered(query: DatabaseQueryBuilderContract, sort: AdminDocumentFilters['sort']) {
  switch (sort) {
    case 'published_asc':
      return query.orderBy('d.published_at', 'asc').orderBy('d.id', 'asc')
    case 'title_asc':
      return query.orderByRaw('lower(d.title) asc').orderBy('d.id', 'asc')
    case 'provider_asc':
      return query
        .orderByRaw('lower(p.name) asc')
        .orderBy('d.published_at', 'desc')
        .orderBy('d.id', 'desc')
    default:
      return query.orderBy('d.published_at', 'desc').orderBy('d.id', 'desc')
  }
}

/** Every document the list's filters and search match, as `research_documents as d`. */
export function matchingDocuments(filters: AdminDocumentFilters) {
  const query = filtered(filters)
  const search = parseSearch(filters.q)
  if (search) whereMatches(query, search, 'drive')
  return query
}

/** The list's page: a count, then the page's rows with their primary theme (three statements). */
export async function adminDocumentList(
  filters: AdminDocumentFilters,
  page: number
): Promise<AdminDocumentList> {
  if (filters.from && filters.to && filters.from > filters.to) {
    throw fieldError('to', 'The end date must be on or after the start date.')
  }
  const search = parseSearch(filters.q)
  const counted = filtered(filters)
  if (search) whereMatches(counted, search, 'drive')
  const countRow = await counted.count('* as total').first()
  const total = Number(countRow?.total ?? 0)
  const lastPage = Math.max(1, Math.ceil(total / ADMIN_DOCUMENTS_PER_PAGE))
  const meta = { total, currentPage: page, lastPage }
  const offset = (page - 1) * ADMIN_DOCUMENTS_PER_PAGE
  if (total <= offset) return { rows: [], meta, pageNotice: null }

  const rowsQuery = filtered(filters).join('providers as p', 'p.id', 'd.provider_id')
  if (search) {
    const walk =
      filters.sort === 'published_desc' && total > MATCHES_TO_DRIVE && offset * 10 <= total
    whereMatches(rowsQuery, search, walk ? 'walk' : 'drive')
  }
  const rows = await ordered(rowsQuery, filters.sort)
    .select(
      'd.id',
      'd.title',
      'p.name as provider_name',
      'd.document_type',
      'd.entitlement',
      'd.status',
      'd.processing_status',
      'd.processing_error',
      'd.published_at',
      'd.page_count'
    )
    .limit(ADMIN_DOCUMENTS_PER_PAGE)
    .offset(offset)
  const ids = rows.map((row) => Number(row.id))
  const primaries = ids.length
    ? await db
        .from('research_document_themes as dt')
        .join('research_themes as t', 't.id', 'dt.theme_id')
        .whereIn('dt.document_id', ids)
        .where('dt.is_primary', true)
        .select('dt.document_id', 't.name')
    : []
  const primaryOf = new Map(primaries.map((row) => [Number(row.document_id), String(row.name)]))
  return {
    rows: rows.map((row): AdminDocumentRow => ({
      id: Number(row.id),
      title: String(row.title),
      providerName: String(row.provider_name),
      documentType: row.document_type as DocumentType,
      entitlement: row.entitlement as Entitlement,
      status: row.status as PublicationStatus,
      processingStatus: row.processing_status as ProcessingStatus,
      processingError: row.processing_error ?? null,
      publishedAt: isoInstant(row.published_at) ?? '',
      primaryTheme: primaryOf.get(Number(row.id)) ?? null,
      pageCount: Number(row.page_count),
    })),
    meta,
    pageNotice: null,
  }
}

/** What the list's filters and the form's pickers offer: providers and themes (two statements). */
export async function documentChoices(): Promise<DocumentChoices> {
  const [providers, themes] = await Promise.all([
    providerChoices(),
    db
      .from('research_themes as t')
      .leftJoin('research_theme_groups as g', 'g.id', 't.group_id')
      .select('t.id', 't.name', 't.status', 'g.name as group_name')
      .orderByRaw('lower(t.name)')
      .orderBy('t.id'),
  ])
  return {
    providers: providers.map(({ id, name }) => ({ id, name })),
    themes: themes.map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      group: row.group_name ? String(row.group_name) : null,
      active: row.status === 'active',
    })),
  }
}

/** A document whose file is already in the catalogue: the upload is refused with a link to it. */
export class DuplicateDocument extends Error {
  constructor(
    readonly existingId: number,
    readonly existingTitle: string
  ) {
    super(`This PDF is already in the catalogue as “${existingTitle}”.`)
  }
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The document with the same file, if any. */
export async function documentWithChecksum(sha256: string, exceptId: number | null = null) {
  const query = db.from('research_documents').where('sha256', sha256).select('id', 'title')
  if (exceptId) query.whereNot('id', exceptId)
  const row = await query.first()
  return row ? { id: Number(row.id), title: String(row.title) } : null
}

/** Checks every id the form names: the provider a research provider, themes that exist and are active. */
export async function checkReferences(
  client: QueryClientContract,
  values: DocumentFormValues,
  keepThemes: number[] = []
) {
  const provider = await client
    .from('providers')
    .where({ id: values.providerId!, provider_type: 'research' })
    .select('id')
    .first()
  if (!provider) throw fieldError('providerId', 'Choose a research provider from the list.')
  const themeIds = [...new Set([values.primaryThemeId!, ...values.themeIds])]
  const themes = await client
    .from('research_themes')
    .whereIn('id', themeIds)
    .select('id', 'status', 'name')
  const known = new Map(themes.map((row) => [Number(row.id), row]))
  const unknown = themeIds.find((id) => !known.has(id))
  if (unknown !== undefined) {
    throw fieldError(
      unknown === values.primaryThemeId ? 'primaryThemeId' : 'themeIds',
      'A theme chosen is not in the taxonomy: choose again from the list.'
    )
  }
  // A retired theme may stay on a document that had it, but is not given to another.
  const retired = themes.find(
    (row) => row.status !== 'active' && !keepThemes.includes(Number(row.id))
  )
  if (retired) {
    throw fieldError(
      Number(retired.id) === values.primaryThemeId ? 'primaryThemeId' : 'themeIds',
      `The theme “${retired.name}” is retired: choose another.`
    )
  }
}

/** The document form's values from what its validator gave (lists default to empty). */
export function documentFormValues(payload: Record<string, any>): DocumentFormValues {
  return {
    providerId: payload.providerId,
    title: payload.title,
    abstract: payload.abstract,
    authors: payload.authors ?? [],
    documentType: payload.documentType,
    publishedOn: payload.publishedOn,
    assetClasses: payload.assetClasses ?? [],
    regions: payload.regions ?? [],
    sectors: payload.sectors ?? [],
    entitlement: payload.entitlement,
    primaryThemeId: payload.primaryThemeId,
    themeIds: payload.themeIds ?? [],
  }
}

function metadataColumns(values: DocumentFormValues) {
  return {
    provider_id: values.providerId,
    title: values.title,
    abstract: values.abstract,
    authors: JSON.stringify(values.authors),
    document_type: values.documentType,
    asset_classes: JSON.stringify(values.assetClasses),
    regions: JSON.stringify(values.regions),
    sectors: JSON.stringify(values.sectors),
    entitlement: values.entitlement,
    published_at: `${values.publishedOn} 00:00:00`,
  }
}

/** The chosen themes: the primary at relevance 1, the others 0.8 (tagging adds below that). */
async function writeChosenThemes(
  trx: TransactionClientContract,
  documentId: number,
  values: DocumentFormValues
) {
  await trx.from('research_document_themes').where('document_id', documentId).delete()
  const others = [...new Set(values.themeIds)].filter((id) => id !== values.primaryThemeId)
  await trx.table('research_document_themes').multiInsert([
    { document_id: documentId, theme_id: values.primaryThemeId, is_primary: true, relevance: 1 },
    ...others.map((themeId) => ({
      document_id: documentId,
      theme_id: themeId,
      is_primary: false,
      relevance: 0.8,
    })),
  ])
}

const auditShape = (values: DocumentFormValues, extra: Record<string, unknown> = {}) => ({
  provider_id: values.providerId,
  title: values.title,
  abstract: values.abstract,
  authors: values.authors,
  document_type: values.documentType,
  published_on: values.publishedOn,
  asset_classes: values.assetClasses,
  regions: values.regions,
  sectors: values.sectors,
  entitlement: values.entitlement,
  primary_theme_id: values.primaryThemeId,
  theme_ids: [...new Set(values.themeIds)].filter((id) => id !== values.primaryThemeId).sort(),
  ...extra,
})

export interface StoredPdf {
  bytes: Uint8Array
  pageCount: number
  sha256: string
}

export const fileKeyFor = (sha256: string) => `research/${sha256.slice(0, 2)}/${randomUUID()}.pdf`

/** What is recorded of a new document's file (the file itself already stored under `key`). */
export interface NewDocumentFile {
  key: string
  pageCount: number
  sha256: string
  byteSize: number
}

/**
 * Writes a new document inside the caller's transaction: the row a draft waiting for processing
 * (published once processed when asked), its chosen themes, an audit entry. The references are
 * checked first (a provider, themes that exist and are active).
 */
export async function insertDocument(
  trx: TransactionClientContract,
  userId: number | null,
  values: DocumentFormValues,
  file: NewDocumentFile,
  options: { publishWhenProcessed: boolean; language?: string; summary?: string }
) {
  await checkReferences(trx, values)
  const now = stamp(trx)
  const id = await insertReturningId(trx, 'research_documents', {
    ...metadataColumns(values),
    language: options.language ?? 'en',
    page_count: file.pageCount,
    file_key: file.key,
    sha256: file.sha256,
    file_size: file.byteSize,
    status: 'draft',
    processing_status: 'uploaded',
    publish_when_processed: options.publishWhenProcessed,
    created_at: now,
    updated_at: now,
    created_by: userId,
    updated_by: userId,
  })
  await writeChosenThemes(trx, id, values)
  await audit(trx, {
    userId,
    entityType: AUDIT_DOCUMENT,
    entityId: id,
    action: 'create',
    summary: options.summary ?? `Research document “${values.title}” uploaded`,
    after: auditShape(values, {
      sha256: file.sha256,
      publish_when_processed: options.publishWhenProcessed,
    }),
  })
  return id
}

/**
 * Adds a document: its PDF stored, then the row written (insertDocument) in one transaction, with
 * the file removed again if it fails. The caller queues the processing.
 */
export async function createDocument(
  userId: number,
  values: DocumentFormValues,
  pdf: StoredPdf,
  publishWhenProcessed: boolean
): Promise<number> {
  const existing = await documentWithChecksum(pdf.sha256)
  if (existing) throw new DuplicateDocument(existing.id, existing.title)
  const key = fileKeyFor(pdf.sha256)
  await drive.use().put(key, pdf.bytes)
  try {
    return await db.transaction((trx) =>
      insertDocument(
        trx,
        userId,
        values,
        { key, pageCount: pdf.pageCount, sha256: pdf.sha256, byteSize: pdf.bytes.byteLength },
        { publishWhenProcessed }
      )
    )
  } catch (error) {
    await drive
      .use()
      .delete(key)
      .catch(() => {})
    // Two uploads of one file at once: the second meets the unique checksum.
    const again = await documentWithChecksum(pdf.sha256)
    if (again) throw new DuplicateDocument(again.id, again.title)
    throw error
  }
}

async function currentValues(
  client: QueryClientContract,
  id: number
): Promise<{ values: DocumentFormValues; row: Record<string, any> } | null> {
  const row = await client.from('research_documents').where('id', id).first()
  if (!row) return null
  const themes = await client
    .from('research_document_themes')
    .where('document_id', id)
    .select('theme_id', 'is_primary', 'relevance')
    .orderBy('theme_id')
  const primary = themes.find((theme) => Boolean(theme.is_primary))
  return {
    row,
    values: {
      providerId: Number(row.provider_id),
      title: String(row.title),
      abstract: String(row.abstract),
      authors: parseList(row.authors),
      documentType: row.document_type as DocumentType,
      publishedOn: (isoInstant(row.published_at) ?? '').slice(0, 10),
      assetClasses: parseList(row.asset_classes) as DocumentFormValues['assetClasses'],
      regions: parseList(row.regions) as DocumentFormValues['regions'],
      sectors: parseList(row.sectors),
      entitlement: row.entitlement as Entitlement,
      primaryThemeId: primary ? Number(primary.theme_id) : null,
      // The themes an administrator chose (tagging adds below 0.8).
      themeIds: themes
        .filter((theme) => !theme.is_primary && Number(theme.relevance) >= 0.8)
        .map((theme) => Number(theme.theme_id)),
    },
  }
}

/** A document for its edit page: the form's values and what the page shows beside them. */
export async function documentForEdit(
  id: number
): Promise<{ values: DocumentFormValues; detail: AdminDocumentDetail }> {
  const current = await currentValues(db.connection(), id)
  if (!current) throw new NotFoundForTeam('Research document not found')
  const { row, values } = current
  const [people, tagged] = await Promise.all([
    db
      .from('users')
      .whereIn('id', [row.created_by ?? 0, row.updated_by ?? 0])
      .select('id', 'name', 'email'),
    db
      .from('research_document_themes as dt')
      .join('research_themes as t', 't.id', 'dt.theme_id')
      .where('dt.document_id', id)
      .select('t.id', 't.name', 'dt.is_primary', 'dt.relevance')
      .orderBy('dt.is_primary', 'desc')
      .orderBy('dt.relevance', 'desc')
      .orderBy('t.id'),
  ])
  const nameOf = (userId: unknown) => {
    const person = people.find((entry) => Number(entry.id) === Number(userId))
    return person ? String(person.name || person.email) : null
  }
  return {
    values,
    detail: {
      id,
      status: row.status as PublicationStatus,
      processingStatus: row.processing_status as ProcessingStatus,
      processingError: row.processing_error ?? null,
      publishWhenProcessed: Boolean(row.publish_when_processed),
      processedAt: isoInstant(row.processed_at),
      pageCount: Number(row.page_count),
      fileSize: Number(row.file_size),
      sha256: String(row.sha256),
      createdAt: isoInstant(row.created_at) ?? '',
      updatedAt: isoInstant(row.updated_at),
      withdrawnAt: isoInstant(row.withdrawn_at),
      createdBy: nameOf(row.created_by),
      updatedBy: nameOf(row.updated_by),
      taggedThemes: tagged.map((theme) => ({
        id: Number(theme.id),
        name: String(theme.name),
        isPrimary: Boolean(theme.is_primary),
        relevance: Number(theme.relevance),
      })),
    },
  }
}

/** Where a document's processing stands, for its page to follow (one statement). */
export async function processingState(id: number) {
  const row = await db
    .from('research_documents')
    .where('id', id)
    .select('status', 'processing_status', 'processing_error', 'processed_at')
    .first()
  if (!row) throw new NotFoundForTeam('Research document not found')
  return {
    status: row.status as PublicationStatus,
    processingStatus: row.processing_status as ProcessingStatus,
    processingError: (row.processing_error ?? null) as string | null,
    processedAt: isoInstant(row.processed_at),
  }
}

/**
 * Saves a document's metadata and chosen themes, and its PDF when a new one is given (processed
 * again; a published document stays published and searchable by its old text until then).
 * Returns whether processing must run.
 */
export async function updateDocument(
  userId: number,
  id: number,
  values: DocumentFormValues,
  pdf: StoredPdf | null
): Promise<{ reprocess: boolean }> {
  if (pdf) {
    const existing = await documentWithChecksum(pdf.sha256, id)
    if (existing) throw new DuplicateDocument(existing.id, existing.title)
  }
  const key = pdf ? fileKeyFor(pdf.sha256) : null
  if (pdf && key) await drive.use().put(key, pdf.bytes)
  let oldKey: string | null = null
  try {
    const reprocess = await db.transaction(async (trx) => {
      const current = await currentValues(trx, id)
      if (!current) throw new NotFoundForTeam('Research document not found')
      const keep = [current.values.primaryThemeId, ...current.values.themeIds].filter(
        (themeId): themeId is number => themeId !== null
      )
      await checkReferences(trx, values, keep)
      const fileChanged = pdf !== null && pdf.sha256 !== current.row.sha256
      await trx
        .from('research_documents')
        .where('id', id)
        .update({
          ...metadataColumns(values),
          ...(fileChanged && pdf && key
            ? {
                file_key: key,
                sha256: pdf.sha256,
                file_size: pdf.bytes.byteLength,
                page_count: pdf.pageCount,
                processing_status: 'uploaded',
                processing_error: null,
              }
            : {}),
          updated_at: stamp(trx),
          updated_by: userId,
        })
      const themesChanged =
        current.values.primaryThemeId !== values.primaryThemeId ||
        JSON.stringify([...current.values.themeIds].sort()) !==
          JSON.stringify(
            [...new Set(values.themeIds)].filter((t) => t !== values.primaryThemeId).sort()
          )
      if (themesChanged) await writeChosenThemes(trx, id, values)
      await audit(trx, {
        userId,
        entityType: AUDIT_DOCUMENT,
        entityId: id,
        action: 'update',
        summary: `Research document “${values.title}” saved${fileChanged ? ' with a new PDF' : ''}`,
        before: auditShape(current.values, { sha256: current.row.sha256 }),
        after: auditShape(values, { sha256: fileChanged && pdf ? pdf.sha256 : current.row.sha256 }),
      })
      if (fileChanged) oldKey = String(current.row.file_key)
      // New text, or new chosen themes, are processed again (tagging keeps the chosen ones).
      return fileChanged || themesChanged
    })
    if (oldKey) {
      await drive
        .use()
        .delete(oldKey)
        .catch(() => {})
    } else if (key) {
      await drive
        .use()
        .delete(key)
        .catch(() => {})
    }
    return { reprocess }
  } catch (error) {
    if (key) {
      await drive
        .use()
        .delete(key)
        .catch(() => {})
    }
    throw error
  }
}

export interface BulkOutcome {
  changed: number[]
  skipped: number
  /** Documents to process again (re-tag). */
  retag: number[]
}

/**
 * A bulk action over the chosen documents, in one transaction with an audit entry per document
 * changed. Publish takes only completed documents; withdraw only published ones (or drafts);
 * re-tag only completed ones (their themes are tagged again by the job); change entitlement any.
 * What does not apply is skipped and counted.
 */
export async function bulkDocuments(
  userId: number,
  action: BulkDocumentAction,
  ids: number[],
  entitlement: Entitlement | null
): Promise<BulkOutcome> {
  const unique = [...new Set(ids)]
  return db.transaction(async (trx) => {
    const rows = await trx
      .from('research_documents')
      .whereIn('id', unique)
      .select('id', 'title', 'status', 'processing_status', 'entitlement')
    if (rows.length !== unique.length) {
      throw fieldError('ids', 'Some of the documents chosen no longer exist: reload the list.')
    }
    const applies = (row: Record<string, any>) => {
      switch (action) {
        case 'publish':
          return row.processing_status === 'completed' && row.status !== 'published'
        case 'withdraw':
          return row.status !== 'withdrawn'
        case 'retag':
          return row.processing_status === 'completed'
        case 'entitlement':
          return row.entitlement !== entitlement
      }
    }
    const chosen = rows.filter(applies)
    const changedIds = chosen.map((row) => Number(row.id))
    const now = stamp(trx)
    if (changedIds.length) {
      const update: Record<string, unknown> = { updated_at: now, updated_by: userId }
      if (action === 'publish') Object.assign(update, { status: 'published', withdrawn_at: null })
      if (action === 'withdraw') Object.assign(update, { status: 'withdrawn', withdrawn_at: now })
      if (action === 'retag') Object.assign(update, { processing_status: 'text_extracted' })
      if (action === 'entitlement') Object.assign(update, { entitlement })
      await trx.from('research_documents').whereIn('id', changedIds).update(update)
      for (const row of chosen) {
        const field =
          action === 'entitlement'
            ? 'entitlement'
            : action === 'retag'
              ? 'processing_status'
              : 'status'
        const after =
          action === 'entitlement'
            ? entitlement
            : action === 'retag'
              ? 'text_extracted'
              : action === 'publish'
                ? 'published'
                : 'withdrawn'
        await audit(trx, {
          userId,
          entityType: AUDIT_DOCUMENT,
          entityId: Number(row.id),
          action: 'update',
          summary: `Research document “${row.title}”: ${
            action === 'retag'
              ? 'themes to be tagged again'
              : action === 'entitlement'
                ? `entitlement set to ${entitlement}`
                : action === 'publish'
                  ? 'published'
                  : 'withdrawn'
          }`,
          before: { [field]: row[field] },
          after: { [field]: after },
        })
      }
    }
    return {
      changed: changedIds,
      skipped: unique.length - changedIds.length,
      retag: action === 'retag' ? changedIds : [],
    }
  })
}

/** A document's stored file and title, whatever its state. */
export async function adminDocumentFile(id: number) {
  const row = await db
    .from('research_documents')
    .where('id', id)
    .select('file_key', 'title')
    .first()
  if (!row) throw new NotFoundForTeam('Research document not found')
  return { key: String(row.file_key), title: String(row.title) }
}
