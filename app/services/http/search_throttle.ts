import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { apiLimiter, apiThrottleKey } from '#middleware/auth_middleware'
import { sendTooManyRequests } from '#services/http/too_many_requests'
import { wantsJson } from '#services/http/request_kind'

/**
 * A list page's search counts against the user's budget of JSON API calls (see
 * auth_middleware.ts), so that searching through the pages is limited like searching through
 * the API. Browsing without a search term is not counted. Beyond the budget, JSON callers get
 * the 429 shape; pages get an error page saying when to try again, with status 429 and
 * Retry-After. Runs after the auth middleware.
 */
export function throttleSearches(...searchParams: string[]) {
  return async function searchThrottle(ctx: HttpContext, next: NextFn) {
    const user = ctx.auth.user
    const query = ctx.request.qs()
    const searching = searchParams.some((name) => {
      const value = query[name]
      return (Array.isArray(value) ? value.join('') : String(value ?? '')).trim() !== ''
    })
    if (!user || !searching) return next()

    const counted = await apiLimiter().increment(apiThrottleKey(user.id))
    if (counted.consumed <= counted.limit) return next()

    const retryAfter = Math.max(1, Math.ceil(counted.availableIn))
    const message = `Too many searches. Try again in ${retryAfter} seconds.`
    if (wantsJson(ctx)) return sendTooManyRequests(ctx.response, message, retryAfter)
    ctx.response.header('Retry-After', String(retryAfter))
    const page = await ctx.inertia.render('errors/error', { message })
    return ctx.response.status(429).send(page)
  }
}
