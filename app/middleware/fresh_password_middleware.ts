import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isPasswordExpired } from '#shared/password_expiry'
import { redirectBrowser, wantsJson } from '#services/http/request_kind'
import type User from '#models/user'

/**
 * The password must be changed before anything else is reachable when it is older than its
 * validity, or when an administrator has required a new one.
 */
export function mustChangePassword(user: User) {
  return (
    user.passwordResetRequiredAt !== null || isPasswordExpired(user.passwordChangedAt.toJSDate())
  )
}

export default class FreshPasswordMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const user = ctx.auth.getUserOrFail()
    if (mustChangePassword(user)) {
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
