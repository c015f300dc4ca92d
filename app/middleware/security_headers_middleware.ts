import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { cspFactory, frameGuardFactory, hstsFactory, noSniffFactory } from '@adonisjs/shield/guards'
import shieldConfig from '#config/shield'

/**
 * The shield's header guards run here, in the server middleware, rather than with the router's:
 * answers the router never reaches (an unknown address, an error before any route) carry the
 * content security policy (and its nonce, shared with the view), framing, sniffing and HSTS
 * rules too. The shield's CSRF check stays with the router (it needs the session).
 */
const guards = [
  cspFactory(shieldConfig.csp ?? {}),
  frameGuardFactory(shieldConfig.xFrame ?? {}),
  hstsFactory(shieldConfig.hsts ?? {}),
  noSniffFactory(shieldConfig.contentTypeSniffing ?? {}),
]

/**
 * Plus the headers the shield does not set: links to other sites carry only this origin
 * (never the path, which may name a team's records), and the browser features the product
 * never uses stay off.
 */
export default class SecurityHeadersMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    for (const guard of guards) await guard(ctx)
    ctx.response.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    ctx.response.header(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=()'
    )
    ctx.response.header('Cross-Origin-Opener-Policy', 'same-origin')
    return next()
  }
}
