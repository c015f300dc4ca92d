import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { audit } from '#services/audit/audit'
import { affectedRows } from '#services/db/affected_rows'
import { insertReturningId } from '#services/db/insert'
import { fieldError } from '#services/http/field_error'
import { NotFoundForTeam, toIsoDate } from '#services/market_data/benchmarks'
import { SUBMISSIONS_PREFIX } from '#services/data_collection/submissions'
import type { CollectionKind } from '#services/data_collection/collections'
import SendSubmissionStatusMailJob from '#jobs/send_submission_status_mail_job'
import {
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_TRANSITIONS,
  canMoveSubmission,
  type SubmissionStatus,
} from '#shared/data_collection'
import { offeredYears } from '#services/calendar/years'
import { isOfferedYear, type YearRange } from '#shared/years'

/*
 * Every team's data collection submissions, research spend and market data alike, for the
 * administrators who review them: the filtered list, a submission's file, and its status
 * changes (each audited, each told to the submitter by mail through the queue).
 */

export const ADMIN_SUBMISSIONS_PER_PAGE = 25

export type KindFilter = CollectionKind | 'all'

export interface SubmissionFilters {
  status: SubmissionStatus | 'all'
  kind: KindFilter
  year: number | null
  q: string | null
  page: number
}

function likePattern(text: string) {
  return `%${text.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`
}

const iso = (value: unknown) =>
  value ? (value instanceof Date ? value : new Date(value as string)).toISOString() : null

/**
 * The filters other than status, on a query joining submissions (`s`) to their collection
 * (`c`), team (`t`) and submitter (`u`). A market data collection has no year of its own: it
 * counts in the year of its due date.
 */
function applyFilters(query: DatabaseQueryBuilderContract, filters: SubmissionFilters) {
  if (filters.kind !== 'all') query.where('c.kind', filters.kind)
  if (filters.year !== null) {
    const year = filters.year
    query.where((inYear) =>
      inYear
        .where('c.year', year)
        .orWhere((byDue) =>
          byDue.whereNull('c.year').whereBetween('c.due_date', [`${year}-01-01`, `${year}-12-31`])
        )
    )
  }
  if (filters.q) {
    const pattern = likePattern(filters.q)
    query.where((search) =>
      search
        .whereRaw("lower(t.name) like ? escape '\\'", [pattern])
        .orWhereRaw("lower(s.original_file_name) like ? escape '\\'", [pattern])
        .orWhereRaw("lower(u.name) like ? escape '\\'", [pattern])
        .orWhereRaw("lower(u.email) like ? escape '\\'", [pattern])
    )
  }
  return query
}

function joined() {
  return db
    .from('data_collection_submissions as s')
    .join('data_collections as c', 'c.id', 's.data_collection_id')
    .join('teams as t', 't.id', 's.team_id')
    .leftJoin('users as u', 'u.id', 's.user_id')
}

/**
 * One page of submissions matching the filters, newest first, with the count per status (under
 * the other filters) and the years to choose from. Five queries whatever the data size (the
 * page, its total, the counts, the collections' years, the years offered).
 */
export async function adminSubmissions(filters: SubmissionFilters) {
  const page = applyFilters(joined(), filters)
    .select(
      's.id',
      's.original_file_name',
      's.stored_file_name',
      's.file_size',
      's.additional_comments',
      's.delivery_date',
      's.status',
      's.status_comment',
      's.row_count',
      's.created_at',
      's.updated_at',
      'c.name as collection_name',
      'c.kind',
      'c.year',
      'c.due_date',
      't.id as team_id',
      't.name as team_name',
      'u.name as submitter_name',
      'u.email as submitter_email'
    )
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
  if (filters.status !== 'all') page.where('s.status', filters.status)

  const [result, counts, years, range] = await Promise.all([
    page.paginate(filters.page, ADMIN_SUBMISSIONS_PER_PAGE),
    applyFilters(joined(), filters).groupBy('s.status').select('s.status').count('* as total'),
    db
      .from('data_collections')
      .min('year as min_year')
      .max('year as max_year')
      .min('due_date as min_due')
      .max('due_date as max_due')
      .first(),
    offeredYears('research_spend', { ahead: true, backfill: true }),
  ])
  const meta = result.getMeta() as { total: number | string; currentPage: number; lastPage: number }
  return {
    submissions: result.all().map((row) => {
      const status = row.status as SubmissionStatus
      const year =
        row.year !== null && row.year !== undefined
          ? Number(row.year)
          : row.due_date
            ? Number(toIsoDate(row.due_date).slice(0, 4))
            : null
      return {
        id: row.id as number,
        kind: row.kind as CollectionKind,
        team: { id: row.team_id as number, name: row.team_name as string },
        collection: row.collection_name as string,
        year,
        /** A completed research spend submission of a year offered can be applied. */
        canApply: row.kind === 'rsa' && status === 'completed' && isOfferedYear(range, year),
        fileName: row.original_file_name as string,
        hasFile: Boolean(row.stored_file_name),
        fileSize: Number(row.file_size),
        rowCount: Number(row.row_count),
        additionalComments: (row.additional_comments as string | null) ?? null,
        deliveryDate: toIsoDate(row.delivery_date),
        status,
        statusLabel: SUBMISSION_STATUS_LABELS[status] ?? String(row.status),
        statusComment: (row.status_comment as string | null) ?? null,
        nextStatuses: SUBMISSION_TRANSITIONS[status] ?? [],
        submitter: row.submitter_name
          ? { name: row.submitter_name as string, email: row.submitter_email as string }
          : null,
        submittedAt: iso(row.created_at)!,
        updatedAt: iso(row.updated_at),
      }
    }),
    pagination: {
      total: Number(meta.total),
      currentPage: meta.currentPage,
      lastPage: meta.lastPage,
    },
    counts: Object.fromEntries(counts.map((row) => [row.status, Number(row.total)])) as Partial<
      Record<SubmissionStatus, number>
    >,
    years: yearsToChoose(years, range),
  }
}

