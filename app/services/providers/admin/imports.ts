import db from '@adonisjs/lucid/services/db'
import { offeredYears } from '#services/calendar/years'
import type { YearRange } from '#shared/years'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { audit } from '#services/audit/audit'
import { refreshProviderStatistics } from '#services/providers/statistics'
import {
  ImportFileError,
  checkFileType,
  looksLikeFormula,
  tableRows,
} from '#services/rsa/imports/reader'
import {
  loadImportReference,
  suggestProvider,
  type ImportReference,
} from '#services/rsa/imports/rows'
import {
  MOVE_TYPES,
  REGION_CODES,
  SENIORITIES,
  ANALYST_STATUSES,
  type AnalystStatus,
  type MoveType,
  type Seniority,
} from '#shared/providers'
import {
  ASSET_CLASSES,
  EARLIEST_EVENT_DATE,
  EARLIEST_INDUSTRY_START_YEAR,
  MAX_EXPERIENCE_YEARS,
  coverageYearOf,
  derivedExperience,
  either,
  employerAfter,
  hasUnreadableCharacters,
  isIsoDate,
  moveShapeProblem,
  parseAssetClass,
  parseMoveType,
  parseSeniority,
  parseStatus,
  type AssetClass,
} from '#services/providers/admin/rules'
import {
  AUDIT_IMPORT,
  chunks,
  isTrue,
  isoDay,
  sectorsAndRegions,
  stamp,
  type SectorsAndRegions,
} from '#services/providers/admin/reference'
import {
  problemsBrought,
  timelineProblems,
  type RosterState,
  type TimelineField,
} from '#services/providers/admin/move_timeline'
import { commandLineAuthor } from '#services/audit/audit_log'

/*
 * The analyst roster and moves imports (DOMAIN §3B(d)), CSV or XLSX, from the administration
 * page and the command line. All or nothing: every row of every file is checked first, and any
 * problem refuses the whole import with a row-by-row report; otherwise everything is written in
 * one transaction, audited, and the statistics of every provider concerned are recomputed once
 * (in the same transaction).
 *
 * - A roster row creates or updates the analyst with that analyst_id. Its sectors × regions are
 *   the analyst's coverage for the year of verified_at when that is one of the statistics'
 *   years, otherwise for the latest year; a row without sectors keeps the recorded coverage.
 *   An analyst may take several rows (one per coverage line) that agree on everything else.
 * - A moves row records a move. A leaver and a joiner of one analyst on one date become one
 *   move from the provider left to the provider joined. For each analyst and date the file
 *   holds, the moves recorded on that date are replaced by the file's. Experience defaults to
 *   the years since the analyst's industry start. Afterwards each analyst works where its last
 *   move left it; a roster row that says otherwise is refused.
 */

export type ImportKind = 'roster' | 'moves'
export const IMPORT_KINDS: Record<ImportKind, string> = { roster: 'Roster', moves: 'Moves' }
export const isImportKind = (value: unknown): value is ImportKind =>
  value === 'roster' || value === 'moves'

export interface ImportColumn {
  header: string
  description: string
}

const sectorNames = 'GICS sector names or codes (Energy or 10), separated by |'
const regionCodes = `Region codes (${REGION_CODES.join(', ')}), separated by |`

export const IMPORT_COLUMNS: Record<ImportKind, ImportColumn[]> = {
  roster: [
    { header: 'analyst_id', description: 'The source’s identifier of the analyst (required).' },
    { header: 'full_name', description: 'Required.' },
    {
      header: 'provider_key',
      description:
        'The research provider’s key or import alias; empty when the analyst works at no tracked provider.',
    },
    { header: 'title', description: 'Job title, optional.' },
    {
      header: 'seniority',
      description: `One of: ${Object.values(SENIORITIES).join(', ')} (required).`,
    },
    { header: 'industry_start_year', description: 'Year the analyst started (required).' },
    { header: 'role_start_date', description: 'YYYY-MM-DD, optional.' },
    { header: 'sectors_gics', description: `${sectorNames}; the coverage.` },
    { header: 'regions', description: `${regionCodes}; the coverage.` },
    {
      header: 'asset_class',
      description: `One of: ${Object.values(ASSET_CLASSES).join(', ')} (Equity when empty).`,
    },
    { header: 'is_lead', description: 'Y when lead analyst for these sectors and regions.' },
    {
      header: 'status',
      description: `${Object.values(ANALYST_STATUSES).join(' or ')} (Active when empty).`,
    },
    { header: 'source', description: 'Where the record comes from, optional.' },
    {
      header: 'verified_at',
      description: 'YYYY-MM-DD the record was last verified; its year is the coverage year.',
    },
  ],
  moves: [
    {
      header: 'analyst_id',
      description: 'An analyst of the roster (or of the roster file sent with it).',
    },
    { header: 'event_date', description: `YYYY-MM-DD, from ${EARLIEST_EVENT_DATE} to today.` },
    { header: 'type', description: `One of: ${Object.values(MOVE_TYPES).join(', ')}.` },
    { header: 'from_provider_key', description: 'The provider left (key or alias).' },
    { header: 'to_provider_key', description: 'The provider joined (key or alias).' },
    {
      header: 'experience_years_at_event',
      description: 'Whole years; empty: the years since the analyst’s industry start.',
    },
    { header: 'sectors', description: `${sectorNames}; covered at the event.` },
    { header: 'regions', description: `${regionCodes}; covered at the event.` },
    { header: 'source', description: 'Optional.' },
  ],
}

/** The most problems a report lists; the rest are counted. */
export const MAX_REPORTED_PROBLEMS = 200
/** The largest file an import takes. */
export const MAX_ANALYST_IMPORT_BYTES = 20 * 1024 * 1024

export interface ImportProblem {
  file: ImportKind
  /** The row a user sees in the file (the header is row 1); null for the file as a whole. */
  row: number | null
  column: string | null
  message: string
}

