import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import limiter from '@adonisjs/limiter/services/main'
import env from '#start/env'
import { redirectBrowser, wantsJson } from '#services/http/request_kind'
import { sendTooManyRequests } from '#services/http/too_many_requests'

export const INTENDED_URL_KEY = 'intended_url'

/** Each signed-in user's budget of JSON API calls (per user, not per address: firms share one). */
export const API_REQUESTS_PER_MINUTE = env.get('API_REQUESTS_PER_MINUTE') ?? 600

export function apiLimiter() {
  return limiter.use({ requests: API_REQUESTS_PER_MINUTE, duration: '1 minute' })
}

export function apiThrottleKey(userId: number) {
  return `api_user_${userId}`
}

/**
 * Signed-out callers: JSON callers get 401, browsers go to /login and come back afterwards.
 * A disabled account is signed out on its next request. Calls to the JSON API count against
 * the user's per-minute budget (429 with Retry-After beyond it).
 */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const guard = ctx.auth.use('web')
    await guard.check()

    if (guard.user?.disabledAt) {
      await guard.logout()
      ctx.session.flash('error', 'Your account has been disabled. Contact your administrator.')
    }

    if (!guard.isAuthenticated) {
      if (wantsJson(ctx)) {
        return ctx.response.unauthorized({ message: 'Unauthenticated' })
      }
      if (ctx.request.method() === 'GET') {
        ctx.session.put(INTENDED_URL_KEY, ctx.request.url(true))
      }
      return redirectBrowser(ctx, '/login')
    }

    if (ctx.request.url().startsWith('/api/')) {
      const response = await apiLimiter().increment(apiThrottleKey(guard.user!.id))
      if (response.consumed > response.limit) {
        const retryAfter = Math.max(1, response.availableIn)
        return sendTooManyRequests(
          ctx.response,
          `Too many requests. Try again in ${retryAfter} seconds.`,
          retryAfter
        )
      }
    }

    return next()
  }
}
