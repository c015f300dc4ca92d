import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { recordSessionActivity } from '#services/auth/user_sessions'

export default class SilentAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (await ctx.auth.check()) recordSessionActivity(ctx)
    return next()
  }
}