/** A refused import: nothing was written. */
export class ImportRefused extends Error {
  constructor(
    readonly problems: ImportProblem[],
    readonly total: number,
    readonly rows: number
  ) {
    super(rows ? `${rows} row${rows === 1 ? ' has' : 's have'} problems.` : 'The file was refused.')
  }
}

export interface ImportFileInput {
  path: string
  /** The file's extension (csv, xlsx), as its name says or the upload detected. */
  extname: string
  /** The file's name, for the report and the audit trail. */
  name: string
}

export interface ImportOutcome {
  dryRun: boolean
  rosterRows: number
  moveRows: number
  analystsCreated: number
  analystsUpdated: number
  analystsUnchanged: number
  coverageCells: number
  movesWritten: number
  movesReplaced: number
  pairsMerged: number
  providersRefreshed: number
}

class Report {
  list: ImportProblem[] = []
  total = 0
  rowsWithProblems = new Set<string>()

  add(problem: ImportProblem) {
    this.total++
    if (problem.row !== null) this.rowsWithProblems.add(`${problem.file}:${problem.row}`)
    if (this.list.length < MAX_REPORTED_PROBLEMS) this.list.push(problem)
  }

  refuse() {
    const sorted = [...this.list].sort(
      (a, b) =>
        Number(a.file === 'moves') - Number(b.file === 'moves') || (a.row ?? 0) - (b.row ?? 0)
    )
    return new ImportRefused(sorted, this.total, this.rowsWithProblems.size)
  }
}

/*
|--------------------------------------------------------------------------
| Reading
|--------------------------------------------------------------------------
*/

interface FileRow {
  rowNumber: number
  cells: Map<string, string>
  formulas: Set<string>
}

async function readFile(kind: ImportKind, file: ImportFileInput, report: Report) {
  const fileProblem = (message: string) =>
    report.add({ file: kind, row: null, column: null, message })
  let headers: string[] = []
  const rows: FileRow[] = []
  try {
    const type = await checkFileType(file.path, file.extname)
    for await (const raw of tableRows(file.path, type, (found) => (headers = found))) {
      const cells = new Map<string, string>()
      const formulas = new Set<string>()
      headers.forEach((header, index) => {
        if (!header) return
        cells.set(header, (raw.values[index] ?? '').trim())
        if (raw.formulas?.includes(index)) formulas.add(header)
      })
      rows.push({ rowNumber: raw.rowNumber, cells, formulas })
    }
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error
    fileProblem(error.message)
    return null
  }
  const expected = IMPORT_COLUMNS[kind].map((column) => column.header)
  const named = headers.filter(Boolean)
  const missing = expected.filter((header) => !named.includes(header))
  const unknown = named.filter((header) => !expected.includes(header))
  const repeated = named.filter((header, index) => named.indexOf(header) !== index)
  const format = `The header row must hold these columns: ${expected.join(', ')}.`
  if (missing.length) {
    fileProblem(
      `Missing column${missing.length === 1 ? '' : 's'}: ${missing.join(', ')}. ${format}`
    )
  }
  if (unknown.length) {
    fileProblem(
      `Unknown column${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}. ${format}`
    )
  }
  if (repeated.length) fileProblem(`Column ${repeated[0]} appears twice. ${format}`)
  if (missing.length || unknown.length || repeated.length) return null
  if (rows.length === 0) {
    fileProblem('The file has a header row but no data rows.')
    return null
  }
  return rows
}

/** The reference data an import resolves its words against. */
interface Reference {
  providers: ImportReference
  sectors: Map<string, number>
  regions: Set<string>
  sectorNames: Map<number, string>
  /** The years the analyst data offers (a roster's coverage goes to one of them). */
  years: YearRange
}

async function loadReference(client: QueryClientContract): Promise<Reference> {
  const [providers, { sectors, regions }, years]: [ImportReference, SectorsAndRegions, YearRange] =
    await Promise.all([
      loadImportReference(null, client),
      sectorsAndRegions(client),
      offeredYears('analysts', { client, backfill: true }),
    ])
  const bySector = new Map<string, number>()
  for (const sector of sectors) {
    bySector.set(sector.name.toLowerCase(), sector.id)
    bySector.set(sector.gicsCode, sector.id)
  }
  return {
    providers,
    sectors: bySector,
    regions: new Set(regions.map((region) => region.code)),
    sectorNames: new Map(sectors.map((sector) => [sector.id, sector.name])),
    years,
  }
}

/** One row's cells, checked column by column; each problem is reported with its column. */
class Cells {
  constructor(
    private row: FileRow,
    private kind: ImportKind,
    private report: Report
  ) {}

  problems = 0

  problem(column: string, message: string) {
    this.problems++
    this.report.add({ file: this.kind, row: this.row.rowNumber, column, message })
  }

  text(column: string, options: { required?: boolean; max?: number } = {}) {
    const value = this.row.cells.get(column) ?? ''
    if (this.row.formulas.has(column)) {
      this.problem(column, `${column} holds a formula: only values are imported.`)
      return null
    }
    if (value === '') {
      if (options.required) this.problem(column, `${column} is required.`)
      return null
    }
    if (looksLikeFormula(value)) {
      this.problem(column, `${column} '${value}' looks like a formula: only values are imported.`)
      return null
    }
    if (hasUnreadableCharacters(value)) {
      this.problem(
        column,
        `${column} holds invisible, direction-changing or control characters (such as a line break or U+202E): remove them.`
      )
      return null
    }
    if (options.max && value.length > options.max) {
      this.problem(column, `${column} must be at most ${options.max} characters long.`)
      return null
    }
    return value
  }

  integer(column: string, min: number, max: number, required: boolean) {
    const text = this.text(column, { required })
    if (text === null) return null
    if (!/^[+-]?\d+$/.test(text)) {
      this.problem(column, `${column} '${text}' must be a whole number from ${min} to ${max}.`)
      return null
    }
    const value = Number(text)
    if (value < min || value > max) {
      this.problem(column, `${column} ${value} must be from ${min} to ${max}.`)
      return null
    }
    return value
  }

