import type { HttpContext } from '@adonisjs/core/http'

/**
 * A JSON caller: anything under /api, or an XHR that is not an Inertia visit. These get status
 * codes with JSON bodies; Inertia visits and plain browser requests get pages and redirects.
 */
export function wantsJson({ request }: HttpContext): boolean {
  if (request.url().startsWith('/api/')) return true
  if (request.header('x-inertia')) return false
  return (
    request.header('x-requested-with') === 'XMLHttpRequest' ||
    request.accepts(['html', 'json']) === 'json'
  )
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

/**
 * Refuses a request from middleware: JSON callers get a JSON body, browsers an Inertia error
 * page with the same status. (A middleware's return value is not sent; the body must be.)
 */
export async function refuse(
  ctx: HttpContext,
  status: 403,
  page: 'errors/forbidden' | 'errors/no_team' | 'errors/ip_forbidden',
  body: { message: string; code: string }
) {
  if (wantsJson(ctx)) {
    return ctx.response.status(status).send(body)
  }
  const rendered = await ctx.inertia.render(page, { message: body.message })
  return ctx.response.status(status).send(rendered)
}
