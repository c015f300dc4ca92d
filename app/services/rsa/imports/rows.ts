import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import {
  ACCESS_TYPES,
  ASSET_CLASSES,
  AUM_TIERS,
  GICS_SECTORS,
  INTERACTION_REGIONS,
  INTERACTION_TYPES,
  PRICE_TYPES,
  RESEARCH_PROVIDER_TYPES,
  SERVICE_TYPES,
} from '#shared/rsa'
import {
  IMPORT_COLUMNS,
  MIN_PEER_FIRMS,
  PAYMENT_FREQUENCIES,
  type ImportKind,
  MAX_PROVIDER_SUGGESTIONS,
} from '#shared/rsa_imports'
import { editDistance } from '#services/rsa/data_collection'
import { looksLikeFormula, type RawRow } from '#services/rsa/imports/reader'
import { nextYear, yearEndIso } from '#services/calendar/clock'

/**
 * The rules of each import format (DOMAIN §1(d)), row by row: every cell is checked against
 * its column (closed enumerations, ISO dates and currencies, finite bounded numbers, lengths),
 * and a row either becomes a record or is rejected with every problem found, by column.
 */

export interface ResearchProviderRef {
  id: number
  name: string
  key: string
  type: string | null
}

export interface ImportReference {
  /** By lower-cased provider key and import alias. */
  byKey: Map<string, ResearchProviderRef>
  /** By lower-cased name. */
  byName: Map<string, ResearchProviderRef>
  providers: ResearchProviderRef[]
  currencies: Map<string, number>
  /** The team's members by lower-cased email (client interactions). */
  members: Map<string, number>
}

function lower(value: string) {
  const text = value.trim().toLowerCase()
  return /\s\s/.test(text) ? text.replace(/\s+/g, ' ') : text
}

/** An enumeration's keys and labels by their lower-case spelling (built once per list). */
const enumLookups = new WeakMap<object, Map<string, string>>()
function enumLookup(values: Record<string, string> | readonly string[]) {
  let lookup = enumLookups.get(values)
  if (!lookup) {
    lookup = new Map()
    if (Array.isArray(values)) {
      for (const value of values) lookup.set(lower(value), value)
    } else {
      for (const [key, label] of Object.entries(values)) {
        lookup.set(key, key)
        lookup.set(key.replaceAll('_', ' '), key)
        lookup.set(lower(label), key)
      }
    }
    enumLookups.set(values, lookup)
  }
  return lookup
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
function isCalendarDate(year: number, month: number, day: number) {
  if (month < 1 || month > 12 || day < 1) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1])
}

/** Research providers, their aliases, currencies and the team's members: four queries. */
export async function loadImportReference(
  teamId: number | null,
  client: QueryClientContract = db.connection()
): Promise<ImportReference> {
  const [providerRows, aliasRows, currencyRows, memberRows] = await Promise.all([
    client
      .from('providers')
      .where('provider_type', 'research')
      .select('id', 'name', 'provider_key', 'research_provider_type'),
    client
      .from('provider_aliases')
      .join('providers', 'providers.id', 'provider_aliases.provider_id')
      .where('providers.provider_type', 'research')
      .select('provider_aliases.alias', 'provider_aliases.provider_id'),
    client.from('currencies').select('id', 'code'),
    teamId === null
      ? Promise.resolve([])
      : client
          .from('team_user')
          .join('users', 'users.id', 'team_user.user_id')
          .where('team_user.team_id', teamId)
          .select('users.id', 'users.email'),
  ])
  const providers: ResearchProviderRef[] = providerRows.map((row) => ({
    id: row.id,
    name: row.name,
    key: row.provider_key,
    type: row.research_provider_type,
  }))
  const byId = new Map(providers.map((provider) => [provider.id, provider]))
  const byKey = new Map(providers.map((provider) => [lower(provider.key), provider]))
  for (const row of aliasRows) {
    const provider = byId.get(row.provider_id)
    if (provider && !byKey.has(lower(row.alias))) byKey.set(lower(row.alias), provider)
  }
  return {
    byKey,
    byName: new Map(providers.map((provider) => [lower(provider.name), provider])),
    providers,
    currencies: new Map(currencyRows.map((row) => [String(row.code).toUpperCase(), row.id])),
    members: new Map(memberRows.map((row: any) => [lower(row.email), row.id])),
  }
}

