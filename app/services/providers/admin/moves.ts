import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { audit } from '#services/audit/audit'
import { insertReturningId } from '#services/db/insert'
import { paginateCounted } from '#services/db/paginate'
import { fieldError } from '#services/http/field_error'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { refreshProviderStatistics } from '#services/providers/statistics'
import { MOVE_TYPES, type AnalystStatus, type MoveType, type RegionCode } from '#shared/providers'
import {
  asTimelineMove,
  checkReadable,
  movesOf,
  providersOf,
  type StoredMove,
} from '#services/providers/admin/analysts'
import {
  problemsBrought,
  timelineProblems,
  type TimelineField,
  type TimelineMove,
} from '#services/providers/admin/move_timeline'
import { derivedExperience, employerAfter, moveShapeProblem } from '#services/providers/admin/rules'
import {
  AUDIT_ANALYST,
  AUDIT_MOVE,
  PER_PAGE,
  chunks,
  isoDay,
  likePattern,
  researchProviderNames,
  stamp,
} from '#services/providers/admin/reference'

/*
 * Analyst moves: the list with its filters, create / edit / delete in one transaction each with
 * the audit entry. After every write the analyst works where its last move left it, and the
 * statistics of every provider its moves name (before and after) are recomputed.
 */

export interface MoveFilter {
  q?: string
  provider?: number
  analyst?: number
  year?: number
  type?: MoveType
  page: number
}

export interface MoveInput {
  analyst_id: number
  event_date: string
  type: MoveType
  from_provider_id: number | null
  to_provider_id: number | null
  experience_years?: number | null
  sector_ids?: number[]
  region_codes?: RegionCode[]
  source?: string | null
}

/**
 * One page of moves, newest first, with the analyst, both providers and what the analyst covered
 * at the event: three queries whatever the data size (the count, the page, the page's cells).
 */