  date(column: string, min: string, required: boolean) {
    const text = this.text(column, { required })
    if (text === null) return null
    // A spreadsheet may add a time of day to a date.
    const day = /^\d{4}-\d{2}-\d{2}([ T]00:00(:00(\.0+)?)?Z?)?$/.test(text)
      ? text.slice(0, 10)
      : text
    if (!isIsoDate(day)) {
      this.problem(column, `${column} '${text}' must be a date written YYYY-MM-DD.`)
      return null
    }
    const today = DateTime.now().toISODate()!
    if (day < min || day > today) {
      this.problem(column, `${column} ${day} must be between ${min} and today.`)
      return null
    }
    return day
  }

  choice<T>(
    column: string,
    parse: (text: string) => T | null,
    labels: string[],
    fallback: T | null
  ) {
    const text = this.text(column, { required: fallback === null })
    if (text === null) return fallback
    const value = parse(text)
    if (value === null) {
      this.problem(column, `${column} '${text}' must be one of: ${either(labels)}.`)
    }
    return value
  }

  yesNo(column: string) {
    const text = this.text(column)
    if (text === null) return false
    const value = text.toLowerCase()
    if (['y', 'yes', 'true', '1'].includes(value)) return true
    if (['n', 'no', 'false', '0'].includes(value)) return false
    this.problem(column, `${column} '${text}' must be Y or N.`)
    return false
  }

  provider(column: string, reference: Reference) {
    const key = this.text(column, { max: 160 })
    if (key === null) return { id: null, given: false }
    const provider = reference.providers.byKey.get(key.trim().toLowerCase().replace(/\s+/g, ' '))
    if (provider) return { id: provider.id, given: true }
    const suggestion = suggestProvider(reference.providers, key, '')
    this.problem(
      column,
      suggestion
        ? `Unknown provider key '${key}'. Did you mean '${suggestion.key}' (${suggestion.name})? Use that key, or add '${key}' as an import alias of ${suggestion.name} (Research spend administration → Research providers).`
        : `Unknown provider key '${key}': no research provider has this key or alias.`
    )
    return { id: null, given: true }
  }

  sectors(column: string, reference: Reference) {
    const text = this.text(column, { max: 2000 })
    if (text === null) return []
    const ids: number[] = []
    for (const token of text
      .split('|')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const id = reference.sectors.get(token.toLowerCase().replace(/\s+/g, ' '))
      if (id === undefined) {
        this.problem(
          column,
          `${column}: '${token}' is not a GICS sector (a name such as Energy, or a code such as 10).`
        )
        return []
      }
      if (!ids.includes(id)) ids.push(id)
    }
    return ids
  }

  regions(column: string, reference: Reference) {
    const text = this.text(column, { max: 500 })
    if (text === null) return []
    const codes: string[] = []
    for (const token of text
      .split('|')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const code = token.toUpperCase()
      if (!reference.regions.has(code)) {
        this.problem(
          column,
          `${column}: '${token}' is not a region code (${either([...reference.regions])}).`
        )
        return []
      }
      if (!codes.includes(code)) codes.push(code)
    }
    return codes
  }

  /** Sectors and regions go together: the cells are every sector in every region. */
  cells(sectorColumn: string, regionColumn: string, reference: Reference) {
    const sectors = this.sectors(sectorColumn, reference)
    const regions = this.regions(regionColumn, reference)
    if (sectors.length && !regions.length && !this.row.cells.get(regionColumn)) {
      this.problem(
        regionColumn,
        `${regionColumn} is required with ${sectorColumn}: give both, or neither.`
      )
    }
    if (regions.length && !sectors.length && !this.row.cells.get(sectorColumn)) {
      this.problem(
        sectorColumn,
        `${sectorColumn} is required with ${regionColumn}: give both, or neither.`
      )
    }
    return { sectors, regions }
  }
}

const SENIORITY_LABELS = Object.values(SENIORITIES)
const STATUS_LABELS = Object.values(ANALYST_STATUSES)
const MOVE_TYPE_LABELS = Object.values(MOVE_TYPES)
const ASSET_CLASS_LABELS = Object.values(ASSET_CLASSES)
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/-]*$/

interface RosterRecord {
  rowNumber: number
  externalId: string
  fullName: string
  providerId: number | null
  title: string | null
  seniority: Seniority
  industryStartYear: number
  roleStartDate: string | null
  assetClass: AssetClass
  status: AnalystStatus
  source: string | null
  verifiedAt: string | null
  coverageYear: number
  cells: { sectorId: number; regionCode: string; isLead: boolean }[]
}

function analystIdOf(cells: Cells) {
  const id = cells.text('analyst_id', { required: true, max: 64 })
  if (id !== null && !ID_PATTERN.test(id)) {
    cells.problem(
      'analyst_id',
      `analyst_id '${id}' may hold letters, digits and . _ : / - only, starting with a letter or digit.`
    )
    return null
  }
  return id
}

