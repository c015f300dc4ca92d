import type { HttpContext } from '@adonisjs/core/http'
import { switchTeamValidator } from '#validators/team'
import { switchCurrentTeam } from '#services/teams/team_context'
import { refuse, wantsJson } from '#services/http/request_kind'

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

    if (wantsJson(ctx)) {
      return response.ok({ currentTeamId: teamId })
    }
    session.forget('selected_currency_id')
    return response.redirect().back()
  }
}
