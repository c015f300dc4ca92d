import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { actingOperator } from '#services/imports/operator'

export type AuditAction = 'create' | 'update' | 'delete' | 'import'

/** Timestamps change on every write; they are not what an administrator changed. */
const IGNORED = new Set(['updated_at', 'created_at'])

function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !IGNORED.has(key))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, entry]) => [key, comparable(entry)])
    )
  }
  // Numbers read back from NUMERIC columns may be text ('12.50'): compare them as numbers.
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value)
  return value
}

/** True when an update's before and after hold the same values: nothing to record. */
export function isNoChange(before: unknown, after: unknown) {
  return JSON.stringify(comparable(before)) === JSON.stringify(comparable(after))
}

/**
 * Records an administrative write in the same transaction as the write itself, so that a write
 * never lands without its trail, nor a trail without its write. An update that changed nothing
 * leaves no entry.
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
  if (
    entry.action === 'update' &&
    entry.before !== undefined &&
    isNoChange(entry.before, entry.after)
  ) {
    return
  }
  // An import command acts for its operator (services/imports/operator.ts).
  const operator = actingOperator()
  await trx.table('audit_logs').insert({
    user_id: entry.userId,
    source: entry.userId === null || operator ? 'command_line' : 'web',
    operator: operator?.name ?? null,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    action: entry.action,
    summary: entry.summary.slice(0, 255),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    created_at: DateTime.now().toFormat(trx.dialect.dateTimeFormat),
  })
}
