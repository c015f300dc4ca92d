import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Pages for signed-out visitors (login, forgot password) send signed-in users home.
 */
export default class GuestMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (await ctx.auth.use('web').check()) {
      return ctx.response.redirect('/', true)
    }
    return next()
  }
}
