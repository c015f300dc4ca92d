import { createHmac } from 'node:crypto'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import { appKey, appUrl } from '#config/app'
import type User from '#models/user'

export const PASSWORD_RESET_LINK_TTL = '60 minutes'
export const EMAIL_VERIFICATION_LINK_TTL = '24 hours'
export const EMAIL_CHANGE_LINK_TTL_HOURS = 24

/**
 * A fingerprint of what the link is about (the current password hash, the email being
 * verified). Once that changes the link stops working, which makes reset links single-use.
 */
export function fingerprint(...parts: string[]) {
  return createHmac('sha256', appKey.release())
    .update(parts.join('|'))
    .digest('base64url')
    .slice(0, 32)
}

export function passwordResetFingerprint(user: User) {
  return fingerprint('password-reset', String(user.id), user.password)
}

export function emailVerificationFingerprint(user: User) {
  return fingerprint('verify-email', String(user.id), user.email)
}

export function passwordResetUrl(user: User) {
  return signedUrlFor(
    'password.reset',
    { id: user.id },
    {
      expiresIn: PASSWORD_RESET_LINK_TTL,
      purpose: 'password-reset',
      qs: { fp: passwordResetFingerprint(user) },
      prefixUrl: appUrl,
    }
  )
}

export function emailVerificationUrl(user: User) {
  return signedUrlFor(
    'email.verify',
    { id: user.id },
    {
      expiresIn: EMAIL_VERIFICATION_LINK_TTL,
      purpose: 'verify-email',
      qs: { fp: emailVerificationFingerprint(user) },
      prefixUrl: appUrl,
    }
  )
}

/**
 * The link mailed to a requested new address. Tied to that request's nonce: a newer request
 * (or a resend) makes earlier links stop working.
 */
export function emailChangeFingerprint(userId: number, email: string, nonce: string) {
  return fingerprint('email-change', String(userId), email, nonce)
}

export function emailChangeUrl(userId: number, email: string, nonce: string) {
  return signedUrlFor(
    'email.change.confirm',
    { id: userId },
    {
      expiresIn: `${EMAIL_CHANGE_LINK_TTL_HOURS} hours`,
      purpose: 'email-change',
      qs: { fp: emailChangeFingerprint(userId, email, nonce) },
      prefixUrl: appUrl,
    }
  )
}

/**
 * Unsubscribe links in mails work without signing in; they do not expire.
 */
export function unsubscribeUrl(user: Pick<User, 'id'>, subscription: string) {
  return signedUrlFor(
    'unsubscribe',
    { id: user.id },
    { purpose: 'unsubscribe', qs: { subscription }, prefixUrl: appUrl }
  )
}
