import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'

/**
 * The permission strings an administrator holds through their roles. Non-administrators hold
 * none, whatever roles may be attached to them.
 */
export async function permissionsFor(user: User): Promise<string[]> {
  if (!user.isAdministrator) {
    return []
  }
  const rows: { name: string }[] = await db
    .from('permissions')
    .join('role_permissions', 'role_permissions.permission_id', 'permissions.id')
    .join('user_roles', 'user_roles.role_id', 'role_permissions.role_id')
    .where('user_roles.user_id', user.id)
    .distinct('permissions.name')
    .orderBy('permissions.name')
  return rows.map((row) => row.name)
}
