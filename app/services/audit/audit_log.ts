import db from '@adonisjs/lucid/services/db'

export const AUDIT_PER_PAGE = 50

/**
 * The audit trail, newest first, filtered by entity type and user; with the filter choices.
 * Three queries whatever the size of the trail.
 */
export async function auditTrail(filter: { entityType?: string; userId?: number; page: number }) {
  const query = db
    .from('audit_logs')
    .leftJoin('users', 'users.id', 'audit_logs.user_id')
    .select(
      'audit_logs.id',
      'audit_logs.entity_type',
      'audit_logs.entity_id',
      'audit_logs.action',
      'audit_logs.summary',
      'audit_logs.before',
      'audit_logs.after',
      'audit_logs.created_at',
      'users.name as user_name',
      'users.email as user_email'
    )
    .orderBy('audit_logs.created_at', 'desc')
    .orderBy('audit_logs.id', 'desc')
  if (filter.entityType) query.where('audit_logs.entity_type', filter.entityType)
  if (filter.userId) query.where('audit_logs.user_id', filter.userId)

  const [page, entityTypes, users] = await Promise.all([
    query.paginate(filter.page, AUDIT_PER_PAGE),
    db.from('audit_logs').distinct('entity_type').orderBy('entity_type'),
    db
      .from('audit_logs')
      .join('users', 'users.id', 'audit_logs.user_id')
      .distinct('users.id', 'users.name')
      .orderBy('users.name'),
  ])
  const meta = page.getMeta() as { total: number; currentPage: number; lastPage: number }
  return {
    entries: page.all().map((row) => ({
      id: row.id as number,
      entityType: row.entity_type as string,
      entityId: (row.entity_id as number | null) ?? null,
      action: row.action as string,
      summary: row.summary as string,
      before: row.before ? (JSON.parse(row.before) as unknown) : null,
      after: row.after ? (JSON.parse(row.after) as unknown) : null,
      createdAt: new Date(row.created_at).toISOString(),
      user: row.user_name ? `${row.user_name} (${row.user_email})` : 'Former administrator',
    })),
    meta: { total: Number(meta.total), currentPage: meta.currentPage, lastPage: meta.lastPage },
    entityTypes: entityTypes.map((row) => row.entity_type as string),
    users: users.map((row) => ({ id: row.id as number, name: row.name as string })),
  }
}
