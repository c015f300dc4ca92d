import type { HttpContext } from '@adonisjs/core/http'
import { updatePasswordValidator } from '#validators/profile'
import { changePassword } from '#services/auth/password_change'
import { daysUntilPasswordExpiry } from '#shared/password_expiry'
import { endOtherSessions, listSessions } from '#services/auth/user_sessions'

export default class ProfileController {
  async show({ auth, inertia, session }: HttpContext) {
    const user = auth.getUserOrFail()
    return inertia.render('profile/show', {
      passwordExpiresInDays: daysUntilPasswordExpiry(user.passwordChangedAt.toJSDate()),
      lastLoginAt: user.lastLoginAt?.toISO() ?? null,
      sessions: await listSessions(user, session.sessionId),
    })
  }

  async updatePassword({ auth, request, session, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { currentPassword, password } = await request.validateUsing(updatePasswordValidator)
    await changePassword(user, currentPassword, password, session.sessionId)
    session.flash('success', 'Your password has been changed. Your other sessions were signed out.')
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
}
