import db from '@adonisjs/lucid/services/db'
import { offeredYears } from '#services/calendar/years'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { audit } from '#services/audit/audit'
import { insertReturningId } from '#services/db/insert'
import { paginateCounted } from '#services/db/paginate'
import { fieldError } from '#services/http/field_error'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { refreshProviderStatistics } from '#services/providers/statistics'
import {
  ANALYST_STATUSES,
  MOVE_TYPES,
  type AnalystStatus,
  type MoveType,
  type Seniority,
} from '#shared/providers'
import {
  employerAfter,
  hasUnreadableCharacters,
  unreadableMessage,
  type AssetClass,
} from '#services/providers/admin/rules'
import {
  AUDIT_ANALYST,
  PER_PAGE,
  isTrue,
  isoDay,
  isoInstant,
  likePattern,
  researchProviderNames,
  stamp,
} from '#services/providers/admin/reference'
import {
  problemsBrought,
  timelineProblems,
  type TimelineMove,
} from '#services/providers/admin/move_timeline'

/*
 * The analyst roster: the list with its search and filters, one analyst with every year's
 * coverage for the edit form, and create / edit in one transaction with the audit entry and the
 * statistics of every provider the analyst's figures feed.
 */

export interface AnalystFilter {
  q?: string
  /** A provider id, or 'none' for analysts without a current provider. */
  provider?: string
  status?: AnalystStatus
  page: number
}

export interface CoverageCell {
  sector_id: number
  region_code: string
  is_lead: boolean
}

export interface AnalystInput {
  full_name: string
  external_id: string
  provider_id: number | null
  title?: string | null
  seniority: Seniority
  industry_start_year: number
  role_start_date?: string | null
  asset_class: AssetClass
  status: AnalystStatus
  is_ranked: boolean
  source?: string | null
  coverage_year?: number
  coverage?: CoverageCell[]
  mark_verified?: boolean
}

const ANALYST_COLUMNS = [
  'analysts.id',
  'analysts.external_id',
  'analysts.full_name',
  'analysts.provider_id',
  'analysts.title',
  'analysts.seniority',
  'analysts.industry_start_year',
  'analysts.role_start_date',
  'analysts.asset_class',
  'analysts.status',
  'analysts.is_ranked',
  'analysts.source',
  'analysts.last_verified_at',
]

/** An analyst row as the pages show it. */
function analystView(row: Record<string, any>) {
  return {
    id: Number(row.id),
    externalId: String(row.external_id),
    fullName: String(row.full_name),
    providerId: row.provider_id === null ? null : Number(row.provider_id),
    providerName: (row.provider_name as string | null) ?? null,
    title: (row.title as string | null) ?? null,
    seniority: row.seniority as Seniority,
    industryStartYear: Number(row.industry_start_year),
    roleStartDate: isoDay(row.role_start_date),
    assetClass: String(row.asset_class),
    status: row.status as AnalystStatus,
    isRanked: isTrue(row.is_ranked),
    source: (row.source as string | null) ?? null,
    lastVerifiedAt: isoInstant(row.last_verified_at),
    moveCount: Number(row.move_count ?? 0),
  }
}
export type AnalystView = ReturnType<typeof analystView>

/** How many moves an analyst has, as a column (the moves' unique index starts with it). */
const moveCount = (client: QueryClientContract) =>
  client.raw(
    '(select count(*) from analyst_moves where analyst_moves.analyst_id = analysts.id) as move_count'
  )

/**
 * One page of analysts matching the search (name or identifier) and filters, by name, with
 * their provider, how many moves they have and how many sectors they covered in the latest
 * year: two queries whatever the data size (the count, then the page).
 */
export async function analystList(filter: AnalystFilter, latestYear: number) {
  const filtered = (query: DatabaseQueryBuilderContract) => {
    if (filter.provider === 'none') query.whereNull('analysts.provider_id')
    else if (filter.provider) query.where('analysts.provider_id', Number(filter.provider))
    if (filter.status) query.where('analysts.status', filter.status)
    if (filter.q) {
      const pattern = likePattern(filter.q)
      query.where((search) =>
        search
          .whereRaw("lower(analysts.full_name) like ? escape '\\'", [pattern])
          .orWhereRaw("lower(analysts.external_id) like ? escape '\\'", [pattern])
      )
    }
    return query
  }
  const client = db.connection()
  const rows = filtered(
    client
      .from('analysts')
      .leftJoin('providers', 'providers.id', 'analysts.provider_id')
      .select(
        ...ANALYST_COLUMNS,
        'providers.name as provider_name',
        moveCount(client),
        client.raw(
          '(select count(distinct analyst_coverages.sector_id) from analyst_coverages where analyst_coverages.analyst_id = analysts.id and analyst_coverages.year = ?) as sectors_latest',
          [latestYear]
        )
      )
      .orderByRaw('lower(analysts.full_name)')
      .orderBy('analysts.id')
  )
  const page = await paginateCounted(rows, filtered(client.from('analysts')), filter.page, PER_PAGE)
  const meta = page.getMeta() as { total: number; currentPage: number; lastPage: number }
  return {
    analysts: page.all().map((row) => ({
      ...analystView(row),
      sectorsLatest: Number(row.sectors_latest ?? 0),
    })),
    meta: { total: Number(meta.total), currentPage: meta.currentPage, lastPage: meta.lastPage },
  }
}

