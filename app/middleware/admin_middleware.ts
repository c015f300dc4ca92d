import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { hasAnyPermission } from '#shared/permissions'
import { permissionsFor } from '#services/access/permissions'
import { refuse } from '#services/http/request_kind'

declare module '@adonisjs/core/http' {
  interface HttpContext {
    permissions?: string[]
  }
}

/**
 * Admin routes: the user must be an administrator and hold at least one of the listed
 * permissions (an empty list means any administrator).
 */
export default class AdminMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { permissions?: string[] } = {}) {
    const user = ctx.auth.getUserOrFail()
    ctx.permissions = await permissionsFor(user)

    if (user.isAdministrator && hasAnyPermission(options.permissions ?? [], ctx.permissions)) {
      return next()
    }

    const message = user.isAdministrator
      ? 'Your administrator role does not include this area.'
      : 'This area is for administrators only.'
    return refuse(ctx, 403, 'errors/forbidden', { message, code: 'E_FORBIDDEN' })
  }
}
