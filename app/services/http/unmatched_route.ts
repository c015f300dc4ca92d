import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import SessionMiddleware from '@adonisjs/session/session_middleware'
import { resolveTeamContext } from '#services/teams/team_context'

/**
 * Runs `render` with the session, the signed-in user and their team context loaded, as the
 * router middleware would have for a matched route. Requests without cookies (most unknown
 * addresses are probed by scripts) skip this and render as signed out.
 */
export async function withSessionAndUser(ctx: HttpContext, render: () => Promise<void>) {
  const partial = ctx as Partial<HttpContext>
  if (partial.session || !ctx.request.header('cookie')) return render()

  const session = await app.container.make(SessionMiddleware)
  await session.handle(ctx, async () => {
    const authManager = await ctx.containerResolver.make('auth.manager')
    ctx.auth = authManager.createAuthenticator(ctx)
    await ctx.auth.check()
    const user = ctx.auth.user
    if (user && !user.disabledAt) {
      ctx.teamContext = await resolveTeamContext(user)
    } else if (user) {
      await ctx.auth.use('web').logout()
    }
    await render()
  })
}