/** One analyst with its coverage of every year (the edit form): two queries. */
export async function analystForEdit(id: number) {
  const client = db.connection()
  const row = await client
    .from('analysts')
    .leftJoin('providers', 'providers.id', 'analysts.provider_id')
    .where('analysts.id', id)
    .select(...ANALYST_COLUMNS, 'providers.name as provider_name', moveCount(client))
    .first()
  if (!row) return null
  const cells = await client
    .from('analyst_coverages')
    .where('analyst_id', id)
    .select('year', 'sector_id', 'region_code', 'is_lead')
    .orderBy('year')
    .orderBy('sector_id')
    .orderBy('region_code')
  const coverage: Record<string, CoverageCell[]> = {}
  for (const cell of cells) {
    const list = (coverage[String(cell.year)] ??= [])
    list.push({
      sector_id: Number(cell.sector_id),
      region_code: String(cell.region_code),
      is_lead: isTrue(cell.is_lead),
    })
  }
  return { ...analystView(row), coverage }
}

/**
 * The analysts whose name or identifier matches, for the moves form's picker: at most 20, by
 * name, in one query.
 */
export async function searchAnalysts(q: string) {
  const query = db
    .from('analysts')
    .leftJoin('providers', 'providers.id', 'analysts.provider_id')
    .select(
      'analysts.id',
      'analysts.external_id',
      'analysts.full_name',
      'analysts.industry_start_year',
      'providers.name as provider_name'
    )
    .orderByRaw('lower(analysts.full_name)')
    .orderBy('analysts.id')
    .limit(20)
  if (q) {
    const pattern = likePattern(q)
    query.where((search) =>
      search
        .whereRaw("lower(analysts.full_name) like ? escape '\\'", [pattern])
        .orWhereRaw("lower(analysts.external_id) like ? escape '\\'", [pattern])
    )
  }
  const rows = await query
  return rows.map((row) => ({
    id: Number(row.id),
    externalId: String(row.external_id),
    fullName: String(row.full_name),
    industryStartYear: Number(row.industry_start_year),
    providerName: (row.provider_name as string | null) ?? null,
  }))
}

/*
|--------------------------------------------------------------------------
| Writes
|--------------------------------------------------------------------------
*/

/** The analyst's moves, oldest first (date, then id: the order the statistics use). */
export async function movesOf(client: QueryClientContract, analystId: number) {
  const rows = await client
    .from('analyst_moves')
    .where('analyst_id', analystId)
    .select(
      'id',
      'event_date',
      'year',
      'type',
      'from_provider_id',
      'to_provider_id',
      'experience_years'
    )
    .orderBy('event_date')
    .orderBy('id')
  return rows.map((row) => ({
    id: Number(row.id),
    date: isoDay(row.event_date)!,
    year: Number(row.year),
    type: row.type as MoveType,
    from: row.from_provider_id === null ? null : Number(row.from_provider_id),
    to: row.to_provider_id === null ? null : Number(row.to_provider_id),
    experience: Number(row.experience_years),
  }))
}
export type StoredMove = Awaited<ReturnType<typeof movesOf>>[number]

/** Every provider an analyst's figures feed: its current one and those of its moves. */
export function providersOf(providerId: number | null, moves: StoredMove[]) {
  const ids = new Set<number>()
  if (providerId !== null) ids.add(providerId)
  for (const move of moves) {
    if (move.from !== null) ids.add(move.from)
    if (move.to !== null) ids.add(move.to)
  }
  return ids
}

async function analystRow(client: QueryClientContract, id: number) {
  const row = await client.from('analysts').where('id', id).select(ANALYST_COLUMNS).first()
  if (!row) throw new NotFoundForTeam('Analyst not found')
  return row
}

async function coverageOf(client: QueryClientContract, id: number, year: number) {
  const rows = await client
    .from('analyst_coverages')
    .where({ analyst_id: id, year })
    .select('sector_id', 'region_code', 'is_lead')
    .orderBy('sector_id')
    .orderBy('region_code')
  return rows.map((row) => ({
    sector_id: Number(row.sector_id),
    region_code: String(row.region_code),
    is_lead: isTrue(row.is_lead),
  }))
}

