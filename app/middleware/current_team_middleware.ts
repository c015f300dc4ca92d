import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import {
  resolveTeamContext,
  switchCurrentTeam,
  type TeamContext,
} from '#services/teams/team_context'
import { TEAM_SWITCHED_FLASH, teamOfLink, withoutTeamParam } from '#services/teams/team_switch'
import { SELECTED_CURRENCY_KEY } from '#services/currencies/currencies'
import { redirectBrowser, refuse, wantsJson } from '#services/http/request_kind'
import { teamAllowsAddress } from '#services/teams/ip_policy'

declare module '@adonisjs/core/http' {
  interface HttpContext {
    teamContext?: TeamContext
  }
}

/**
 * Resolves the user's teams and current team. Client areas require a current team; the admin
 * area (`required: false`) only uses it for the team menu.
 */
export default class CurrentTeamMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { required?: boolean } = {}) {
    const user = ctx.auth.getUserOrFail()
    ctx.teamContext = await resolveTeamContext(user)

    if (options.required !== false && !ctx.teamContext.currentTeam) {
      // An administrator who serves no team lands on Admin Home rather than on a refusal.
      if (user.isAdministrator && ctx.route?.name === 'dashboard') {
        return ctx.response.redirect('/admin/welcome')
      }
      return refuse(ctx, 403, 'errors/no_team', {
        message: 'You are not a member of any team.',
        code: 'E_NO_TEAM',
      })
    }
    // A new account reaches its teams' data only once it has confirmed its email address.
    if (options.required !== false && user.emailVerifiedAt === null) {
      if (wantsJson(ctx)) {
        return ctx.response.forbidden({
          message: 'Confirm your email address to continue.',
          code: 'E_EMAIL_UNVERIFIED',
        })
      }
      return redirectBrowser(ctx, '/email/verify')
    }
    // A link from a mail names the team it is for: a member of that team who works in
    // another one is switched to it, and told so, before the page opens.
    const linkTeamId = options.required !== false ? teamOfLink(ctx.request.qs()) : null
    if (
      linkTeamId !== null &&
      linkTeamId !== ctx.teamContext.currentTeam?.id &&
      ctx.request.method() === 'GET' &&
      !wantsJson(ctx)
    ) {
      const linkTeam = ctx.teamContext.teams.find((entry) => entry.id === linkTeamId)
      if (linkTeam && (await switchCurrentTeam(user, linkTeam.id))) {
        ctx.session.forget(SELECTED_CURRENCY_KEY)
        ctx.session.flash(TEAM_SWITCHED_FLASH, true)
        ctx.session.flash(
          'success',
          `This link is for ${linkTeam.name}: you are now working in ${linkTeam.name}.`
        )
        return ctx.response.redirect(withoutTeamParam(ctx.request.url(true)))
      }
    }
    // The current team's allowed IP ranges, if it has any, guard the team's data on every
    // request. They never govern the admin area, the user's own settings or switching to
    // another team (`required: false`): a client team's network policy cannot lock an
    // administrator out, nor keep a member of several teams from their other teams.
    const team = ctx.teamContext.currentTeam
    if (
      team &&
      options.required !== false &&
      !(await teamAllowsAddress(team.id, ctx.request.ip()))
    ) {
      return refuse(ctx, 403, 'errors/ip_forbidden', {
        message: `${team.name} allows access only from its own networks. Your address (${ctx.request.ip()}) is not one of them.`,
        code: 'E_IP_FORBIDDEN',
      })
    }
    return next()
  }
}