function parseRoster(rows: FileRow[], reference: Reference, report: Report) {
  const records = new Map<string, RosterRecord>()
  const thisYear = DateTime.now().year
  for (const row of rows) {
    const cells = new Cells(row, 'roster', report)
    const externalId = analystIdOf(cells)
    const fullName = cells.text('full_name', { required: true, max: 160 })
    const provider = cells.provider('provider_key', reference)
    const title = cells.text('title', { max: 120 })
    const seniority = cells.choice('seniority', parseSeniority, SENIORITY_LABELS, null)
    const industryStartYear = cells.integer(
      'industry_start_year',
      EARLIEST_INDUSTRY_START_YEAR,
      thisYear,
      true
    )
    const roleStartDate = cells.date(
      'role_start_date',
      `${EARLIEST_INDUSTRY_START_YEAR}-01-01`,
      false
    )
    const { sectors, regions } = cells.cells('sectors_gics', 'regions', reference)
    const assetClass = cells.choice('asset_class', parseAssetClass, ASSET_CLASS_LABELS, 'equity')
    const isLead = cells.yesNo('is_lead')
    const status = cells.choice('status', parseStatus, STATUS_LABELS, 'active')
    const source = cells.text('source', { max: 80 })
    const verifiedAt = cells.date('verified_at', EARLIEST_EVENT_DATE, false)
    if (status === 'left_industry' && provider.id !== null) {
      cells.problem(
        'provider_key',
        'An analyst who left the industry has no provider: leave provider_key empty.'
      )
    }
    if (
      roleStartDate &&
      industryStartYear !== null &&
      Number(roleStartDate.slice(0, 4)) < industryStartYear
    ) {
      cells.problem(
        'role_start_date',
        `role_start_date ${roleStartDate} is before the industry start year ${industryStartYear}.`
      )
    }
    if (
      cells.problems > 0 ||
      externalId === null ||
      fullName === null ||
      seniority === null ||
      industryStartYear === null ||
      assetClass === null ||
      status === null
    ) {
      continue
    }
    const record: RosterRecord = {
      rowNumber: row.rowNumber,
      externalId,
      fullName,
      providerId: provider.id,
      title,
      seniority,
      industryStartYear,
      roleStartDate,
      assetClass,
      status,
      source,
      verifiedAt,
      coverageYear: coverageYearOf(verifiedAt, reference.years),
      cells: sectors.flatMap((sectorId) =>
        regions.map((regionCode) => ({ sectorId, regionCode, isLead }))
      ),
    }
    const first = records.get(externalId)
    if (!first) {
      records.set(externalId, record)
      continue
    }
    // Another coverage line of the same analyst: everything else must agree.
    const differs = (
      [
        ['full_name', first.fullName, record.fullName],
        ['provider_key', first.providerId, record.providerId],
        ['seniority', first.seniority, record.seniority],
        ['industry_start_year', first.industryStartYear, record.industryStartYear],
        ['status', first.status, record.status],
        ['verified_at', first.verifiedAt, record.verifiedAt],
      ] as const
    ).find(([, a, b]) => a !== b)
    if (differs) {
      cells.problem(
        differs[0],
        `analyst_id ${externalId} is on row ${first.rowNumber} too, with another ${differs[0]}: the rows of one analyst must agree on everything but the coverage.`
      )
      continue
    }
    for (const cell of record.cells) {
      const known = first.cells.find(
        (entry) => entry.sectorId === cell.sectorId && entry.regionCode === cell.regionCode
      )
      if (known) known.isLead = known.isLead || cell.isLead
      else first.cells.push(cell)
    }
  }
  return records
}

interface MoveRecord {
  rowNumber: number
  externalId: string
  date: string
  type: MoveType
  from: number | null
  to: number | null
  experience: number | null
  sectorIds: number[]
  regionCodes: string[]
  source: string | null
}

function parseMoves(rows: FileRow[], reference: Reference, report: Report) {
  const records: MoveRecord[] = []
  for (const row of rows) {
    const cells = new Cells(row, 'moves', report)
    const externalId = analystIdOf(cells)
    const date = cells.date('event_date', EARLIEST_EVENT_DATE, true)
    const type = cells.choice('type', parseMoveType, MOVE_TYPE_LABELS, null)
    const from = cells.provider('from_provider_key', reference)
    const to = cells.provider('to_provider_key', reference)
    const experience = cells.integer('experience_years_at_event', 0, MAX_EXPERIENCE_YEARS, false)
    const { sectors, regions } = cells.cells('sectors', 'regions', reference)
    const source = cells.text('source', { max: 80 })
    if (cells.problems > 0 || externalId === null || date === null || type === null) continue
    records.push({
      rowNumber: row.rowNumber,
      externalId,
      date,
      type,
      from: from.id,
      to: to.id,
      experience,
      sectorIds: sectors,
      regionCodes: regions,
      source,
    })
  }
  return records
}

/**
 * The file's moves as stored: a leaver and a joiner of one analyst on one date become one move
 * (from the provider left to the provider joined); any other repeat of an analyst, date and
 * type is refused.
 */
function mergeMoves(records: MoveRecord[], report: Report) {
  const problem = (row: number, column: string, message: string) =>
    report.add({ file: 'moves', row, column, message })
  const byDay = new Map<string, MoveRecord[]>()
  for (const record of records) {
    const key = `${record.externalId}\u0000${record.date}`
    byDay.set(key, [...(byDay.get(key) ?? []), record])
  }
  const merged: MoveRecord[] = []
  let pairs = 0
  for (const group of byDay.values()) {
    const seen = new Map<MoveType, MoveRecord>()
    const kept: MoveRecord[] = []
    for (const record of group) {
      const twin = seen.get(record.type)
      if (twin) {
        problem(
          record.rowNumber,
          'type',
          `Duplicate: row ${twin.rowNumber} already records a ${MOVE_TYPES[record.type].toLowerCase()} of ${record.externalId} on ${record.date}.`
        )
        continue
      }
      seen.set(record.type, record)
      kept.push(record)
    }
    const leaver = kept.find((record) => record.type === 'leaver')
    const joiner = kept.find((record) => record.type === 'joiner')
    if (leaver && joiner) {
      const fits =
        (leaver.to === null || leaver.to === joiner.to) &&
        (joiner.from === null || joiner.from === leaver.from)
      if (!fits) {
        problem(
          joiner.rowNumber,
          'from_provider_key',
          `A leaver (row ${leaver.rowNumber}) and a joiner on the same date must describe one move: the provider left and the provider joined disagree.`
        )
        continue
      }
      if (
        leaver.experience !== null &&
        joiner.experience !== null &&
        leaver.experience !== joiner.experience
      ) {
        problem(
          joiner.rowNumber,
          'experience_years_at_event',
          `The leaver (row ${leaver.rowNumber}) and the joiner on the same date give different experience: ${leaver.experience} and ${joiner.experience}.`
        )
        continue
      }
      pairs++
      merged.push({
        ...joiner,
        from: leaver.from,
        experience: joiner.experience ?? leaver.experience,
        sectorIds: [...new Set([...joiner.sectorIds, ...leaver.sectorIds])],
        regionCodes: [...new Set([...joiner.regionCodes, ...leaver.regionCodes])],
        source: joiner.source ?? leaver.source,
      })
      for (const record of kept) {
        if (record !== leaver && record !== joiner) merged.push(record)
      }
      continue
    }
    merged.push(...kept)
  }
  return { moves: merged, pairs }
}

