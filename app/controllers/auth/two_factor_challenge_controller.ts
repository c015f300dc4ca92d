import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import User from '#models/user'
import { recordSecurityEvent } from '#services/auth/security_log'
import { fieldError } from '#services/http/field_error'
import { TooManyAttempts } from '#services/http/too_many_requests'
import {
  clearFailures,
  countFailure,
  secondsBlocked,
  tooManyAttemptsMessage,
  twoFactorCounters,
} from '#services/auth/login_throttle'
import { useRecoveryCode, verifyTotp } from '#services/auth/two_factor'
import { completeSignIn, TWO_FACTOR_PENDING_KEY } from '#controllers/auth/session_controller'

const challengeValidator = vine.create({
  code: vine.string().trim().maxLength(20).optional(),
  recovery_code: vine.string().trim().maxLength(40).optional(),
})

function pendingUserId(session: HttpContext['session']) {
  const pending = session.get(TWO_FACTOR_PENDING_KEY) as
    { userId: number; expiresAt: number } | undefined
  if (!pending || pending.expiresAt < Date.now()) return null
  return pending.userId
}

/**
 * The second step of signing in for accounts with two-factor authentication: a code from the
 * authenticator app, or one of the recovery codes. Attempts are throttled per account and IP,
 * and per account from any address.
 */
export default class TwoFactorChallengeController {
  async show({ inertia, response, session }: HttpContext) {
    if (!pendingUserId(session)) return response.redirect('/login')
    return inertia.render('auth/two_factor_challenge', {})
  }

  async store(ctx: HttpContext) {
    const { request, response, session } = ctx
    const userId = pendingUserId(session)
    if (!userId) {
      session.forget(TWO_FACTOR_PENDING_KEY)
      session.flash('error', 'The sign-in took too long. Sign in again.')
      return response.redirect('/login')
    }
    const { code, recovery_code: recoveryCode } = await request.validateUsing(challengeValidator)
    const field = recoveryCode ? 'recovery_code' : 'code'
    const counters = twoFactorCounters(userId, request.ip())
    const blockedFor = await secondsBlocked(counters)
    if (blockedFor > 0) {
      throw new TooManyAttempts(field, tooManyAttemptsMessage(blockedFor), blockedFor)
    }

    const user = await User.find(userId)
    if (!user || user.disabledAt || !user.twoFactorConfirmedAt) {
      session.forget(TWO_FACTOR_PENDING_KEY)
      return response.redirect('/login')
    }
    const accepted = recoveryCode
      ? await useRecoveryCode(user.id, recoveryCode)
      : code
        ? await verifyTotp(user.id, code)
        : false
    if (!accepted) {
      await countFailure(counters)
      await recordSecurityEvent(ctx, { userId: user.id, event: 'two_factor_failed' })
      throw fieldError(
        field,
        recoveryCode
          ? 'This recovery code is not valid or was already used.'
          : 'The code is not valid. Enter the current code from your authenticator app.'
      )
    }
    await clearFailures(counters)
    if (recoveryCode)
      await recordSecurityEvent(ctx, { userId: user.id, event: 'recovery_code_used' })
    session.forget(TWO_FACTOR_PENDING_KEY)
    return completeSignIn(ctx, user)
  }
}