/**
 * The suggestions of one reading of a file: each unknown spelling is looked up once, and only
 * the first few spellings are looked up at all (the nearest provider is a walk over every
 * provider; a file of thousands of unknown keys is refused whatever they were meant to be).
 */
const suggestionsOfReading = new WeakMap<
  ImportReference,
  { cache: Map<string, ResearchProviderRef | null>; left: number }
>()

/**
 * The provider a file most likely meant by an unknown key: its name column, else the nearest
 * (within a distance: a name that shares nothing with any provider gets no suggestion).
 */
export function suggestProvider(
  reference: ImportReference,
  typedKey: string,
  typedName: string
): ResearchProviderRef | null {
  let state = suggestionsOfReading.get(reference)
  if (!state) {
    state = { cache: new Map(), left: MAX_PROVIDER_SUGGESTIONS }
    suggestionsOfReading.set(reference, state)
  }
  const cacheKey = `${lower(typedKey)}\u0000${lower(typedName)}`
  const cached = state.cache.get(cacheKey)
  if (cached !== undefined) return cached
  if (state.left <= 0) return null
  state.left--
  const found = nearestProvider(reference, typedKey, typedName)
  state.cache.set(cacheKey, found)
  return found
}

function nearestProvider(
  reference: ImportReference,
  typedKey: string,
  typedName: string
): ResearchProviderRef | null {
  if (typedName) {
    const byName = reference.byName.get(lower(typedName)) ?? reference.byKey.get(lower(typedName))
    if (byName) return byName
  }
  const target = lower(typedName || typedKey)
  // A shortened key ('ashcombe' for 'ashcombe-global-markets') is a likely match.
  const prefixed = reference.providers.filter(
    (provider) => lower(provider.key).startsWith(target) || lower(provider.name).startsWith(target)
  )
  if (target.length >= 4 && prefixed.length === 1) return prefixed[0]
  let best: { provider: ResearchProviderRef; distance: number } | null = null
  for (const provider of reference.providers) {
    for (const spelling of [lower(provider.name), lower(provider.key)]) {
      const distance = editDistance(target, spelling)
      if (!best || distance < best.distance) best = { provider, distance }
    }
  }
  // Only a near miss is worth offering.
  return best && best.distance <= Math.max(2, Math.floor(target.length / 4)) ? best.provider : null
}

/*
|--------------------------------------------------------------------------
| Cells
|--------------------------------------------------------------------------
*/

export interface CellProblem {
  column: string
  message: string
}

export interface UnknownProvider {
  alias: string
  suggestion: ResearchProviderRef | null
}

/** One row's cells by header, and the problems found reading them. */
class RowCells {
  problems: CellProblem[] = []
  unknownProvider: UnknownProvider | null = null

  constructor(
    private readonly cells: Map<string, string>,
    readonly rowNumber: number
  ) {}

  problem(column: string, message: string) {
    this.problems.push({ column, message })
  }

  text(column: string, options: { required?: boolean; max?: number } = {}) {
    const value = this.cells.get(column) ?? ''
    if (value === '') {
      if (options.required) this.problem(column, `${column} is required.`)
      return null
    }
    const max = options.max ?? 255
    if (value.length > max) {
      this.problem(column, `${column} is longer than ${max} characters.`)
      return null
    }
    return value
  }

  enumeration<T extends Record<string, string>>(
    column: string,
    values: T,
    options: { required?: boolean } = {}
  ): keyof T | null {
    const text = this.text(column, { required: options.required })
    if (text === null) return null
    const lookup = enumLookup(values)
    const wanted = lower(text)
    const key = lookup.get(wanted) ?? lookup.get(wanted.replace(/[\s-]+/g, '_'))
    if (key) return key as keyof T
    this.problem(column, `${column} '${text}' is not one of: ${Object.keys(values).join(', ')}.`)
    return null
  }

