import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import cache from '@adonisjs/cache/services/main'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { dashboardForTeam, type DashboardProduct } from '#services/teams/dashboard'

/**
 * What every signed-in request needs before its controller runs — who the user is, their
 * teams, an administrator's permissions, the current team with its currency, modules and
 * network policy — read from the database once and then served from the context cache
 * (config/cache.ts). Every change that affects it calls one of the `forget…` functions below,
 * after its transaction commits, so the next request sees it; entries also expire on their own.
 *
 * Rows are kept as plain column → value objects (dates as SQL strings), so they survive the
 * Redis layer, and models are rebuilt from them per request: a request may change its own copy.
 * Secrets (password hash, two-factor secret and recovery codes) are never cached.
 */

export type ContextRow = Record<string, string | number | boolean | null>

export interface IdentitySnapshot {
  user: ContextRow
  /** The user's teams by name, with whether each requires two-factor authentication. */
  teams: { id: number; name: string; requireTwoFactor: boolean }[]
  /** An administrator's permission strings through their roles; none for anyone else. */
  permissions: string[]
}

export interface TeamSnapshot {
  team: ContextRow
  currency: ContextRow
  moduleNames: string[]
  /** The team's products with the modules it holds (the dashboard's cards). */
  products: DashboardProduct[]
  /** The team's allowed IPv4/IPv6 ranges (canonical CIDR); empty means any address. */
  allowedRanges: string[]
}

const SECRET_COLUMNS = new Set([
  'password',
  'two_factor_secret',
  'two_factor_recovery_codes',
  'two_factor_last_step',
])

const identityKey = (userId: number) => `identity:${userId}`
const teamKey = (teamId: number) => `team:${teamId}`

function plainRow(row: Record<string, unknown>, omit: Set<string> = new Set()): ContextRow {
  const plain: ContextRow = {}
  for (const [column, value] of Object.entries(row)) {
    if (omit.has(column)) continue
    plain[column] =
      value instanceof Date
        ? DateTime.fromJSDate(value).toUTC().toSQL()
        : (value as string | number | boolean | null)
  }
  return plain
}

async function loadIdentity(userId: number): Promise<IdentitySnapshot | null> {
  const user = await db.from('users').where('id', userId).first()
  if (!user) return null
  const teams = await db
    .from('teams')
    .join('team_user', 'team_user.team_id', 'teams.id')
    .where('team_user.user_id', userId)
    .select('teams.id', 'teams.name', 'teams.require_two_factor')
    .orderBy('teams.name', 'asc')
  const permissions: { name: string }[] = user.is_administrator
    ? await db
        .from('permissions')
        .join('role_permissions', 'role_permissions.permission_id', 'permissions.id')
        .join('user_roles', 'user_roles.role_id', 'role_permissions.role_id')
        .where('user_roles.user_id', userId)
        .distinct('permissions.name')
        .orderBy('permissions.name')
    : []
  return {
    user: plainRow(user, SECRET_COLUMNS),
    teams: teams.map((team) => ({
      id: Number(team.id),
      name: team.name,
      requireTwoFactor: Boolean(team.require_two_factor),
    })),
    permissions: permissions.map((row) => row.name),
  }
}

async function loadTeam(teamId: number): Promise<TeamSnapshot | null> {
  const team = await db.from('teams').where('id', teamId).first()
  if (!team) return null
  const [currency, modules, ranges, products] = await Promise.all([
    db.from('currencies').where('id', team.currency_id).first(),
    db
      .from('modules')
      .join('team_modules', 'team_modules.module_id', 'modules.id')
      .where('team_modules.team_id', teamId)
      .select('modules.internal_name')
      .orderBy('modules.internal_name'),
    db.from('team_allowed_ips').where('team_id', teamId).select('cidr').orderBy('cidr'),
    dashboardForTeam(teamId),
  ])
  return {
    team: plainRow(team),
    currency: plainRow(currency ?? {}),
    moduleNames: modules.map((row: { internal_name: string }) => row.internal_name),
    allowedRanges: ranges.map((row: { cidr: string }) => row.cidr),
    products,
  }
}

/**
 * When this process last dropped each key (and the whole cache): a value loaded before a drop
 * may hold the rows from before the change, so it is used for its request but not stored.
 */
const forgottenAt = new Map<string, number>()
let clearedAt = 0

