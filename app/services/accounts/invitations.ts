import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { appUrl } from '#config/app'
import type User from '#models/user'
import Team from '#models/team'
import TeamInvitationMail from '#mails/team_invitation_mail'
import { fingerprint } from '#services/auth/signed_links'
import { sameFingerprint } from '#services/auth/password_reset'
import {
  AccountError,
  AccountNotFound,
  createUser,
  refuseDisallowedDomain,
} from '#services/accounts/accounts'
import { assertPasswordPolicy, minimumLengthForTeams } from '#services/auth/password_policy'
import type { TeamRole } from '#shared/team_roles'
import { affectedRows } from '#services/db/affected_rows'
import { forgetUser } from '#services/context/request_context'

export const INVITATION_TTL_DAYS = 7

export interface InvitationRow {
  id: number
  team_id: number
  email: string
  role: TeamRole
  invited_by_id: number | null
  nonce: string
  expires_at: string | Date
  last_sent_at: string | Date
  send_count: number
  accepted_at: string | Date | null
  revoked_at: string | Date | null
  created_at: string | Date
}

export type InvitationStatus = 'pending' | 'expired' | 'accepted' | 'revoked'

function toDate(value: string | Date) {
  return value instanceof Date ? value : new Date(value)
}

export function invitationStatus(row: InvitationRow, now = new Date()): InvitationStatus {
  if (row.accepted_at) return 'accepted'
  if (row.revoked_at) return 'revoked'
  return toDate(row.expires_at) <= now ? 'expired' : 'pending'
}

function invitationFingerprint(row: Pick<InvitationRow, 'id' | 'nonce' | 'email'>) {
  return fingerprint('team-invitation', String(row.id), row.nonce, row.email)
}

/**
 * The link in the invitation mail: signed, expiring with the invitation, and tied to its latest
 * send (a resend makes earlier links stop working).
 */
export function invitationUrl(row: Pick<InvitationRow, 'id' | 'nonce' | 'email'>) {
  return signedUrlFor(
    'invitation.show',
    { id: row.id },
    {
      expiresIn: `${INVITATION_TTL_DAYS} days`,
      purpose: 'team-invitation',
      qs: { fp: invitationFingerprint(row) },
      prefixUrl: appUrl,
    }
  )
}

function format(trx: { dialect: { dateTimeFormat: string } }, value: DateTime) {
  return value.toFormat(trx.dialect.dateTimeFormat)
}

async function send(row: InvitationRow, team: Team, inviter: User | null) {
  await mail.send(
    new TeamInvitationMail({
      email: row.email,
      teamName: team.name,
      inviterName: inviter?.name ?? null,
      url: invitationUrl(row),
      expiresInDays: INVITATION_TTL_DAYS,
    })
  )
}

/**
 * Invites an email address to a team. The address must use one of the team's allowed domains;
 * people who are already members are not invited again, and a pending invitation to the same
 * address is sent anew instead of duplicated.
 */
export async function inviteToTeam(
  team: Team,
  input: { email: string; role: TeamRole },
  inviter: User
) {
  const email = input.email.trim().toLowerCase()
  const row = await db.transaction(async (trx) => {
    await refuseDisallowedDomain(trx, email, [team])
    const member = await trx
      .from('team_user')
      .join('users', 'users.id', 'team_user.user_id')
      .where('team_user.team_id', team.id)
      .where('users.email', email)
      .select('users.id')
      .first()
    if (member) throw new AccountError(`${email} is already a member of ${team.name}.`)

    const now = DateTime.now()
    const values = {
      role: input.role,
      invited_by_id: inviter.id,
      nonce: randomBytes(16).toString('hex'),
      expires_at: format(trx, now.plus({ days: INVITATION_TTL_DAYS })),
      last_sent_at: format(trx, now),
    }
    const pending = await pendingInvitation(trx, team.id, email)
    if (pending) {
      await trx
        .from('team_invitations')
        .where('id', pending.id)
        .update({ ...values, send_count: pending.send_count + 1 })
    } else {
      await trx
        .table('team_invitations')
        .insert({ ...values, team_id: team.id, email, created_at: format(trx, now) })
    }
    return (await pendingInvitation(trx, team.id, email))!
  })
  await send(row, team, inviter)
  return row
}

async function pendingInvitation(trx: TransactionClientContract, teamId: number, email: string) {
  return (await trx
    .from('team_invitations')
    .where({ team_id: teamId, email })
    .whereNull('accepted_at')
    .whereNull('revoked_at')
    .where('expires_at', '>', format(trx, DateTime.now()))
    .orderBy('id', 'desc')
    .first()) as InvitationRow | null
}

async function invitationOfTeam(teamId: number, invitationId: number) {
  const row = (await db
    .from('team_invitations')
    .where({ id: invitationId, team_id: teamId })
    .first()) as InvitationRow | null
  if (!row) throw new AccountNotFound('This invitation does not exist.')
  return row
}