  oneOf(column: string, values: readonly string[], options: { required?: boolean } = {}) {
    const text = this.text(column, { required: options.required })
    if (text === null) return null
    const found = enumLookup(values).get(lower(text))
    if (!found) this.problem(column, `${column} '${text}' is not one of: ${values.join(', ')}.`)
    return found ?? null
  }

  /** A plain decimal (no thousands separators, no currency sign), finite and within bounds. */
  decimal(
    column: string,
    options: { required?: boolean; min?: number; max?: number; integer?: boolean } = {}
  ) {
    const text = this.text(column, { required: options.required, max: 40 })
    if (text === null) return null
    const pattern = options.integer ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/
    if (!pattern.test(text)) {
      this.problem(
        column,
        options.integer
          ? `${column} '${text}' must be a whole number.`
          : `${column} '${text}' must be a plain number such as 12500.00 (no separators or symbols).`
      )
      return null
    }
    const value = Number(text)
    const min = options.min ?? 0
    const max = options.max ?? 1e12
    if (!Number.isFinite(value) || value < min || value > max) {
      this.problem(
        column,
        `${column} must be between ${min.toLocaleString('en-GB')} and ${max.toLocaleString('en-GB')}.`
      )
      return null
    }
    return value
  }

  /** An ISO date (a time after it is ignored) between two bounds. */
  date(column: string, options: { required?: boolean; from: string; to: string; why?: string }) {
    const text = this.text(column, { required: options.required, max: 40 })
    if (text === null) return null
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text)
    if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
      this.problem(column, `${column} '${text}' is not a date written YYYY-MM-DD.`)
      return null
    }
    const iso = `${match[1]}-${match[2]}-${match[3]}`
    if (iso < options.from || iso > options.to) {
      this.problem(
        column,
        options.why
          ? `${column} ${iso} ${options.why}.`
          : `${column} ${iso} is outside ${options.from} – ${options.to}.`
      )
      return null
    }
    return iso
  }

  yesNo(column: string, fallback: boolean) {
    const text = this.text(column)
    if (text === null) return fallback
    const value = lower(text)
    if (['y', 'yes', 'true', '1'].includes(value)) return true
    if (['n', 'no', 'false', '0'].includes(value)) return false
    this.problem(column, `${column} '${text}' must be Y or N.`)
    return fallback
  }

  provider(reference: ImportReference) {
    const key = this.text('provider_key', { required: true, max: 160 })
    if (key === null) return null
    const provider = reference.byKey.get(lower(key))
    if (provider) return provider
    const name = this.cells.get('provider_name') ?? ''
    const suggestion = suggestProvider(reference, key, name)
    this.unknownProvider = { alias: key, suggestion }
    this.problem(
      'provider_key',
      suggestion
        ? `Unknown provider_key '${key}'. Did you mean '${suggestion.key}' (${suggestion.name})? Use that key, or add '${key}' as an import alias of ${suggestion.name}.`
        : `Unknown provider_key '${key}': no research provider has this key or alias.`
    )
    return null
  }

  /** The team column: blank, or the team chosen. */
  team(teamId: number) {
    const text = this.text('team_id', { max: 20 })
    if (text !== null && text !== String(teamId)) {
      this.problem('team_id', `team_id ${text} is not the team chosen for this import (${teamId}).`)
    }
  }
}

/*
|--------------------------------------------------------------------------
| Records
|--------------------------------------------------------------------------
*/

export interface BudgetRecord {
  providerId: number
  providerName: string
  budgetGroup: string | null
  serviceType: string
  assetClass: string | null
  region: string | null
  priceType: string
  accessType: string
  seats: number | null
  contractStart: string | null
  contractEnd: string | null
  renewalNoticeDays: number | null
  budgetAmount: number
  contractedPrice: number | null
  /** Undefined when the column is blank: the line's payments are left alone. */
  paidAmount: number | null
  currencyId: number
  paymentFrequency: string | null
  researchShareBps: number | null
  notes: string | null
}

