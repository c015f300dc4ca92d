import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { ModuleName } from '#shared/modules'
import { refuse } from '#services/http/request_kind'

/**
 * Guards an area by module internal name: the current team must hold one of the modules.
 * Runs after the current-team middleware.
 */
export default class ModuleMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { modules: ModuleName[] }) {
    const held = ctx.teamContext?.moduleNames ?? []
    if (options.modules.some((name) => held.includes(name))) {
      return next()
    }
    return refuse(ctx, 403, 'errors/forbidden', {
      message: 'Your current team does not have access to this product.',
      code: 'E_MODULE_REQUIRED',
    })
  }
}
