import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { DateTime } from 'luxon'
import { audit } from '#services/audit/audit'
import { affectedRows } from '#services/db/affected_rows'
import { insertReturningId } from '#services/db/insert'
import { paginateCounted } from '#services/db/paginate'
import { fieldError } from '#services/http/field_error'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { todayIso } from '#services/calendar/clock'
import { whereReadableBy } from '#services/research/access'
import { isoTime, parseList } from '#services/research/documents'
import SendResearchRequestMailJob from '#jobs/send_research_request_mail_job'
import { PERMISSIONS } from '#shared/permissions'
import {
  ASSET_CLASSES,
  REQUEST_STATUSES,
  RESEARCH_REGIONS,
  type AssetClass,
  type RequestStatus,
  type ResearchRegion,
} from '#shared/research'
import {
  DECLINE_REASON_MIN,
  MAX_ANSWER_DOCUMENTS,
  OPEN_REQUEST_STATUSES,
  REQUEST_TRANSITIONS,
  canMoveRequest,
  type RequestAssignee,
  type RequestDetail,
  type RequestDocumentChoice,
  type RequestQueueFilters,
  type RequestQueueRow,
} from '#shared/research_requests'

/*
 * Research requests as the research team handles them (`researchRequestsAdmin`): the queue of
 * every team's requests, assignment to an administrator who works on research discovery, the
 * status lifecycle (shared/research_requests.ts) and the answer — a text and documents the
 * requesting team may read — that the requester reads under "My requests" and is mailed about.
 * Each write runs in one transaction with its audit entry; the mail is queued once it commits.
 */

export const REQUESTS_PER_PAGE = 25
export const AUDIT_REQUEST = 'research_request'

const sqlNow = (client: QueryClientContract) =>
  DateTime.utc().toFormat(client.dialect.dateTimeFormat)

const isoDay = (value: unknown) =>
  value instanceof Date
    ? DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()!
    : String(value).slice(0, 10)

const label = (status: string) => REQUEST_STATUSES[status as RequestStatus] ?? status

/**
 * The administrators a request may be assigned to: enabled administrators whose roles hold the
 * research discovery permission, by name.
 */
function assignableAdministrators(client: QueryClientContract) {
  return client
    .from('users as u')
    .where('u.is_administrator', true)
    .whereNull('u.disabled_at')
    .whereExists((held) =>
      held
        .from('user_roles as ur')
        .join('role_permissions as rp', 'rp.role_id', 'ur.role_id')
        .join('permissions as p', 'p.id', 'rp.permission_id')
        .whereColumn('ur.user_id', 'u.id')
        .where('p.name', PERMISSIONS.viewResearchDiscovery)
    )
}

export async function assignees(): Promise<RequestAssignee[]> {
  const rows = await assignableAdministrators(db.connection())
    .orderBy('u.name')
    .orderBy('u.id')
    .select('u.id', 'u.name', 'u.email')
  return rows.map((row) => ({ id: Number(row.id), name: String(row.name), email: row.email }))
}

/** The teams that sent requests, by name (the queue's team filter). */
export async function requestingTeams() {
  const rows = await db
    .from('teams as t')
    .whereIn('t.id', db.from('research_requests').select('team_id'))
    .orderBy('t.name')
    .select('t.id', 't.name')
  return rows.map((row) => ({ id: Number(row.id), name: String(row.name) }))
}

function filtered(
  query: DatabaseQueryBuilderContract,
  filter: RequestQueueFilters,
  viewerId: number
) {
  if (filter.status === 'open') query.whereIn('r.status', [...OPEN_REQUEST_STATUSES])
  else if (filter.status !== 'all') query.where('r.status', filter.status)
  if (filter.team) query.where('r.team_id', filter.team)
  if (filter.assignee === 'none') query.whereNull('r.assignee_id')
  else if (filter.assignee === 'me') query.where('r.assignee_id', viewerId)
  else if (filter.assignee) query.where('r.assignee_id', filter.assignee)
  if (filter.overdue) {
    query.whereIn('r.status', [...OPEN_REQUEST_STATUSES]).where('r.needed_by', '<', todayIso())
  }
  return query
}

