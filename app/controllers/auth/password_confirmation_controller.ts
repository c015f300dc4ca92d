import type { HttpContext } from '@adonisjs/core/http'
import { verifyCurrentPassword } from '#services/auth/password_check'
import { confirmPasswordValidator } from '#validators/auth'
import { INTENDED_URL_KEY } from '#middleware/auth_middleware'
import {
  PASSWORD_CONFIRMED_AT_KEY,
  REPEAT_ACTION_KEY,
} from '#middleware/confirmed_password_middleware'
import { safeInternalPath } from '#controllers/auth/session_controller'

export default class PasswordConfirmationController {
  async show({ inertia }: HttpContext) {
    return inertia.render('auth/confirm_password', {})
  }

  async store({ auth, request, session, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { password } = await request.validateUsing(confirmPasswordValidator)
    await verifyCurrentPassword({ request }, user, password, {
      field: 'password',
      message: 'The password is incorrect.',
      action: 'confirmation',
    })
    session.put(PASSWORD_CONFIRMED_AT_KEY, Date.now())
    if (session.pull(REPEAT_ACTION_KEY, false)) {
      session.flash('success', 'Password confirmed. Repeat the action to complete it.')
    }
    return response.redirect(safeInternalPath(session.pull(INTENDED_URL_KEY, '/user/profile')))
  }
}
