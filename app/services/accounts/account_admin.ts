import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { ipAllowed } from '#services/teams/ip_policy'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import Team, { type Region } from '#models/team'
import {
  AccountError,
  AccountNotFound,
  cleanDomains,
  cleanIpRanges,
  refuseDisallowedDomain,
  teamReferences,
  writeTeamAllowLists,
} from '#services/accounts/accounts'
import { SUPER_ADMINISTRATOR_ROLE } from '#services/accounts/reference_data'
import { disableTwoFactor } from '#services/auth/two_factor'
import { endOtherSessions } from '#services/auth/user_sessions'
import { recentSecurityEvents, recentTeamSecurityEvents } from '#services/auth/security_log'
import { teamInvitations } from '#services/accounts/invitations'
import { ALL_PERMISSIONS, PERMISSIONS } from '#shared/permissions'
import type { TeamRole } from '#shared/team_roles'
import { TEAM_PASSWORD_MIN_LENGTH } from '#shared/team_security_policy'
import { TEAM_PASSWORD_LENGTH } from '#validators/messages'
import { insertReturningId } from '#services/db/insert'
import {
  forgetAllContexts,
  forgetTeam,
  forgetTeamAndMembers,
  forgetUser,
} from '#services/context/request_context'

export const ACCOUNTS_PER_PAGE = 25

function likePattern(text: string) {
  return `%${text.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`
}

function now(client: QueryClientContract) {
  return DateTime.now().toFormat(client.dialect.dateTimeFormat)
}

function iso(value: unknown) {
  if (!value) return null
  return (value instanceof Date ? value : new Date(value as string)).toISOString()
}

function pageMeta(meta: { total: number | string; currentPage: number; lastPage: number }) {
  return { total: Number(meta.total), currentPage: meta.currentPage, lastPage: meta.lastPage }
}

/* ------------------------------------------------------------------ teams */

/** Teams by name, with their member counts and settings at a glance; one query per page. */
export async function listTeams(filter: { q?: string; page: number }) {
  const members = db
    .from('team_user')
    .whereColumn('team_user.team_id', 'teams.id')
    .count('*')
    .as('member_count')
  const query = db
    .from('teams')
    .join('currencies', 'currencies.id', 'teams.currency_id')
    .join('team_types', 'team_types.id', 'teams.team_type_id')
    .select(
      'teams.id',
      'teams.name',
      'teams.region',
      'teams.require_two_factor',
      'currencies.code as currency',
      'team_types.name as team_type'
    )
    .select(members)
    .orderBy('teams.name')
  if (filter.q) query.whereRaw("lower(teams.name) like ? escape '\\'", [likePattern(filter.q)])
  const page = await query.paginate(filter.page, ACCOUNTS_PER_PAGE)
  return {
    teams: page.all().map((row) => ({
      id: row.id as number,
      name: row.name as string,
      region: row.region as string,
      currency: row.currency as string,
      teamType: row.team_type as string,
      members: Number(row.member_count),
      requireTwoFactor: Boolean(row.require_two_factor),
    })),
    meta: pageMeta(page.getMeta()),
  }
}

/** The choices a team form offers: currencies, team types, regions. */
export async function teamFormOptions() {
  const [currencies, teamTypes] = await Promise.all([
    db.from('currencies').select('code', 'name').orderBy('code'),
    db.from('team_types').select('key', 'name').orderBy('name'),
  ])
  return {
    currencies: currencies.map((row) => ({ code: row.code as string, name: row.name as string })),
    teamTypes: teamTypes.map((row) => ({ key: row.key as string, name: row.name as string })),
  }
}

export async function findTeam(teamId: number) {
  const team = await Team.query()
    .where('id', teamId)
    .preload('currency')
    .preload('teamType')
    .first()
  if (!team) throw new AccountNotFound('This team does not exist.')
  return team
}

