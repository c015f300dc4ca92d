/**
 * Research discovery administration: the documents' pipeline and publication states, the
 * administrators' list filters and what its rows and forms carry. Shared by the server and the
 * pages.
 */
import type { ListPageMeta } from '#shared/list_page'
import type { AssetClass, DocumentType, Entitlement, ResearchRegion } from '#shared/research'

/** Where a document is in its processing (uploaded → text extracted → themes tagged → completed). */
export const PROCESSING_STATUSES = {
  uploaded: 'Uploaded',
  text_extracted: 'Text extracted',
  themes_tagged: 'Themes tagged',
  completed: 'Completed',
  failed: 'Failed',
} as const
export type ProcessingStatus = keyof typeof PROCESSING_STATUSES

/** The steps in their order, for the progress a document's page shows. */
export const PROCESSING_STEPS: ProcessingStatus[] = [
  'uploaded',
  'text_extracted',
  'themes_tagged',
  'completed',
]

/** Whether clients see a document: only a completed one is ever published. */
export const PUBLICATION_STATUSES = {
  draft: 'Draft',
  published: 'Published',
  withdrawn: 'Withdrawn',
} as const
export type PublicationStatus = keyof typeof PUBLICATION_STATUSES

/** The largest research PDF accepted, in MB. */
export const RESEARCH_DOCUMENT_MAX_MB = 25

/** Bounds of a document's metadata. */
export const DOCUMENT_LIMITS = {
  title: 300,
  abstract: 5_000,
  author: 120,
  authors: 12,
  themes: 8,
} as const

export const ADMIN_DOCUMENTS_PER_PAGE = 25

export const ADMIN_DOCUMENT_SORTS = {
  published_desc: 'Newest first',
  published_asc: 'Oldest first',
  title_asc: 'Title A–Z',
  provider_asc: 'Provider A–Z',
} as const
export type AdminDocumentSort = keyof typeof ADMIN_DOCUMENT_SORTS

/** The list's filters as the address carries them; `processing` defaults to completed (spec §9). */
export interface AdminDocumentFilters {
  processing: ProcessingStatus | 'all'
  status: PublicationStatus | null
  provider: number | null
  theme: number | null
  entitlement: Entitlement | null
  from: string | null
  to: string | null
  q: string
  sort: AdminDocumentSort
}

export interface AdminDocumentRow {
  id: number
  title: string
  providerName: string
  documentType: DocumentType
  entitlement: Entitlement
  status: PublicationStatus
  processingStatus: ProcessingStatus
  processingError: string | null
  publishedAt: string
  primaryTheme: string | null
  pageCount: number
}

export interface AdminDocumentList {
  rows: AdminDocumentRow[]
  meta: ListPageMeta
  pageNotice: string | null
}

/** The bulk actions of the list, each confirmed first. */
export const BULK_DOCUMENT_ACTIONS = {
  publish: 'Publish',
  withdraw: 'Withdraw',
  retag: 'Tag themes again',
  entitlement: 'Change entitlement',
} as const
export type BulkDocumentAction = keyof typeof BULK_DOCUMENT_ACTIONS
export const BULK_DOCUMENTS_MAX = 500

/** What the list's filters and the document form offer to choose from. */
export interface DocumentChoices {
  providers: { id: number; name: string }[]
  themes: { id: number; name: string; group: string | null; active: boolean }[]
}

/** A document as its edit form holds it. */
export interface DocumentFormValues {
  providerId: number | null
  title: string
  abstract: string
  authors: string[]
  documentType: DocumentType | ''
  publishedOn: string
  assetClasses: AssetClass[]
  regions: ResearchRegion[]
  sectors: string[]
  entitlement: Entitlement | ''
  primaryThemeId: number | null
  themeIds: number[]
}

/** What an edit page shows of a document beyond its form. */
export interface AdminDocumentDetail {
  id: number
  status: PublicationStatus
  processingStatus: ProcessingStatus
  processingError: string | null
  publishWhenProcessed: boolean
  processedAt: string | null
  pageCount: number
  fileSize: number
  sha256: string
  createdAt: string
  updatedAt: string | null
  withdrawnAt: string | null
  createdBy: string | null
  updatedBy: string | null
  /** Themes the pipeline added from the text (beside those chosen), with their relevance. */
  taggedThemes: { id: number; name: string; isPrimary: boolean; relevance: number }[]
}

/** A bulk download holds at most this many documents… */
export const EXPORT_MAX_DOCUMENTS = 500
/** …and at most this many bytes of PDFs. */
export const EXPORT_MAX_BYTES = 1024 * 1024 * 1024
/** How long a built download may be fetched, in hours. */
export const EXPORT_VALID_HOURS = 24

export const EXPORT_STATUSES = {
  queued: 'Waiting',
  running: 'Being built',
  completed: 'Ready',
  failed: 'Failed',
  expired: 'Expired',
} as const
export type ExportStatus = keyof typeof EXPORT_STATUSES

/** One of an administrator's bulk downloads, as the documents page lists them. */
export interface DocumentExportRow {
  id: number
  status: ExportStatus
  documentCount: number
  byteSize: number | null
  error: string | null
  createdAt: string
  expiresAt: string | null
  /** What was asked for, in words ("completed · provider Atlas · search “rates”"). */
  description: string
}