function rowView(row: Record<string, any>, today: DateTime): RequestQueueRow {
  const status = row.status as RequestStatus
  const neededBy = isoDay(row.needed_by)
  const createdAt = isoTime(row.created_at)
  return {
    id: Number(row.id),
    reference: row.reference,
    topic: row.topic,
    team: { id: Number(row.team_id), name: String(row.team_name) },
    requester:
      row.requester_email === null || row.requester_email === undefined
        ? null
        : { name: String(row.requester_name), email: String(row.requester_email) },
    neededBy,
    overdue: OPEN_REQUEST_STATUSES.includes(status) && neededBy < today.toISODate()!,
    status,
    statusLabel: label(status),
    assignee:
      row.assignee_id === null || row.assignee_id === undefined
        ? null
        : { id: Number(row.assignee_id), name: String(row.assignee_name) },
    createdAt,
    ageDays: Math.max(
      0,
      Math.floor(
        today.diff(DateTime.fromISO(createdAt, { zone: 'utc' }).startOf('day'), 'days').days
      )
    ),
  }
}

function withPeople(query: DatabaseQueryBuilderContract) {
  return query
    .join('teams as t', 't.id', 'r.team_id')
    .leftJoin('users as requester', 'requester.id', 'r.user_id')
    .leftJoin('users as assignee', 'assignee.id', 'r.assignee_id')
}

const ROW_COLUMNS = [
  'r.id',
  'r.reference',
  'r.topic',
  'r.team_id',
  'r.needed_by',
  'r.status',
  'r.assignee_id',
  'r.created_at',
  't.name as team_name',
  'requester.name as requester_name',
  'requester.email as requester_email',
  'assignee.name as assignee_name',
]

/**
 * One page of the queue: the neediest first (the earliest needed-by date, then the oldest).
 * Two statements whatever the size: the count over the requests alone, and the page.
 */
export async function requestQueue(filter: RequestQueueFilters, viewerId: number) {
  const client = db.connection()
  const rows = filtered(withPeople(client.from('research_requests as r')), filter, viewerId)
    .select(ROW_COLUMNS)
    .orderBy('r.needed_by', 'asc')
    .orderBy('r.created_at', 'asc')
    .orderBy('r.id', 'asc')
  const page = await paginateCounted(
    rows,
    filtered(client.from('research_requests as r'), filter, viewerId),
    filter.page,
    REQUESTS_PER_PAGE
  )
  const meta = page.getMeta() as { total: number; currentPage: number; lastPage: number }
  const today = DateTime.fromISO(todayIso(), { zone: 'utc' })
  return {
    requests: page.all().map((row) => rowView(row, today)),
    pagination: {
      total: Number(meta.total),
      currentPage: meta.currentPage,
      lastPage: meta.lastPage,
    },
  }
}

async function requestRow(client: QueryClientContract, id: number) {
  const row = await withPeople(client.from('research_requests as r'))
    .where('r.id', id)
    .select([
      ...ROW_COLUMNS,
      'r.user_id',
      'r.description',
      'r.asset_class',
      'r.region',
      'r.theme_ids',
      'r.response',
      'r.responded_at',
    ])
    .first()
  if (!row) throw new NotFoundForTeam('Research request not found')
  return row
}

/** Documents the answer links, in their order (whatever the team may read now). */
async function linkedDocuments(requestId: number): Promise<RequestDocumentChoice[]> {
  const rows = await db
    .from('research_request_documents as l')
    .join('research_documents as d', 'd.id', 'l.document_id')
    .join('providers as p', 'p.id', 'd.provider_id')
    .where('l.request_id', requestId)
    .orderBy('l.position')
    .select('d.id', 'd.title', 'd.published_at', 'p.name as provider')
  return rows.map(choiceView)
}

