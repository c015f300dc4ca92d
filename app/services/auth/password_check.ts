import type { HttpContext } from '@adonisjs/core/http'
import hash from '@adonisjs/core/services/hash'
import type User from '#models/user'
import { recordSecurityEvent } from '#services/auth/security_log'
import { fieldError } from '#services/http/field_error'
import { TooManyAttempts } from '#services/http/too_many_requests'
import {
  clearFailures,
  countFailure,
  passwordCheckCounters,
  secondsBlocked,
  tooManyPasswordGuessesMessage,
} from '#services/auth/login_throttle'
import db from '@adonisjs/lucid/services/db'

/**
 * The stored password hash: the signed-in user's model comes from the request context cache,
 * which never holds it.
 */
export async function passwordHashOf(userId: number): Promise<string> {
  const row = await db.from('users').where('id', userId).select('password').firstOrFail()
  return row.password
}

/**
 * Checks a signed-in user's password (confirmation before a sensitive action, changing the
 * password or the email address). Wrong guesses count per account with the sign-in limits
 * and are logged, so that a hijacked session cannot try passwords unnoticed.
 */
export async function verifyCurrentPassword(
  ctx: Pick<HttpContext, 'request'>,
  user: User,
  password: string,
  check: { field: string; message: string; action: string }
) {
  const counters = passwordCheckCounters(user.id)
  const blockedFor = await secondsBlocked(counters)
  if (blockedFor > 0) {
    throw new TooManyAttempts(check.field, tooManyPasswordGuessesMessage(blockedFor), blockedFor)
  }
  if (!(await hash.verify(await passwordHashOf(user.id), password))) {
    await countFailure(counters)
    await recordSecurityEvent(ctx, {
      userId: user.id,
      event: 'password_confirmation_failed',
      details: { action: check.action },
    })
    throw fieldError(check.field, check.message)
  }
  await clearFailures(counters)
}
