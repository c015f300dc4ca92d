import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { affectedRows } from '#services/db/affected_rows'

/**
 * Sends the mail about one recorded change once however often its job runs: the row of `table`
 * is claimed (`notified_at`) before `send` runs, and released if sending fails so that a retry
 * sends it. `send` may return without sending (nobody to tell): the change stays claimed.
 * Whether this call claimed it (false: an earlier run did).
 */
export async function sendOnce(table: string, id: number, send: () => Promise<void>) {
  const claimedAt = DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)
  const claimed = await db
    .from(table)
    .where('id', id)
    .whereNull('notified_at')
    .update({ notified_at: claimedAt })
  if (affectedRows(claimed) === 0) return false
  try {
    await send()
  } catch (error) {
    await db.from(table).where('id', id).update({ notified_at: null })
    throw error
  }
  return true
}