/*
|--------------------------------------------------------------------------
| The import
|--------------------------------------------------------------------------
*/

interface StoredAnalyst {
  id: number
  externalId: string
  fullName: string
  providerId: number | null
  status: AnalystStatus
  industryStartYear: number
  row: Record<string, any>
}

interface TimelineMove {
  date: string
  type: MoveType
  from: number | null
  to: number | null
  /** As recorded: null when the file leaves it to be derived. */
  experience: number | null
  /** Stored moves sort by id within a date; the file's come after, in file order. */
  order: number
  /** The file's row, for the file's moves. */
  rowNumber?: number
}

async function storedAnalysts(client: QueryClientContract, externalIds: string[]) {
  const found = new Map<string, StoredAnalyst>()
  for (const chunk of chunks(externalIds)) {
    const rows = await client
      .from('analysts')
      .whereIn('external_id', chunk)
      .select(
        'id',
        'external_id',
        'full_name',
        'provider_id',
        'title',
        'seniority',
        'industry_start_year',
        'role_start_date',
        'asset_class',
        'status',
        'source',
        'last_verified_at'
      )
    for (const row of rows) {
      found.set(String(row.external_id), {
        id: Number(row.id),
        externalId: String(row.external_id),
        fullName: String(row.full_name),
        providerId: row.provider_id === null ? null : Number(row.provider_id),
        status: row.status as AnalystStatus,
        industryStartYear: Number(row.industry_start_year),
        row,
      })
    }
  }
  return found
}

async function storedMoves(client: QueryClientContract, analystIds: number[]) {
  const byAnalyst = new Map<number, (TimelineMove & { id: number })[]>()
  for (const chunk of chunks(analystIds)) {
    const rows = await client
      .from('analyst_moves')
      .whereIn('analyst_id', chunk)
      .select(
        'id',
        'analyst_id',
        'event_date',
        'type',
        'from_provider_id',
        'to_provider_id',
        'experience_years'
      )
    for (const row of rows) {
      const list = byAnalyst.get(Number(row.analyst_id)) ?? []
      list.push({
        id: Number(row.id),
        date: isoDay(row.event_date)!,
        type: row.type as MoveType,
        from: row.from_provider_id === null ? null : Number(row.from_provider_id),
        to: row.to_provider_id === null ? null : Number(row.to_provider_id),
        experience: Number(row.experience_years),
        order: Number(row.id),
      })
      byAnalyst.set(Number(row.analyst_id), list)
    }
  }
  return byAnalyst
}

async function storedCoverage(
  client: QueryClientContract,
  wanted: { analystId: number; year: number }[]
) {
  const byKey = new Map<string, string[]>()
  const ids = [...new Set(wanted.map((entry) => entry.analystId))]
  for (const chunk of chunks(ids)) {
    const rows = await client
      .from('analyst_coverages')
      .whereIn('analyst_id', chunk)
      .whereIn('year', [...new Set(wanted.map((entry) => entry.year))])
      .select('analyst_id', 'year', 'sector_id', 'region_code', 'is_lead')
    for (const row of rows) {
      const key = `${row.analyst_id}/${row.year}`
      byKey.set(key, [
        ...(byKey.get(key) ?? []),
        `${row.sector_id}/${row.region_code}/${isTrue(row.is_lead) ? 1 : 0}`,
      ])
    }
  }
  return byKey
}

const compareTimeline = (a: TimelineMove, b: TimelineMove) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order

/**
 * A verification day as stored: noon UTC, so that the day reads the same back from either
 * database whatever the server's time zone.
 */
const verifiedStamp = (day: string, format: string) =>
  DateTime.fromISO(day, { zone: 'utc' }).set({ hour: 12 }).toFormat(format)

/** The column of the moves file a timeline problem shows in. */
const MOVE_COLUMNS: Record<TimelineField, string> = {
  event_date: 'event_date',
  type: 'type',
  from: 'from_provider_key',
  to: 'to_provider_key',
  experience: 'experience_years_at_event',
}

/**
 * The rules of one analyst's career once the file is written (see move_timeline), judged on
 * what the file brings: a problem of a file row shows on it; one the file causes to a stored
 * move shows on the file's first move of the analyst.
 */
function checkTimeline(input: {
  externalId: string
  analyst: StoredAnalyst | null
  startYear: number
  stored: (TimelineMove & { id: number })[]
  timeline: TimelineMove[]
  roster: RosterState | null
  reference: Reference
  report: Report
}) {
  const keyOf = (move: TimelineMove & { id?: number }) =>
    move.rowNumber !== undefined ? `row ${move.rowNumber}` : `stored ${move.id}`
  const judge = (moves: TimelineMove[]) =>
    timelineProblems({
      analystName: input.analyst?.fullName ?? input.externalId,
      industryStartYear: input.startYear,
      roster: input.roster,
      moves: moves.map((move) => ({ ...move, key: keyOf(move) })),
      providerName: (id) =>
        input.reference.providers.providers.find((provider) => provider.id === id)?.key ?? `#${id}`,
    })
  const brought = problemsBrought(judge(input.stored), judge(input.timeline))
  const firstRow = input.timeline.find((move) => move.rowNumber !== undefined)?.rowNumber ?? 0
  for (const problem of brought.slice(0, 1)) {
    const move = input.timeline[problem.index]
    input.report.add({
      file: 'moves',
      row: move.rowNumber ?? firstRow,
      column: MOVE_COLUMNS[problem.field],
      message: problem.message,
    })
  }
}

