import type { HttpContext } from '@adonisjs/core/http'
import { paidProviderIds } from '#services/research/access'
import type { Viewer } from '#services/research/documents'
import { dataVersion } from '#services/cache/data_versions'

/**
 * The signed-in user and current team every Research Insights page and call is scoped by (the
 * routes' middleware has made sure the team holds the module), the user's teams (from the
 * request context) and, unless told otherwise, the providers the current team pays: one query.
 * The research catalogue's version is read when first asked for, once per request.
 */
export async function researchViewer(
  ctx: HttpContext,
  options: { spend?: boolean } = {}
): Promise<Viewer> {
  const userId = ctx.auth.getUserOrFail().id
  const context = ctx.teamContext!
  const teamId = context.currentTeam!.id
  let version: Promise<string | null> | undefined
  return {
    teamId,
    userId,
    teams: context.teams.map((team) => ({ id: team.id, name: team.name })),
    // Writes (bookmarks, stars) show no provider chips: no need to read what the team pays.
    paidProviders: options.spend === false ? null : await paidProviderIds(teamId),
    researchVersion: () => (version ??= dataVersion('research')),
  }
}