/** Everything the team profile shows, in a fixed number of queries. */
export async function teamProfile(teamId: number) {
  const team = await Team.query()
    .join('currencies', 'currencies.id', 'teams.currency_id')
    .join('team_types', 'team_types.id', 'teams.team_type_id')
    .where('teams.id', teamId)
    .select('teams.*', 'currencies.code as currency_code', 'team_types.key as team_type_key')
    .first()
  if (!team) throw new AccountNotFound('This team does not exist.')
  const [members, modules, allowLists, invitations, options, events] = await Promise.all([
    db
      .from('team_user')
      .join('users', 'users.id', 'team_user.user_id')
      .where('team_user.team_id', teamId)
      .select(
        'users.id',
        'users.name',
        'users.email',
        'users.last_login_at',
        'users.disabled_at',
        'users.two_factor_confirmed_at',
        'team_user.role',
        'team_user.created_at as joined_at'
      )
      .orderBy('users.name'),
    // Every module, and whether the team holds it.
    db
      .from('modules')
      .join('products', 'products.id', 'modules.product_id')
      .leftJoin('team_modules', (join) =>
        join.on('team_modules.module_id', 'modules.id').andOnVal('team_modules.team_id', teamId)
      )
      .select(
        'modules.internal_name',
        'modules.name',
        'products.name as product',
        'team_modules.id as held'
      )
      .orderBy('products.name')
      .orderBy('modules.name'),
    // The allowed email domains and IP ranges, in one query.
    db
      .from('team_allowed_domains')
      .where('team_id', teamId)
      .select(db.raw(`'domain' as kind`), 'domain as value')
      .unionAll((ips) => {
        ips
          .from('team_allowed_ips')
          .where('team_id', teamId)
          .select(db.raw(`'ip' as kind`), 'cidr as value')
      })
      .orderBy('kind')
      .orderBy('value'),
    teamInvitations(teamId),
    teamFormOptions(),
    recentTeamSecurityEvents(teamId),
  ])
  // Not `team`: that prop is the signed-in administrator's own team menu in the shell.
  return {
    managedTeam: {
      id: team.id,
      name: team.name,
      currency: team.$extras.currency_code as string,
      teamType: team.$extras.team_type_key as string,
      region: team.region,
      requireTwoFactor: team.requireTwoFactor,
      passwordMinLength: team.passwordMinLength,
      allowSelfRegistration: team.allowSelfRegistration,
      modules: modules.filter((row) => row.held !== null).map((row) => row.internal_name as string),
      domains: allowLists.filter((row) => row.kind === 'domain').map((row) => row.value as string),
      ips: allowLists.filter((row) => row.kind === 'ip').map((row) => row.value as string),
    },
    members: members.map((row) => ({
      id: row.id as number,
      name: row.name as string,
      email: row.email as string,
      role: row.role as TeamRole,
      lastLoginAt: iso(row.last_login_at),
      joinedAt: iso(row.joined_at),
      disabled: row.disabled_at !== null,
      twoFactor: row.two_factor_confirmed_at !== null,
    })),
    modules: modules.map((row) => ({
      internalName: row.internal_name as string,
      name: row.name as string,
      product: row.product as string,
    })),
    invitations,
    events,
    ...options,
  }
}

export interface TeamDetails {
  name: string
  currencyCode: string
  teamTypeKey: string
  region: Region
}

export async function updateTeamDetails(teamId: number, input: TeamDetails) {
  return db.transaction(async (trx) => {
    await trx.from('teams').where('id', teamId).forUpdate().first()
    const before = await trx
      .from('teams')
      .join('currencies', 'currencies.id', 'teams.currency_id')
      .join('team_types', 'team_types.id', 'teams.team_type_id')
      .where('teams.id', teamId)
      .select('teams.name', 'teams.region', 'currencies.code', 'team_types.key')
      .first()
    if (!before) throw new AccountNotFound('This team does not exist.')
    const clash = await trx
      .from('teams')
      .whereRaw('lower(name) = ?', [input.name.toLowerCase()])
      .whereNot('id', teamId)
      .first()
    if (clash) throw new AccountError(`A team named "${input.name}" already exists.`)
    const references = await teamReferences(trx, input.currencyCode, input.teamTypeKey)
    const ids = { currency_id: references.currencyId, team_type_id: references.teamTypeId }
    await trx
      .from('teams')
      .where('id', teamId)
      .update({ name: input.name, region: input.region, ...ids, updated_at: now(trx) })
    await forgetTeamAndMembers(teamId, trx)
    return {
      before: {
        name: before.name as string,
        region: before.region as string,
        currency: before.code as string,
        teamType: before.key as string,
      },
      after: {
        name: input.name,
        region: input.region,
        currency: input.currencyCode,
        teamType: input.teamTypeKey,
      },
    }
  })
}

