import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { MODULES } from '#shared/modules'
import { paidProviderIds } from '#services/research/access'
import type { Viewer } from '#services/research/documents'

/**
 * The signed-in user and current team every Research Insights page and call is scoped by (the
 * routes' middleware has made sure the team holds the module), the user's teams that hold it,
 * and the providers the current team pays.
 */
export async function researchViewer(ctx: HttpContext): Promise<Viewer> {
  const userId = ctx.auth.getUserOrFail().id
  const context = ctx.teamContext!
  const teamId = context.currentTeam!.id
  const teamIds = context.teams.map((team) => team.id)
  const [withModule, paidProviders] = await Promise.all([
    db
      .from('team_modules')
      .join('modules', 'modules.id', 'team_modules.module_id')
      .whereIn('team_modules.team_id', teamIds)
      .where('modules.internal_name', MODULES.trendingThemes)
      .select('team_modules.team_id'),
    paidProviderIds(teamId),
  ])
  const allowed = new Set(withModule.map((row) => Number(row.team_id)))
  return {
    teamId,
    userId,
    teams: context.teams.filter((team) => allowed.has(team.id)),
    paidProviders,
  }
}
