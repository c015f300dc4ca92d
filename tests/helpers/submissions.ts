import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import { insertReturningId } from '#services/db/insert'
import { SUBMISSIONS_PREFIX } from '#services/data_collection/submissions'

/*
 * Data collections and their submissions written directly, for the administration tests: any
 * kind, year, due date and status, with or without a stored file.
 */

const now = () => DateTime.now().toFormat(db.connection().dialect.dateTimeFormat)
let sequence = 0

export async function makeCollection(
  teamId: number,
  options: {
    kind?: 'rsa' | 'market_data'
    year?: number | null
    dueDate?: string | null
    status?: 'open' | 'closed'
    name?: string
  } = {}
) {
  const kind = options.kind ?? 'rsa'
  const year = options.year === undefined ? (kind === 'rsa' ? 2024 : null) : options.year
  return insertReturningId(db.connection(), 'data_collections', {
    team_id: teamId,
    name: options.name ?? (kind === 'rsa' ? `Research spend ${year}` : 'Market data contracts'),
    due_date: options.dueDate === undefined ? `${year ?? 2024}-03-31` : options.dueDate,
    status: options.status ?? 'open',
    kind,
    year,
    created_at: now(),
  })
}

export async function makeSubmission(
  teamId: number,
  collectionId: number,
  options: {
    status?: string
    userId?: number | null
    fileName?: string
    withFile?: boolean
    content?: string
    createdAt?: string
  } = {}
) {
  const storedName = options.withFile === false ? null : `admin-test-${++sequence}.xlsx`
  if (storedName) {
    await drive.use().put(`${SUBMISSIONS_PREFIX}/${storedName}`, options.content ?? 'workbook')
  }
  return insertReturningId(db.connection(), 'data_collection_submissions', {
    data_collection_id: collectionId,
    team_id: teamId,
    user_id: options.userId ?? null,
    original_file_name: options.fileName ?? 'research-spend.xlsx',
    stored_file_name: storedName,
    file_size: 8,
    delivery_date: '2024-02-20',
    status: options.status ?? 'submitted',
    row_count: 3,
    created_at: options.createdAt ?? now(),
  })
}
