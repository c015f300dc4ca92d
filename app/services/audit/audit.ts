import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

export type AuditAction = 'create' | 'update' | 'delete' | 'import'

/**
 * Records an administrative write in the same transaction as the write itself, so that a write
 * never lands without its trail, nor a trail without its write.
 */
export async function audit(
  trx: TransactionClientContract,
  entry: {
    /** Null for an operator's command-line import. */
    userId: number | null
    entityType: string
    entityId: number | null
    action: AuditAction
    summary: string
    before?: unknown
    after?: unknown
  }
) {
  await trx.table('audit_logs').insert({
    user_id: entry.userId,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    action: entry.action,
    summary: entry.summary.slice(0, 255),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    created_at: DateTime.now().toFormat(trx.dialect.dateTimeFormat),
  })
}
