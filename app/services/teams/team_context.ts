import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Team from '#models/team'

export interface TeamSummary {
  id: number
  name: string
}

export interface TeamContext {
  teams: TeamSummary[]
  currentTeam: Team | null
  moduleNames: string[]
  /** The first of the user's teams that requires two-factor authentication, if any. */
  twoFactorRequiredBy: string | null
}

/**
 * Resolves the teams a user belongs to and their current team in a fixed number of queries.
 * A current team that the user no longer belongs to is replaced by their first team by name.
 */
export async function resolveTeamContext(user: User): Promise<TeamContext> {
  const rows = await db
    .from('teams')
    .join('team_user', 'team_user.team_id', 'teams.id')
    .where('team_user.user_id', user.id)
    .select('teams.id', 'teams.name', 'teams.require_two_factor')
    .orderBy('teams.name', 'asc')
  const teams: TeamSummary[] = rows.map((row) => ({ id: row.id, name: row.name }))
  const twoFactorRequiredBy =
    (rows.find((row) => Boolean(row.require_two_factor))?.name as string | undefined) ?? null

  let currentId = user.currentTeamId
  if (!teams.some((team) => team.id === currentId)) {
    currentId = teams[0]?.id ?? null
    if (currentId !== user.currentTeamId) {
      user.currentTeamId = currentId
      await user.save()
    }
  }

  if (currentId === null) {
    return { teams, currentTeam: null, moduleNames: [], twoFactorRequiredBy }
  }

  const currentTeam = await Team.query().where('id', currentId).preload('currency').firstOrFail()
  const moduleNames = await moduleNamesForTeam(currentId)
  return { teams, currentTeam, moduleNames, twoFactorRequiredBy }
}

export async function moduleNamesForTeam(teamId: number): Promise<string[]> {
  const rows: { internal_name: string }[] = await db
    .from('modules')
    .join('team_modules', 'team_modules.module_id', 'modules.id')
    .where('team_modules.team_id', teamId)
    .select('modules.internal_name')
    .orderBy('modules.internal_name')
  return rows.map((row) => row.internal_name)
}

export async function isTeamMember(userId: number, teamId: number): Promise<boolean> {
  const row = await db
    .from('team_user')
    .where({ user_id: userId, team_id: teamId })
    .select('id')
    .first()
  return !!row
}

/**
 * Changes the current team only to a team the user belongs to. Returns false (and changes
 * nothing) otherwise.
 */
export async function switchCurrentTeam(user: User, teamId: number): Promise<boolean> {
  if (!(await isTeamMember(user.id, teamId))) {
    return false
  }
  user.currentTeamId = teamId
  await user.save()
  return true
}