export async function moveList(filter: MoveFilter) {
  const filtered = (query: DatabaseQueryBuilderContract, joined: boolean) => {
    if (filter.provider) {
      const provider = filter.provider
      query.where((either) =>
        either
          .where('analyst_moves.from_provider_id', provider)
          .orWhere('analyst_moves.to_provider_id', provider)
      )
    }
    if (filter.analyst) query.where('analyst_moves.analyst_id', filter.analyst)
    if (filter.year) query.where('analyst_moves.year', filter.year)
    if (filter.type) query.where('analyst_moves.type', filter.type)
    if (filter.q) {
      const pattern = likePattern(filter.q)
      if (!joined) query.join('analysts', 'analysts.id', 'analyst_moves.analyst_id')
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
      .from('analyst_moves')
      .join('analysts', 'analysts.id', 'analyst_moves.analyst_id')
      .leftJoin('providers as left_provider', 'left_provider.id', 'analyst_moves.from_provider_id')
      .leftJoin(
        'providers as joined_provider',
        'joined_provider.id',
        'analyst_moves.to_provider_id'
      )
      .select(
        'analyst_moves.id',
        'analyst_moves.analyst_id',
        'analyst_moves.event_date',
        'analyst_moves.type',
        'analyst_moves.from_provider_id',
        'analyst_moves.to_provider_id',
        'analyst_moves.experience_years',
        'analyst_moves.source',
        'analysts.full_name',
        'analysts.external_id',
        'analysts.industry_start_year',
        'left_provider.name as from_name',
        'joined_provider.name as to_name'
      )
      .orderBy('analyst_moves.event_date', 'desc')
      .orderBy('analyst_moves.id', 'desc'),
    true
  )
  const page = await paginateCounted(
    rows,
    filtered(client.from('analyst_moves'), false),
    filter.page,
    PER_PAGE
  )
  const meta = page.getMeta() as { total: number; currentPage: number; lastPage: number }
  const list = page.all()
  const cells = list.length
    ? await client
        .from('analyst_move_coverages')
        .whereIn(
          'move_id',
          list.map((row) => Number(row.id))
        )
        .select('move_id', 'sector_id', 'region_code')
    : []
  const sectorsOf = new Map<number, Set<number>>()
  const regionsOf = new Map<number, Set<string>>()
  for (const cell of cells) {
    const id = Number(cell.move_id)
    sectorsOf.set(id, (sectorsOf.get(id) ?? new Set()).add(Number(cell.sector_id)))
    regionsOf.set(id, (regionsOf.get(id) ?? new Set()).add(String(cell.region_code)))
  }
  return {
    moves: list.map((row) => {
      const id = Number(row.id)
      return {
        id,
        analystId: Number(row.analyst_id),
        analystName: String(row.full_name),
        analystExternalId: String(row.external_id),
        industryStartYear: Number(row.industry_start_year),
        eventDate: isoDay(row.event_date)!,
        type: row.type as MoveType,
        fromProviderId: row.from_provider_id === null ? null : Number(row.from_provider_id),
        fromName: (row.from_name as string | null) ?? null,
        toProviderId: row.to_provider_id === null ? null : Number(row.to_provider_id),
        toName: (row.to_name as string | null) ?? null,
        experienceYears: Number(row.experience_years),
        source: (row.source as string | null) ?? null,
        sectorIds: [...(sectorsOf.get(id) ?? [])].sort((a, b) => a - b),
        regionCodes: [...(regionsOf.get(id) ?? [])].sort(),
      }
    }),
    meta: { total: Number(meta.total), currentPage: meta.currentPage, lastPage: meta.lastPage },
  }
}

/** The years that have moves, newest first (the list's year filter). */
export async function moveYears() {
  const rows = await db.from('analyst_moves').distinct('year').orderBy('year', 'desc')
  return rows.map((row) => Number(row.year))
}

/*
|--------------------------------------------------------------------------
| Writes
|--------------------------------------------------------------------------
*/

async function moveRow(client: QueryClientContract, id: number) {
  const row = await client
    .from('analyst_moves')
    .where('id', id)
    .select(
      'id',
      'analyst_id',
      'event_date',
      'type',
      'from_provider_id',
      'to_provider_id',
      'experience_years',
      'source'
    )
    .first()
  if (!row) throw new NotFoundForTeam('Move not found')
  const cells = await client
    .from('analyst_move_coverages')
    .where('move_id', id)
    .select('sector_id', 'region_code')
  return { row, cells }
}

/** A move as the audit trail shows it. */
function audited(
  analyst: { full_name: string; external_id: string },
  row: Record<string, any>,
  cells: { sector_id: unknown; region_code: unknown }[]
) {
  return {
    analyst: `${analyst.full_name} (${analyst.external_id})`,
    event_date: isoDay(row.event_date),
    type: row.type,
    from_provider: row.from_provider_id === null ? null : Number(row.from_provider_id),
    to_provider: row.to_provider_id === null ? null : Number(row.to_provider_id),
    experience_years: Number(row.experience_years),
    sectors: [...new Set(cells.map((cell) => Number(cell.sector_id)))].sort((a, b) => a - b),
    regions: [...new Set(cells.map((cell) => String(cell.region_code)))].sort(),
    source: row.source ?? null,
  }
}

async function analystOf(client: QueryClientContract, id: number) {
  const row = await client
    .from('analysts')
    .where('id', id)
    .select(
      'id',
      'full_name',
      'external_id',
      'industry_start_year',
      'provider_id',
      'status',
      'role_start_date'
    )
    .first()
  if (!row) throw fieldError('analyst_id', 'Choose an analyst from the list.')
  return row as {
    id: number
    full_name: string
    external_id: string
    industry_start_year: number
    provider_id: number | null
    status: string
    role_start_date: unknown
  }
}
type AnalystRow = Awaited<ReturnType<typeof analystOf>>

/** Where a problem of the timeline rules shows on the move form. */
const FORM_FIELDS: Record<TimelineField, string> = {
  event_date: 'event_date',
  type: 'type',
  from: 'from_provider_id',
  to: 'to_provider_id',
  experience: 'experience_years',
}

/**
 * Refuses a write that would leave the analyst's moves telling an impossible career (see
 * move_timeline): `saved` is the move as it will be written (its id null when new), or null
 * when the move `removed` leaves the analyst's timeline. The problems it brings show on the
 * saved move's fields; one it causes to another move shows where the saved move caused it
 * (the provider joined, or the type); a removal's on the form as a whole.
 */
async function checkTimeline(
  client: QueryClientContract,
  analyst: AnalystRow,
  stored: StoredMove[],
  saved: (Omit<TimelineMove, 'key'> & { id: number | null }) | null,
  removed: number | null = null
) {
  const SAVED = 'saved'
  const keyOf = (move: StoredMove) => (move.id === saved?.id ? SAVED : String(move.id))
  const kept = stored.filter((move) => move.id !== removed && move.id !== saved?.id)
  const after = [
    ...kept.map((move) => ({ order: move.id, move: asTimelineMove(move) })),
    ...(saved
      ? [
          {
            order: saved.id ?? Number.MAX_SAFE_INTEGER,
            move: { ...saved, key: SAVED } as TimelineMove,
          },
        ]
      : []),
  ]
    .sort((a, b) =>
      a.move.date < b.move.date ? -1 : a.move.date > b.move.date ? 1 : a.order - b.order
    )
    .map((entry) => entry.move)
  const ids = new Set<number>()
  for (const move of [...stored, ...(saved ? [saved] : [])]) {
    if (move.from !== null) ids.add(move.from)
    if (move.to !== null) ids.add(move.to)
  }
  if (analyst.provider_id !== null) ids.add(Number(analyst.provider_id))
  const names = new Map<number, string>()
  if (ids.size) {
    const rows = await client
      .from('providers')
      .whereIn('id', [...ids])
      .select('id', 'name')
    for (const row of rows) names.set(Number(row.id), String(row.name))
  }
  const judge = (moves: TimelineMove[]) =>
    timelineProblems({
      analystName: analyst.full_name,
      industryStartYear: Number(analyst.industry_start_year),
      roster:
        stored.length === 0
          ? {
              providerId: analyst.provider_id === null ? null : Number(analyst.provider_id),
              status: analyst.status as AnalystStatus,
              roleStartDate: isoDay(analyst.role_start_date),
            }
          : null,
      moves,
      providerName: (providerId) => names.get(providerId) ?? `provider #${providerId}`,
    })
  const before = stored.map((move) => ({ ...asTimelineMove(move), key: keyOf(move) }))
  const [problem] = problemsBrought(judge(before), judge(after))
  if (!problem) return
  if (!saved) throw fieldError('move', problem.message)
  if (problem.key === SAVED) throw fieldError(FORM_FIELDS[problem.field], problem.message)
  throw fieldError(problem.field === 'from' ? 'to_provider_id' : 'type', problem.message)
}

/**
 * Puts the analyst where its last move left it (provider and status), audited when that
 * changes anything. An analyst without moves keeps what the roster says.
 */
export async function syncEmployer(
  trx: TransactionClientContract,
  userId: number | null,
  analyst: { id: number; full_name: string; external_id: string },
  moves: { type: MoveType; to: number | null }[]
) {
  const last = moves.at(-1)
  const current = await trx
    .from('analysts')
    .where('id', analyst.id)
    .select('provider_id', 'status')
    .first()
  if (!last || !current) return
  const after = employerAfter(last)
  const providerBefore = current.provider_id === null ? null : Number(current.provider_id)
  if (providerBefore === after.providerId && current.status === after.status) return
  await trx
    .from('analysts')
    .where('id', analyst.id)
    .update({ provider_id: after.providerId, status: after.status, updated_at: stamp(trx) })
  await audit(trx, {
    userId,
    entityType: AUDIT_ANALYST,
    entityId: analyst.id,
    action: 'update',
    summary: `Analyst ${analyst.full_name} (${analyst.external_id}) follows its last move`,
    before: { provider_id: providerBefore, status: current.status },
    after: { provider_id: after.providerId, status: after.status },
  })
}

async function checkSectors(client: QueryClientContract, ids: number[]) {
  if (ids.length === 0) return
  const rows = await client.from('sectors').whereIn('id', ids).select('id')
  if (rows.length !== ids.length)
    throw fieldError('sector_ids', 'Choose the sectors from the list.')
}

async function writeCells(
  trx: TransactionClientContract,
  moveId: number,
  sectorIds: number[],
  regionCodes: string[]
) {
  await trx.from('analyst_move_coverages').where('move_id', moveId).delete()
  const rows = sectorIds.flatMap((sectorId) =>
    regionCodes.map((regionCode) => ({
      move_id: moveId,
      sector_id: sectorId,
      region_code: regionCode,
    }))
  )
  for (const chunk of chunks(rows, 200))
    await trx.table('analyst_move_coverages').multiInsert(chunk)
}

/**
 * Creates (id null) or updates a move after the rules the form cannot check alone: the analyst
 * exists and had started in the industry, the providers are research providers that fit the
 * type, and the analyst has no other move of that type that day. Experience defaults to the
 * years since the analyst's industry start. In one transaction: the move, its sectors and
 * regions, the analyst's employer, the audit entries and the statistics.
 */
export async function saveMove(userId: number | null, id: number | null, given: MoveInput) {
  // A blank optional reference arrives as undefined.
  const input = {
    ...given,
    from_provider_id: given.from_provider_id ?? null,
    to_provider_id: given.to_provider_id ?? null,
  }
  checkReadable([['source', 'source', input.source]])
  return db.transaction(async (trx) => {
    const before = id === null ? null : await moveRow(trx, id)
    const analyst = await analystOf(trx, input.analyst_id)
    const eventYear = Number(input.event_date.slice(0, 4))
    const shape = moveShapeProblem(input.type, input.from_provider_id, input.to_provider_id)
    if (shape) {
      throw fieldError(shape.side === 'from' ? 'from_provider_id' : 'to_provider_id', shape.message)
    }
    await researchProviderNames(trx, [
      { field: 'from_provider_id', id: input.from_provider_id },
      { field: 'to_provider_id', id: input.to_provider_id },
    ])
    const duplicate = await trx
      .from('analyst_moves')
      .where({ analyst_id: analyst.id, event_date: input.event_date, type: input.type })
      .if(id !== null, (query) => query.whereNot('id', id!))
      .select('id')
      .first()
    if (duplicate) {
      throw fieldError(
        'event_date',
        `${analyst.full_name} already has a move of the type “${MOVE_TYPES[input.type]}” on ${input.event_date}.`
      )
    }
    const movesBefore = await movesOf(trx, analyst.id)
    await checkTimeline(trx, analyst, movesBefore, {
      id,
      date: input.event_date,
      type: input.type,
      from: input.from_provider_id,
      to: input.to_provider_id,
      experience: input.experience_years ?? null,
    })
    const sectorIds = [...new Set(input.sector_ids ?? [])].sort((a, b) => a - b)
    const regionCodes = [...new Set(input.region_codes ?? [])].sort()
    if ((sectorIds.length === 0) !== (regionCodes.length === 0)) {
      throw fieldError(
        sectorIds.length ? 'region_codes' : 'sector_ids',
        'Give both the sectors and the regions covered at the event, or neither.'
      )
    }
    await checkSectors(trx, sectorIds)

    const previousAnalystId = before ? Number(before.row.analyst_id) : null
    const otherBefore =
      previousAnalystId !== null && previousAnalystId !== analyst.id
        ? await movesOf(trx, previousAnalystId)
        : []
    if (previousAnalystId !== null && previousAnalystId !== analyst.id) {
      await checkTimeline(trx, await analystOf(trx, previousAnalystId), otherBefore, null, id!)
    }
    const values = {
      analyst_id: analyst.id,
      event_date: input.event_date,
      year: eventYear,
      type: input.type,
      from_provider_id: input.from_provider_id,
      to_provider_id: input.to_provider_id,
      experience_years:
        input.experience_years ??
        derivedExperience(input.event_date, Number(analyst.industry_start_year)),
      source: input.source?.trim() || null,
    }
    const now = stamp(trx)
    let moveId = id
    if (moveId === null) {
      moveId = await insertReturningId(trx, 'analyst_moves', {
        ...values,
        created_at: now,
        updated_at: now,
      })
    } else {
      await trx
        .from('analyst_moves')
        .where('id', moveId)
        .update({ ...values, updated_at: now })
    }
    await writeCells(trx, moveId, sectorIds, regionCodes)

    const label = `${MOVE_TYPES[input.type].toLowerCase()} of ${analyst.full_name} on ${input.event_date}`
    const cellsAfter = sectorIds.flatMap((sectorId) =>
      regionCodes.map((regionCode) => ({ sector_id: sectorId, region_code: regionCode }))
    )
    let beforeAudit
    if (before) {
      const previous =
        previousAnalystId === analyst.id ? analyst : await analystOf(trx, previousAnalystId!)
      beforeAudit = audited(previous, before.row, before.cells)
    }
    await audit(trx, {
      userId,
      entityType: AUDIT_MOVE,
      entityId: moveId,
      action: before ? 'update' : 'create',
      summary: `${before ? 'Updated' : 'Recorded'} the ${label}`,
      before: beforeAudit,
      after: audited(analyst, values, cellsAfter),
    })

    const movesAfter = await movesOf(trx, analyst.id)
    await syncEmployer(trx, userId, analyst, movesAfter)
    const affected = new Set([
      ...providersOf(
        analyst.provider_id === null ? null : Number(analyst.provider_id),
        movesBefore
      ),
      ...providersOf(null, movesAfter),
    ])
    if (previousAnalystId !== null && previousAnalystId !== analyst.id) {
      const previous = await analystOf(trx, previousAnalystId)
      const otherAfter = await movesOf(trx, previousAnalystId)
      await syncEmployer(trx, userId, previous, otherAfter)
      for (const providerId of providersOf(
        previous.provider_id === null ? null : Number(previous.provider_id),
        [...otherBefore, ...otherAfter]
      )) {
        affected.add(providerId)
      }
    }
    const current = await trx.from('analysts').where('id', analyst.id).select('provider_id').first()
    if (current?.provider_id) affected.add(Number(current.provider_id))
    await refreshProviderStatistics({
      trigger: 'analyst_move_saved',
      providerIds: [...affected],
      client: trx,
    })
    return moveId
  })
}

/** Deletes a move, audited; the analyst's employer and the statistics follow. */
export async function deleteMove(userId: number | null, id: number) {
  return db.transaction(async (trx) => {
    const { row, cells } = await moveRow(trx, id)
    const analyst = await analystOf(trx, Number(row.analyst_id))
    const movesBefore = await movesOf(trx, analyst.id)
    await checkTimeline(trx, analyst, movesBefore, null, id)
    await trx.from('analyst_move_coverages').where('move_id', id).delete()
    await trx.from('analyst_moves').where('id', id).delete()
    const movesAfter = movesBefore.filter((move) => move.id !== id)
    await syncEmployer(trx, userId, analyst, movesAfter)
    const label = `${MOVE_TYPES[row.type as MoveType].toLowerCase()} of ${analyst.full_name} on ${isoDay(row.event_date)}`
    await audit(trx, {
      userId,
      entityType: AUDIT_MOVE,
      entityId: id,
      action: 'delete',
      summary: `Deleted the ${label}`,
      before: audited(analyst, row, cells),
    })
    const affected = providersOf(
      analyst.provider_id === null ? null : Number(analyst.provider_id),
      movesBefore
    )
    const current = await trx.from('analysts').where('id', analyst.id).select('provider_id').first()
    if (current?.provider_id) affected.add(Number(current.provider_id))
    await refreshProviderStatistics({
      trigger: 'analyst_move_deleted',
      providerIds: [...affected],
      client: trx,
    })
    return label
  })
}
