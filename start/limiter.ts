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

const verificationKey = (ctx: HttpContext) => `user_${ctx.auth.user?.id ?? ctx.request.ip()}`
const inSeconds = (seconds: number) => `${Math.max(1, Math.ceil(seconds))} seconds`

/**
 * New email confirmation links: one a minute and five an hour per user, so that a user (or a
 * script with their session) cannot fill an inbox.
 */
export const emailVerificationMinuteThrottle = limiter.define('email-verification-minute', (ctx) =>
  limiter
    .allowRequests(1)
    .every('1 minute')
    .usingKey(verificationKey(ctx))
    .limitExceeded((error) => {
      error.setMessage(
        `A new link was sent less than a minute ago. Check your inbox, or ask again in ${inSeconds(error.response.availableIn)}.`
      )
    })
)

export const emailVerificationHourThrottle = limiter.define('email-verification-hour', (ctx) =>
  limiter
    .allowRequests(5)
    .every('1 hour')
    .usingKey(verificationKey(ctx))
    .limitExceeded((error) => {
      error.setMessage(
        'You have asked for five new links in the last hour. Please try again later, or check that the address is right.'
      )
    })
)
