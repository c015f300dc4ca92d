import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { parseCidr } from '#services/teams/ip_policy'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import Team, { type Region } from '#models/team'
import Module from '#models/module'
import Role from '#models/role'
import { forgetTeam, forgetTeamAndMembers } from '#services/context/request_context'

/**
 * A refused account change; its message tells the administrator or user why. (An expected
 * refusal: answered, never reported as a server error.)
 */
export class AccountError extends Error {
  status = 422
}

/** The team, user, role or invitation addressed does not exist. */
export class AccountNotFound extends AccountError {
  status = 404
}

export interface NewTeam {
  name: string
  currencyCode: string
  teamTypeKey: string
  region: Region
  moduleNames?: string[]
  /** Members must set up two-factor authentication before reaching anything. */
  requireTwoFactor?: boolean
  /** IPv4/IPv6 CIDR ranges members must come from (none: no restriction). */
  allowedIps?: string[]
  /** Email domains members must use (none: any domain). */
  allowedDomains?: string[]
}

/**
 * Creates a team with its currency, type and modules. Unknown references are refused with a
 * message naming them; nothing is written then.
 */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

/** Email domains as a team keeps them: lower case, without "@", once each, sorted. */
export function cleanDomains(list: string[]) {
  const domains = [...new Set(list.map((domain) => domain.trim().toLowerCase().replace(/^@/, '')))]
    .filter(Boolean)
    .sort()
  const bad = domains.filter((domain) => !DOMAIN.test(domain))
  if (bad.length) throw new AccountError(`Not an email domain: ${bad.join(', ')}.`)
  return domains
}

/**
 * IPv4/IPv6 addresses or CIDR ranges in their canonical form ('10.0.0.1/8' → '10.0.0.0/8'),
 * once each; anything else is refused by name.
 */
export function cleanIpRanges(list: string[]) {
  const ranges = list.map((range) => range.trim()).filter(Boolean)
  const bad = ranges.filter((range) => !parseCidr(range))
  if (bad.length) {
    throw new AccountError(
      `Not an IP address or range: ${bad.join(', ')}. Use forms like 203.0.113.0/24 or 2001:db8::/32.`
    )
  }
  return [...new Set(ranges.map((range) => parseCidr(range)!.cidr))]
}

/** Replaces a team's allowed domains and IP ranges (already cleaned). */
export async function writeTeamAllowLists(
  trx: TransactionClientContract,
  teamId: number,
  lists: { domains: string[]; ips: string[] }
) {
  const createdAt = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
  await trx.from('team_allowed_domains').where('team_id', teamId).delete()
  if (lists.domains.length) {
    await trx
      .table('team_allowed_domains')
      .multiInsert(
        lists.domains.map((domain) => ({ team_id: teamId, domain, created_at: createdAt }))
      )
  }
  await trx.from('team_allowed_ips').where('team_id', teamId).delete()
  if (lists.ips.length) {
    await trx
      .table('team_allowed_ips')
      .multiInsert(lists.ips.map((cidr) => ({ team_id: teamId, cidr, created_at: createdAt })))
  }
  await forgetTeam(teamId, trx)
}

/** The currency and team type a team form names; unknown ones are refused by name. */
export async function teamReferences(
  client: QueryClientContract,
  currencyCode: string,
  teamTypeKey: string
) {
  const currency = await client.from('currencies').where('code', currencyCode.toUpperCase()).first()
  if (!currency) throw new AccountError(`Unknown currency "${currencyCode}".`)
  const teamType = await client.from('team_types').where('key', teamTypeKey).first()
  if (!teamType) throw new AccountError(`Unknown team type "${teamTypeKey}".`)
  return { currencyId: currency.id as number, teamTypeId: teamType.id as number }
}

/**
 * A team with allowed email domains accepts only members whose address uses one of them.
 */
export async function refuseDisallowedDomain(
  trx: QueryClientContract,
  email: string,
  teams: { id: number; name: string }[]
) {
  const rows = await trx
    .from('team_allowed_domains')
    .whereIn(
      'team_id',
      teams.map((team) => team.id)
    )
    .select('team_id', 'domain')
  refuseDomainOutside(email, teams, rows)
}

/** The same rule, on the teams' allowed domains already read. */
export function refuseDomainOutside(
  email: string,
  teams: { id: number; name: string }[],
  allowedDomains: { team_id: number; domain: string }[]
) {
  const domain = email.split('@').pop()!.toLowerCase()
  for (const team of teams) {
    const allowed = allowedDomains.filter((row) => row.team_id === team.id).map((row) => row.domain)
    if (allowed.length && !allowed.includes(domain)) {
      throw new AccountError(
        `${team.name} accepts only members with an address at ${allowed.join(', ')}.`
      )
    }
  }
}

