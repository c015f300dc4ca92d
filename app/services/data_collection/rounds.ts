import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import { audit } from '#services/audit/audit'
import { affectedRows } from '#services/db/affected_rows'
import { fieldError } from '#services/http/field_error'
import { offeredYears } from '#services/calendar/years'
import { today } from '#services/calendar/clock'
import { queueRoundNotices } from '#services/data_collection/notices'
import SendDataCollectionNoticesJob from '#jobs/send_data_collection_notices_job'
import { MODULES } from '#shared/modules'
import { yearProblem } from '#shared/years'
import {
  COLLECTION_KIND_LABELS,
  COLLECTION_KIND_MODULE_LABELS,
  ROUND_DUE_MAX_DAYS,
  defaultRoundName,
  type CollectionRound,
  type CollectionRoundKind,
  type EligibleTeam,
} from '#shared/data_collection_rounds'

/*
 * The administration's side of data collections: rounds opened for the eligible teams (one
 * collection per team, kind and year, whatever its status) and closed together. A team is
 * eligible when it holds the module its clients upload through: Research Spend Analytics for
 * research spend, market data data collection for contracts. Clients see an open collection on
 * their data collection page at once; a closed one takes no more uploads.
 */

const KIND_MODULES: Record<CollectionRoundKind, string> = {
  rsa: MODULES.rsaBudgets,
  market_data: MODULES.marketDataDataCollection,
}

const sqlDay = (value: unknown) =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value).slice(0, 10)

function holdsModule(moduleName: string) {
  return db
    .from('team_modules')
    .join('modules', 'modules.id', 'team_modules.module_id')
    .whereColumn('team_modules.team_id', 'teams.id')
    .where('modules.internal_name', moduleName)
}

/** Every round, open first, then the latest year first: one grouped query. */
export async function collectionRounds(): Promise<CollectionRound[]> {
  const submissions = () =>
    db.from('data_collection_submissions as s').whereColumn('s.data_collection_id', 'c.id')
  const perCollection = db
    .from('data_collections as c')
    .select('c.kind', 'c.year', 'c.name', 'c.status', 'c.due_date')
    .select(submissions().count('*').as('received'))
    .select(submissions().where('s.status', 'completed').count('*').as('done'))
    .as('x')
  const rows = await db
    .from(perCollection)
    .groupBy('x.kind', 'x.year', 'x.name', 'x.status')
    .select('x.kind', 'x.year', 'x.name', 'x.status')
    .count('* as teams')
    .min('x.due_date as first_due')
    .max('x.due_date as last_due')
    .select(
      db.raw('sum(case when x.received > 0 then 1 else 0 end) as submitted'),
      db.raw('sum(case when x.done > 0 then 1 else 0 end) as completed')
    )
    .orderByRaw("case when x.status = 'open' then 0 else 1 end")
    .orderBy('x.year', 'desc')
    .orderBy('x.kind')
    .orderBy('x.name')
  return rows.map((row) => {
    const kind = row.kind as CollectionRoundKind
    return {
      kind,
      kindLabel: COLLECTION_KIND_LABELS[kind] ?? String(row.kind),
      year: row.year === null ? null : Number(row.year),
      name: String(row.name),
      status: row.status === 'open' ? 'open' : 'closed',
      teams: Number(row.teams),
      firstDue: sqlDay(row.first_due),
      lastDue: sqlDay(row.last_due),
      submitted: Number(row.submitted ?? 0),
      completed: Number(row.completed ?? 0),
    }
  })
}

/** The teams that may be asked, with the kinds each may be asked for. */
export async function eligibleTeams(): Promise<EligibleTeam[]> {
  const rows = await db
    .from('teams')
    .where((query) =>
      query
        .whereExists(holdsModule(KIND_MODULES.rsa))
        .orWhereExists(holdsModule(KIND_MODULES.market_data))
    )
    .select('teams.id', 'teams.name')
    .select(holdsModule(KIND_MODULES.rsa).count('*').as('rsa'))
    .select(holdsModule(KIND_MODULES.market_data).count('*').as('market_data'))
    .orderBy('teams.name')
    .orderBy('teams.id')
  return rows.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    kinds: (['rsa', 'market_data'] as const).filter((kind) => Number(row[kind]) > 0),
  }))
}

