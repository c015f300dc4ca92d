import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Headers the shield does not set: links to other sites carry only this origin (never the path,
 * which may name a team's records), and the browser features the product never uses stay off.
 */
export default class SecurityHeadersMiddleware {
  handle({ response }: HttpContext, next: NextFn) {
    response.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    response.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    response.header('Cross-Origin-Opener-Policy', 'same-origin')
    return next()
  }
}
