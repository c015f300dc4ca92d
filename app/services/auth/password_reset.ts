import { timingSafeEqual } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import User from '#models/user'
import PasswordResetMail from '#mails/password_reset_mail'
import { passwordResetFingerprint, passwordResetUrl } from '#services/auth/signed_links'
import { endOtherSessions } from '#services/auth/user_sessions'
import { assertPasswordPolicy, minimumLengthForUser } from '#services/auth/password_policy'

/**
 * Sends a reset link when the email belongs to an active account. Callers answer the same way
 * whether or not it does, so that the form does not reveal who has an account.
 */
export async function requestPasswordReset(email: string) {
  const user = await User.findBy('email', email)
  if (!user || user.disabledAt) {
    return
  }
  await mail.send(new PasswordResetMail(user, passwordResetUrl(user)))
}

export function sameFingerprint(expected: string, given: string | undefined | null) {
  if (!given) return false
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The user a valid, unused reset link points to, or null.
 */
export async function userForResetLink(id: number, fp: string | undefined) {
  const user = await User.find(id)
  if (!user || user.disabledAt || !sameFingerprint(passwordResetFingerprint(user), fp)) {
    return null
  }
  return user
}

export async function resetPassword(user: User, password: string) {
  assertPasswordPolicy(password, {
    minLength: await minimumLengthForUser(user.id),
    email: user.email,
    name: user.name,
  })
  await db.transaction(async (trx) => {
    user.useTransaction(trx)
    user.password = password
    user.passwordResetRequiredAt = null
    await user.save()
  })
  await endOtherSessions(user, null)
}
