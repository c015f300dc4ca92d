import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { ModuleName } from '#shared/modules'
import { refuse, wantsJson } from '#services/http/request_kind'
import { TEAM_SWITCHED_FLASH } from '#services/teams/team_switch'

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
    // Right after a team switch, a page the new team does not have leads to its dashboard.
    if (ctx.session?.flashMessages.get(TEAM_SWITCHED_FLASH) && !wantsJson(ctx)) {
      const team = ctx.teamContext?.currentTeam?.name ?? 'Your team'
      ctx.session.flash('error', `${team} does not include that product, so here is its dashboard.`)
      return ctx.response.redirect('/')
    }
    return refuse(ctx, 403, 'errors/forbidden', {
      message: 'Your current team does not have access to this product.',
      code: 'E_MODULE_REQUIRED',
    })
  }
}
