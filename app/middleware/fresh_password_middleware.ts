import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isPasswordExpired } from '#shared/password_expiry'
import { redirectBrowser, wantsJson } from '#services/http/request_kind'

/**
 * A password older than its validity must be rotated before anything else is reachable.
 */
export default class FreshPasswordMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const user = ctx.auth.getUserOrFail()
    if (isPasswordExpired(user.passwordChangedAt.toJSDate())) {
      if (wantsJson(ctx)) {
        return ctx.response.forbidden({
          message: 'Your password has expired. Change it to continue.',
          code: 'E_PASSWORD_EXPIRED',
        })
      }
      return redirectBrowser(ctx, '/password/rotate')
    }
    return next()
  }
}
