import type User from '#models/user'
import { snapshotOf } from '#services/auth/cached_user_provider'
import { identitySnapshot } from '#services/context/request_context'

/**
 * The permission strings an administrator holds through their roles. Non-administrators hold
 * none, whatever roles may be attached to them.
 */
export async function permissionsFor(user: User): Promise<string[]> {
  if (!user.isAdministrator) {
    return []
  }
  const snapshot = snapshotOf(user) ?? (await identitySnapshot(user.id))
  return snapshot?.permissions ?? []
}
