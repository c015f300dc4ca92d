import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Who a team's identity provider may sign in. The identity provider is chosen by the team's
 * managers, so whoever holds its key can assert any email address: it is trusted only for
 * accounts that are the team's own — an address at one of the team's allowed email domains
 * (set by Spendlens administrators, never by the team), a member of this team and of no other,
 * and never an administrator, who always signs in with a password and their own second factor.
 */
export type SsoRefusal = 'administrator' | 'other_team' | 'domain' | 'not_a_member'

export interface SsoCandidate {
  email: string
  isAdministrator: boolean
  /** The ids of every team the account belongs to. */
  teamIds: number[]
}

export function emailDomain(email: string) {
  const at = email.lastIndexOf('@')
  return at === -1
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase()
}

/** Why the team's identity provider may not sign this account in, or null when it may. */
export function ssoRefusalFor(
  candidate: SsoCandidate,
  teamId: number,
  teamDomains: string[]
): SsoRefusal | null {
  if (candidate.isAdministrator) return 'administrator'
  if (!candidate.teamIds.includes(teamId)) return 'not_a_member'
  if (candidate.teamIds.some((id) => id !== teamId)) return 'other_team'
  if (!teamDomains.includes(emailDomain(candidate.email))) return 'domain'
  return null
}

export async function teamEmailDomains(
  teamId: number,
  client: QueryClientContract = db.connection()
): Promise<string[]> {
  const rows = await client.from('team_allowed_domains').where('team_id', teamId).select('domain')
  return rows.map((row) => String(row.domain).toLowerCase())
}

async function teamIdsOf(userId: number): Promise<number[]> {
  const rows = await db.from('team_user').where('user_id', userId).select('team_id')
  return rows.map((row) => Number(row.team_id))
}

/** The refusal for a stored account, read from the database. */
export async function ssoRefusalForUser(
  user: { id: number; email: string; isAdministrator: boolean },
  teamId: number
): Promise<SsoRefusal | null> {
  const [teamIds, domains] = await Promise.all([teamIdsOf(user.id), teamEmailDomains(teamId)])
  return ssoRefusalFor(
    { email: user.email, isAdministrator: user.isAdministrator, teamIds },
    teamId,
    domains
  )
}

/**
 * Whether the team's identity provider may sign in the account with this address: an account
 * that exists, is not disabled and passes ssoRefusalForUser — what the assertion consumer
 * service checks (saml_sign_in.ts). Checked before sending anyone to the identity provider.
 */
export async function ssoMaySignIn(email: string, teamId: number): Promise<boolean> {
  const user = await db
    .from('users')
    .where('email', email.trim().toLowerCase())
    .select('id', 'email', 'is_administrator', 'disabled_at')
    .first()
  if (!user || user.disabled_at) return false
  const refusal = await ssoRefusalForUser(
    { id: Number(user.id), email: user.email, isAdministrator: Boolean(user.is_administrator) },
    teamId
  )
  return refusal === null
}

export interface SsoAudienceMember {
  name: string
  email: string
  /** Null when the identity provider signs this member in; otherwise why it does not. */
  refusal: SsoRefusal | null
}

/**
 * The team's members, each with whether the team's identity provider can sign them in (and so
 * whether mandatory single sign-on applies to them). Three queries whatever the team's size.
 */
export async function ssoAudience(teamId: number): Promise<SsoAudienceMember[]> {
  const [members, domains, otherTeams] = await Promise.all([
    db
      .from('users')
      .join('team_user', 'team_user.user_id', 'users.id')
      .where('team_user.team_id', teamId)
      .whereNull('users.disabled_at')
      .orderBy('users.name')
      .select('users.id', 'users.name', 'users.email', 'users.is_administrator'),
    teamEmailDomains(teamId),
    db
      .from('team_user as own')
      .join('team_user as other', 'other.user_id', 'own.user_id')
      .where('own.team_id', teamId)
      .whereNot('other.team_id', teamId)
      .distinct('own.user_id'),
  ])
  const inOtherTeams = new Set(otherTeams.map((row) => Number(row.user_id)))
  return members.map((row) => ({
    name: row.name,
    email: row.email,
    refusal: ssoRefusalFor(
      {
        email: row.email,
        isAdministrator: Boolean(row.is_administrator),
        teamIds: inOtherTeams.has(Number(row.id)) ? [teamId, -1] : [teamId],
      },
      teamId,
      domains
    ),
  }))
}
