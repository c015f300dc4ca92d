import db from '@adonisjs/lucid/services/db'
import { PERMISSIONS } from '#shared/permissions'

export interface AdminOverviewCounts {
  teams?: number
  users?: number
  administrators?: number
  feedback?: number
}

/**
 * Key counts for the admin home, in a single round trip. Each count is part of an area: only
 * an administrator allowed into that area gets it (account counts with account management,
 * feedback with user feedback); the others are not even counted.
 */
export async function adminOverviewCounts(held: readonly string[]): Promise<AdminOverviewCounts> {
  const accounts = held.includes(PERMISSIONS.viewAccounts)
  const feedback = held.includes(PERMISSIONS.viewFeedback)
  if (!accounts && !feedback) return {}

  const counts = []
  if (accounts) {
    counts.push(
      db.from('teams').count('* as c').as('teams'),
      db.from('users').whereNull('disabled_at').count('* as c').as('users'),
      db.from('users').where('is_administrator', true).count('* as c').as('administrators')
    )
  }
  if (feedback) counts.push(db.from('feedback').count('* as c').as('feedback'))
  const row = await db
    .query()
    .select(...counts)
    .first()

  return {
    ...(accounts
      ? {
          teams: Number(row?.teams ?? 0),
          users: Number(row?.users ?? 0),
          administrators: Number(row?.administrators ?? 0),
        }
      : {}),
    ...(feedback ? { feedback: Number(row?.feedback ?? 0) } : {}),
  }
}