function noteForgotten(keys: string[]) {
  const now = performance.now()
  for (const key of keys) forgottenAt.set(key, now)
  if (forgottenAt.size > 10_000) {
    for (const [key, at] of forgottenAt) if (now - at > 60_000) forgottenAt.delete(key)
  }
}

/**
 * Reads through the cache; a missing user or team is not remembered (ids can come back once a
 * rolled-back or deleted row's id is reused).
 */
async function remember<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
  const cached = await cache.get<T>({ key })
  if (cached !== undefined && cached !== null) return cached
  const startedAt = performance.now()
  const value = await load()
  const changedSince = Math.max(forgottenAt.get(key) ?? 0, clearedAt) >= startedAt
  // Filling the cache from the database is not a change: other processes keep their copies.
  if (value !== null && !changedSince) await cache.set({ key, value, skipBusNotify: true })
  return value
}

/**
 * A model rebuilt from a cached row: the row's columns are parsed (dates) once per cached
 * entry, and each request gets its own instance with shallow copies of the attributes (dates
 * are immutable), so a request may change and save its copy without touching the cache.
 */
const templates = new WeakMap<ContextRow, { $attributes: any; $original: any }>()

export function modelFromRow<Model extends LucidModel>(
  Model: Model,
  row: ContextRow
): InstanceType<Model> {
  let template = templates.get(row)
  if (!template) {
    template = Model.$createFromAdapterResult(row)!
    templates.set(row, template)
  }
  const model = new Model() as InstanceType<Model>
  model.$attributes = { ...template.$attributes }
  model.$original = { ...template.$original }
  model.$isPersisted = true
  model.$isLocal = false
  return model
}

export function identitySnapshot(userId: number) {
  return remember(identityKey(userId), () => loadIdentity(userId))
}

export function teamSnapshot(teamId: number) {
  return remember(teamKey(teamId), () => loadTeam(teamId))
}

/**
 * Invalidations started by a commit and still on their way to the cache (and, through its bus,
 * to the other instances). The application waits for them before it stops, so a command that
 * ends right after its transaction does not cut them off.
 */
const inFlight = new Set<Promise<unknown>>()

app.terminating(async () => {
  await Promise.allSettled([...inFlight])
})

/**
 * Runs `forget` now and, inside a transaction, once more after it commits: a request that
 * read the old rows between the two would otherwise put them back in the cache.
 */
async function afterCommit(
  trx: TransactionClientContract | null | undefined,
  forget: () => Promise<unknown>
) {
  await forget()
  if (trx && !trx.isCompleted) {
    trx.after('commit', () => {
      const running = forget()
        .catch((error) => logger.error({ err: error }, 'Dropping a cached context failed'))
        .finally(() => inFlight.delete(running))
      inFlight.add(running)
    })
  }
}

function forgetKeys(keys: string[], trx?: TransactionClientContract | null) {
  if (keys.length === 0) return Promise.resolve()
  return afterCommit(trx, () => {
    noteForgotten(keys)
    return cache.deleteMany({ keys })
  })
}

/** The user's account, teams, current team or roles changed. */
export function forgetUser(userId: number, trx?: TransactionClientContract | null) {
  return forgetKeys([identityKey(userId)], trx)
}

export function forgetUsers(userIds: number[], trx?: TransactionClientContract | null) {
  return forgetKeys(userIds.map(identityKey), trx)
}

/** The team's row (name, currency, policy), modules or network ranges changed. */
export function forgetTeam(teamId: number, trx?: TransactionClientContract | null) {
  return forgetKeys([teamKey(teamId)], trx)
}

/**
 * The team's name or two-factor policy changed, which its members' identities carry too; a
 * rare administrative change, so every member's identity is dropped.
 */
export async function forgetTeamAndMembers(teamId: number, trx?: TransactionClientContract | null) {
  const members: { user_id: number }[] = await (trx ?? db)
    .from('team_user')
    .where('team_id', teamId)
    .select('user_id')
  await forgetTeam(teamId, trx)
  await forgetUsers(
    members.map((row) => Number(row.user_id)),
    trx
  )
}

/** Roles or their permissions changed: every identity is dropped (a rare change). */
export function forgetAllContexts(trx?: TransactionClientContract | null) {
  return afterCommit(trx, () => {
    clearedAt = performance.now()
    return cache.clear()
  })
}
