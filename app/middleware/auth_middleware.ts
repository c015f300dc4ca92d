import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { redirectBrowser, wantsJson } from '#services/http/request_kind'

export const INTENDED_URL_KEY = 'intended_url'

/**
 * Signed-out callers: JSON callers get 401, browsers go to /login and come back afterwards.
 * A disabled account is signed out on its next request.
 */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const guard = ctx.auth.use('web')
    await guard.check()

    if (guard.user?.disabledAt) {
      await guard.logout()
      ctx.session.flash('error', 'Your account has been disabled. Contact your administrator.')
    }

    if (!guard.isAuthenticated) {
      if (wantsJson(ctx)) {
        return ctx.response.unauthorized({ message: 'Unauthenticated' })
      }
      if (ctx.request.method() === 'GET') {
        ctx.session.put(INTENDED_URL_KEY, ctx.request.url(true))
      }
      return redirectBrowser(ctx, '/login')
    }

    return next()
  }
}
