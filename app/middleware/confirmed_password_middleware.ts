import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { redirectBrowser, wantsJson } from '#services/http/request_kind'
import { INTENDED_URL_KEY } from '#middleware/auth_middleware'

export const PASSWORD_CONFIRMED_AT_KEY = 'password_confirmed_at'
/** How long a password confirmation is remembered for sensitive actions. */
export const PASSWORD_CONFIRMATION_TTL_MS = 5 * 60 * 1000

export function hasRecentlyConfirmedPassword(ctx: HttpContext): boolean {
  const confirmedAt = Number(ctx.session.get(PASSWORD_CONFIRMED_AT_KEY, 0))
  return Date.now() - confirmedAt < PASSWORD_CONFIRMATION_TTL_MS
}

/**
 * Gate for sensitive actions: the password must have been confirmed in the last few minutes.
 */
export default class ConfirmedPasswordMiddleware {
  /**
   * `returnTo`: where to continue after confirming, for actions started from a known page;
   * otherwise the page the request came from.
   */
  async handle(ctx: HttpContext, next: NextFn, options: { returnTo?: string } = {}) {
    if (hasRecentlyConfirmedPassword(ctx)) {
      return next()
    }
    if (wantsJson(ctx)) {
      return ctx.response.status(423).send({
        message: 'Confirm your password to continue.',
        code: 'E_PASSWORD_CONFIRMATION_REQUIRED',
      })
    }
    const back =
      options.returnTo ??
      (ctx.request.method() === 'GET' ? ctx.request.url(true) : ctx.request.header('referer'))
    if (back) ctx.session.put(INTENDED_URL_KEY, back)
    return redirectBrowser(ctx, '/user/confirm-password')
  }
}