/** The analyst as the audit trail shows it. */
function audited(row: Record<string, any>, coverage?: { year: number; cells: CoverageCell[] }) {
  return {
    external_id: row.external_id,
    full_name: row.full_name,
    provider_id: row.provider_id === null ? null : Number(row.provider_id),
    title: row.title ?? null,
    seniority: row.seniority,
    industry_start_year: Number(row.industry_start_year),
    role_start_date: isoDay(row.role_start_date),
    asset_class: row.asset_class,
    status: row.status,
    is_ranked: isTrue(row.is_ranked),
    source: row.source ?? null,
    last_verified_at: isoInstant(row.last_verified_at),
    ...(coverage
      ? {
          coverage_year: coverage.year,
          coverage: coverage.cells.map(
            (cell) => `${cell.sector_id}/${cell.region_code}${cell.is_lead ? ' lead' : ''}`
          ),
        }
      : {}),
  }
}

/** Refuses the first field holding control, invisible or direction-changing characters. */
export function checkReadable(fields: [field: string, label: string, value?: string | null][]) {
  for (const [field, label, value] of fields) {
    if (hasUnreadableCharacters(value)) throw fieldError(field, unreadableMessage(label))
  }
}

/** One cell per sector × region; a cell given twice is a lead when either says so. */
function uniqueCells(cells: CoverageCell[]) {
  const byKey = new Map<string, CoverageCell>()
  for (const cell of cells) {
    const key = `${cell.sector_id}/${cell.region_code}`
    const known = byKey.get(key)
    byKey.set(key, { ...cell, is_lead: cell.is_lead || Boolean(known?.is_lead) })
  }
  return [...byKey.values()].sort(
    (a, b) => a.sector_id - b.sector_id || a.region_code.localeCompare(b.region_code)
  )
}

async function checkSectors(client: QueryClientContract, cells: CoverageCell[]) {
  const ids = [...new Set(cells.map((cell) => cell.sector_id))]
  if (ids.length === 0) return
  const rows = await client.from('sectors').whereIn('id', ids).select('id')
  if (rows.length !== ids.length) {
    throw fieldError('coverage', 'Choose the coverage sectors from the grid.')
  }
}

/**
 * An analyst with moves works where the last one left them: the form cannot say otherwise (a
 * move records the change, and its date); nor can the analyst start in the industry after a move.
 */
async function checkAgainstMoves(
  client: QueryClientContract,
  input: AnalystInput,
  moves: StoredMove[],
  storedStartYear: number
) {
  const last = moves.at(-1)
  if (!last) return
  const after = employerAfter(last)
  const when = `${MOVE_TYPES[last.type].toLowerCase()} on ${last.date}`
  if (after.providerId !== input.provider_id) {
    const row =
      after.providerId === null
        ? null
        : await client.from('providers').where('id', after.providerId).select('name').first()
    throw fieldError(
      'provider_id',
      `The provider follows the analyst’s moves: the last one (${when}) leaves them at ${row?.name ?? 'no provider'}. Record a move to change it.`
    )
  }
  if (after.status !== input.status) {
    throw fieldError(
      'status',
      `The status follows the analyst’s moves: the last one (${when}) leaves them ${ANALYST_STATUSES[after.status].toLowerCase()}. Record a move to change it.`
    )
  }
  const early = moves.find((move) => move.year < input.industry_start_year)
  if (early) {
    throw fieldError(
      'industry_start_year',
      `The analyst has a move on ${early.date}, before ${input.industry_start_year}.`
    )
  }
  // A later start year must still leave room for the experience each move records.
  const judged = (industryStartYear: number) =>
    timelineProblems({
      analystName: input.full_name.trim(),
      industryStartYear,
      roster: null,
      moves: moves.map(asTimelineMove),
      providerName: (id) => `#${id}`,
    }).filter((problem) => problem.field === 'experience')
  const [brought] = problemsBrought(judged(storedStartYear), judged(input.industry_start_year))
  if (brought) throw fieldError('industry_start_year', brought.message)
}

/** A stored move as the timeline rules read it. */
export function asTimelineMove(move: StoredMove): TimelineMove {
  return {
    key: String(move.id),
    date: move.date,
    type: move.type,
    from: move.from,
    to: move.to,
    experience: move.experience,
  }
}

/**
 * Creates (id null) or updates an analyst, with one year's coverage when given, in one
 * transaction with its audit entry; then recomputes the statistics of every provider its
 * figures feed (before and after the change) in the same transaction.
 */
