import { randomBytes } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import mail from '@adonisjs/mail/services/main'
import { DateTime } from 'luxon'
import { errors } from '@vinejs/vine'
import User from '#models/user'
import EmailChangeConfirmMail from '#mails/email_change_confirm_mail'
import EmailChangeNoticeMail from '#mails/email_change_notice_mail'
import { recordSecurityEvent } from '#services/auth/security_log'
import { sameFingerprint } from '#services/auth/password_reset'
import {
  EMAIL_CHANGE_LINK_TTL_HOURS,
  emailChangeFingerprint,
  emailChangeUrl,
} from '#services/auth/signed_links'
import { AccountError, refuseDomainOutside } from '#services/accounts/accounts'
import { fieldError } from '#services/http/field_error'

type Client = Pick<HttpContext, 'request'>

interface EmailChangeRow {
  user_id: number
  email: string
  nonce: string
  requested_at: string | Date
  expires_at: string | Date
}

export interface PendingEmailChange {
  email: string
  requestedAt: string
  expiresAt: string
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value))
const format = (client: QueryClientContract, value: DateTime) =>
  value.toFormat(client.dialect.dateTimeFormat)

/**
 * The new address must be free and allowed by every team of the user (their allowed email
 * domains): checked when the change is asked for and again when it takes effect.
 */
async function assertAddressAllowed(client: QueryClientContract, user: User, email: string) {
  const taken = await client.from('users').where('email', email).whereNot('id', user.id).first()
  if (taken) throw fieldError('email', 'This email address is already used by another account.')
  // The user's teams with their allowed domains (a team without any: one row).
  const rows = await client
    .from('teams')
    .join('team_user', 'team_user.team_id', 'teams.id')
    .leftJoin('team_allowed_domains', 'team_allowed_domains.team_id', 'teams.id')
    .where('team_user.user_id', user.id)
    .select('teams.id', 'teams.name', 'team_allowed_domains.domain')
    .orderBy('team_allowed_domains.id')
  const teams = [...new Map(rows.map((row) => [row.id, { id: row.id, name: row.name }])).values()]
  const domains = rows
    .filter((row) => row.domain !== null)
    .map((row) => ({ team_id: row.id as number, domain: row.domain as string }))
  try {
    refuseDomainOutside(email, teams, domains)
  } catch (error) {
    if (error instanceof AccountError) throw fieldError('email', error.message)
    throw error
  }
}

async function sendConfirmation(user: User, email: string, nonce: string) {
  await mail.send(
    new EmailChangeConfirmMail({
      name: user.name,
      newEmail: email,
      url: emailChangeUrl(user.id, email, nonce),
      expiresInHours: EMAIL_CHANGE_LINK_TTL_HOURS,
    })
  )
}

/**
 * Asks for a new email address (the caller has checked the current password). The account
 * keeps its address until the link mailed to the new one is opened; a newer request replaces
 * an older one. The current address is told.
 */
export async function requestEmailChange(ctx: Client, user: User, email: string) {
  if (email === user.email) throw fieldError('email', 'This is already your email address.')
  const nonce = randomBytes(16).toString('hex')
  await db.transaction(async (trx) => {
    await assertAddressAllowed(trx, user, email)
    const now = DateTime.now()
    await trx.from('email_changes').where('user_id', user.id).delete()
    await trx.table('email_changes').insert({
      user_id: user.id,
      email,
      nonce,
      requested_at: format(trx, now),
      expires_at: format(trx, now.plus({ hours: EMAIL_CHANGE_LINK_TTL_HOURS })),
    })
    await recordSecurityEvent(
      ctx,
      { userId: user.id, event: 'email_change_requested', details: { to: email } },
      trx
    )
  })
  await sendConfirmation(user, email, nonce)
  await mail.send(
    new EmailChangeNoticeMail({
      name: user.name,
      oldEmail: user.email,
      newEmail: email,
      stage: 'requested',
    })
  )
}

async function pendingRow(client: QueryClientContract, userId: number) {
  const row = (await client
    .from('email_changes')
    .where('user_id', userId)
    .first()) as EmailChangeRow | null
  return row && toDate(row.expires_at) > new Date() ? row : null
}

export async function pendingEmailChange(userId: number): Promise<PendingEmailChange | null> {
  const row = await pendingRow(db.connection(), userId)
  return row
    ? {
        email: row.email,
        requestedAt: toDate(row.requested_at).toISOString(),
        expiresAt: toDate(row.expires_at).toISOString(),
      }
    : null
}

/** Sends the link again, as a new one (earlier links stop working); null when nothing waits. */
export async function resendEmailChange(user: User) {
  const nonce = randomBytes(16).toString('hex')
  const email = await db.transaction(async (trx) => {
    const row = await pendingRow(trx, user.id)
    if (!row) return null
    const now = DateTime.now()
    await trx
      .from('email_changes')
      .where('user_id', user.id)
      .update({
        nonce,
        requested_at: format(trx, now),
        expires_at: format(trx, now.plus({ hours: EMAIL_CHANGE_LINK_TTL_HOURS })),
      })
    return row.email
  })
  if (email) await sendConfirmation(user, email, nonce)
  return email
}

export async function cancelEmailChange(ctx: Client, user: User) {
  return db.transaction(async (trx) => {
    const row = await pendingRow(trx, user.id)
    await trx.from('email_changes').where('user_id', user.id).delete()
    if (row) {
      await recordSecurityEvent(
        ctx,
        { userId: user.id, event: 'email_change_cancelled', details: { to: row.email } },
        trx
      )
    }
    return row?.email ?? null
  })
}

export type EmailChangeResult =
  | { status: 'changed'; email: string }
  | { status: 'invalid' }
  | { status: 'refused'; message: string }

/**
 * Opening the link mailed to the new address: the change takes effect (the address is thereby
 * confirmed) if the link is the latest, unexpired one and the address is still free and
 * allowed. The previous address is told.
 */
export async function confirmEmailChange(
  ctx: Client,
  userId: number,
  fp: string | undefined
): Promise<EmailChangeResult> {
  let previous = ''
  let name = ''
  const result = await db.transaction(async (trx): Promise<EmailChangeResult> => {
    const row = await pendingRow(trx, userId)
    const user = row ? await User.find(userId, { client: trx }) : null
    if (
      !row ||
      !user ||
      user.disabledAt ||
      !sameFingerprint(emailChangeFingerprint(userId, row.email, row.nonce), fp)
    ) {
      return { status: 'invalid' }
    }
    try {
      await assertAddressAllowed(trx, user, row.email)
    } catch (error) {
      if (!(error instanceof errors.E_VALIDATION_ERROR)) throw error
      return { status: 'refused', message: (error.messages as { message: string }[])[0].message }
    }
    previous = user.email
    name = user.name
    user.email = row.email
    user.emailVerifiedAt = DateTime.now()
    await user.save()
    await trx.from('email_changes').where('user_id', userId).delete()
    await recordSecurityEvent(
      ctx,
      { userId, event: 'email_changed', details: { before: previous, after: row.email } },
      trx
    )
    return { status: 'changed', email: row.email }
  })
  if (result.status === 'changed') {
    await mail.send(
      new EmailChangeNoticeMail({
        name,
        oldEmail: previous,
        newEmail: result.email,
        stage: 'changed',
      })
    )
  }
  return result
}