export interface InteractionRecord {
  team_id: number
  provider_id: number
  occurred_on: string
  interaction_type: string
  analyst_name: string | null
  analyst_id: number | null
  user_email: string | null
  user_id: number | null
  duration_min: number | null
  sector: string | null
  region: string | null
  asset_class: string | null
  source_system: string
  external_ref: string
  valued: boolean
}

export interface PeerStatRecord {
  year: number
  quarter: number
  peerGroup: string
  providerId: number
  interactionType: string
  sector: string
  nFirms: number
  interactionsTotal: number
  medianPerFirm: number | null
  medianPerBnAum: number | null
  suppressed: boolean
}

export interface CheckedRow<T> {
  rowNumber: number
  record: T | null
  /** The key two rows of one file may not share. */
  key: string | null
  problems: CellProblem[]
  unknownProvider: UnknownProvider | null
}

export interface ImportScope {
  kind: ImportKind
  teamId: number | null
  year: number
}

/**
 * What makes a budget line one line of a team's year (DOMAIN §1(d)): the budget group, the
 * provider and the service. The same provider and service in two groups are two lines.
 */
export function budgetLineKey(providerId: number, serviceType: string, budgetGroup: string | null) {
  return `${providerId}|${serviceType}|${lower(budgetGroup ?? '')}`
}

/** The latest date an import takes: the end of next year by the clock (contracts run forward). */
const horizon = () => yearEndIso(nextYear())

function budgetRow(cells: RowCells, scope: ImportScope, reference: ImportReference) {
  cells.team(scope.teamId!)
  const year = cells.text('fiscal_year', { max: 8 })
  if (year !== null && year !== String(scope.year)) {
    cells.problem('fiscal_year', `fiscal_year ${year} is not the year chosen (${scope.year}).`)
  }
  const provider = cells.provider(reference)
  const typeColumn = cells.enumeration('provider_type', RESEARCH_PROVIDER_TYPES)
  if (provider && typeColumn && provider.type && typeColumn !== provider.type) {
    cells.problem(
      'provider_type',
      `provider_type '${String(typeColumn)}' does not match ${provider.name}, which is '${provider.type}'.`
    )
  }
  const serviceType = cells.enumeration('service_type', SERVICE_TYPES, { required: true })
  const budgetGroup = cells.text('budget_group', { max: 80 })
  const assetClass = cells.enumeration('asset_class', ASSET_CLASSES)
  const region = cells.oneOf('region', INTERACTION_REGIONS)
  const priceType = cells.enumeration('price_type', PRICE_TYPES, { required: true })
  const accessType = cells.enumeration('access_type', ACCESS_TYPES, { required: true })
  const seats = cells.decimal('seats', { integer: true, max: 100_000 })
  const contractStart = cells.date('contract_start', { from: '2000-01-01', to: horizon() })
  const contractEnd = cells.date('contract_end', { from: '2000-01-01', to: horizon() })
  if (contractStart && contractEnd && contractEnd <= contractStart) {
    cells.problem('contract_end', `contract_end ${contractEnd} must be after contract_start.`)
  }
  // A line of a year's budget is a contract running in that fiscal year (January to December).
  if (contractEnd && contractEnd < `${scope.year}-01-01`) {
    cells.problem(
      'contract_end',
      `contract_end ${contractEnd} is before fiscal year ${scope.year}: a line of the ${scope.year} budget needs a contract running in ${scope.year}.`
    )
  }
  if (contractStart && contractStart > `${scope.year}-12-31`) {
    cells.problem(
      'contract_start',
      `contract_start ${contractStart} is after fiscal year ${scope.year}: a line of the ${scope.year} budget needs a contract running in ${scope.year}.`
    )
  }
  const renewalNoticeDays = cells.decimal('renewal_notice_days', { integer: true, max: 730 })
  const budgetAmount = cells.decimal('budget_amount', { required: true })
  const contractedPrice = cells.decimal('contracted_price')
  const paidAmount = cells.decimal('paid_amount')
  const currency = cells.text('currency', { required: true, max: 8 })
  const currencyId = currency ? reference.currencies.get(currency.toUpperCase()) : undefined
  if (currency && currencyId === undefined) {
    cells.problem('currency', `currency '${currency}' is not a known ISO 4217 code.`)
  }
  const paymentFrequency = cells.enumeration('payment_frequency', PAYMENT_FREQUENCIES)
  const researchShareBps = cells.decimal('research_share_bps', { max: 10_000 })
  const notes = cells.text('notes', { max: 2000 })
  if (
    cells.problems.length > 0 ||
    !provider ||
    !serviceType ||
    !priceType ||
    !accessType ||
    budgetAmount === null ||
    currencyId === undefined
  ) {
    return {
      record: null,
      key: provider && serviceType ? budgetLineKey(provider.id, serviceType, budgetGroup) : null,
    }
  }
  const record: BudgetRecord = {
    providerId: provider.id,
    providerName: provider.name,
    budgetGroup,
    serviceType,
    assetClass,
    region,
    priceType,
    accessType,
    seats,
    contractStart,
    contractEnd,
    renewalNoticeDays,
    budgetAmount,
    contractedPrice,
    paidAmount,
    currencyId,
    paymentFrequency,
    researchShareBps,
    notes,
  }
  return { record, key: budgetLineKey(provider.id, serviceType, budgetGroup) }
}