/** Team names are unique ignoring case: "Northbridge" and "NORTHBRIDGE" are the same team. */
export function sameTeamName(a: string, b: string) {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/** The teams with these names, matched as `sameTeamName` does. */
export async function teamsNamed(client: QueryClientContract, names: string[]) {
  if (names.length === 0) return []
  const lowered = [...new Set(names.map((name) => name.trim().toLowerCase()))]
  return Team.query({ client })
    .whereRaw(`lower(name) in (${lowered.map(() => '?').join(', ')})`, lowered)
    .exec()
}

export async function createTeam(input: NewTeam, client?: TransactionClientContract) {
  const run = async (trx: TransactionClientContract) => {
    const sameName = await teamsNamed(trx, [input.name])
    if (sameName.length) {
      throw new AccountError(`A team named "${input.name}" already exists.`)
    }
    const { currencyId, teamTypeId } = await teamReferences(
      trx,
      input.currencyCode,
      input.teamTypeKey
    )

    const moduleNames = input.moduleNames ?? []
    const modules = moduleNames.length
      ? await Module.query({ client: trx }).whereIn('internal_name', moduleNames)
      : []
    const missing = moduleNames.filter(
      (name) => !modules.some((module) => module.internalName === name)
    )
    if (missing.length) throw new AccountError(`Unknown module(s): ${missing.join(', ')}.`)

    const team = await Team.create(
      { name: input.name, currencyId, teamTypeId, region: input.region },
      { client: trx }
    )
    if (modules.length) await team.related('modules').attach(modules.map((module) => module.id))
    await writeTeamAllowLists(trx, team.id, {
      ips: cleanIpRanges(input.allowedIps ?? []),
      domains: cleanDomains(input.allowedDomains ?? []),
    })
    if (input.requireTwoFactor) {
      await trx.from('teams').where('id', team.id).update({ require_two_factor: true })
      await forgetTeamAndMembers(team.id, trx)
    }
    return team
  }
  return client ? run(client) : db.transaction(run)
}

export interface NewUser {
  name: string
  email: string
  password: string
  teamNames?: string[]
  isAdministrator?: boolean
  roleNames?: string[]
  emailVerified?: boolean
  passwordChangedAt?: DateTime
  /** Whether the first-time navigation tour is offered (default: yes). */
  showTour?: boolean
}

/**
 * Creates a user in their teams (the first named becomes the current team) and, for
 * administrators, with their roles.
 */
export async function createUser(input: NewUser, client?: TransactionClientContract) {
  const run = async (trx: TransactionClientContract) => {
    const email = input.email.trim().toLowerCase()
    if (await User.query({ client: trx }).where('email', email).first()) {
      throw new AccountError(`A user with the email "${email}" already exists.`)
    }
    const teamNames = input.teamNames ?? []
    const teams = await teamsNamed(trx, teamNames)
    const missingTeams = teamNames.filter(
      (name) => !teams.some((team) => sameTeamName(team.name, name))
    )
    if (missingTeams.length) throw new AccountError(`Unknown team(s): ${missingTeams.join(', ')}.`)

    const roleNames = input.roleNames ?? []
    if (roleNames.length && !input.isAdministrator) {
      throw new AccountError('Only administrators can hold admin roles.')
    }
    const roles = roleNames.length
      ? await Role.query({ client: trx }).whereIn('name', roleNames)
      : []
    const missingRoles = roleNames.filter((name) => !roles.some((role) => role.name === name))
    if (missingRoles.length) throw new AccountError(`Unknown role(s): ${missingRoles.join(', ')}.`)

    const firstTeam = teams.find((team) => sameTeamName(team.name, teamNames[0] ?? ''))
    const user = await User.create(
      {
        name: input.name.trim(),
        email,
        password: input.password,
        isAdministrator: input.isAdministrator ?? false,
        emailVerifiedAt: input.emailVerified === false ? null : DateTime.now(),
        passwordChangedAt: input.passwordChangedAt ?? DateTime.now(),
        currentTeamId: firstTeam?.id ?? null,
        shouldShowMainNavUserTour: input.showTour ?? true,
      },
      { client: trx }
    )
    if (teams.length) {
      await refuseDisallowedDomain(trx, email, teams)
      await user.related('teams').attach(teams.map((team) => team.id))
    }
    if (roles.length) await user.related('roles').attach(roles.map((role) => role.id))
    return user
  }
  return client ? run(client) : db.transaction(run)
}
