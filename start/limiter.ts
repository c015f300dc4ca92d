import type { HttpContext } from '@adonisjs/core/http'
import limiter from '@adonisjs/limiter/services/main'

/**
 * Applied to API writes from the signed-in shell (feedback, analytics). Keyed by user.
 */
export const apiWriteThrottle = limiter.define('api-writes', (ctx) => {
  return limiter
    .allowRequests(30)
    .every('1 minute')
    .usingKey(`user_${ctx.auth.user?.id ?? ctx.request.ip()}`)
})

/**
 * Registration and invitation links, keyed by the caller's address: enough for people, not for
 * scripts trying addresses or passwords.
 */
export const registrationThrottle = limiter.define('registration', (ctx) => {
  return limiter
    .allowRequests(10)
    .every('15 minutes')
    .usingKey(`ip_${ctx.request.ip()}`)
    .limitExceeded((error) => {
      error.setMessage('Too many attempts. Please wait a few minutes and try again.')
    })
})

/** Invitations sent by an administrator (each one is a mail). */
export const invitationThrottle = limiter.define('invitations', (ctx) => {
  return limiter
    .allowRequests(60)
    .every('1 hour')
    .usingKey(`user_${ctx.auth.user?.id ?? ctx.request.ip()}`)
    .limitExceeded((error) => {
      error.setMessage('Too many invitations sent in the last hour. Please try again later.')
    })
})

const resetEmail = (ctx: HttpContext) =>
  String(ctx.request.input('email', '')).trim().toLowerCase().slice(0, 254)

/**
 * Password reset mails: a few per address an hour from each sender, so that nobody's inbox can
 * be flooded and a stranger's requests do not use up the owner's.
 */
export const passwordResetThrottle = limiter.define('password-reset', (ctx) => {
  return limiter
    .allowRequests(5)
    .every('1 hour')
    .usingKey(`email_${resetEmail(ctx)}_ip_${ctx.request.ip()}`)
    .limitExceeded((error) => {
      error.setMessage('Too many reset requests for this address. Please try again later.')
    })
})

/**
 * And a ceiling per address whoever asks: only several senders together reach it, and the
 * owner's own request still gets through when one stranger has used up their share.
 */
export const passwordResetAddressThrottle = limiter.define('password-reset-address', (ctx) => {
  return limiter
    .allowRequests(20)
    .every('1 hour')
    .usingKey(`email_${resetEmail(ctx)}`)
    .limitExceeded((error) => {
      error.setMessage('Too many reset requests for this address. Please try again later.')
    })
})

/** Confirmation links sent again to a requested new email address. */
export const emailChangeThrottle = limiter.define('email-change', (ctx) => {
  return limiter
    .allowRequests(5)
    .every('1 hour')
    .usingKey(`user_${ctx.auth.user?.id ?? ctx.request.ip()}`)
    .limitExceeded((error) => {
      error.setMessage('Too many confirmation links sent. Please try again later.')
    })
})