function interactionRow(cells: RowCells, scope: ImportScope, reference: ImportReference) {
  cells.team(scope.teamId!)
  const externalRef = cells.text('external_ref', { required: true, max: 80 })
  const sourceSystem = cells.text('source_system', { required: true, max: 40 })
  const occurredOn = cells.date('occurred_at', {
    required: true,
    from: `${scope.year}-01-01`,
    to: `${scope.year}-12-31`,
    why: `is outside ${scope.year}, the year chosen`,
  })
  const provider = cells.provider(reference)
  const analystName = cells.text('analyst_name', { max: 160 })
  const analystId = cells.decimal('analyst_id', { integer: true, max: 2_000_000_000 })
  const email = cells.text('user_email', { max: 254 })
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    cells.problem('user_email', `user_email '${email}' is not an email address.`)
  }
  cells.text('desk', { max: 80 })
  const interactionType = cells.enumeration('interaction_type', INTERACTION_TYPES, {
    required: true,
  })
  const duration = cells.decimal('duration_min', { integer: true, max: 24 * 60 })
  const sector = cells.oneOf('sector_gics', GICS_SECTORS)
  const region = cells.oneOf('region', INTERACTION_REGIONS)
  const assetClass = cells.enumeration('asset_class', ASSET_CLASSES)
  const valued = cells.yesNo('valued', true)
  cells.text('notes', { max: 2000 })
  const key = sourceSystem && externalRef ? `${lower(sourceSystem)}\u0000${externalRef}` : null
  if (cells.problems.length > 0 || !provider || !interactionType || !occurredOn || !key) {
    return { record: null, key }
  }
  const record: InteractionRecord = {
    team_id: scope.teamId!,
    provider_id: provider.id,
    occurred_on: occurredOn,
    interaction_type: interactionType,
    analyst_name: analystName,
    analyst_id: analystId,
    user_email: email,
    user_id: email ? (reference.members.get(lower(email)) ?? null) : null,
    duration_min: duration,
    sector,
    region,
    asset_class: assetClass,
    source_system: lower(sourceSystem!),
    external_ref: externalRef!,
    valued,
  }
  return { record, key }
}

const PEER_GROUPS = ['all', ...AUM_TIERS.map((tier) => tier.key)]