/*
 * Bulk import of research documents (DOMAIN §2(d)): a ZIP of PDFs and a metadata table, one row a
 * document, checked as a whole (the preview) and then committed as a whole.
 */

export const DOCUMENT_IMPORT_MAX_DOCUMENTS = 1_000
export const DOCUMENT_IMPORT_MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024
export const DOCUMENT_IMPORT_MAX_ARCHIVE_LABEL = '1 GB'
/** What the archive's files may unpack to in all. */
export const DOCUMENT_IMPORT_MAX_UNPACKED_BYTES = 2 * 1024 * 1024 * 1024
export const DOCUMENT_IMPORT_MAX_METADATA_BYTES = 20 * 1024 * 1024
export const DOCUMENT_IMPORT_MAX_METADATA_LABEL = '20 MB'
/** The separator of a cell holding several values (authors, themes, regions…). */
export const DOCUMENT_IMPORT_LIST_SEPARATOR = '|'

export interface DocumentImportColumn {
  header: string
  required: boolean
  description: string
}

export const DOCUMENT_IMPORT_COLUMNS: DocumentImportColumn[] = [
  {
    header: 'document_id',
    required: false,
    description: 'The source’s own identifier; not stored',
  },
  {
    header: 'provider_key',
    required: true,
    description: 'The research provider’s key (Providers → the provider)',
  },
  { header: 'title', required: true, description: `Up to ${DOCUMENT_LIMITS.title} characters` },
  {
    header: 'abstract',
    required: true,
    description: `What clients read in the list, up to ${DOCUMENT_LIMITS.abstract.toLocaleString('en')} characters`,
  },
  {
    header: 'published_at',
    required: true,
    description:
      'ISO date or UTC date-time (2026-11-30 or 2026-11-30T07:00:00Z), not in the future',
  },
  {
    header: 'authors',
    required: false,
    description: `Names separated by |, at most ${DOCUMENT_LIMITS.authors}`,
  },
  {
    header: 'document_type',
    required: true,
    description:
      'macro, strategy, economics, rates, fx, credit, commodities, equity_sector, equity_company, thematic or quant',
  },
  {
    header: 'asset_classes',
    required: false,
    description: 'Separated by |: equities, rates, credit, fx, commodities, multi_asset, economics',
  },
  {
    header: 'regions',
    required: false,
    description:
      'Separated by |: global, north_america, europe_ex_uk, uk, japan, asia_ex_japan, china, emerging_markets, latam',
  },
  { header: 'countries', required: false, description: 'Accepted, not stored' },
  {
    header: 'sectors_gics',
    required: false,
    description: 'GICS sector names separated by | (Energy, Materials, Industrials…)',
  },
  { header: 'tickers', required: false, description: 'Accepted, not stored' },
  {
    header: 'primary_theme_id',
    required: true,
    description: 'The primary theme: its id or its exact name (Themes)',
  },
  {
    header: 'theme_ids',
    required: false,
    description: `Other themes, ids or names separated by |; ${DOCUMENT_LIMITS.themes} themes at most in all`,
  },
  { header: 'research_style_id', required: false, description: 'Accepted, not stored' },
  { header: 'language', required: false, description: 'Two-letter code (en when empty)' },
  {
    header: 'page_count',
    required: false,
    description: 'When given, must be the PDF’s number of pages',
  },
  {
    header: 'file_name',
    required: true,
    description: 'The PDF’s name in the ZIP (with its folder, if any)',
  },
  {
    header: 'sha256',
    required: false,
    description: 'When given, must be the PDF’s SHA-256 checksum (hex)',
  },
  { header: 'entitlement', required: true, description: 'open, mnmb or paid_provider_only' },
]

export const DOCUMENT_IMPORT_STATUSES = {
  uploaded: 'Waiting to be checked',
  previewing: 'Being checked',
  previewed: 'Ready to commit',
  refused: 'Refused',
  committing: 'Being committed',
  committed: 'Committed',
  failed: 'Failed',
  discarded: 'Discarded',
} as const
export type DocumentImportStatus = keyof typeof DOCUMENT_IMPORT_STATUSES
export const DOCUMENT_IMPORT_WORKING: DocumentImportStatus[] = [
  'uploaded',
  'previewing',
  'committing',
]

export interface DocumentImportProblem {
  row: number | null
  column: string | null
  message: string
}

export interface DocumentImportReport {
  /** Problems of the archive or the table as a whole: no row was read. */
  fileProblems: string[]
  problems: DocumentImportProblem[]
  /** Problems found beyond those listed. */
  more: number
  /** Files in the archive that no row names (left out of the import). */
  unusedFiles: string[]
  unusedMore: number
}

export interface DocumentImportPreviewRow {
  row: number
  fileName: string
  title: string
  provider: string
  documentType: DocumentType
  publishedOn: string
  primaryTheme: string
  themes: number
  pages: number
  bytes: number
}

export interface DocumentImportSummary {
  id: number
  status: DocumentImportStatus
  source: string
  archiveName: string
  archiveSize: number
  metadataName: string
  publishWhenProcessed: boolean
  rowCount: number
  rejectedRows: number
  processedRows: number
  documentCount: number
  error: string | null
  uploadedBy: string | null
  committedBy: string | null
  createdAt: string | null
  committedAt: string | null
}

export interface DocumentImportDetail extends DocumentImportSummary {
  report: DocumentImportReport
  preview: DocumentImportPreviewRow[]
  previewMore: number
}