/** Replaces the team's modules (its products) with the given set. */
export async function setTeamModules(teamId: number, moduleNames: string[]) {
  return db.transaction(async (trx) => {
    await findTeamIn(trx, teamId)
    const modules = moduleNames.length
      ? await trx
          .from('modules')
          .whereIn('internal_name', moduleNames)
          .select('id', 'internal_name')
      : []
    const unknown = moduleNames.filter((name) => !modules.some((row) => row.internal_name === name))
    if (unknown.length) throw new AccountError(`Unknown module(s): ${unknown.join(', ')}.`)
    const before = await trx
      .from('team_modules')
      .join('modules', 'modules.id', 'team_modules.module_id')
      .where('team_modules.team_id', teamId)
      .select('modules.internal_name')
    await trx.from('team_modules').where('team_id', teamId).delete()
    if (modules.length) {
      const createdAt = now(trx)
      await trx
        .table('team_modules')
        .multiInsert(
          modules.map((row) => ({ team_id: teamId, module_id: row.id, created_at: createdAt }))
        )
    }
    await forgetTeam(teamId, trx)
    return {
      before: before.map((row) => row.internal_name as string).sort(),
      after: modules.map((row) => row.internal_name as string).sort(),
    }
  })
}

async function findTeamIn(client: QueryClientContract, teamId: number) {
  const team = await client.from('teams').where('id', teamId).first()
  if (!team) throw new AccountNotFound('This team does not exist.')
  return team as { id: number; name: string }
}

export interface TeamSecurityPolicy {
  requireTwoFactor: boolean
  passwordMinLength: number
  allowSelfRegistration: boolean
  domains: string[]
  ips: string[]
}

/**
 * Replaces the team's security policy. Domains that current members do not use and
 * self-registration without any domain are refused, so a policy never locks out people
 * silently.
 */
