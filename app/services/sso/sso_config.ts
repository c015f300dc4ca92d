import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { IdentityProviderMetadata } from '#services/sso/idp_metadata'
import { affectedRows } from '#services/db/affected_rows'
import { emailDomain, ssoRefusalForUser, teamEmailDomains } from '#services/sso/sso_eligibility'

export interface TeamSsoConfig {
  teamId: number
  idpEntityId: string
  idpSsoUrl: string
  idpCertificate: string
  idpCertificateExpiresAt: string
  enabled: boolean
  required: boolean
  updatedAt: string | null
}

/** A change the team's settings do not allow, explained to the manager who asked for it. */
export class SsoConfigError extends Error {}

function toIso(value: unknown) {
  return value ? new Date(value as string | Date).toISOString() : null
}

function present(row: Record<string, any>): TeamSsoConfig {
  return {
    teamId: Number(row.team_id),
    idpEntityId: row.idp_entity_id,
    idpSsoUrl: row.idp_sso_url,
    idpCertificate: row.idp_certificate,
    idpCertificateExpiresAt: toIso(row.idp_certificate_expires_at) ?? '',
    enabled: Boolean(row.enabled),
    required: Boolean(row.required),
    updatedAt: toIso(row.updated_at ?? row.created_at),
  }
}

export async function ssoConfigForTeam(
  teamId: number,
  client: QueryClientContract = db.connection()
): Promise<TeamSsoConfig | null> {
  const row = await client.from('team_sso_configs').where('team_id', teamId).first()
  return row ? present(row) : null
}

function timestamp(client: QueryClientContract, value: DateTime = DateTime.now()) {
  return value.toFormat(client.dialect.dateTimeFormat)
}

/**
 * Stores the team's identity provider (replacing the previous one). Whether single sign-on is
 * on, and mandatory, stays as it was: a certificate rollover does not interrupt sign-in.
 */
export async function saveIdentityProvider(
  client: QueryClientContract,
  input: { teamId: number; userId: number | null; metadata: IdentityProviderMetadata; xml: string }
) {
  const now = timestamp(client)
  const values = {
    idp_entity_id: input.metadata.entityId,
    idp_sso_url: input.metadata.ssoUrl,
    idp_certificate: input.metadata.certificate,
    idp_certificate_expires_at: timestamp(
      client,
      DateTime.fromJSDate(input.metadata.certificateExpiresAt)
    ),
    metadata_xml: input.xml,
    updated_by_id: input.userId,
    updated_at: now,
  }
  const updated = await client
    .from('team_sso_configs')
    .where('team_id', input.teamId)
    .update(values)
  if (affectedRows(updated) === 0) {
    await client.table('team_sso_configs').insert({
      ...values,
      team_id: input.teamId,
      enabled: false,
      required: false,
      created_at: now,
    })
  }
}

/**
 * Turns single sign-on on or off and makes it mandatory or not. It can be turned on only once
 * an identity provider is saved, and it is mandatory only while it is on.
 */
export async function setSsoState(
  client: QueryClientContract,
  input: { teamId: number; userId: number | null; enabled: boolean; required: boolean }
) {
  const current = await client
    .from('team_sso_configs')
    .where('team_id', input.teamId)
    .forUpdate()
    .first()
  if (!current) {
    throw new SsoConfigError(
      'Upload your identity provider’s metadata before turning on single sign-on.'
    )
  }
  const domains = await teamEmailDomains(input.teamId, client)
  if (input.enabled && domains.length === 0) {
    throw new SsoConfigError(
      'Single sign-on needs your company’s email domain: your identity provider signs in only addresses at your team’s domains. Ask your Spendlens administrator to add it to your team, then turn single sign-on on.'
    )
  }
  const state = { enabled: input.enabled, required: input.enabled && input.required }
  await client
    .from('team_sso_configs')
    .where('team_id', input.teamId)
    .update({ ...state, updated_by_id: input.userId, updated_at: timestamp(client) })
  return {
    before: { enabled: Boolean(current.enabled), required: Boolean(current.required) },
    after: state,
  }
}

/**
 * The team whose identity provider signs in this email address: a team with single sign-on
 * on whose allowed email domains include the address's domain. (A team's identity provider
 * signs in only addresses at its own domains, so a team without domains has no single sign-on.)
 */
export async function ssoTeamForEmail(email: string): Promise<number | null> {
  const domain = emailDomain(email)
  if (!domain) return null
  const row = await db
    .from('team_sso_configs')
    .join('team_allowed_domains', 'team_allowed_domains.team_id', 'team_sso_configs.team_id')
    .where('team_sso_configs.enabled', true)
    .where('team_allowed_domains.domain', domain)
    .orderBy('team_sso_configs.team_id')
    .select('team_sso_configs.team_id')
    .first()
  return row ? Number(row.team_id) : null
}

/**
 * The name of the team that allows this account to sign in only through its identity
 * provider, or null. Mandatory single sign-on applies only to the accounts the identity
 * provider can sign in (see sso_eligibility.ts): never to administrators, to members of other
 * teams as well, or to addresses outside the team's domains — they keep their password (and
 * their own second factor), or they would be locked out.
 */
export async function teamRequiringSso(user: {
  id: number
  email: string
  isAdministrator: boolean
}): Promise<string | null> {
  if (user.isAdministrator) return null
  const teams = await db.from('team_user').where('user_id', user.id).select('team_id')
  if (teams.length !== 1) return null
  const teamId = Number(teams[0].team_id)
  const row = await db
    .from('team_sso_configs')
    .join('teams', 'teams.id', 'team_sso_configs.team_id')
    .where('team_sso_configs.team_id', teamId)
    .where('team_sso_configs.enabled', true)
    .where('team_sso_configs.required', true)
    .select('teams.name')
    .first()
  if (!row) return null
  return (await ssoRefusalForUser(user, teamId)) === null ? (row.name as string) : null
}

/** The member's role in the team ('member' or 'manager'), or null for a non-member. */
export async function teamRoleOf(userId: number, teamId: number): Promise<string | null> {
  const row = await db
    .from('team_user')
    .where({ user_id: userId, team_id: teamId })
    .select('role')
    .first()
  return (row?.role as string | undefined) ?? null
}
