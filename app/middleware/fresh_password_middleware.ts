import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isPasswordExpired } from '#shared/password_expiry'
import { redirectBrowser, wantsJson } from '#services/http/request_kind'
import type User from '#models/user'

/** Set for a session opened through single sign-on, where no password of ours was used. */
export const SSO_SESSION_KEY = 'signed_in_with_sso'

export function signedInWithSso(ctx: Pick<HttpContext, 'session'>) {
  return ctx.session.get(SSO_SESSION_KEY, false) === true
}

/**
 * The password must be changed before anything else is reachable when an administrator has
 * required a new one, or when it is older than its validity (unless this session came through
 * single sign-on: the identity provider owns that password's policy).
 */
export function mustChangePassword(user: User, ctx: Pick<HttpContext, 'session'>) {
  return (
    user.passwordResetRequiredAt !== null ||
    (!signedInWithSso(ctx) && isPasswordExpired(user.passwordChangedAt.toJSDate()))
  )
}

export default class FreshPasswordMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const user = ctx.auth.getUserOrFail()
    if (mustChangePassword(user, ctx)) {
      if (wantsJson(ctx)) {
        return ctx.response.forbidden({
          message: user.passwordResetRequiredAt
            ? 'An administrator has asked you to choose a new password. Change it to continue.'
            : 'Your password has expired. Change it to continue.',
          code: 'E_PASSWORD_EXPIRED',
        })
      }
      return redirectBrowser(ctx, '/password/rotate')
    }
    return next()
  }
}
