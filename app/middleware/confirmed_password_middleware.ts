import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { redirectBrowser, wantsJson } from '#services/http/request_kind'
import { INTENDED_URL_KEY } from '#middleware/auth_middleware'
import { appUrl } from '#config/app'

export const PASSWORD_CONFIRMED_AT_KEY = 'password_confirmed_at'
/** How long a password confirmation is remembered for sensitive actions. */
export const PASSWORD_CONFIRMATION_TTL_MS = 5 * 60 * 1000

/** Set when the gated request was an action (not a page) that must be repeated afterwards. */
export const REPEAT_ACTION_KEY = 'password_confirmation_repeat'

/**
 * The path of a referring page of this site (browsers send the absolute URL); null for
 * another site or anything unreadable, so that the return is never an open redirect.
 */
export function sameSitePath(ctx: HttpContext, referer: string | null | undefined) {
  if (!referer) return null
  const ownHosts = new Set([ctx.request.host(), new URL(appUrl).host])
  try {
    const url = new URL(referer, appUrl)
    if (!['http:', 'https:'].includes(url.protocol) || !ownHosts.has(url.host)) return null
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return null
  }
}

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
    const isGet = ctx.request.method() === 'GET'
    const back =
      options.returnTo ??
      (isGet ? ctx.request.url(true) : sameSitePath(ctx, ctx.request.header('referer')))
    if (back) ctx.session.put(INTENDED_URL_KEY, back)
    // A form's action cannot be replayed after the confirmation: the user is told to repeat it.
    if (isGet) ctx.session.forget(REPEAT_ACTION_KEY)
    else ctx.session.put(REPEAT_ACTION_KEY, true)
    return redirectBrowser(ctx, '/user/confirm-password')
  }
}
