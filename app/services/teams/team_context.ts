import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Team from '#models/team'
import Currency from '#models/currency'
import type { DashboardProduct } from '#services/teams/dashboard'
import { snapshotOf } from '#services/auth/cached_user_provider'
import { identitySnapshot, modelFromRow, teamSnapshot } from '#services/context/request_context'

export interface TeamSummary {
  id: number
  name: string
}

export interface TeamContext {
  teams: TeamSummary[]
  currentTeam: Team | null
  moduleNames: string[]
  /** The current team's products with the modules it holds. */
  products: DashboardProduct[]
  /** The first of the user's teams that requires two-factor authentication, if any. */
  twoFactorRequiredBy: string | null
}

/**
 * Resolves the teams a user belongs to and their current team from the request context cache:
 * no query on a warm cache. A current team that the user no longer belongs to is replaced by
 * their first team by name.
 */
export async function resolveTeamContext(user: User): Promise<TeamContext> {
  const identity = snapshotOf(user) ?? (await identitySnapshot(user.id))
  const rows = identity?.teams ?? []
  const teams: TeamSummary[] = rows.map((row) => ({ id: row.id, name: row.name }))
  const twoFactorRequiredBy = rows.find((row) => row.requireTwoFactor)?.name ?? null

  let currentId = user.currentTeamId
  if (!teams.some((team) => team.id === currentId)) {
    currentId = teams[0]?.id ?? null
    if (currentId !== user.currentTeamId) {
      user.currentTeamId = currentId
      await user.save()
    }
  }

  const snapshot = currentId === null ? null : await teamSnapshot(currentId)
  if (!snapshot) {
    return { teams, currentTeam: null, moduleNames: [], products: [], twoFactorRequiredBy }
  }
  const currentTeam = modelFromRow(Team, snapshot.team)
  currentTeam.$setRelated('currency', modelFromRow(Currency, snapshot.currency))
  return {
    teams,
    currentTeam,
    moduleNames: snapshot.moduleNames,
    products: snapshot.products,
    twoFactorRequiredBy,
  }
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
