import type { HttpContext } from '@adonisjs/core/http'
import { paidProviderIds } from '#services/research/access'
import type { Viewer } from '#services/research/documents'

/**
 * The signed-in user and current team every Research Insights page and call is scoped by (the
 * routes' middleware has made sure the team holds the module), the user's teams (from the
 * request context) and, unless told otherwise, the providers the current team pays: one query.
 */
export async function researchViewer(
  ctx: HttpContext,
  options: { spend?: boolean } = {}
): Promise<Viewer> {
  const userId = ctx.auth.getUserOrFail().id
  const context = ctx.teamContext!
  const teamId = context.currentTeam!.id
  return {
    teamId,
    userId,
    teams: context.teams.map((team) => ({ id: team.id, name: team.name })),
    // Writes (bookmarks, stars) show no provider chips: no need to read what the team pays.
    paidProviders: options.spend === false ? null : await paidProviderIds(teamId),
  }
}