/** The years offered and every year a collection belongs to (its own, or its due date's). */
function yearsToChoose(bounds: Record<string, unknown> | null, range: YearRange) {
  const found = [
    bounds?.min_year,
    bounds?.max_year,
    bounds?.min_due ? toIsoDate(bounds.min_due).slice(0, 4) : null,
    bounds?.max_due ? toIsoDate(bounds.max_due).slice(0, 4) : null,
  ]
    .filter((value) => value !== null && value !== undefined)
    .map(Number)
    .filter((value) => Number.isInteger(value))
  const low = Math.min(range.first, ...found)
  const high = Math.max(range.last, ...found)
  return Array.from({ length: high - low + 1 }, (_, index) => high - index)
}

/** The stored file of any team's submission; a submission without one is not found. */
export async function adminSubmissionFile(submissionId: number) {
  const row = await db
    .from('data_collection_submissions')
    .where('id', submissionId)
    .whereNotNull('stored_file_name')
    .select('original_file_name', 'stored_file_name')
    .first()
  if (!row) throw new NotFoundForTeam('Submission not found')
  return {
    key: `${SUBMISSIONS_PREFIX}/${row.stored_file_name}`,
    name: row.original_file_name as string,
  }
}

/**
 * Moves a submission to the next status (see SUBMISSION_TRANSITIONS) with a message for its
 * submitter, shown on their data collection page and mailed to them. The change, its audit
 * entry and the record the mail job works from are written together; the mail is queued once
 * they are committed. A move the rules do not allow, or one made stale by another
 * administrator's, changes nothing.
 */
export async function changeSubmissionStatus(input: {
  submissionId: number
  to: SubmissionStatus
  message: string | null
  userId: number
}) {
  const change = await db.transaction(async (trx) => {
    const submission = await trx
      .from('data_collection_submissions')
      .where('id', input.submissionId)
      .select('id', 'status', 'status_comment', 'user_id', 'original_file_name')
      .first()
    if (!submission) throw new NotFoundForTeam('Submission not found')
    const from = submission.status as string
    if (!canMoveSubmission(from, input.to)) {
      const label = SUBMISSION_STATUS_LABELS[from as SubmissionStatus] ?? from
      throw fieldError(
        'status',
        `A ${label.toLowerCase()} submission cannot be moved to ${SUBMISSION_STATUS_LABELS[input.to].toLowerCase()}.`
      )
    }
    const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
    const updated = await trx
      .from('data_collection_submissions')
      .where({ id: submission.id, status: from })
      .update({ status: input.to, status_comment: input.message, updated_at: now })
    if (affectedRows(updated) === 0) {
      throw fieldError('status', 'The submission was changed meanwhile: reload the page.')
    }
    const changeId = await insertReturningId(trx, 'data_collection_status_changes', {
      submission_id: submission.id,
      from_status: from,
      to_status: input.to,
      message: input.message,
      changed_by: input.userId,
      created_at: now,
    })
    await audit(trx, {
      userId: input.userId,
      entityType: 'data_collection_submission',
      entityId: submission.id,
      action: 'update',
      summary: `Submission ${submission.original_file_name}: ${SUBMISSION_STATUS_LABELS[from as SubmissionStatus] ?? from} → ${SUBMISSION_STATUS_LABELS[input.to]}`,
      before: { status: from, status_comment: submission.status_comment ?? null },
      after: { status: input.to, status_comment: input.message },
    })
    return { id: changeId, hasSubmitter: submission.user_id !== null, from }
  })
  // A submission whose submitter has left has nobody to tell. The change stands if the queue
  // cannot take the mail: the administrator is told, and the change keeps `notified_at` empty.
  let mail: 'queued' | 'nobody' | 'failed' = 'nobody'
  if (change.hasSubmitter) {
    try {
      await SendSubmissionStatusMailJob.dispatch({ statusChangeId: change.id }).run()
      mail = 'queued'
    } catch (error) {
      logger.error({ err: error, statusChangeId: change.id }, 'submission status mail not queued')
      mail = 'failed'
    }
  }
  return { from: change.from as SubmissionStatus, to: input.to, mail }
}
