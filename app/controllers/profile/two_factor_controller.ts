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

/** Recovery codes are shown once, on the next page view. */
export const RECOVERY_CODES_FLASH_KEY = 'two_factor_recovery_codes'

const confirmValidator = vine.create({ code: vine.string().trim().maxLength(20) })

/**
 * Two-factor authentication from Settings. Starting, regenerating codes and disabling sit
 * behind a recent password confirmation (route middleware).
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

  async enable({ auth, response }: HttpContext) {
    await beginTwoFactorSetup(auth.user!.id)
    return response.redirect('/user/profile#two-factor')
  }

  async confirm({ auth, request, response, session }: HttpContext) {
    const { code } = await request.validateUsing(confirmValidator)
    const codes = await confirmTwoFactor(auth.user!.id, code)
    if (!codes) {
      throw fieldError(
        'code',
        'The code is not valid. Enter the current code from your authenticator app.'
      )
    }
    await recordSecurityEvent({ request }, { userId: auth.user!.id, event: 'two_factor_enabled' })
    session.flash(RECOVERY_CODES_FLASH_KEY, codes)
    session.flash('success', 'Two-factor authentication is on.')
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
