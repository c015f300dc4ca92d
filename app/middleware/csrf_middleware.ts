import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import edge from 'edge.js'
import encryption from '@adonisjs/core/services/encryption'
import { csrfFactory } from '@adonisjs/shield/guards'
import shieldConfig from '#config/shield'
import { wantsJson } from '#services/http/request_kind'

/**
 * The shield's CSRF check (its header guards run for every answer in the security headers
 * middleware).
 *
 * A lost session also loses its CSRF secret, so the first JSON call from a page whose session
 * has gone fails this check. When nobody is signed in any more, that caller is answered as
 * signed out (401), which sends the browser to /login, rather than with a "page expired" 403
 * that the page could only ignore.
 *
 * A mail provider's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` to the
 * signed link of the mail's List-Unsubscribe header, without cookies: that request, on that
 * route with a valid signature, needs no CSRF token (the signature names the user and the
 * subscription, and the action does nothing else).
 */
export default class CsrfMiddleware {
  #guard = csrfFactory(shieldConfig.csrf ?? {}, encryption.use(), edge)

  async handle(ctx: HttpContext, next: NextFn) {
    if (isOneClickUnsubscribe(ctx)) return next()
    try {
      await this.#guard(ctx)
    } catch (error) {
      if (
        (error as { code?: string }).code === 'E_BAD_CSRF_TOKEN' &&
        wantsJson(ctx) &&
        !(await ctx.auth.check())
      ) {
        return ctx.response.unauthorized({ message: 'Unauthenticated' })
      }
      throw error
    }
    return next()
  }
}

function isOneClickUnsubscribe({ route, request }: HttpContext) {
  return (
    route?.name === 'unsubscribe.store' &&
    request.body()['List-Unsubscribe'] === 'One-Click' &&
    request.hasValidSignature('unsubscribe')
  )
}