export async function setTeamSecurity(
  teamId: number,
  input: TeamSecurityPolicy,
  /** Who saves the policy, from where: a policy that would shut them out is refused. */
  actor?: { userId: number; ip: string }
) {
  const domains = cleanDomains(input.domains)
  const ips = cleanIpRanges(input.ips)
  if (
    input.passwordMinLength < TEAM_PASSWORD_MIN_LENGTH.lowest ||
    input.passwordMinLength > TEAM_PASSWORD_MIN_LENGTH.highest
  ) {
    throw new AccountError(TEAM_PASSWORD_LENGTH)
  }
  if (input.allowSelfRegistration && domains.length === 0) {
    throw new AccountError('Self-registration needs at least one allowed email domain.')
  }

  return db.transaction(async (trx) => {
    const team = await trx.from('teams').where('id', teamId).forUpdate().first()
    if (!team) throw new AccountNotFound('This team does not exist.')
    if (domains.length) {
      const members: { email: string }[] = await trx
        .from('team_user')
        .join('users', 'users.id', 'team_user.user_id')
        .where('team_user.team_id', teamId)
        .select('users.email')
      const outside = members
        .map((row) => row.email)
        .filter((email) => !domains.includes(email.split('@').pop()!.toLowerCase()))
      if (outside.length) {
        throw new AccountError(
          `These members use other domains: ${outside.slice(0, 5).join(', ')}${outside.length > 5 ? ` and ${outside.length - 5} more` : ''}. Remove them or allow their domains.`
        )
      }
    }
    if (actor && ips.length && !ipAllowed(actor.ip, ips)) {
      const member = await trx
        .from('team_user')
        .where({ team_id: teamId, user_id: actor.userId })
        .first()
      if (member) {
        throw new AccountError(
          `These IP ranges do not include your own address (${actor.ip}): as a member of ${team.name} you would be shut out of its pages. Add a range that includes your address.`
        )
      }
    }
    const oldDomains = await trx.from('team_allowed_domains').where('team_id', teamId)
    const oldIps = await trx.from('team_allowed_ips').where('team_id', teamId)
    const before = {
      requireTwoFactor: Boolean(team.require_two_factor),
      passwordMinLength: Number(team.password_min_length),
      allowSelfRegistration: Boolean(team.allow_self_registration),
      domains: oldDomains.map((row) => row.domain as string).sort(),
      ips: oldIps.map((row) => row.cidr as string).sort(),
    }
    await trx
      .from('teams')
      .where('id', teamId)
      .update({
        require_two_factor: input.requireTwoFactor,
        password_min_length: input.passwordMinLength,
        allow_self_registration: input.allowSelfRegistration,
        updated_at: now(trx),
      })
    await writeTeamAllowLists(trx, teamId, { domains, ips })
    await forgetTeamAndMembers(teamId, trx)
    const after = {
      requireTwoFactor: input.requireTwoFactor,
      passwordMinLength: input.passwordMinLength,
      allowSelfRegistration: input.allowSelfRegistration,
      domains,
      ips: [...ips].sort(),
    }
    return { team: team as { id: number; name: string }, before, after }
  })
}

/* ---------------------------------------------------------------- members */

/** Adds an existing user to the team; people without an account are invited instead. */
export async function addMember(teamId: number, email: string, role: TeamRole) {
  return db.transaction(async (trx) => {
    const team = await findTeamIn(trx, teamId)
    const user = await trx.from('users').where('email', email.trim().toLowerCase()).first()
    if (!user) {
      throw new AccountError(`No account uses ${email}. Send an invitation instead.`)
    }
    await refuseDisallowedDomain(trx, user.email, [team])
    const existing = await trx
      .from('team_user')
      .where({ team_id: teamId, user_id: user.id })
      .first()
    if (existing) throw new AccountError(`${user.email} is already a member of ${team.name}.`)
    await trx
      .table('team_user')
      .insert({ team_id: teamId, user_id: user.id, role, created_at: now(trx) })
    await forgetUser(user.id, trx)
    return { team, user: { id: user.id as number, email: user.email as string } }
  })
}

async function membership(client: QueryClientContract, teamId: number, userId: number) {
  const row = await client
    .from('team_user')
    .join('teams', 'teams.id', 'team_user.team_id')
    .where({ 'team_user.team_id': teamId, 'team_user.user_id': userId })
    .select('team_user.role', 'teams.name as team_name')
    .first()
  if (!row) throw new AccountError('This person is not a member of the team.')
  return row as { role: TeamRole; team_name: string }
}

export async function changeMemberRole(teamId: number, userId: number, role: TeamRole) {
  return db.transaction(async (trx) => {
    const before = await membership(trx, teamId, userId)
    await trx.from('team_user').where({ team_id: teamId, user_id: userId }).update({ role })
    await forgetUser(userId, trx)
    return { team: before.team_name, before: before.role, after: role }
  })
}

/** Removes a member; their current team falls back to another of their teams on next visit. */
export async function removeMember(teamId: number, userId: number) {
  return db.transaction(async (trx) => {
    const before = await membership(trx, teamId, userId)
    await trx.from('team_user').where({ team_id: teamId, user_id: userId }).delete()
    await trx
      .from('users')
      .where({ id: userId, current_team_id: teamId })
      .update({ current_team_id: null })
    await forgetUser(userId, trx)
    return { team: before.team_name, role: before.role }
  })
}