/** The years a round may be opened for: those research spend offers, next year included. */
export function roundYears() {
  return offeredYears('research_spend', { ahead: true })
}

export interface OpenRoundInput {
  kind: CollectionRoundKind
  year: number
  dueDate: string
  name?: string
  /** One team; every eligible team not yet asked for the year when absent. */
  teamId?: number
  userId: number
}

/**
 * Opens the round: a collection for each eligible team (or the one team chosen) that has none
 * of the kind for the year, and a notice for each of their members. All in one transaction,
 * audited; the notices are mailed by a job dispatched once the round is committed. Refused with
 * a field's message (nothing written) when the year or the due date is out of range, the team
 * may not be asked, or every team chosen already has its collection.
 */
/** A round's due date: a calendar day from today to two years ahead (the field's error). */
function checkDueDate(dueDate: string) {
  const due = DateTime.fromISO(dueDate, { zone: 'utc' })
  const first = today()
  if (!due.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) {
    throw fieldError('dueDate', 'Enter the due date as a date.')
  }
  if (due < first.startOf('day')) {
    throw fieldError('dueDate', 'The due date has passed: choose today or a later day.')
  }
  if (due > first.plus({ days: ROUND_DUE_MAX_DAYS })) {
    throw fieldError('dueDate', 'Choose a due date within two years.')
  }
}

export async function openRound(input: OpenRoundInput) {
  const years = await roundYears()
  const yearRefused = yearProblem(years, input.year)
  if (yearRefused) throw fieldError('year', yearRefused)
  checkDueDate(input.dueDate)
  const name = input.name?.trim() || defaultRoundName(input.kind, input.year)
  const moduleLabel = COLLECTION_KIND_MODULE_LABELS[input.kind]

  const opened = await db.transaction(async (trx) => {
    const teams = trx
      .from('teams')
      .whereExists(holdsModule(KIND_MODULES[input.kind]))
      .select('teams.id', 'teams.name')
      .orderBy('teams.name')
    if (input.teamId !== undefined) teams.where('teams.id', input.teamId)
    const chosen = (await teams) as { id: number; name: string }[]
    if (input.teamId !== undefined && chosen.length === 0) {
      throw fieldError('teamId', `Choose a team with ${moduleLabel}.`)
    }
    // The teams already asked for the year (any status), a collection without a year (made
    // before collections had one) by its due date's year.
    const askedRows = await trx
      .from('data_collections')
      .where('kind', input.kind)
      .where((asked) =>
        asked
          .where('year', input.year)
          .orWhere((undated) =>
            undated
              .whereNull('year')
              .whereBetween('due_date', [`${input.year}-01-01`, `${input.year}-12-31`])
          )
      )
      .select('team_id')
    const asked = new Set(askedRows.map((row) => Number(row.team_id)))
    const opening = chosen.filter((team) => !asked.has(Number(team.id)))
    if (opening.length === 0) {
      throw fieldError(
        input.teamId === undefined ? 'year' : 'teamId',
        chosen.length === 0
          ? `No team holds ${moduleLabel}: there is nobody to ask.`
          : input.teamId === undefined
            ? `Every team with ${moduleLabel} already has a ${input.year} collection.`
            : `${chosen[0].name} already has a ${input.year} collection.`
      )
    }
    const createdAt = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
    for (let index = 0; index < opening.length; index += 200) {
      await trx.table('data_collections').multiInsert(
        opening.slice(index, index + 200).map((team) => ({
          team_id: team.id,
          name,
          due_date: input.dueDate,
          status: 'open',
          kind: input.kind,
          year: input.year,
          created_at: createdAt,
        }))
      )
    }
    await audit(trx, {
      userId: input.userId,
      entityType: 'data_collection',
      entityId: null,
      action: 'create',
      summary: `Opened “${name}” (${COLLECTION_KIND_LABELS[input.kind].toLowerCase()}, ${input.year}) for ${opening.length} team${opening.length === 1 ? '' : 's'}, due ${input.dueDate}`,
      after: {
        kind: input.kind,
        year: input.year,
        name,
        due_date: input.dueDate,
        teams: opening.map((team) => team.name),
      },
    })
    const told = await queueRoundNotices(
      trx,
      { kind: input.kind, year: input.year, name },
      opening.map((team) => Number(team.id))
    )
    return { name, opened: opening.length, alreadyAsked: chosen.length - opening.length, told }
  })
  // The round stands if the queue cannot take the mails: the administrator is told, and the
  // notices wait unsent (the job can be run again from the background jobs page).
  let mail: 'queued' | 'nobody' | 'failed' = 'nobody'
  if (opened.told > 0) {
    try {
      await SendDataCollectionNoticesJob.dispatch({
        kind: input.kind,
        year: input.year,
        name: opened.name,
      }).run()
      mail = 'queued'
    } catch (error) {
      logger.error({ err: error, round: opened.name }, 'data collection notices not queued')
      mail = 'failed'
    }
  }
  return { ...opened, mail }
}

