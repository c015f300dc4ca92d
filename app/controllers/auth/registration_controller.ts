import type { HttpContext } from '@adonisjs/core/http'
import { completeSignIn } from '#controllers/auth/session_controller'
import { recordSecurityEvent } from '#services/auth/security_log'
import { registerSelf } from '#services/accounts/registration'
import { registerValidator } from '#validators/registration'

/**
 * Self-registration, for addresses at an allowed domain of a team that permits it. Everyone
 * else needs an invitation.
 */
export default class RegistrationController {
  async create({ inertia }: HttpContext) {
    return inertia.render('auth/register', {})
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(registerValidator)
    const { user, teams } = await registerSelf(input)
    await recordSecurityEvent(ctx, {
      userId: user.id,
      event: 'registered',
      details: { teams: teams.map((team) => team.name) },
    })
    ctx.session.flash(
      'success',
      `Your account is ready. We have sent a confirmation link to ${user.email}.`
    )
    await completeSignIn(ctx, user)
    return ctx.response.redirect('/email/verify')
  }
}
