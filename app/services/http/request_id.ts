import { randomUUID } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * A caller's (a proxy's, a load balancer's) `x-request-id` is kept when it is at most 64 safe
 * characters (letters, digits, `.`, `_`, `:`, `-`), so that it can be printed on a page, put in
 * a log line and searched for; anything else is replaced by a new UUID.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,64}$/

export function acceptedRequestId(incoming: string | string[] | undefined) {
  const value = Array.isArray(incoming) ? incoming[0] : incoming
  return typeof value === 'string' && WELL_FORMED.test(value) ? value : randomUUID()
}

/**
 * Adds the request's id to a JSON error answer (an object body with a 4xx or 5xx status): not
 * to pages, redirects, files or an Inertia visit's page object.
 */
export function addRequestIdToJsonError(ctx: HttpContext, requestId: string) {
  const { response } = ctx
  if (response.getStatus() < 400 || !response.hasContent) return
  const body = response.getBody()
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return
  if (Object.getPrototypeOf(body) !== Object.prototype) return
  if ('component' in body && 'props' in body) return
  const contentType = String(response.getHeader('content-type') ?? '')
  if (contentType && !contentType.includes('json')) return
  if ('requestId' in body) return
  response.send({ ...(body as Record<string, unknown>), requestId })
}
