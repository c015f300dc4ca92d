import type { HttpContext } from '@adonisjs/core/http'
import { recordSecurityEvent } from '#services/auth/security_log'
import { rotatePasswordValidator } from '#validators/auth'
import { mustChangePassword } from '#middleware/fresh_password_middleware'
import { changePassword } from '#services/auth/password_change'

export default class PasswordRotationController {
  async show({ auth, inertia, response, session }: HttpContext) {
    const user = auth.getUserOrFail()
    if (!mustChangePassword(user, { session })) {
      return response.redirect('/')
    }
    return inertia.render('auth/rotate_password', {
      reason: user.passwordResetRequiredAt ? 'administrator' : 'expired',
    })
  }

  async update({ auth, request, session, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { currentPassword, password } = await request.validateUsing(rotatePasswordValidator)
    await changePassword({ request }, user, currentPassword, password, session.sessionId)
    await recordSecurityEvent({ request }, { userId: user.id, event: 'password_changed' })
    session.flash('success', 'Your password has been changed.')
    return response.redirect('/')
  }
}
