import { DateTime } from 'luxon'
import type { HttpContext } from '@adonisjs/core/http'
import { fieldError } from '#services/http/field_error'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { teamAllowsAddress } from '#services/teams/ip_policy'
import { recordSecurityEvent } from '#services/auth/security_log'
import { teamRequiringSso } from '#services/sso/sso_config'
import { loginValidator } from '#validators/auth'
import { INTENDED_URL_KEY } from '#middleware/auth_middleware'
import { PASSWORD_CONFIRMED_AT_KEY } from '#middleware/confirmed_password_middleware'
import { SSO_SESSION_KEY } from '#middleware/fresh_password_middleware'
import { SESSION_CLIENT_KEY } from '#services/auth/user_sessions'
import { TooManyAttempts } from '#services/http/too_many_requests'
import {
  clearFailures,
  countFailure,
  loginCounters,
  secondsBlocked,
  tooManyAttemptsMessage,
} from '#services/auth/login_throttle'

const BAD_CREDENTIALS = 'These credentials do not match our records.'

export default class SessionController {
  async create({ inertia }: HttpContext) {
    return inertia.render('auth/login', {})
  }

  async store(ctx: HttpContext) {
    const { request, session, response } = ctx
    const { email, password } = await request.validateUsing(loginValidator)
    const counters = loginCounters(email, request.ip())
    const blockedFor = await secondsBlocked(counters)
    if (blockedFor > 0) {
      throw new TooManyAttempts('email', tooManyAttemptsMessage(blockedFor), blockedFor)
    }

    let user: User
    try {
      user = await User.verifyCredentials(email, password)
    } catch {
      await countFailure(counters)
      const known = await User.findBy('email', email)
      await recordSecurityEvent(ctx, {
        userId: known?.id ?? null,
        email: known ? undefined : email,
        event: 'sign_in_failed',
      })
      throw fieldError('email', BAD_CREDENTIALS)
    }

    if (user.disabledAt) {
      throw fieldError('email', 'Your account has been disabled. Contact your administrator.')
    }
    const ssoTeam = await teamRequiringSso(user)
    if (ssoTeam) {
      await recordSecurityEvent(ctx, {
        userId: user.id,
        event: 'sign_in_failed',
        details: { reason: 'single_sign_on_required' },
      })
      throw fieldError(
        'email',
        `${ssoTeam} requires single sign-on: choose “Use single sign-on” below and enter your work email address.`
      )
    }

    await clearFailures(counters)
    if (user.twoFactorConfirmedAt) {
      // The password was right; the sign-in completes on the two-factor challenge.
      session.put(TWO_FACTOR_PENDING_KEY, {
        userId: user.id,
        expiresAt: Date.now() + TWO_FACTOR_CHALLENGE_TTL_MS,
      })
      return response.redirect('/two-factor-challenge')
    }
    return completeSignIn(ctx, user)
  }

  async destroy({ auth, request, session, response }: HttpContext) {
    const user = auth.user
    if (user) await recordSecurityEvent({ request }, { userId: user.id, event: 'sign_out' })
    await auth.use('web').logout()
    if (user) await session.untag(String(user.id))
    return response.redirect('/login')
  }
}

/** A password sign-in awaiting its two-factor code, and for how long it may wait. */
export const TWO_FACTOR_PENDING_KEY = 'two_factor_pending'
export const TWO_FACTOR_CHALLENGE_TTL_MS = 10 * 60 * 1000

/**
 * Signs the user in (new session id), records the client and the time, and goes to the page
 * they wanted. Also ends a single sign-on, where the identity provider authenticated them.
 */
export async function completeSignIn(
  { auth, request, response, session }: HttpContext,
  user: User,
  options: { singleSignOn?: boolean } = {}
) {
  await auth.use('web').login(user)
  await session.tag(String(user.id))
  session.put(SESSION_CLIENT_KEY, {
    ip: request.ip(),
    userAgent: request.header('user-agent', '')!.slice(0, 255),
    signedInAt: DateTime.now().toISO()!,
  })
  user.lastLoginAt = DateTime.now()
  await user.save()
  // The password was just typed: sensitive actions need not ask again for a few minutes.
  // (Not after single sign-on: no password was typed here.)
  if (options.singleSignOn) {
    session.put(SSO_SESSION_KEY, true)
  } else {
    session.forget(SSO_SESSION_KEY)
    session.put(PASSWORD_CONFIRMED_AT_KEY, Date.now())
  }
  // A sign-in from a network the current team forbids is recorded as such: the team's pages
  // will refuse this session until it moves to an allowed network or another team.
  const team = user.currentTeamId
    ? await db.from('teams').where('id', user.currentTeamId).select('id', 'name').first()
    : null
  const outsideNetwork = team ? !(await teamAllowsAddress(team.id, request.ip())) : false
  await recordSecurityEvent(
    { request },
    {
      userId: user.id,
      event: outsideNetwork ? 'sign_in_outside_network' : 'sign_in',
      details: {
        ...(options.singleSignOn
          ? { singleSignOn: true }
          : { twoFactor: Boolean(user.twoFactorConfirmedAt) }),
        ...(outsideNetwork ? { teamId: team.id, team: team.name } : {}),
      },
    }
  )

  const intended = session.pull(INTENDED_URL_KEY, '/')
  return response.redirect(safeInternalPath(intended))
}

/**
 * Only same-site paths are followed after sign-in: an intended URL is never an open redirect.
 */
export function safeInternalPath(path: unknown) {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/'
}