export async function saveAnalyst(userId: number | null, id: number | null, given: AnalystInput) {
  // A blank optional reference arrives as undefined.
  const input = { ...given, provider_id: given.provider_id ?? null }
  checkReadable([
    ['full_name', 'full name', input.full_name],
    ['title', 'title', input.title],
    ['source', 'source', input.source],
  ])
  return db.transaction(async (trx) => {
    const before = id === null ? null : await analystRow(trx, id)
    const externalId = input.external_id.trim()
    const holder = await trx
      .from('analysts')
      .where('external_id', externalId)
      .if(id !== null, (query) => query.whereNot('id', id!))
      .select('full_name')
      .first()
    if (holder) {
      throw fieldError(
        'external_id',
        `The identifier ${externalId} belongs to ${holder.full_name}.`
      )
    }
    const moves = id === null ? [] : await movesOf(trx, id)
    await researchProviderNames(trx, [{ field: 'provider_id', id: input.provider_id }])
    if (input.status === 'left_industry' && input.provider_id !== null) {
      throw fieldError(
        'provider_id',
        'An analyst who left the industry has no provider: leave it empty, or set the status to active.'
      )
    }
    await checkAgainstMoves(
      trx,
      input,
      moves,
      before ? Number(before.industry_start_year) : input.industry_start_year
    )
    if (
      input.role_start_date &&
      Number(input.role_start_date.slice(0, 4)) < input.industry_start_year
    ) {
      throw fieldError(
        'role_start_date',
        `The role cannot start before the analyst started in the industry (${input.industry_start_year}).`
      )
    }
    const cells = input.coverage ? uniqueCells(input.coverage) : null
    if (cells) await checkSectors(trx, cells)
    // Without a year: the latest with coverage (the one the form shows).
    const offered = input.coverage_year ? null : await offeredYears('analysts', { client: trx })
    const coverageYear = input.coverage_year ?? offered!.defaultYear

    const now = stamp(trx)
    const values = {
      external_id: externalId,
      full_name: input.full_name.trim(),
      provider_id: input.provider_id,
      title: input.title?.trim() || null,
      seniority: input.seniority,
      industry_start_year: input.industry_start_year,
      role_start_date: input.role_start_date || null,
      asset_class: input.asset_class,
      status: input.status,
      is_ranked: input.is_ranked,
      source: input.source?.trim() || null,
      last_verified_at: input.mark_verified ? now : (before?.last_verified_at ?? null),
    }
    const coverageBefore =
      before && cells ? await coverageOf(trx, Number(before.id), coverageYear) : []
    let analystId = id
    if (analystId === null) {
      analystId = await insertReturningId(trx, 'analysts', {
        ...values,
        created_at: now,
        updated_at: now,
      })
    } else {
      await trx
        .from('analysts')
        .where('id', analystId)
        .update({ ...values, updated_at: now })
    }
    if (cells) {
      await trx
        .from('analyst_coverages')
        .where({ analyst_id: analystId, year: coverageYear })
        .delete()
      if (cells.length) {
        await trx.table('analyst_coverages').multiInsert(
          cells.map((cell) => ({
            analyst_id: analystId,
            year: coverageYear,
            sector_id: cell.sector_id,
            region_code: cell.region_code,
            is_lead: cell.is_lead,
          }))
        )
      }
    }
    const coverage = cells ? { year: coverageYear, cells } : undefined
    await audit(trx, {
      userId,
      entityType: AUDIT_ANALYST,
      entityId: analystId,
      action: before ? 'update' : 'create',
      summary: `${before ? 'Updated' : 'Created'} analyst ${values.full_name} (${values.external_id})`,
      before: before
        ? audited(before, coverage ? { year: coverageYear, cells: coverageBefore } : undefined)
        : undefined,
      after: audited({ ...values, last_verified_at: values.last_verified_at }, coverage),
    })
    const affected = providersOf(input.provider_id, moves)
    if (before?.provider_id !== null && before?.provider_id !== undefined) {
      affected.add(Number(before.provider_id))
    }
    await refreshProviderStatistics({
      trigger: 'analyst_saved',
      providerIds: [...affected],
      client: trx,
    })
    return analystId
  })
}

/** One analyst as the moves form's picker shows it (the moves list filtered on it). */
export async function analystMatch(id: number) {
  const row = await db
    .from('analysts')
    .leftJoin('providers', 'providers.id', 'analysts.provider_id')
    .where('analysts.id', id)
    .select(
      'analysts.id',
      'analysts.external_id',
      'analysts.full_name',
      'analysts.industry_start_year',
      'providers.name as provider_name'
    )
    .first()
  if (!row) return null
  return {
    id: Number(row.id),
    externalId: String(row.external_id),
    fullName: String(row.full_name),
    industryStartYear: Number(row.industry_start_year),
    providerName: (row.provider_name as string | null) ?? null,
  }
}
