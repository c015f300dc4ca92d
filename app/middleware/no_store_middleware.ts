import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Every answer the application computes (pages, JSON, redirects, errors, downloads) may hold a
 * team's confidential data or an auth form's token, so none is kept by the browser or a proxy:
 * after sign-out, Back or a shared cache shows nothing. This runs after the static and Vite
 * middleware, so built assets keep their own caching.
 */
export default class NoStoreMiddleware {
  handle({ response }: HttpContext, next: NextFn) {
    response.header('Cache-Control', 'no-store')
    return next()
  }
}