/**
 * Checks the files and, unless `dryRun` or a problem is found, writes them: see the header of
 * this file. Throws ImportRefused (nothing written) with the report.
 */
export async function importAnalystFiles(input: {
  roster?: ImportFileInput
  moves?: ImportFileInput
  dryRun: boolean
  userId: number | null
}): Promise<ImportOutcome> {
  const report = new Report()
  const [rosterRows, moveRows] = await Promise.all([
    input.roster ? readFile('roster', input.roster, report) : Promise.resolve(null),
    input.moves ? readFile('moves', input.moves, report) : Promise.resolve(null),
  ])
  if (report.total > 0) throw report.refuse()

  const client = db.connection()
  const reference = await loadReference(client)
  const roster = rosterRows
    ? parseRoster(rosterRows, reference, report)
    : new Map<string, RosterRecord>()
  const parsedMoves = moveRows ? parseMoves(moveRows, reference, report) : []
  const { moves, pairs } = mergeMoves(parsedMoves, report)

  const externalIds = [...new Set([...roster.keys(), ...moves.map((move) => move.externalId)])]
  const stored = await storedAnalysts(client, externalIds)
  const existingMoves = await storedMoves(
    client,
    [...stored.values()].map((analyst) => analyst.id)
  )

  // Each move: its analyst, its rules, its experience.
  const startYearOf = (externalId: string) =>
    roster.get(externalId)?.industryStartYear ?? stored.get(externalId)?.industryStartYear ?? null
  const fileMovesOf = new Map<string, (MoveRecord & { experienceYears: number })[]>()
  for (const move of moves) {
    const problem = (column: string, message: string) =>
      report.add({ file: 'moves', row: move.rowNumber, column, message })
    const startYear = startYearOf(move.externalId)
    if (startYear === null) {
      problem(
        'analyst_id',
        `Unknown analyst_id '${move.externalId}': import the analyst with a roster first (or in the same import).`
      )
      continue
    }
    const shape = moveShapeProblem(move.type, move.from, move.to)
    if (shape) {
      problem(shape.side === 'from' ? 'from_provider_key' : 'to_provider_key', shape.message)
      continue
    }
    const year = Number(move.date.slice(0, 4))
    if (year < startYear) {
      problem(
        'event_date',
        `event_date ${move.date} is before the analyst’s industry start year ${startYear}.`
      )
      continue
    }
    const list = fileMovesOf.get(move.externalId) ?? []
    list.push({
      ...move,
      experienceYears: move.experience ?? derivedExperience(move.date, startYear),
    })
    fileMovesOf.set(move.externalId, list)
  }

  // Each analyst's moves once the import is written, and where they leave the analyst.
  const timelineOf = new Map<string, TimelineMove[]>()
  const replacedIds: number[] = []
  for (const externalId of externalIds) {
    const analyst = stored.get(externalId)
    const fileMoves = fileMovesOf.get(externalId) ?? []
    const dates = new Set(fileMoves.map((move) => move.date))
    const kept: TimelineMove[] = []
    for (const move of analyst ? (existingMoves.get(analyst.id) ?? []) : []) {
      if (dates.has(move.date)) replacedIds.push(move.id)
      else kept.push(move)
    }
    const timeline = [
      ...kept,
      ...fileMoves.map((move, index) => ({
        ...move,
        order: Number.MAX_SAFE_INTEGER - 1e6 + index,
      })),
    ].sort(compareTimeline)
    timelineOf.set(externalId, timeline)
    if (fileMoves.length) {
      checkTimeline({
        externalId,
        analyst: analyst ?? null,
        startYear: startYearOf(externalId)!,
        stored: analyst ? (existingMoves.get(analyst.id) ?? []) : [],
        timeline,
        // The roster is the witness of an analyst without recorded moves, unless this import
        // brings its row (checked against the moves on its verification day below).
        roster:
          analyst && !roster.has(externalId) && !existingMoves.get(analyst.id)?.length
            ? {
                providerId: analyst.providerId,
                status: analyst.status,
                roleStartDate: isoDay(analyst.row.role_start_date),
              }
            : null,
        reference,
        report,
      })
    }
  }
  for (const record of roster.values()) {
    const problem = (column: string, message: string) =>
      report.add({ file: 'roster', row: record.rowNumber, column, message })
    const timeline = timelineOf.get(record.externalId) ?? []
    const last = timeline.at(-1)
    if (last) {
      // The roster says where the analyst was on the day it was verified (today without a
      // date): the moves must agree; the analyst then works where the last move took it.
      const day = record.verifiedAt ?? DateTime.now().toISODate()!
      const next = timeline.find((move) => move.date > day)
      const previous = [...timeline].reverse().find((move) => move.date <= day)
      const then = next ? next.from : employerAfter(last).providerId
      const name = (id: number | null) =>
        id === null
          ? 'no tracked provider'
          : (reference.providers.providers.find((provider) => provider.id === id)?.key ?? `#${id}`)
      const which = (move: TimelineMove) => `${MOVE_TYPES[move.type].toLowerCase()} on ${move.date}`
      if (then !== record.providerId) {
        problem(
          'provider_key',
          `On ${day} the analyst’s moves put them at ${name(then)}, not ${name(record.providerId)} (${which(next ?? last)}): the provider follows the moves.`
        )
      } else if (previous && employerAfter(previous).status !== record.status) {
        problem(
          'status',
          `On ${day} the analyst’s moves leave them ${ANALYST_STATUSES[employerAfter(previous).status].toLowerCase()} (${which(previous)}): the status follows the moves.`
        )
      }
      // What is stored: where the last move took the analyst.
      record.providerId = employerAfter(last).providerId
      record.status = employerAfter(last).status
    }
    const early = timeline.find((move) => Number(move.date.slice(0, 4)) < record.industryStartYear)
    if (early) {
      problem(
        'industry_start_year',
        `The analyst has a move on ${early.date}, before industry_start_year ${record.industryStartYear}.`
      )
    }
  }
  if (report.total > 0) throw report.refuse()

  // What changes for the counts (and nothing more when only checking).
  const coverage = await storedCoverage(
    client,
    [...roster.values()]
      .filter((record) => stored.has(record.externalId))
      .map((record) => ({
        analystId: stored.get(record.externalId)!.id,
        year: record.coverageYear,
      }))
  )
  let created = 0
  let updated = 0
  let unchanged = 0
  const changedRoster: RosterRecord[] = []
  for (const record of roster.values()) {
    const analyst = stored.get(record.externalId)
    if (!analyst) {
      created++
      changedRoster.push(record)
      continue
    }
    const row = analyst.row
    const sameCoverage =
      record.cells.length === 0 ||
      JSON.stringify(
        record.cells
          .map((cell) => `${cell.sectorId}/${cell.regionCode}/${cell.isLead ? 1 : 0}`)
          .sort()
      ) === JSON.stringify([...(coverage.get(`${analyst.id}/${record.coverageYear}`) ?? [])].sort())
    const same =
      sameCoverage &&
      row.full_name === record.fullName &&
      analyst.providerId === record.providerId &&
      (row.title ?? null) === record.title &&
      row.seniority === record.seniority &&
      analyst.industryStartYear === record.industryStartYear &&
      isoDay(row.role_start_date) === record.roleStartDate &&
      row.asset_class === record.assetClass &&
      row.status === record.status &&
      (row.source ?? null) === record.source &&
      (record.verifiedAt === null || isoDay(row.last_verified_at) === record.verifiedAt)
    if (same) unchanged++
    else {
      updated++
      changedRoster.push(record)
    }
  }
  const fileMoves = [...fileMovesOf.values()].flat()
  const outcome: ImportOutcome = {
    dryRun: input.dryRun,
    rosterRows: rosterRows?.length ?? 0,
    moveRows: moveRows?.length ?? 0,
    analystsCreated: created,
    analystsUpdated: updated,
    analystsUnchanged: unchanged,
    coverageCells: [...roster.values()].reduce((sum, record) => sum + record.cells.length, 0),
    movesWritten: fileMoves.length,
    movesReplaced: replacedIds.length,
    pairsMerged: pairs,
    providersRefreshed: 0,
  }
  if (input.dryRun) return outcome

  outcome.providersRefreshed = await db.transaction((trx) =>
    write(trx, {
      input,
      changedRoster,
      stored,
      existingMoves,
      fileMovesOf,
      replacedIds,
      timelineOf,
      outcome,
    })
  )
  return outcome
}

