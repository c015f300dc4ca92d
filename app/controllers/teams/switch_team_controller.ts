import type { HttpContext } from '@adonisjs/core/http'
import { switchTeamValidator } from '#validators/team'
import { switchCurrentTeam } from '#services/teams/team_context'
import { wantsJson } from '#services/http/request_kind'

export default class SwitchTeamController {
  async handle(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = auth.getUserOrFail()
    const { team_id: teamId } = await request.validateUsing(switchTeamValidator)

    if (!(await switchCurrentTeam(user, teamId))) {
      const message = 'You are not a member of that team.'
      if (wantsJson(ctx)) return response.forbidden({ message })
      response.status(403)
      return ctx.inertia.render('errors/forbidden', { message })
    }

    if (wantsJson(ctx)) {
      return response.ok({ currentTeamId: teamId })
    }
    session.forget('selected_currency_id')
    return response.redirect().back()
  }
}
