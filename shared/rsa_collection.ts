import {
  ACCESS_TYPES,
  ASSESSMENT_CATEGORIES,
  DOMICILES,
  FIRM_TYPES,
  INTERACTION_TYPES,
  PAYMENT_METHODS,
  PRICE_TYPES,
  SERVICE_TYPES,
} from './rsa.js'

/**
 * Research Spend Analytics data collection: the template's layout (DOMAIN §1(d)), shared by the
 * server (template, checks on upload) and the data collection page (the row-by-row report).
 *
 * Four sheets: Profile (one record, an item per row), Providers (= budget lines), Interactions
 * summary (provider × interaction type × count) and Assessment (provider × category × score).
 * Enumerations are written as their labels (the drop-downs); labels or keys are accepted on
 * upload, in any case.
 */

/** Checked on upload: a file made from another version of the template is refused. */
export const RSA_TEMPLATE_VERSION = 'RSA-2025.1'

export const PAYMENT_FREQUENCIES = {
  annual: 'Annual',
  semi_annual: 'Semi-annual',
  quarterly: 'Quarterly',
  monthly: 'Monthly',
  per_use: 'Per use',
} as const

export type CellKind =
  | 'text'
  | 'provider'
  | 'enum'
  | 'amount'
  | 'integer'
  | 'date'
  | 'currency'
  | 'bps'
  | 'score'
  | 'version'

export interface TemplateField {
  key: string
  header: string
  kind: CellKind
  required?: boolean
  values?: Record<string, string>
  width?: number
  /** Guidance shown on the Profile sheet next to the item. */
  hint?: string
}

/** Money: well within NUMERIC(18,2), and exact to the cent in a double. */
export const MAX_AMOUNT = 1e15
/** Research share of a joint payment, in basis points (100% = 10,000 bps). */
export const MAX_BPS = 10_000
export const MAX_COUNT = 1_000_000_000
/** Contract dates must fall within these years. */
export const CONTRACT_YEARS = { min: 2015, max: 2035 } as const
export const MAX_TEXT = 2000

export const PROFILE_ITEMS = [
  {
    key: 'templateVersion',
    header: 'template_version',
    kind: 'version',
    required: true,
    hint: 'Do not change: checked when the file is uploaded.',
  },
  {
    key: 'currency',
    header: 'Currency',
    kind: 'currency',
    hint: 'Three-letter code (ISO 4217) of every amount on this sheet.',
  },
  { key: 'firmType', header: 'Firm type', kind: 'enum', values: FIRM_TYPES },
  { key: 'aumEquity', header: 'AUM – equity', kind: 'amount', hint: 'Assets under management.' },
  { key: 'aumFixedIncome', header: 'AUM – fixed income', kind: 'amount' },
  { key: 'aumMultiAsset', header: 'AUM – multi-asset', kind: 'amount' },
  { key: 'aumOther', header: 'AUM – other', kind: 'amount' },
  {
    key: 'activeAum',
    header: 'Active AUM',
    kind: 'amount',
    hint: 'Actively managed assets (excluding passive and index funds).',
  },
  { key: 'portfolioManagers', header: 'Portfolio managers (#PMs)', kind: 'integer' },
  { key: 'analysts', header: 'Analysts (#analysts)', kind: 'integer' },
  {
    key: 'paymentMethod',
    header: 'Payment method',
    kind: 'enum',
    values: PAYMENT_METHODS,
    required: true,
  },
  { key: 'domicile', header: 'Domicile', kind: 'enum', values: DOMICILES, required: true },
] as const satisfies readonly TemplateField[]

