import { DateTime } from 'luxon'
import type { HttpContext } from '@adonisjs/core/http'
import mail from '@adonisjs/mail/services/main'
import User from '#models/user'
import VerifyEmailMail from '#mails/verify_email_mail'
import { emailVerificationFingerprint, emailVerificationUrl } from '#services/auth/signed_links'
import { sameFingerprint } from '#services/auth/password_reset'
import { pendingEmailChange } from '#services/profile/email_change'

export default class EmailVerificationController {
  async show({ auth, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const pending = await pendingEmailChange(user.id)
    return inertia.render('auth/verify_email', {
      email: user.email,
      verified: user.emailVerifiedAt !== null,
      pendingEmail: pending?.email ?? null,
    })
  }

  async store({ auth, session, response }: HttpContext) {
    const user = auth.getUserOrFail()
    if (!user.emailVerifiedAt) {
      await mail.send(new VerifyEmailMail(user, emailVerificationUrl(user)))
      session.flash('success', `We have sent a new confirmation link to ${user.email}.`)
    }
    return response.redirect().back()
  }

  /**
   * The link works without signing in: the signature and the email fingerprint prove it.
   */
  async verify({ request, params, response, inertia }: HttpContext) {
    const user = request.hasValidSignature('verify-email')
      ? await User.find(Number(params.id))
      : null
    if (!user || !sameFingerprint(emailVerificationFingerprint(user), request.qs().fp)) {
      response.status(410)
      return inertia.render('auth/verify_email_result', {
        verified: false,
        message: 'This confirmation link is invalid or has expired. Sign in to request a new one.',
      })
    }
    if (!user.emailVerifiedAt) {
      user.emailVerifiedAt = DateTime.now()
      await user.save()
    }
    return inertia.render('auth/verify_email_result', {
      verified: true,
      message: 'Your email address is confirmed.',
    })
  }
}