/** Sends an invitation again with a new link and a new expiry; earlier links stop working. */
export async function resendInvitation(team: Team, invitationId: number, inviter: User) {
  const row = await invitationOfTeam(team.id, invitationId)
  const status = invitationStatus(row)
  if (status === 'accepted' || status === 'revoked') {
    throw new AccountError(`This invitation has been ${status}; it cannot be sent again.`)
  }
  await refuseDisallowedDomain(db.connection(), row.email, [team])
  const now = DateTime.now()
  const dialect = db.connection().dialect
  const values = {
    nonce: randomBytes(16).toString('hex'),
    expires_at: format({ dialect }, now.plus({ days: INVITATION_TTL_DAYS })),
    last_sent_at: format({ dialect }, now),
    send_count: row.send_count + 1,
    invited_by_id: inviter.id,
  }
  await db.from('team_invitations').where('id', row.id).update(values)
  const updated = { ...row, ...values }
  await send(updated, team, inviter)
  return updated
}

export async function revokeInvitation(team: Team, invitationId: number) {
  const row = await invitationOfTeam(team.id, invitationId)
  if (invitationStatus(row) === 'accepted') {
    throw new AccountError('This invitation has already been accepted.')
  }
  await db
    .from('team_invitations')
    .where('id', row.id)
    .update({ revoked_at: format(db.connection(), DateTime.now()) })
  return row
}

/** The team's invitations, newest first (a bounded list: the latest 100). */
export async function teamInvitations(teamId: number) {
  const rows = (await db
    .from('team_invitations')
    .leftJoin('users', 'users.id', 'team_invitations.invited_by_id')
    .where('team_invitations.team_id', teamId)
    .select('team_invitations.*', 'users.name as invited_by_name')
    .orderBy('team_invitations.id', 'desc')
    .limit(100)) as (InvitationRow & { invited_by_name: string | null })[]
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    status: invitationStatus(row),
    invitedBy: row.invited_by_name,
    lastSentAt: toDate(row.last_sent_at).toISOString(),
    expiresAt: toDate(row.expires_at).toISOString(),
    sendCount: row.send_count,
  }))
}

/**
 * The pending invitation a link points to, with its team, or null when the link is invalid,
 * tampered, replaced by a newer send, expired, revoked or already used.
 */
export async function invitationForLink(id: number, fp: string | undefined | null) {
  const row = (await db.from('team_invitations').where('id', id).first()) as InvitationRow | null
  if (!row || !sameFingerprint(invitationFingerprint(row), fp)) return null
  if (invitationStatus(row) !== 'pending') return null
  const team = await Team.find(row.team_id)
  return team ? { invitation: row, team } : null
}

async function markAccepted(trx: TransactionClientContract, row: InvitationRow, userId: number) {
  const updated = await trx
    .from('team_invitations')
    .where('id', row.id)
    .whereNull('accepted_at')
    .whereNull('revoked_at')
    .update({ accepted_at: format(trx, DateTime.now()), accepted_by_id: userId })
  // Two tabs accepting at once: only one of them wins.
  if (affectedRows(updated) === 0) {
    throw new AccountError('This invitation has already been used.')
  }
}

/** An existing user (signed in as the invited address) joins the team. */
export async function acceptInvitation(row: InvitationRow, team: Team, user: User) {
  if (user.email !== row.email) {
    throw new AccountError(`This invitation is for ${row.email}. Sign in with that address.`)
  }
  await db.transaction(async (trx) => {
    await refuseDisallowedDomain(trx, user.email, [team])
    await markAccepted(trx, row, user.id)
    const member = await trx.from('team_user').where({ team_id: team.id, user_id: user.id }).first()
    if (!member) {
      await trx.table('team_user').insert({
        team_id: team.id,
        user_id: user.id,
        role: row.role,
        created_at: format(trx, DateTime.now()),
      })
    }
    await trx.from('users').where('id', user.id).update({ current_team_id: team.id })
    await forgetUser(user.id, trx)
  })
}

/**
 * Someone without an account registers from an invitation. The mail proved the address, so
 * the new account's email is verified.
 */
export async function registerFromInvitation(
  row: InvitationRow,
  team: Team,
  input: { name: string; password: string }
) {
  assertPasswordPolicy(input.password, {
    minLength: await minimumLengthForTeams([team.id]),
    email: row.email,
    name: input.name,
  })
  return db.transaction(async (trx) => {
    const user = await createUser(
      { name: input.name, email: row.email, password: input.password, teamNames: [team.name] },
      trx
    )
    await markAccepted(trx, row, user.id)
    await trx
      .from('team_user')
      .where({ team_id: team.id, user_id: user.id })
      .update({ role: row.role })
    return user
  })
}
