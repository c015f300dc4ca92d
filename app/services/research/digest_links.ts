import db from '@adonisjs/lucid/services/db'
import { whereReadableBy } from '#services/research/access'
import { linkForTeam } from '#services/teams/team_switch'

/**
 * The teams the digest's links open in. A reader of several teams may work in one that cannot
 * read a document (or has no Research Insights at all): each link names a team of theirs that
 * can, their current team first, so that it opens there instead of on a "not found".
 */

export interface ReaderTeam {
  id: number
  name: string
}

/** The reader's Research Insights teams, their current team first, then by name. */
export async function readerTeams(userId: number, teamIds: number[]): Promise<ReaderTeam[]> {
  if (!teamIds.length) return []
  const [rows, user] = await Promise.all([
    db.from('teams').whereIn('id', teamIds).orderBy('name').orderBy('id').select('id', 'name'),
    db.from('users').where('id', userId).select('current_team_id').first(),
  ])
  const currentId = user?.current_team_id === null ? null : Number(user?.current_team_id)
  const teams = rows.map((row) => ({ id: Number(row.id), name: row.name as string }))
  return [
    ...teams.filter((team) => team.id === currentId),
    ...teams.filter((team) => team.id !== currentId),
  ]
}

/**
 * For each document, the first of the reader's teams (in the order given) that may read it:
 * one query per team at most, and only for the documents still without a team.
 */
export async function documentTeams(documentIds: number[], teams: ReaderTeam[]) {
  const teamOf = new Map<number, ReaderTeam>()
  let left = [...new Set(documentIds)]
  for (const team of teams) {
    if (!left.length) break
    const readable = await whereReadableBy(
      db.from('research_documents as d').whereIn('d.id', left),
      team.id
    ).select('d.id')
    for (const row of readable) teamOf.set(Number(row.id), team)
    left = left.filter((id) => !teamOf.has(id))
  }
  return teamOf
}

export { linkForTeam }
