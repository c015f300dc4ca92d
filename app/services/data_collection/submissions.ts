import { randomUUID } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { HttpContext } from '@adonisjs/core/http'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import env from '#start/env'
import { insertReturningId } from '#services/db/insert'
import { NotFoundForTeam, toIsoDate } from '#services/market_data/benchmarks'
import { sendStoredFile } from '#services/http/stored_file'
import type { CollectionKind } from '#services/data_collection/collections'
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '#shared/data_collection'
import { fileNameOnly } from '#services/http/stored_file'

export const SUBMISSIONS_PER_PAGE = 25

/** Submissions are kept on the uploads disk under this prefix (both kinds). */
export const SUBMISSIONS_PREFIX = 'data-collection'

/** Where submissions are on the local (fs) uploads disk. */
export function uploadsDirectory() {
  return app.makePath(env.get('UPLOADS_PATH') || 'storage/uploads', SUBMISSIONS_PREFIX)
}

/**
 * The team's submissions to collections of the kind with a status (or all), newest first, one
 * page at a time, with the count per status for the filter. Three queries whatever the number
 * of submissions.
 */
export async function submissionsForTeam(
  teamId: number,
  kind: CollectionKind,
  status: SubmissionStatus | 'all',
  page: number
) {
  const query = db
    .from('data_collection_submissions')
    .join(
      'data_collections',
      'data_collections.id',
      'data_collection_submissions.data_collection_id'
    )
    .leftJoin('users', 'users.id', 'data_collection_submissions.user_id')
    .where('data_collection_submissions.team_id', teamId)
    .where('data_collections.kind', kind)
    .select(
      'data_collection_submissions.id',
      'data_collection_submissions.original_file_name',
      'data_collection_submissions.stored_file_name',
      'data_collection_submissions.file_size',
      'data_collection_submissions.additional_comments',
      'data_collection_submissions.delivery_date',
      'data_collection_submissions.status',
      'data_collection_submissions.status_comment',
      'data_collection_submissions.row_count',
      'data_collection_submissions.created_at',
      'data_collection_submissions.updated_at',
      'data_collections.name as collection_name',
      'users.name as submitted_by'
    )
    .orderBy('data_collection_submissions.created_at', 'desc')
    .orderBy('data_collection_submissions.id', 'desc')
  if (status !== 'all') query.where('data_collection_submissions.status', status)

  const [result, counts] = await Promise.all([
    query.paginate(page, SUBMISSIONS_PER_PAGE),
    db
      .from('data_collection_submissions')
      .join(
        'data_collections',
        'data_collections.id',
        'data_collection_submissions.data_collection_id'
      )
      .where('data_collection_submissions.team_id', teamId)
      .where('data_collections.kind', kind)
      .groupBy('data_collection_submissions.status')
      .select('data_collection_submissions.status')
      .count('* as total'),
  ])
  const { total, lastPage, currentPage } = result.getMeta() as {
    total: number
    lastPage: number
    currentPage: number
  }
  return {
    submissions: result.all().map((row) => ({
      id: row.id as number,
      collection: row.collection_name as string,
      fileName: row.original_file_name as string,
      hasFile: Boolean(row.stored_file_name),
      fileSize: Number(row.file_size),
      additionalComments: (row.additional_comments as string | null) ?? null,
      deliveryDate: toIsoDate(row.delivery_date),
      status: row.status as SubmissionStatus,
      statusLabel: SUBMISSION_STATUS_LABELS[row.status as SubmissionStatus] ?? row.status,
      statusComment: (row.status_comment as string | null) ?? null,
      rowCount: Number(row.row_count),
      submittedBy: (row.submitted_by as string | null) ?? 'Former member',
      submittedAt: new Date(row.created_at).toISOString(),
      updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    })),
    pagination: { total: Number(total), lastPage, currentPage },
    counts: Object.fromEntries(counts.map((row) => [row.status, Number(row.total)])) as Partial<
      Record<SubmissionStatus, number>
    >,
  }
}

/**
 * The stored file of one of the team's submissions to a collection of the kind, or null.
 */
export async function submissionFile(teamId: number, kind: CollectionKind, submissionId: number) {
  if (!Number.isSafeInteger(submissionId)) return null
  const row = await db
    .from('data_collection_submissions')
    .join(
      'data_collections',
      'data_collections.id',
      'data_collection_submissions.data_collection_id'
    )
    .where('data_collection_submissions.id', submissionId)
    .where('data_collection_submissions.team_id', teamId)
    .where('data_collections.kind', kind)
    .whereNotNull('data_collection_submissions.stored_file_name')
    .select(
      'data_collection_submissions.original_file_name',
      'data_collection_submissions.stored_file_name'
    )
    .first()
  if (!row) return null
  return {
    key: `${SUBMISSIONS_PREFIX}/${row.stored_file_name}`,
    name: row.original_file_name as string,
  }
}

/**
 * Sends the file of one of the team's submissions to a collection of the kind, as uploaded;
 * another team's, the other kind's or a submission without a file is not found (404).
 */
export async function sendSubmissionFile(
  response: HttpContext['response'],
  teamId: number,
  kind: CollectionKind,
  submissionId: number
) {
  const file = await submissionFile(teamId, kind, submissionId)
  if (!file) throw new NotFoundForTeam('Submission not found')
  return sendStoredFile(response, file.key, file.name)
}

/**
 * Stores an accepted upload: the submission (status submitted) and, through `writeRows`, what
 * was read from it, in one transaction, the file moved onto the uploads disk inside it. If
 * anything fails nothing is kept, file included.
 */
export async function storeSubmission(input: {
  teamId: number
  userId: number
  collectionId: number
  file: MultipartFile
  additionalComments: string | null
  deliveryDate: string
  rowCount: number
  writeRows: (trx: TransactionClientContract, submissionId: number) => Promise<void>
}) {
  const storedName = `${randomUUID()}.xlsx`
  const key = `${SUBMISSIONS_PREFIX}/${storedName}`
  let moved = false
  try {
    return await db.transaction(async (trx) => {
      const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
      const submissionId = await insertReturningId(trx, 'data_collection_submissions', {
        data_collection_id: input.collectionId,
        team_id: input.teamId,
        user_id: input.userId,
        original_file_name: fileNameOnly(input.file.clientName || 'upload.xlsx').slice(0, 255),
        stored_file_name: storedName,
        file_size: input.file.size,
        additional_comments: input.additionalComments,
        delivery_date: input.deliveryDate,
        status: 'submitted',
        row_count: input.rowCount,
        created_at: now,
        updated_at: now,
      })
      await input.writeRows(trx, submissionId)
      await input.file.moveToDisk(key)
      moved = true
      return submissionId
    })
  } catch (error) {
    if (moved)
      await drive
        .use()
        .delete(key)
        .catch(() => {})
    throw error
  }
}

/** Inserts rows in chunks that stay under SQLite's bound-parameter limit. */
export async function insertInChunks(
  trx: TransactionClientContract,
  table: string,
  records: Record<string, unknown>[],
  size = 500
) {
  for (let index = 0; index < records.length; index += size) {
    await trx.table(table).multiInsert(records.slice(index, index + size))
  }
}