/* ------------------------------------------------------------------ users */

/** Users by name or email, with their teams and security state; a fixed number of queries. */
export async function listUsers(filter: { q?: string; page: number }) {
  const teamCount = db
    .from('team_user')
    .whereColumn('team_user.user_id', 'users.id')
    .count('*')
    .as('team_count')
  const query = db
    .from('users')
    .select(
      'users.id',
      'users.name',
      'users.email',
      'users.is_administrator',
      'users.disabled_at',
      'users.last_login_at',
      'users.two_factor_confirmed_at'
    )
    .select(teamCount)
    .orderBy('users.name')
    .orderBy('users.id')
  if (filter.q) {
    const pattern = likePattern(filter.q)
    query.where((inner) =>
      inner
        .whereRaw("lower(users.name) like ? escape '\\'", [pattern])
        .orWhereRaw("lower(users.email) like ? escape '\\'", [pattern])
    )
  }
  const page = await query.paginate(filter.page, ACCOUNTS_PER_PAGE)
  return {
    users: page.all().map((row) => ({
      id: row.id as number,
      name: row.name as string,
      email: row.email as string,
      administrator: Boolean(row.is_administrator),
      disabled: row.disabled_at !== null,
      lastLoginAt: iso(row.last_login_at),
      twoFactor: row.two_factor_confirmed_at !== null,
      teams: Number(row.team_count),
    })),
    meta: pageMeta(page.getMeta()),
  }
}

export async function findUser(userId: number) {
  const user = await User.find(userId)
  if (!user) throw new AccountNotFound('This user does not exist.')
  return user
}

export async function userProfile(userId: number) {
  const user = await findUser(userId)
  const [teams, roles, held, events] = await Promise.all([
    db
      .from('team_user')
      .join('teams', 'teams.id', 'team_user.team_id')
      .where('team_user.user_id', userId)
      .select('teams.id', 'teams.name', 'team_user.role', 'team_user.created_at')
      .orderBy('teams.name'),
    listRoles(),
    db.from('user_roles').where('user_id', userId).select('role_id'),
    recentSecurityEvents(userId, 15),
  ])
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      administrator: user.isAdministrator,
      disabled: user.disabledAt !== null,
      disabledAt: user.disabledAt?.toISO() ?? null,
      emailVerified: user.emailVerifiedAt !== null,
      lastLoginAt: user.lastLoginAt?.toISO() ?? null,
      createdAt: user.createdAt.toISO(),
      twoFactor: user.twoFactorConfirmedAt !== null,
      passwordChangedAt: user.passwordChangedAt.toISO(),
      passwordChangeRequired: user.passwordResetRequiredAt !== null,
      roleIds: held.map((row) => row.role_id as number),
    },
    teams: teams.map((row) => ({
      id: row.id as number,
      name: row.name as string,
      role: row.role as TeamRole,
      joinedAt: iso(row.created_at),
    })),
    roles,
    events,
  }
}

/**
 * At least one enabled administrator must keep account management, or nobody could undo a
 * mistake from the product.
 */
