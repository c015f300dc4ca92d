import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { redirectBrowser, wantsJson } from '#services/http/request_kind'

/** What a member may reach before setting up a required two-factor authentication. */
const SETUP_ROUTES = new Set([
  'twoFactor.required',
  'twoFactor.enable',
  'twoFactor.confirm',
  'password.confirm',
  'password.confirm.store',
])

/**
 * A member of a team that requires two-factor authentication, without it, reaches nothing but
 * the mandatory set-up until it is done.
 */
export default class TwoFactorPolicyMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const user = ctx.auth.getUserOrFail()
    if (user.twoFactorConfirmedAt || SETUP_ROUTES.has(ctx.route?.name ?? '')) return next()
    // The team middleware, which runs first, has loaded the user's teams and their policy.
    if (!ctx.teamContext?.twoFactorRequiredBy) return next()
    if (wantsJson(ctx)) {
      return ctx.response.forbidden({
        message: 'Your team requires two-factor authentication. Set it up to continue.',
        code: 'E_TWO_FACTOR_REQUIRED',
      })
    }
    return redirectBrowser(ctx, '/user/two-factor/required')
  }
}