async function write(
  trx: TransactionClientContract,
  plan: {
    input: Parameters<typeof importAnalystFiles>[0]
    changedRoster: RosterRecord[]
    stored: Map<string, StoredAnalyst>
    existingMoves: Map<number, (TimelineMove & { id: number })[]>
    fileMovesOf: Map<string, (MoveRecord & { experienceYears: number })[]>
    replacedIds: number[]
    timelineOf: Map<string, TimelineMove[]>
    outcome: ImportOutcome
  }
) {
  const now = stamp(trx)
  const format = trx.dialect.dateTimeFormat
  const affected = new Set<number>()
  const add = (id: number | null) => {
    if (id !== null) affected.add(id)
  }
  for (const analyst of plan.stored.values()) {
    add(analyst.providerId)
    for (const move of plan.existingMoves.get(analyst.id) ?? []) {
      add(move.from)
      add(move.to)
    }
  }

  // The roster: new analysts, then changed ones, then their coverage of the year.
  const values = (record: RosterRecord) => ({
    external_id: record.externalId,
    full_name: record.fullName,
    provider_id: record.providerId,
    title: record.title,
    seniority: record.seniority,
    industry_start_year: record.industryStartYear,
    role_start_date: record.roleStartDate,
    asset_class: record.assetClass,
    status: record.status,
    source: record.source,
    updated_at: now,
  })
  const verified = (record: RosterRecord) =>
    record.verifiedAt ? verifiedStamp(record.verifiedAt, format) : undefined
  const fresh = plan.changedRoster.filter((record) => !plan.stored.has(record.externalId))
  for (const chunk of chunks(fresh, 200)) {
    await trx.table('analysts').multiInsert(
      chunk.map((record) => ({
        ...values(record),
        is_ranked: false,
        last_verified_at: verified(record) ?? null,
        created_at: now,
      }))
    )
  }
  const idOf = new Map<string, number>()
  for (const analyst of plan.stored.values()) idOf.set(analyst.externalId, analyst.id)
  for (const chunk of chunks(fresh.map((record) => record.externalId))) {
    const rows = await trx
      .from('analysts')
      .whereIn('external_id', chunk)
      .select('id', 'external_id')
    for (const row of rows) idOf.set(String(row.external_id), Number(row.id))
  }
  for (const record of plan.changedRoster) {
    add(record.providerId)
    if (!plan.stored.has(record.externalId)) continue
    const stamped = verified(record)
    await trx
      .from('analysts')
      .where('id', idOf.get(record.externalId)!)
      .update({ ...values(record), ...(stamped ? { last_verified_at: stamped } : {}) })
  }
  const withCoverage = plan.changedRoster.filter((record) => record.cells.length > 0)
  for (const year of new Set(withCoverage.map((record) => record.coverageYear))) {
    const ids = withCoverage
      .filter((record) => record.coverageYear === year)
      .map((record) => idOf.get(record.externalId)!)
    for (const chunk of chunks(ids)) {
      await trx.from('analyst_coverages').where('year', year).whereIn('analyst_id', chunk).delete()
    }
  }
  const coverageRows = withCoverage.flatMap((record) =>
    record.cells.map((cell) => ({
      analyst_id: idOf.get(record.externalId)!,
      year: record.coverageYear,
      sector_id: cell.sectorId,
      region_code: cell.regionCode,
      is_lead: cell.isLead,
    }))
  )
  for (const chunk of chunks(coverageRows, 200)) {
    await trx.table('analyst_coverages').multiInsert(chunk)
  }

  // The moves: those of the file's analysts and dates are replaced by the file's.
  for (const chunk of chunks(plan.replacedIds)) {
    await trx.from('analyst_move_coverages').whereIn('move_id', chunk).delete()
    await trx.from('analyst_moves').whereIn('id', chunk).delete()
  }
  const fileMoves = [...plan.fileMovesOf.entries()].flatMap(([externalId, list]) =>
    list.map((move) => ({ ...move, analystId: idOf.get(externalId)! }))
  )
  for (const chunk of chunks(fileMoves, 200)) {
    await trx.table('analyst_moves').multiInsert(
      chunk.map((move) => {
        add(move.from)
        add(move.to)
        return {
          analyst_id: move.analystId,
          event_date: move.date,
          year: Number(move.date.slice(0, 4)),
          type: move.type,
          from_provider_id: move.from,
          to_provider_id: move.to,
          experience_years: move.experienceYears,
          source: move.source,
          created_at: now,
          updated_at: now,
        }
      })
    )
  }
  const withCells = fileMoves.filter((move) => move.sectorIds.length && move.regionCodes.length)
  if (withCells.length) {
    const moveIds = new Map<string, number>()
    for (const chunk of chunks([...new Set(withCells.map((move) => move.analystId))])) {
      const rows = await trx
        .from('analyst_moves')
        .whereIn('analyst_id', chunk)
        .select('id', 'analyst_id', 'event_date', 'type')
      for (const row of rows) {
        moveIds.set(`${row.analyst_id}/${isoDay(row.event_date)}/${row.type}`, Number(row.id))
      }
    }
    const cellRows = withCells.flatMap((move) => {
      const moveId = moveIds.get(`${move.analystId}/${move.date}/${move.type}`)!
      return move.sectorIds.flatMap((sectorId) =>
        move.regionCodes.map((regionCode) => ({
          move_id: moveId,
          sector_id: sectorId,
          region_code: regionCode,
        }))
      )
    })
    for (const chunk of chunks(cellRows, 300)) {
      await trx.table('analyst_move_coverages').multiInsert(chunk)
    }
  }

  // Each analyst of the moves file works where its last move leaves it.
  for (const externalId of plan.fileMovesOf.keys()) {
    const last = plan.timelineOf.get(externalId)?.at(-1)
    if (!last) continue
    const after = employerAfter(last)
    add(after.providerId)
    await trx
      .from('analysts')
      .where('id', idOf.get(externalId)!)
      .where((stale) =>
        stale
          .whereNot('status', after.status)
          .orWhereRaw(
            after.providerId === null
              ? 'provider_id is not null'
              : '(provider_id is null or provider_id <> ?)',
            after.providerId === null ? [] : [after.providerId]
          )
      )
      .update({ provider_id: after.providerId, status: after.status, updated_at: now })
  }

  const { outcome, input } = plan
  const files = [input.roster?.name, input.moves?.name].filter(Boolean).join(' and ')
  await audit(trx, {
    userId: input.userId,
    entityType: AUDIT_IMPORT,
    entityId: null,
    action: 'import',
    summary: `Imported ${files}: ${importSummary(outcome)}`,
    after: {
      roster_file: input.roster?.name ?? null,
      moves_file: input.moves?.name ?? null,
      roster_rows: outcome.rosterRows,
      move_rows: outcome.moveRows,
      analysts_created: outcome.analystsCreated,
      analysts_updated: outcome.analystsUpdated,
      analysts_unchanged: outcome.analystsUnchanged,
      coverage_cells: outcome.coverageCells,
      moves_written: outcome.movesWritten,
      moves_replaced: outcome.movesReplaced,
      leaver_joiner_pairs_merged: outcome.pairsMerged,
    },
  })
  const refreshed = await refreshProviderStatistics({
    trigger: 'analyst_import',
    providerIds: [...affected],
    client: trx,
  })
  return refreshed.providers
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`

/** The outcome in a sentence (the page's message, the command's output, the audit entry). */
export function importSummary(outcome: ImportOutcome) {
  const parts: string[] = []
  if (outcome.rosterRows) {
    parts.push(
      `${plural(outcome.analystsCreated, 'analyst')} created, ${outcome.analystsUpdated.toLocaleString('en-GB')} updated, ${outcome.analystsUnchanged.toLocaleString('en-GB')} unchanged`
    )
  }
  if (outcome.moveRows) {
    parts.push(
      `${plural(outcome.movesWritten, 'move')}${outcome.pairsMerged ? ` (${plural(outcome.pairsMerged, 'leaver and joiner pair')} merged)` : ''}${outcome.movesReplaced ? `, replacing ${plural(outcome.movesReplaced, 'recorded move')}` : ''}`
    )
  }
  return parts.join('; ')
}

/** A header-only CSV of a format, for the page's template links. */
export function importTemplate(kind: ImportKind) {
  return `${IMPORT_COLUMNS[kind].map((column) => column.header).join(',')}\r\n`
}

/** The latest imports, from the audit trail (the import page's history). */
export async function recentImports(limit = 10) {
  const rows = await db
    .from('audit_logs')
    .leftJoin('users', 'users.id', 'audit_logs.user_id')
    .where('audit_logs.entity_type', AUDIT_IMPORT)
    .select(
      'audit_logs.id',
      'audit_logs.summary',
      'audit_logs.source',
      'audit_logs.operator',
      'audit_logs.created_at',
      'users.name as user_name'
    )
    .orderBy('audit_logs.created_at', 'desc')
    .orderBy('audit_logs.id', 'desc')
    .limit(limit)
  return rows.map((row) => ({
    id: Number(row.id),
    summary: String(row.summary),
    by:
      row.source === 'command_line'
        ? commandLineAuthor(row.operator)
        : ((row.user_name as string | null) ?? '—'),
    at:
      row.created_at instanceof Date
        ? row.created_at.toISOString()
        : DateTime.fromSQL(String(row.created_at)).toUTC().toISO(),
  }))
}
