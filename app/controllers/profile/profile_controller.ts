import type { HttpContext } from '@adonisjs/core/http'
import { twoFactorState } from '#services/auth/two_factor'
import { recentSecurityEvents, recordSecurityEvent } from '#services/auth/security_log'
import { RECOVERY_CODES_FLASH_KEY } from '#controllers/profile/two_factor_controller'
import {
  subscriptionsValidator,
  updatePasswordValidator,
  updateProfileValidator,
} from '#validators/profile'
import { changePassword } from '#services/auth/password_change'
import { verifyCurrentPassword } from '#services/auth/password_check'
import { fieldError } from '#services/http/field_error'
import { pendingEmailChange, requestEmailChange } from '#services/profile/email_change'
import { endOtherSessions, listSessions } from '#services/auth/user_sessions'
import {
  acceptConsent,
  acceptedConsent,
  deleteAccount,
  setSubscriptions,
  subscriptionsOf,
  updateProfile,
} from '#services/profile/profile'
import { daysUntilPasswordExpiry } from '#shared/password_expiry'
import { CONSENT_VERSION } from '#shared/consent'

export default class ProfileController {
  async show({ auth, inertia, session }: HttpContext) {
    const user = auth.getUserOrFail()
    const [sessions, subscriptions, consentAcceptedAt, twoFactor, securityEvents, pendingEmail] =
      await Promise.all([
        listSessions(user, session.sessionId),
        subscriptionsOf(user.id),
        acceptedConsent(user.id),
        twoFactorState(user),
        recentSecurityEvents(user.id),
        pendingEmailChange(user.id),
      ])
    return inertia.render('profile/show', {
      passwordExpiresInDays: daysUntilPasswordExpiry(user.passwordChangedAt.toJSDate()),
      lastLoginAt: user.lastLoginAt?.toISO() ?? null,
      sessions,
      subscriptions,
      consent: { version: CONSENT_VERSION, acceptedAt: consentAcceptedAt },
      securityEvents,
      pendingEmail,
      twoFactor: {
        ...twoFactor,
        // Shown once, right after they were made.
        recoveryCodes: (session.flashMessages.get(RECOVERY_CODES_FLASH_KEY) as string[]) ?? null,
      },
    })
  }

  /**
   * Name and email. A new email address needs the current password and takes effect only
   * when the link mailed to it is opened; until then the account keeps its address.
   */
  async updateInfo({ auth, request, session, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { name, email, currentPassword } = await request.validateUsing(updateProfileValidator)
    const emailChanged = email !== user.email
    if (emailChanged) {
      if (!currentPassword) {
        throw fieldError(
          'currentPassword',
          'Enter your current password to change your email address.'
        )
      }
      await verifyCurrentPassword({ request }, user, currentPassword, {
        field: 'currentPassword',
        message: 'The current password is incorrect.',
        action: 'email change',
      })
      await requestEmailChange({ request }, user, email)
    }
    await updateProfile(user, { name })
    session.flash(
      'success',
      emailChanged
        ? `Profile saved. Your email address changes to ${email} once you open the link we have sent there; until then, keep using ${user.email}.`
        : 'Profile saved.'
    )
    return response.redirect().back()
  }

  async updatePassword({ auth, request, session, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { currentPassword, password } = await request.validateUsing(updatePasswordValidator)
    await changePassword({ request }, user, currentPassword, password, session.sessionId)
    await recordSecurityEvent({ request }, { userId: user.id, event: 'password_changed' })
    session.flash('success', 'Your password has been changed. Your other sessions were signed out.')
    return response.redirect().back()
  }

  async updateSubscriptions({ auth, request, session, response }: HttpContext) {
    const { subscriptions } = await request.validateUsing(subscriptionsValidator)
    await setSubscriptions(auth.getUserOrFail().id, subscriptions)
    session.flash('success', 'Email preferences saved.')
    return response.redirect().back()
  }

  async acceptConsent({ auth, request, session, response }: HttpContext) {
    await acceptConsent(auth.getUserOrFail().id, request.ip())
    session.flash('success', 'Thank you. Your acceptance has been recorded.')
    return response.redirect().back()
  }

  /**
   * Behind the password-confirmation gate.
   */
  async logoutOtherSessions({ auth, session, response }: HttpContext) {
    const ended = await endOtherSessions(auth.getUserOrFail(), session.sessionId)
    session.flash(
      'success',
      ended === 1 ? 'One other session was signed out.' : `${ended} other sessions were signed out.`
    )
    return response.redirect().back()
  }

  /**
   * Behind the password-confirmation gate.
   */
  async destroy({ auth, request, session, response }: HttpContext) {
    const user = auth.getUserOrFail()
    await deleteAccount({ request }, user)
    await endOtherSessions(user, null)
    await auth.use('web').logout()
    session.flash('success', 'Your account has been deleted.')
    return response.redirect('/login')
  }
}