function choiceView(row: Record<string, any>): RequestDocumentChoice {
  return {
    id: Number(row.id),
    title: String(row.title),
    provider: String(row.provider),
    publishedAt: isoTime(row.published_at).slice(0, 10),
  }
}

/** A request with everything the detail page shows. */
export async function requestDetail(id: number): Promise<RequestDetail> {
  const row = await requestRow(db.connection(), id)
  const themeIds = parseList(row.theme_ids).map(Number)
  const [themes, documents, history] = await Promise.all([
    themeIds.length
      ? db.from('research_themes').whereIn('id', themeIds).select('id', 'name')
      : Promise.resolve([]),
    linkedDocuments(id),
    db
      .from('research_request_status_changes as h')
      .leftJoin('users as u', 'u.id', 'h.changed_by')
      .where('h.request_id', id)
      .orderBy('h.created_at', 'desc')
      .orderBy('h.id', 'desc')
      .select('h.from_status', 'h.to_status', 'h.message', 'h.created_at', 'u.name as by'),
  ])
  const names = new Map(themes.map((theme) => [Number(theme.id), String(theme.name)]))
  const today = DateTime.fromISO(todayIso(), { zone: 'utc' })
  const status = row.status as RequestStatus
  return {
    ...rowView(row, today),
    description: row.description,
    assetClass: ASSET_CLASSES[row.asset_class as AssetClass] ?? row.asset_class,
    region: RESEARCH_REGIONS[row.region as ResearchRegion] ?? row.region,
    themes: themeIds.filter((themeId) => names.has(themeId)).map((themeId) => names.get(themeId)!),
    response: row.response ?? null,
    respondedAt: row.responded_at ? isoTime(row.responded_at) : null,
    documents,
    nextStatuses: [...REQUEST_TRANSITIONS[status]],
    history: history.map((change) => ({
      from: change.from_status as RequestStatus,
      to: change.to_status as RequestStatus,
      message: change.message ?? null,
      by: change.by ?? null,
      at: isoTime(change.created_at),
    })),
  }
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`

/**
 * Documents the requesting team may read whose title matches `q`, newest first: what the
 * answer form offers (at most 20). Empty without a search.
 */
export async function documentChoices(
  teamId: number,
  q: string | null
): Promise<RequestDocumentChoice[]> {
  if (!q) return []
  const rows = await whereReadableBy(
    db
      .from('research_documents as d')
      .join('providers as p', 'p.id', 'd.provider_id')
      .whereRaw("lower(d.title) like ? escape '\\'", [likePattern(q)]),
    teamId
  )
    .orderBy('d.published_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(20)
    .select('d.id', 'd.title', 'd.published_at', 'p.name as provider')
  return rows.map(choiceView)
}

/*
|--------------------------------------------------------------------------
| Writes
|--------------------------------------------------------------------------
*/

/**
 * The request a write starts from. Not locked: each write checks, as it updates, that the
 * status (or assignee) is still the one read, and refuses when another administrator changed it.
 */
async function requestForWrite(client: QueryClientContract, id: number) {
  const row = await client
    .from('research_requests as r')
    .join('teams as t', 't.id', 'r.team_id')
    .where('r.id', id)
    .select(
      'r.id',
      'r.reference',
      'r.team_id',
      'r.user_id',
      'r.status',
      'r.assignee_id',
      'r.response',
      't.name as team_name'
    )
    .first()
  if (!row) throw new NotFoundForTeam('Research request not found')
  return row as {
    id: number
    reference: string
    team_id: number
    user_id: number | null
    status: RequestStatus
    assignee_id: number | null
    response: string | null
    team_name: string
  }
}

async function assigneeOrFail(client: QueryClientContract, userId: number) {
  const row = await assignableAdministrators(client)
    .where('u.id', userId)
    .select('u.id', 'u.name')
    .first()
  if (!row) {
    throw fieldError(
      'assigneeId',
      'Choose an administrator who works on research discovery: this person cannot be assigned.'
    )
  }
  return { id: Number(row.id), name: String(row.name) }
}

/** Assigns a request to an administrator holding the research discovery permission, or to nobody. */
export async function assignRequest(actorId: number, requestId: number, assigneeId: number | null) {
  return db.transaction(async (trx) => {
    const request = await requestForWrite(trx, requestId)
    const assignee = assigneeId === null ? null : await assigneeOrFail(trx, assigneeId)
    if ((request.assignee_id === null ? null : Number(request.assignee_id)) === assigneeId) {
      return { reference: request.reference, assignee, changed: false }
    }
    const updated = await trx
      .from('research_requests')
      .where('id', request.id)
      .where((same) =>
        request.assignee_id === null
          ? same.whereNull('assignee_id')
          : same.where('assignee_id', request.assignee_id)
      )
      .update({ assignee_id: assigneeId, updated_at: sqlNow(trx) })
    if (affectedRows(updated) === 0) {
      throw fieldError('assigneeId', 'The request was changed meanwhile: reload the page.')
    }
    await audit(trx, {
      userId: actorId,
      entityType: AUDIT_REQUEST,
      entityId: Number(request.id),
      action: 'update',
      summary: assignee
        ? `Research request ${request.reference}: assigned to ${assignee.name}`
        : `Research request ${request.reference}: unassigned`,
      before: { assignee_id: request.assignee_id === null ? null : Number(request.assignee_id) },
      after: { assignee_id: assigneeId },
    })
    return { reference: request.reference, assignee, changed: true }
  })
}

function refuseMove(from: RequestStatus, to: RequestStatus): never {
  if (to === 'answered' && from === 'submitted') {
    throw fieldError('status', 'Take the request in progress before answering it.')
  }
  throw fieldError(
    'status',
    `A request that is ${label(from).toLowerCase()} cannot be moved to ${label(to).toLowerCase()}.`
  )
}

/**
 * Moves the request on (status, response, links), records the change the mail job works from
 * and audits it, in the caller's transaction. The status is checked again as it is written:
 * a change made meanwhile by another administrator refuses this one.
 */
async function moveRequest(
  trx: TransactionClientContract,
  request: Awaited<ReturnType<typeof requestForWrite>>,
  input: {
    actorId: number
    to: RequestStatus
    message: string | null
    response?: string
    documentIds?: number[]
  }
) {
  const now = sqlNow(trx)
  const assignSelf = input.to === 'in_progress' && request.assignee_id === null
  const updated = await trx
    .from('research_requests')
    .where({ id: request.id, status: request.status })
    .update({
      status: input.to,
      updated_at: now,
      ...(assignSelf ? { assignee_id: input.actorId } : {}),
      ...(input.response !== undefined ? { response: input.response, responded_at: now } : {}),
    })
  if (affectedRows(updated) === 0) {
    throw fieldError('status', 'The request was changed meanwhile: reload the page.')
  }
  if (input.documentIds?.length) {
    await trx.table('research_request_documents').multiInsert(
      input.documentIds.map((documentId, position) => ({
        request_id: request.id,
        document_id: documentId,
        position,
      }))
    )
  }
  const changeId = await insertReturningId(trx, 'research_request_status_changes', {
    request_id: request.id,
    from_status: request.status,
    to_status: input.to,
    message: input.message,
    changed_by: input.actorId,
    created_at: now,
  })
  await audit(trx, {
    userId: input.actorId,
    entityType: AUDIT_REQUEST,
    entityId: Number(request.id),
    action: 'update',
    summary: `Research request ${request.reference} (${request.team_name}): ${label(request.status)} → ${label(input.to)}`,
    before: {
      status: request.status,
      assignee_id: request.assignee_id === null ? null : Number(request.assignee_id),
      response: request.response ?? null,
    },
    after: {
      status: input.to,
      assignee_id: assignSelf
        ? input.actorId
        : request.assignee_id === null
          ? null
          : Number(request.assignee_id),
      response: input.response ?? request.response ?? null,
      ...(input.message !== null && input.response === undefined ? { message: input.message } : {}),
      ...(input.documentIds ? { document_ids: input.documentIds } : {}),
    },
  })
  return changeId
}

/**
 * Queues the requester's mail about a change once it is committed. The change stands if the
 * queue cannot take it: the page says so, and the change keeps `notified_at` empty.
 */
async function queueMail(changeId: number, hasRequester: boolean) {
  if (!hasRequester) return 'nobody' as const
  try {
    await SendResearchRequestMailJob.dispatch({ statusChangeId: changeId }).run()
    return 'queued' as const
  } catch (error) {
    logger.error({ err: error, statusChangeId: changeId }, 'research request mail not queued')
    return 'failed' as const
  }
}

/**
 * Takes a request in progress (assigning it to the administrator when nobody is) or declines it
 * with the reason the requester reads. Answering goes through `answerRequest`.
 */
export async function changeRequestStatus(input: {
  actorId: number
  requestId: number
  to: RequestStatus
  message: string | null
}) {
  const message = input.message?.trim() || null
  const result = await db.transaction(async (trx) => {
    const request = await requestForWrite(trx, input.requestId)
    if (!canMoveRequest(request.status, input.to)) refuseMove(request.status, input.to)
    if (input.to === 'answered') {
      throw fieldError('status', 'Answer the request with the answer form: it needs the answer.')
    }
    if (input.to === 'declined' && (message?.length ?? 0) < DECLINE_REASON_MIN) {
      throw fieldError(
        'message',
        `Tell the requester why the request is declined (at least ${DECLINE_REASON_MIN} characters).`
      )
    }
    const changeId = await moveRequest(trx, request, {
      actorId: input.actorId,
      to: input.to,
      message,
      ...(input.to === 'declined' ? { response: message! } : {}),
    })
    return { changeId, request }
  })
  const mail = await queueMail(result.changeId, result.request.user_id !== null)
  return { reference: result.request.reference, to: input.to, mail }
}

/**
 * Answers a request in progress: the text and the documents it links, each of which the
 * requesting team must be able to read (app/services/research/access.ts).
 */
export async function answerRequest(input: {
  actorId: number
  requestId: number
  answer: string
  documentIds: number[]
}) {
  const documentIds = [...new Set(input.documentIds)]
  if (documentIds.length !== input.documentIds.length) {
    throw fieldError('documentIds', 'Link each document once.')
  }
  if (documentIds.length > MAX_ANSWER_DOCUMENTS) {
    throw fieldError('documentIds', `Link at most ${MAX_ANSWER_DOCUMENTS} documents.`)
  }
  const result = await db.transaction(async (trx) => {
    const request = await requestForWrite(trx, input.requestId)
    if (!canMoveRequest(request.status, 'answered')) refuseMove(request.status, 'answered')
    if (documentIds.length) {
      const known = await trx
        .from('research_documents')
        .whereIn('id', documentIds)
        .select('id', 'title')
      if (known.length !== documentIds.length) {
        throw fieldError('documentIds', 'Choose the documents from the search results.')
      }
      const readable = await whereReadableBy(
        trx.from('research_documents as d').whereIn('d.id', documentIds),
        Number(request.team_id)
      ).select('d.id')
      const readableIds = new Set(readable.map((row) => Number(row.id)))
      const refused = known.find((row) => !readableIds.has(Number(row.id)))
      if (refused) {
        throw fieldError(
          'documentIds',
          `${request.team_name} may not read “${refused.title}”: link only documents the team can read.`
        )
      }
    }
    const changeId = await moveRequest(trx, request, {
      actorId: input.actorId,
      to: 'answered',
      message: input.answer,
      response: input.answer,
      documentIds,
    })
    return { changeId, request }
  })
  const mail = await queueMail(result.changeId, result.request.user_id !== null)
  return { reference: result.request.reference, mail }
}
