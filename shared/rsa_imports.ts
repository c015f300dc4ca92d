/**
 * Research spend imports (DOMAIN §1(d)): the three file formats administrators and operators
 * load — budgets, client interactions, peer interactions — their columns, and the states an
 * import goes through. Shared by the server (reading, checking, applying), the ace commands and
 * the upload wizard.
 */

export const IMPORT_KINDS = {
  budgets: 'Budgets',
  client_interactions: 'Client interactions',
  peer_interactions: 'Peer interactions',
} as const
export type ImportKind = keyof typeof IMPORT_KINDS

export function isImportKind(value: unknown): value is ImportKind {
  return typeof value === 'string' && Object.hasOwn(IMPORT_KINDS, value)
}

/** The admin page (route name and path under /admin/research-spend-analytics) of each kind. */
export const IMPORT_PAGES: Record<ImportKind, { route: string; path: string; title: string }> = {
  budgets: { route: 'rsaBudgetUpload', path: 'budget-upload', title: 'Budget upload' },
  client_interactions: {
    route: 'rsaClientInteractionsUpload',
    path: 'client-interactions-upload',
    title: 'Client interactions upload',
  },
  peer_interactions: {
    route: 'rsaPeerInteractionsUpload',
    path: 'peer-interactions-upload',
    title: 'Peer interactions upload',
  },
}

/** Whether an import of this kind belongs to one team (peer statistics belong to none). */
export const KIND_HAS_TEAM: Record<ImportKind, boolean> = {
  budgets: true,
  client_interactions: true,
  peer_interactions: false,
}

export interface ImportColumn {
  header: string
  required: boolean
  description: string
}

const column = (header: string, required: boolean, description: string): ImportColumn => ({
  header,
  required,
  description,
})

/**
 * The columns of each format, in the order of the template. Headers are matched without regard
 * to case or surrounding spaces; a column outside the list is refused (a misspelt header would
 * otherwise be ignored in silence).
 */
export const IMPORT_COLUMNS: Record<ImportKind, ImportColumn[]> = {
  budgets: [
    column('team_id', false, 'The team (blank = the team chosen)'),
    column('fiscal_year', false, 'The year (blank = the year chosen)'),
    column('budget_group', false, 'Strategy or desk the line belongs to'),
    column('provider_key', true, 'The provider, by key or import alias'),
    column('provider_name', false, 'The provider’s name (used to suggest a match)'),
    column('provider_type', false, 'The provider’s type (checked against the provider)'),
    column('service_type', true, 'What is bought'),
    column('asset_class', false, 'Equity, fixed income, multi-asset or other'),
    column('region', false, 'The region covered'),
    column('price_type', true, 'How it is priced'),
    column('access_type', true, 'What access is bought'),
    column('seats', false, 'Named users (whole number)'),
    column('contract_start', false, 'YYYY-MM-DD'),
    column('contract_end', false, 'YYYY-MM-DD, after contract_start'),
    column('renewal_notice_days', false, 'Whole number of days'),
    column('budget_amount', true, 'Budgeted for the year (≥ 0)'),
    column('contracted_price', false, 'Annualised contract price (≥ 0)'),
    column('paid_amount', false, 'Paid in the year (≥ 0); replaces the line’s payments'),
    column('currency', true, 'ISO 4217 code'),
    column('payment_frequency', false, 'annual, semi_annual, quarterly, monthly or per_use'),
    column('research_share_bps', false, 'Research share of a joint payment, 0–10,000 bps'),
    column('notes', false, 'Free text'),
  ],
  client_interactions: [
    column('team_id', false, 'The team (blank = the team chosen)'),
    column('external_ref', true, 'The source system’s reference, unique per source'),
    column('source_system', true, 'Where the interaction was logged (CRM, RMS …)'),
    column('occurred_at', true, 'YYYY-MM-DD (a time after it is ignored)'),
    column('provider_key', true, 'The provider, by key or import alias'),
    column('analyst_name', false, 'The provider’s analyst'),
    column('analyst_id', false, 'The provider’s analyst id (whole number)'),
    column('user_email', false, 'Who at the firm consumed it (unknown = unmapped)'),
    column('desk', false, 'Desk or budget group'),
    column('interaction_type', true, 'What it was'),
    column('duration_min', false, 'Minutes (whole number)'),
    column('sector_gics', false, 'GICS sector'),
    column('region', false, 'Region'),
    column('asset_class', false, 'Asset class'),
    column('valued', false, 'Y or N (blank = Y)'),
    column('notes', false, 'Free text (not stored)'),
  ],
  peer_interactions: [
    column('period', true, 'YYYY-Qn'),
    column('peer_group_id', true, 'An AUM tier (0-10, 10-50 …) or all'),
    column('provider_key', true, 'The provider, by key or import alias'),
    column('interaction_type', true, 'What it was'),
    column('sector_gics', false, 'GICS sector (blank = all sectors)'),
    column('n_firms', true, 'Firms in the statistic (whole number)'),
    column('interactions_total', true, 'Interactions in all (whole number)'),
    column('median_per_firm', false, 'Median interactions per firm'),
    column('median_per_bn_aum', false, 'Median interactions per bn of AUM'),
  ],
}

