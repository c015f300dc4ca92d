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
