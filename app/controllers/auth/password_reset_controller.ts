import type { HttpContext } from '@adonisjs/core/http'
import { recordSecurityEvent } from '#services/auth/security_log'
import { keepSignedLinkOnError } from '#services/http/signed_form'
import { forgotPasswordValidator, resetPasswordValidator } from '#validators/auth'
import {
  requestPasswordReset,
  resetPassword,
  userForResetLink,
} from '#services/auth/password_reset'

const SENT_MESSAGE =
  'If an account exists for that address, we have sent a link to reset its password. Check your inbox.'
const INVALID_LINK = 'This password reset link is invalid or has expired. Ask for a new one.'

export default class PasswordResetController {
  async create({ inertia }: HttpContext) {
    return inertia.render('auth/forgot_password', {})
  }

  async store({ request, session, response }: HttpContext) {
    const { email } = await request.validateUsing(forgotPasswordValidator)
    await requestPasswordReset(email)
    session.flash('success', SENT_MESSAGE)
    return response.redirect().back()
  }

  async edit({ request, params, inertia, response }: HttpContext) {
    const user = request.hasValidSignature('password-reset')
      ? await userForResetLink(Number(params.id), request.qs().fp)
      : null
    if (!user) {
      response.status(410)
      return inertia.render('auth/reset_password', {
        valid: false,
        message: INVALID_LINK,
        action: null,
        email: null,
      })
    }
    return inertia.render('auth/reset_password', {
      valid: true,
      message: null,
      action: request.url(true),
      email: user.email,
    })
  }

  async update(ctx: HttpContext) {
    const { request, params, session, response } = ctx
    const user = request.hasValidSignature('password-reset')
      ? await userForResetLink(Number(params.id), request.qs().fp)
      : null
    if (!user) {
      session.flash('error', INVALID_LINK)
      return response.redirect('/forgot-password')
    }
    return keepSignedLinkOnError(ctx, async () => {
      const { password } = await request.validateUsing(resetPasswordValidator)
      await resetPassword(user, password)
      await recordSecurityEvent({ request }, { userId: user.id, event: 'password_reset' })
      session.flash('success', 'Your password has been changed. Sign in with your new password.')
      return response.redirect('/login')
    })
  }
}