export const PAYMENT_FREQUENCIES = {
  annual: 'Annual',
  semi_annual: 'Semi-annual',
  quarterly: 'Quarterly',
  monthly: 'Monthly',
  per_use: 'Per use',
} as const

/** Peer statistics from fewer firms than this are stored but never shown. */
export const MIN_PEER_FIRMS = 5

/**
 * Limits. A CSV of a million interactions is about 200 MB; XLSX holds at most 1,048,576 rows and
 * is read more slowly, so large loads come as CSV.
 */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024
export const MAX_IMPORT_SIZE_LABEL = '512 MB'
export const MAX_IMPORT_ROWS = 2_000_000
/** Rejected rows reported one by one; the rest are counted. */
export const MAX_REPORTED_IMPORT_PROBLEMS = 200
/**
 * A check stops once this many rows are refused: the file is refused whatever the rest holds,
 * and reading on would only keep the worker busy.
 */
export const MAX_REFUSED_IMPORT_ROWS = 1000
/** Unknown provider keys for which the nearest provider is looked for; the rest get none. */
export const MAX_PROVIDER_SUGGESTIONS = 20
/**
 * Reading limits: a CSV line (a row, quoted line breaks included) and a cell longer than these
 * are refused (no table row is this long; a file that is one huge line is not a table), as is
 * a workbook sheet with more rows than this (large loads come as CSV).
 */
export const MAX_IMPORT_LINE_CHARS = 100_000
export const MAX_IMPORT_CELL_CHARS = 32_767
export const MAX_XLSX_IMPORT_ROWS = 250_000

export const IMPORT_STATUSES = {
  uploaded: 'Uploaded',
  previewing: 'Checking',
  previewed: 'Ready to commit',
  refused: 'Refused',
  queued: 'Waiting to commit',
  committing: 'Committing',
  committed: 'Committed',
  failed: 'Failed',
  reverted: 'Reverted',
  discarded: 'Discarded',
} as const
export type ImportStatus = keyof typeof IMPORT_STATUSES

/** What started a recompute of the peer statistics, as administrators read it. */
export const RECOMPUTE_TRIGGERS: Record<string, string> = {
  import: 'Import committed',
  revert: 'Import reverted',
  provider_merge: 'Providers merged',
  provider_reclassified: 'Provider reclassified',
  analyst_import: 'Analysts imported',
  analyst_saved: 'Analyst saved',
  analyst_move_saved: 'Analyst move saved',
  analyst_move_deleted: 'Analyst move deleted',
  command: 'rsa:benchmarks command',
  demo_seed: 'Demo data',
}

/** A label for a key of one of these lists; an unknown key reads as words, not as a key. */
export function labelOf(labels: Record<string, string>, key: string) {
  if (Object.hasOwn(labels, key)) return labels[key]
  const words = key.replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** States in which a job is at work on the import (the page polls for progress). */
export const WORKING_STATUSES: ImportStatus[] = ['uploaded', 'previewing', 'queued', 'committing']

export const IMPORT_PHASES = {
  reading: 'Reading the file',
  staging: 'Writing rows',
  applying: 'Applying',
  recomputing: 'Recomputing peer benchmarks',
} as const

export interface ImportProblem {
  row: number | null
  column: string | null
  message: string
}

export interface AliasSuggestion {
  /** What the file says (the unknown provider_key). */
  alias: string
  providerId: number
  providerName: string
  providerKey: string
  rows: number
}

export interface ImportReport {
  /** Problems of the file as a whole: nothing in it was read as rows. */
  fileProblems: string[]
  problems: ImportProblem[]
  /** Problems found beyond those listed. */
  more: number
  aliasSuggestions: AliasSuggestion[]
}

export const emptyReport = (): ImportReport => ({
  fileProblems: [],
  problems: [],
  more: 0,
  aliasSuggestions: [],
})
