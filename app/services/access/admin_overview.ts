import db from '@adonisjs/lucid/services/db'

/**
 * Key counts for the admin home, in a single round trip.
 */
export async function adminOverviewCounts() {
  const row = await db
    .query()
    .select(
      db.from('teams').count('* as c').as('teams'),
      db.from('users').whereNull('disabled_at').count('* as c').as('users'),
      db.from('users').where('is_administrator', true).count('* as c').as('administrators'),
      db.from('feedback').count('* as c').as('feedback')
    )
    .first()
  return {
    teams: Number(row?.teams ?? 0),
    users: Number(row?.users ?? 0),
    administrators: Number(row?.administrators ?? 0),
    feedback: Number(row?.feedback ?? 0),
  }
}
