import router from '@adonisjs/core/services/router'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Routes answered without the router's middleware: no session, no authentication, no CSRF. */
const STATELESS_ROUTE = /^health\./

/**
 * Runs the routes named `health.*` (start/routes/health.ts) straight away, without the router's
 * middleware stack (body parser, session, authentication, CSRF): a probe every few seconds from
 * a load balancer must not create a session, write to the session store or need a CSRF token.
 * Every other request goes on to the router as usual.
 */
export default class StatelessRoutesMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const method = ctx.request.method()
    if (method !== 'GET' && method !== 'HEAD') return next()
    const url = ctx.request.url()
    if (!url.startsWith('/health/')) return next()
    const match = router.match(url, method, ctx.request.parsedUrl.shouldDecodeParam)
    if (!match?.route.name || !STATELESS_ROUTE.test(match.route.name)) return next()
    ctx.params = match.params
    ctx.subdomains = match.subdomains
    ctx.route = match.route
    ctx.routeKey = match.routeKey
    const handler = match.route.handler
    if (typeof handler === 'function') {
      const value = await handler(ctx)
      if (value !== undefined) ctx.response.send(value)
      return
    }
    await handler.handle(ctx.containerResolver, ctx)
  }
}
