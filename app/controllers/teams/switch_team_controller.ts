import type { HttpContext } from '@adonisjs/core/http'
import { switchTeamValidator } from '#validators/team'
import { switchCurrentTeam } from '#services/teams/team_context'
import { SELECTED_CURRENCY_KEY } from '#services/currencies/currencies'
import { refuse, wantsJson } from '#services/http/request_kind'
import { landingAfterSwitch, TEAM_SWITCHED_FLASH } from '#services/teams/team_switch'

export default class SwitchTeamController {
  async handle(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const { team_id: teamId } = await request.validateUsing(switchTeamValidator)

    if (!(await switchCurrentTeam(user, teamId))) {
      return refuse(ctx, 403, 'errors/forbidden', {
        message: 'You are not a member of that team.',
        code: 'E_NOT_A_MEMBER',
      })
    }

    // The display currency follows the team: the new team's own until the user picks another.
    session.forget(SELECTED_CURRENCY_KEY)
    if (wantsJson(ctx)) {
      return response.ok({ currentTeamId: teamId })
    }
    session.flash(TEAM_SWITCHED_FLASH, true)
    return response.redirect(landingAfterSwitch(request.header('referer')))
  }
}
