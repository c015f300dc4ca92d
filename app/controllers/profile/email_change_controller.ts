import type { HttpContext } from '@adonisjs/core/http'
import {
  cancelEmailChange,
  confirmEmailChange,
  resendEmailChange,
} from '#services/profile/email_change'

const INVALID_LINK =
  'This link is invalid, has expired or was replaced by a newer request. Sign in and ask again from Settings.'

/**
 * A requested email change: the link mailed to the new address (works without signing in:
 * the signature and the request's fingerprint prove it), and resending or cancelling it
 * from Settings.
 */
export default class EmailChangeController {
  async confirm(ctx: HttpContext) {
    const { request, params, response, inertia } = ctx
    const result = request.hasValidSignature('email-change')
      ? await confirmEmailChange({ request }, Number(params.id), request.qs().fp)
      : ({ status: 'invalid' } as const)
    if (result.status !== 'changed') {
      response.status(result.status === 'invalid' ? 410 : 422)
      return inertia.render('auth/verify_email_result', {
        verified: false,
        message: result.status === 'invalid' ? INVALID_LINK : result.message,
      })
    }
    return inertia.render('auth/verify_email_result', {
      verified: true,
      message: `Your email address is now ${result.email}. Use it to sign in from now on.`,
    })
  }

  async resend({ auth, session, response }: HttpContext) {
    const email = await resendEmailChange(auth.getUserOrFail())
    if (email) session.flash('success', `We have sent a new confirmation link to ${email}.`)
    else session.flash('error', 'No email change is waiting for confirmation.')
    return response.redirect('/user/profile#profile-information')
  }

  async cancel({ auth, request, session, response }: HttpContext) {
    const email = await cancelEmailChange({ request }, auth.getUserOrFail())
    if (email) session.flash('success', `The change to ${email} is cancelled.`)
    return response.redirect('/user/profile#profile-information')
  }
}
