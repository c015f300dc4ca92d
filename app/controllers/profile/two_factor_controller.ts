import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { fieldError } from '#services/http/field_error'
import { recordSecurityEvent } from '#services/auth/security_log'
import {
  beginTwoFactorSetup,
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorState,
} from '#services/auth/two_factor'
import { endOtherSessions } from '#services/auth/user_sessions'

/** Recovery codes are shown once, on the next page view. */
export const RECOVERY_CODES_FLASH_KEY = 'two_factor_recovery_codes'

const confirmValidator = vine.create({ code: vine.string().trim().maxLength(20) })

const ALREADY_ON = 'Two-factor authentication is already on.'

/**
 * Two-factor authentication from Settings. Starting, confirming, regenerating codes and
 * disabling sit behind a recent password confirmation (route middleware).
 */
export default class TwoFactorController {
  /**
   * The mandatory set-up for members of teams that require two-factor authentication.
   */
  async required({ auth, inertia, response, teamContext }: HttpContext) {
    const user = auth.getUserOrFail()
    const team = teamContext?.twoFactorRequiredBy
    if (user.twoFactorConfirmedAt || !team) return response.redirect('/')
    return inertia.render('auth/two_factor_required', {
      teamName: team,
      twoFactor: { ...(await twoFactorState(user)), recoveryCodes: null },
    })
  }

  async enable({ auth, response, session }: HttpContext) {
    if (!(await beginTwoFactorSetup(auth.user!.id))) {
      session.flash('error', ALREADY_ON)
    }
    return response.redirect('/user/profile#two-factor')
  }

  /**
   * Turning it on ends the user's other sessions: they were opened with the password alone.
   */
  async confirm({ auth, request, response, session }: HttpContext) {
    const user = auth.getUserOrFail()
    const { code } = await request.validateUsing(confirmValidator)
    const confirmation = await confirmTwoFactor(user.id, code)
    if (confirmation.status === 'already_on') {
      session.flash('error', ALREADY_ON)
      return response.redirect('/user/profile#two-factor')
    }
    if (confirmation.status === 'invalid_code') {
      throw fieldError(
        'code',
        'The code is not valid. Enter the current code from your authenticator app.'
      )
    }
    await endOtherSessions(user, session.sessionId)
    await recordSecurityEvent({ request }, { userId: user.id, event: 'two_factor_enabled' })
    session.flash(RECOVERY_CODES_FLASH_KEY, confirmation.recoveryCodes)
    session.flash(
      'success',
      'Two-factor authentication is on. Your other sessions were signed out.'
    )
    return response.redirect('/user/profile#two-factor')
  }

  async regenerate({ auth, request, response, session }: HttpContext) {
    const codes = await regenerateRecoveryCodes(auth.user!.id)
    await recordSecurityEvent(
      { request },
      { userId: auth.user!.id, event: 'two_factor_recovery_codes' }
    )
    session.flash(RECOVERY_CODES_FLASH_KEY, codes)
    session.flash('success', 'New recovery codes: the previous ones no longer work.')
    return response.redirect('/user/profile#two-factor')
  }

  async disable({ auth, request, response, session }: HttpContext) {
    await disableTwoFactor(auth.user!.id)
    await recordSecurityEvent({ request }, { userId: auth.user!.id, event: 'two_factor_disabled' })
    session.flash('success', 'Two-factor authentication is off.')
    return response.redirect('/user/profile#two-factor')
  }
}