export const PROVIDER_COLUMNS = [
  { key: 'provider', header: 'Provider', kind: 'provider', required: true, width: 30 },
  {
    key: 'serviceType',
    header: 'Service type',
    kind: 'enum',
    values: SERVICE_TYPES,
    required: true,
    width: 24,
  },
  {
    key: 'priceType',
    header: 'Price type',
    kind: 'enum',
    values: PRICE_TYPES,
    required: true,
    width: 22,
  },
  {
    key: 'accessType',
    header: 'Access type',
    kind: 'enum',
    values: ACCESS_TYPES,
    required: true,
    width: 20,
  },
  { key: 'seats', header: 'Seats', kind: 'integer', width: 8 },
  { key: 'contractStart', header: 'Contract start', kind: 'date', width: 14 },
  { key: 'contractEnd', header: 'Contract end', kind: 'date', width: 14 },
  { key: 'renewalNoticeDays', header: 'Renewal notice days', kind: 'integer', width: 12 },
  { key: 'budgetAmount', header: 'Budget amount', kind: 'amount', width: 16 },
  { key: 'contractedPrice', header: 'Contracted price', kind: 'amount', width: 16 },
  { key: 'paidAmount', header: 'Paid amount', kind: 'amount', width: 16 },
  { key: 'currency', header: 'Currency', kind: 'currency', width: 10 },
  {
    key: 'paymentFrequency',
    header: 'Payment frequency',
    kind: 'enum',
    values: PAYMENT_FREQUENCIES,
    width: 16,
  },
  { key: 'researchShareBps', header: 'Research share (bps)', kind: 'bps', width: 12 },
  { key: 'notes', header: 'Notes', kind: 'text', width: 40 },
] as const satisfies readonly TemplateField[]

export const INTERACTION_COLUMNS = [
  { key: 'provider', header: 'Provider', kind: 'provider', required: true, width: 30 },
  {
    key: 'interactionType',
    header: 'Interaction type',
    kind: 'enum',
    values: INTERACTION_TYPES,
    required: true,
    width: 26,
  },
  { key: 'count', header: 'Count', kind: 'integer', required: true, width: 10 },
] as const satisfies readonly TemplateField[]

export const ASSESSMENT_COLUMNS = [
  { key: 'provider', header: 'Provider', kind: 'provider', required: true, width: 30 },
  {
    key: 'category',
    header: 'Category',
    kind: 'enum',
    values: ASSESSMENT_CATEGORIES,
    required: true,
    width: 22,
  },
  { key: 'score', header: 'Score (1–5)', kind: 'score', required: true, width: 12 },
  { key: 'comment', header: 'Comment', kind: 'text', width: 50 },
] as const satisfies readonly TemplateField[]

/** The sheets, in workbook order; every one must be present on upload. */
export const RSA_SHEETS = {
  profile: { name: 'Profile', fields: PROFILE_ITEMS },
  providers: { name: 'Providers', fields: PROVIDER_COLUMNS },
  interactions: { name: 'Interactions summary', fields: INTERACTION_COLUMNS },
  assessment: { name: 'Assessment', fields: ASSESSMENT_COLUMNS },
} as const
export type RsaSheetKey = keyof typeof RSA_SHEETS
export const RSA_SHEET_KEYS = Object.keys(RSA_SHEETS) as RsaSheetKey[]

/** The lists behind the drop-downs (hidden sheet). */
export const LISTS_SHEET = 'Lists'

/** The Profile sheet's header: the item, its value, guidance. */
export const PROFILE_HEADER = ['Item', 'Value', 'Guidance'] as const

/**
 * A refused upload reports each problem under `rows.{sheet}.{row}.{column}` (sheet and column
 * keys above), e.g. `rows.providers.7.currency`: the page shows row, sheet, column and message.
 * On the Profile sheet the column is the item (its value is in column B).
 */
export function reportKey(sheet: RsaSheetKey, row: number, column: string) {
  return `rows.${sheet}.${row}.${column}`
}

export interface ReportLocation {
  sheet: string
  /** The sheet's place in the workbook, for sorting. */
  sheetIndex: number
  row: number
  column: string
  /** The column's place in the sheet (the item's on the Profile sheet), for sorting. */
  columnIndex: number
}

/** Where a report key points, in the words of the template; null for other keys. */
export function parseReportKey(key: string): ReportLocation | null {
  const match = /^rows\.([a-z]+)\.(\d+)\.([A-Za-z]+)$/.exec(key)
  if (!match) return null
  const sheet = RSA_SHEETS[match[1] as RsaSheetKey]
  if (!sheet) return null
  const fields = sheet.fields as readonly TemplateField[]
  const columnIndex = fields.findIndex((entry) => entry.key === match[3])
  return {
    sheet: sheet.name,
    sheetIndex: RSA_SHEET_KEYS.indexOf(match[1] as RsaSheetKey),
    row: Number(match[2]),
    column: fields[columnIndex]?.header ?? match[3],
    columnIndex: columnIndex === -1 ? fields.length : columnIndex,
  }
}