function peerRow(cells: RowCells, scope: ImportScope, reference: ImportReference) {
  const period = cells.text('period', { required: true, max: 10 })
  let quarter: number | null = null
  if (period !== null) {
    const match = /^(\d{4})-?Q([1-4])$/i.exec(period)
    if (!match) cells.problem('period', `period '${period}' must be written YYYY-Qn, e.g. 2024-Q1.`)
    else if (Number(match[1]) !== scope.year) {
      cells.problem('period', `period ${period} is outside ${scope.year}, the year chosen.`)
    } else quarter = Number(match[2])
  }
  const peerGroup = cells.oneOf('peer_group_id', PEER_GROUPS, { required: true })
  const provider = cells.provider(reference)
  const interactionType = cells.enumeration('interaction_type', INTERACTION_TYPES, {
    required: true,
  })
  const sector = cells.oneOf('sector_gics', GICS_SECTORS) ?? ''
  const nFirms = cells.decimal('n_firms', { required: true, integer: true, max: 100_000 })
  const total = cells.decimal('interactions_total', {
    required: true,
    integer: true,
    max: 1_000_000_000,
  })
  const medianPerFirm = cells.decimal('median_per_firm', { max: 10_000_000 })
  const medianPerBnAum = cells.decimal('median_per_bn_aum', { max: 10_000_000 })
  if (nFirms !== null && nFirms < 1) cells.problem('n_firms', 'n_firms must be at least 1.')
  const key =
    quarter && peerGroup && provider && interactionType
      ? `${quarter}|${peerGroup}|${provider.id}|${interactionType}|${sector}`
      : null
  if (
    cells.problems.length > 0 ||
    !quarter ||
    !peerGroup ||
    !provider ||
    !interactionType ||
    nFirms === null ||
    total === null
  ) {
    return { record: null, key }
  }
  const record: PeerStatRecord = {
    year: scope.year,
    quarter,
    peerGroup,
    providerId: provider.id,
    interactionType,
    sector,
    nFirms,
    interactionsTotal: total,
    medianPerFirm,
    medianPerBnAum,
    suppressed: nFirms < MIN_PEER_FIRMS,
  }
  return { record, key }
}

const CHECKERS = {
  budgets: budgetRow,
  client_interactions: interactionRow,
  peer_interactions: peerRow,
}

/**
 * The columns of a file's header checked against the format: every required column present,
 * none unknown, none twice. Returns the problems (empty when the header is right).
 */
export function checkHeader(kind: ImportKind, headers: string[]): string[] {
  const known = new Set(IMPORT_COLUMNS[kind].map((col) => col.header))
  const problems: string[] = []
  const missing = IMPORT_COLUMNS[kind]
    .filter((col) => col.required && !headers.includes(col.header))
    .map((col) => col.header)
  if (missing.length) problems.push(`The file lacks the column(s): ${missing.join(', ')}.`)
  const unknown = headers.filter((header) => header !== '' && !known.has(header))
  if (unknown.length) {
    problems.push(
      `Unknown column(s): ${unknown.slice(0, 10).join(', ')}. The columns are: ${[...known].join(', ')}.`
    )
  }
  const seen = new Set<string>()
  for (const header of headers) {
    if (header !== '' && seen.has(header)) problems.push(`The column ${header} appears twice.`)
    seen.add(header)
  }
  return problems
}

/** Checks one row of a file whose header passed `checkHeader`. */
export function checkRow(
  scope: ImportScope,
  headers: string[],
  row: RawRow,
  reference: ImportReference
): CheckedRow<BudgetRecord | InteractionRecord | PeerStatRecord> {
  const cells = new Map<string, string>()
  const formulaProblems: CellProblem[] = []
  headers.forEach((header, index) => {
    if (header === '') return
    const value = (row.values[index] ?? '').trim()
    if (row.formulas?.includes(index) || looksLikeFormula(value)) {
      formulaProblems.push({
        column: header,
        message: `${header} holds a formula; upload values only.`,
      })
      cells.set(header, '')
    } else {
      cells.set(header, value)
    }
  })
  const rowCells = new RowCells(cells, row.rowNumber)
  const { record, key } = CHECKERS[scope.kind](rowCells, scope, reference)
  let problems = rowCells.problems
  if (formulaProblems.length) {
    const formulaColumns = new Set(formulaProblems.map((problem) => problem.column))
    problems = [
      ...formulaProblems,
      ...problems.filter((problem) => !formulaColumns.has(problem.column)),
    ]
  }
  return {
    rowNumber: row.rowNumber,
    record: problems.length ? null : record,
    key,
    problems,
    unknownProvider: rowCells.unknownProvider,
  }
}
