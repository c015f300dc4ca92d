import { SessionLucidUserProvider } from '@adonisjs/auth/session'
import type { LucidAuthenticatable } from '@adonisjs/auth/types/session'
import type User from '#models/user'
import {
  identitySnapshot,
  modelFromRow,
  type IdentitySnapshot,
} from '#services/context/request_context'

const snapshots = new WeakMap<object, IdentitySnapshot>()

/**
 * The identity snapshot a request's user was built from (teams, permissions), so that the
 * middleware after authentication reads it without another lookup.
 */
export function snapshotOf(user: User): IdentitySnapshot | undefined {
  return snapshots.get(user)
}

/**
 * The session guard's user provider: the signed-in user comes from the request context cache
 * (one database read per change, not per request), rebuilt as a fresh model each request.
 */
export class CachedSessionUserProvider<
  Model extends LucidAuthenticatable,
> extends SessionLucidUserProvider<Model> {
  async findById(identifier: string | number | bigint) {
    const snapshot = await identitySnapshot(Number(identifier))
    if (!snapshot) return null
    const UserModel = await this.getModel()
    const user = modelFromRow(UserModel, snapshot.user) as InstanceType<Model>
    snapshots.set(user, snapshot)
    return this.createUserForGuard(user)
  }
}