async function assertAccountAdministratorRemains(client: QueryClientContract) {
  const row = await client
    .from('users')
    .join('user_roles', 'user_roles.user_id', 'users.id')
    .join('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .join('permissions', 'permissions.id', 'role_permissions.permission_id')
    .where('users.is_administrator', true)
    .whereNull('users.disabled_at')
    .where('permissions.name', PERMISSIONS.viewAccounts)
    .select('users.id')
    .first()
  if (!row) {
    throw new AccountError(
      'This would leave no active administrator with account management. Give the permission to someone else first.'
    )
  }
}

export async function setUserDisabled(userId: number, disabled: boolean, actor: User) {
  if (disabled && userId === actor.id)
    throw new AccountError('You cannot disable your own account.')
  const user = await db.transaction(async (trx) => {
    const found = await User.find(userId, { client: trx })
    if (!found) throw new AccountNotFound('This user does not exist.')
    found.disabledAt = disabled ? (found.disabledAt ?? DateTime.now()) : null
    await found.save()
    if (disabled) await assertAccountAdministratorRemains(trx)
    return found
  })
  // A disabled account's sessions end at once, on every device.
  if (disabled) await endOtherSessions(user, null)
  return user
}

export async function resetUserTwoFactor(userId: number) {
  const user = await findUser(userId)
  if (!user.twoFactorConfirmedAt && !user.twoFactorSecret) {
    throw new AccountError(`${user.email} has no two-factor authentication to reset.`)
  }
  await disableTwoFactor(user.id)
  await endOtherSessions(user, null)
  return user
}

/** The user must choose a new password at their next sign-in; their sessions end now. */
export async function requirePasswordChange(userId: number) {
  const user = await findUser(userId)
  user.passwordResetRequiredAt = DateTime.now()
  await user.save()
  await endOtherSessions(user, null)
  return user
}

/** Whether the user holds account management (through an administrator role). */
async function managesAccounts(client: QueryClientContract, userId: number) {
  const row = await client
    .from('users')
    .join('user_roles', 'user_roles.user_id', 'users.id')
    .join('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .join('permissions', 'permissions.id', 'role_permissions.permission_id')
    .where('users.id', userId)
    .where('users.is_administrator', true)
    .where('permissions.name', PERMISSIONS.viewAccounts)
    .select('users.id')
    .first()
  return Boolean(row)
}

export const SELF_REMOVAL_WARNING =
  'You are removing your own access to Account Management: once saved, you can no longer open this page or change anyone’s access, and only another administrator can give it back. Confirm to continue.'

/**
 * Sets a user's administrator flag and roles. An administrator who takes their own account
 * management away (the flag, or the roles that carry it) must confirm it explicitly.
 */
export async function setAdministratorRoles(
  userId: number,
  input: { administrator: boolean; roleIds: number[]; confirmSelfRemoval?: boolean },
  actor?: { id: number }
) {
  if (!input.administrator && input.roleIds.length) {
    throw new AccountError('Only administrators hold administrator roles.')
  }
  return db.transaction(async (trx) => {
    const user = await User.find(userId, { client: trx })
    if (!user) throw new AccountNotFound('This user does not exist.')
    const roleIds = [...new Set(input.roleIds)]
    const roles = roleIds.length
      ? await trx.from('roles').whereIn('id', roleIds).select('id', 'name')
      : []
    if (roles.length !== roleIds.length) throw new AccountError('Unknown role.')
    const before = await trx
      .from('user_roles')
      .join('roles', 'roles.id', 'user_roles.role_id')
      .where('user_roles.user_id', userId)
      .select('roles.name')
    await trx.from('user_roles').where('user_id', userId).delete()
    if (roles.length) {
      const createdAt = now(trx)
      await trx
        .table('user_roles')
        .multiInsert(
          roles.map((role) => ({ user_id: userId, role_id: role.id, created_at: createdAt }))
        )
    }
    await trx.from('users').where('id', userId).update({ is_administrator: input.administrator })
    await forgetUser(userId, trx)
    await assertAccountAdministratorRemains(trx)
    // The actor reached this page through account management: losing it now is their doing.
    const removesOwnAccess = actor?.id === userId && !(await managesAccounts(trx, userId))
    if (removesOwnAccess && !input.confirmSelfRemoval) {
      throw new AccountError(SELF_REMOVAL_WARNING)
    }
    return {
      removedOwnAccess: removesOwnAccess,
      user,
      before: {
        administrator: user.isAdministrator,
        roles: before.map((row) => row.name as string).sort(),
      },
      after: {
        administrator: input.administrator,
        roles: roles.map((role) => role.name as string).sort(),
      },
    }
  })
}

/* ------------------------------------------------------------------ roles */

export async function listRoles() {
  const [roles, grants, holders] = await Promise.all([
    db.from('roles').select('id', 'name', 'description').orderBy('name'),
    db
      .from('role_permissions')
      .join('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select('role_permissions.role_id', 'permissions.name'),
    db.from('user_roles').select('role_id').count('* as total').groupBy('role_id'),
  ])
  return roles.map((role) => ({
    id: role.id as number,
    name: role.name as string,
    description: (role.description as string | null) ?? '',
    builtIn: role.name === SUPER_ADMINISTRATOR_ROLE,
    permissions: grants
      .filter((grant) => grant.role_id === role.id)
      .map((grant) => grant.name as string)
      .sort(),
    holders: Number(holders.find((row) => row.role_id === role.id)?.total ?? 0),
  }))
}

export interface RoleInput {
  name: string
  description: string
  permissions: string[]
}

async function writeRolePermissions(client: QueryClientContract, roleId: number, names: string[]) {
  const unknown = names.filter((name) => !ALL_PERMISSIONS.includes(name as never))
  if (unknown.length) throw new AccountError(`Unknown permission(s): ${unknown.join(', ')}.`)
  await client.from('role_permissions').where('role_id', roleId).delete()
  if (names.length === 0) return
  const rows = await client.from('permissions').whereIn('name', names).select('id')
  await client
    .table('role_permissions')
    .multiInsert(rows.map((row) => ({ role_id: roleId, permission_id: row.id })))
}

async function refuseDuplicateRoleName(client: QueryClientContract, name: string, id?: number) {
  const query = client.from('roles').whereRaw('lower(name) = ?', [name.toLowerCase()])
  if (id) query.whereNot('id', id)
  if (await query.first()) throw new AccountError(`A role named "${name}" already exists.`)
}

export async function createRole(input: RoleInput) {
  return db.transaction(async (trx) => {
    await refuseDuplicateRoleName(trx, input.name)
    const id = await insertReturningId(trx, 'roles', {
      name: input.name,
      description: input.description || null,
      created_at: now(trx),
    })
    await writeRolePermissions(trx, id, [...new Set(input.permissions)])
    return { id, after: { ...input, permissions: [...new Set(input.permissions)].sort() } }
  })
}

async function editableRole(client: QueryClientContract, roleId: number) {
  const role = await client.from('roles').where('id', roleId).forUpdate().first()
  if (!role) throw new AccountNotFound('This role does not exist.')
  if (role.name === SUPER_ADMINISTRATOR_ROLE) {
    throw new AccountError(
      'The super administrator role holds every permission; it cannot be changed.'
    )
  }
  return role as { id: number; name: string; description: string | null }
}

export async function updateRole(roleId: number, input: RoleInput) {
  return db.transaction(async (trx) => {
    const role = await editableRole(trx, roleId)
    await refuseDuplicateRoleName(trx, input.name, roleId)
    const granted = await trx
      .from('role_permissions')
      .join('permissions', 'permissions.id', 'role_permissions.permission_id')
      .where('role_permissions.role_id', roleId)
      .select('permissions.name')
    const before = granted.map((row) => row.name as string).sort()
    await trx
      .from('roles')
      .where('id', roleId)
      .update({ name: input.name, description: input.description || null, updated_at: now(trx) })
    const permissions = [...new Set(input.permissions)].sort()
    await writeRolePermissions(trx, roleId, permissions)
    await forgetAllContexts(trx)
    await assertAccountAdministratorRemains(trx)
    return {
      before: { name: role.name, description: role.description ?? '', permissions: before },
      after: { name: input.name, description: input.description, permissions },
    }
  })
}

export async function deleteRole(roleId: number) {
  return db.transaction(async (trx) => {
    const role = await editableRole(trx, roleId)
    const held = await trx.from('user_roles').where('role_id', roleId).count('* as total').first()
    if (Number(held?.total ?? 0) > 0) {
      throw new AccountError(
        `"${role.name}" is held by ${Number(held!.total)} administrator(s). Assign them other roles first.`
      )
    }
    await trx.from('roles').where('id', roleId).delete()
    return role
  })
}
