import type { HttpContext } from '@adonisjs/core/http'

/**
 * A JSON caller: anything under /api, or an XHR that is not an Inertia visit. These get status
 * codes with JSON bodies; Inertia visits and plain browser requests get pages and redirects.
 */
export function wantsJson({ request }: HttpContext): boolean {
  if (request.url().startsWith('/api/')) return true
  if (request.header('x-inertia')) return false
  return request.header('x-requested-with') === 'XMLHttpRequest' || request.accepts(['html', 'json']) === 'json'
}

export function isInertiaVisit({ request }: HttpContext): boolean {
  return !!request.header('x-inertia')
}

/**
 * Sends a signed-out or refused browser to another page. Inertia visits get the protocol's
 * 409 + X-Inertia-Location so that the client performs a full visit.
 */
export function redirectBrowser(ctx: HttpContext, url: string) {
  if (isInertiaVisit(ctx)) {
    return ctx.inertia.location(url)
  }
  return ctx.response.redirect(url)
}
