import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Viewer } from '#services/research/documents'

/**
 * What clients do with Research Insights beyond reading, kept for the research discovery
 * analytics: the text searches they run (with how many documents each found) and the weekly
 * digest's links they follow.
 *
 * The request does not wait for them: they are written together, one statement per table, at
 * most FLUSH_AFTER_MS later (or as soon as FLUSH_AT are waiting), and when the process stops.
 * A crash loses at most those few seconds of searches and clicks: figures, not records. In
 * tests nothing is written by a timer (each test runs in a transaction rolled back at its end,
 * which a timer would cross): a test writes what is waiting with `flushUsage()`.
 */

const FLUSH_AFTER_MS = 2000
const FLUSH_AT = 200

type UsageTable = 'research_searches' | 'research_digest_clicks'
const pending: Record<UsageTable, Record<string, unknown>[]> = {
  research_searches: [],
  research_digest_clicks: [],
}
let timer: NodeJS.Timeout | null = null

function keep(table: UsageTable, row: Record<string, unknown>) {
  pending[table].push(row)
  if (app.inTest) return
  if (pending[table].length >= FLUSH_AT) {
    void flushUsage()
    return
  }
  if (!timer) {
    timer = setTimeout(() => void flushUsage(), FLUSH_AFTER_MS)
    timer.unref()
  }
}

/** Writes the searches and clicks waiting (one statement per table). */
export async function flushUsage() {
  if (timer) clearTimeout(timer)
  timer = null
  for (const table of Object.keys(pending) as UsageTable[]) {
    const rows = pending[table].splice(0)
    if (!rows.length) continue
    try {
      await db.table(table).multiInsert(rows)
    } catch (error) {
      logger.warn({ err: error, table, rows: rows.length }, 'research usage was not recorded')
    }
  }
}

/** Forgets what is waiting (a test starting from nothing). */
export function discardPendingUsage() {
  for (const rows of Object.values(pending)) rows.splice(0)
}

// At shutdown what waits is written. Under test it is dropped instead: a test writes what it
// reads with flushUsage(), and by the end of the run the schema is gone.
app.terminating(() => (app.inTest ? discardPendingUsage() : flushUsage()))

const sqlTime = (time: DateTime) => time.toUTC().toFormat(db.connection().dialect.dateTimeFormat)

/** The longest search text kept (the column's width). */
const TERM_LENGTH = 200

/** A text search run on All research or My research (its first page), and what it found. */
export function recordSearch(viewer: Viewer, term: string, resultCount: number) {
  const text = term.trim().replace(/\s+/g, ' ').slice(0, TERM_LENGTH)
  if (!text) return
  keep('research_searches', {
    user_id: viewer.userId,
    team_id: viewer.teamId,
    term: text,
    result_count: resultCount,
    searched_at: sqlTime(DateTime.utc()),
  })
}

/** The query parameter a digest link carries: the ISO week of the digest it is in. */
export const DIGEST_WEEK_PARAM = 'digest'

export type DigestTarget = 'document' | 'theme' | 'trending'

/** The digest week a link names (`2026-W48`), or null when the visit did not come from one. */
export function digestWeekOf(qs: Record<string, unknown>): string | null {
  const value = qs[DIGEST_WEEK_PARAM]
  if (typeof value !== 'string' || !/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/.test(value)) return null
  return value
}

/**
 * A digest link followed: recorded when the visit names a digest week (the links the digest
 * builds do, app/services/research/digest.ts). Returns whether it was one.
 */
export function recordDigestClick(
  viewer: Pick<Viewer, 'userId'>,
  qs: Record<string, unknown>,
  target: DigestTarget,
  documentId: number | null = null
) {
  const week = digestWeekOf(qs)
  if (!week) return false
  keep('research_digest_clicks', {
    user_id: viewer.userId,
    week,
    target,
    document_id: documentId,
    clicked_at: sqlTime(DateTime.utc()),
  })
  return true
}