/** Closes the open collections of a round: no more uploads. Audited; 0 when none was open. */
export async function closeRound(input: {
  kind: CollectionRoundKind
  year: number | null
  name: string
  userId: number
}) {
  return db.transaction(async (trx) => {
    const round = trx
      .from('data_collections')
      .where({ kind: input.kind, name: input.name, status: 'open' })
    if (input.year === null) round.whereNull('year')
    else round.where('year', input.year)
    const closed = affectedRows(await round.update({ status: 'closed' }))
    if (closed > 0) {
      await audit(trx, {
        userId: input.userId,
        entityType: 'data_collection',
        entityId: null,
        action: 'update',
        summary: `Closed “${input.name}” (${COLLECTION_KIND_LABELS[input.kind].toLowerCase()}${input.year === null ? '' : `, ${input.year}`}) for ${closed} team${closed === 1 ? '' : 's'}`,
        before: { status: 'open', teams: closed },
        after: { status: 'closed', teams: closed },
      })
    }
    return closed
  })
}

/**
 * A new due date for the collections of a round in one status: an open round's deadline moves,
 * a closed round opens again (its teams can upload, what they sent stays). Every collection of
 * the round in that status changes, in one transaction, audited; members are not mailed again.
 * Refused with the field's message when the date is out of range; 0 when no such round exists.
 */
export async function rescheduleRound(input: {
  kind: CollectionRoundKind
  year: number | null
  name: string
  status: 'open' | 'closed'
  dueDate: string
  userId: number
}) {
  checkDueDate(input.dueDate)
  return db.transaction(async (trx) => {
    const round = trx
      .from('data_collections')
      .where({ kind: input.kind, name: input.name, status: input.status })
    if (input.year === null) round.whereNull('year')
    else round.where('year', input.year)
    const before = await round.clone().min('due_date as first').max('due_date as last').first()
    const changed = affectedRows(await round.update({ status: 'open', due_date: input.dueDate }))
    if (changed > 0) {
      const what = `“${input.name}” (${COLLECTION_KIND_LABELS[input.kind].toLowerCase()}${input.year === null ? '' : `, ${input.year}`})`
      const teams = `${changed} team${changed === 1 ? '' : 's'}`
      await audit(trx, {
        userId: input.userId,
        entityType: 'data_collection',
        entityId: null,
        action: 'update',
        summary:
          input.status === 'closed'
            ? `Reopened ${what} for ${teams}, due ${input.dueDate}`
            : `Moved the due date of ${what} to ${input.dueDate} for ${teams}`,
        before: {
          status: input.status,
          due_date: dueRange(sqlDay(before?.first), sqlDay(before?.last)),
          teams: changed,
        },
        after: { status: 'open', due_date: input.dueDate, teams: changed },
      })
    }
    return changed
  })
}

/** One day, or the first and last of several. */
function dueRange(first: string | null, last: string | null) {
  return first === last ? first : `${first} to ${last}`
}
