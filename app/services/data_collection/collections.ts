import db from '@adonisjs/lucid/services/db'
import { fieldError } from '#services/http/field_error'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { toIsoDate } from '#services/market_data/benchmarks'

/**
 * Data collections of both kinds: a team is asked for its market data contracts
 * (`market_data`, the Templates page) or for its research spend (`rsa`, the Research Spend
 * Analytics data collection page). Every query names its kind, so that a collection never shows
 * on, nor accepts uploads from, the other area's page.
 */
export type CollectionKind = 'market_data' | 'rsa'

export interface OpenCollection {
  id: number
  name: string
  dueDate: string | null
  year: number | null
}

/**
 * The team's collections of the kind still accepting uploads, soonest due first.
 */
export async function openCollections(
  teamId: number,
  kind: CollectionKind
): Promise<OpenCollection[]> {
  const rows = await db
    .from('data_collections')
    .where({ team_id: teamId, status: 'open', kind })
    .select('id', 'name', 'due_date', 'year')
    .orderBy('due_date', 'asc')
    .orderBy('id', 'asc')
  return rows.map(toCollection)
}

/**
 * One of the team's collections of the kind, open or not; another team's id, an unknown id and
 * a collection of the other kind read the same: not found (404), nothing is revealed.
 */
export async function collectionOfTeam(teamId: number, kind: CollectionKind, id: number) {
  const row = Number.isSafeInteger(id)
    ? await db
        .from('data_collections')
        .where({ id, team_id: teamId, kind })
        .select('id', 'name', 'due_date', 'year', 'status')
        .first()
    : null
  if (!row) throw new NotFoundForTeam('Data collection not found')
  return { ...toCollection(row), status: row.status as string }
}

/**
 * An open collection of the team and kind, for an upload: not found as above; the team's own
 * collection once closed is a field error (the form offers the open ones).
 */
export async function openCollectionOfTeam(teamId: number, kind: CollectionKind, id: number) {
  const collection = await collectionOfTeam(teamId, kind, id)
  if (collection.status !== 'open') {
    throw fieldError('dataCollectionId', 'Choose one of the data collections open for your team.')
  }
  return collection
}

function toCollection(row: Record<string, any>): OpenCollection {
  return {
    id: row.id as number,
    name: row.name as string,
    dueDate: row.due_date ? toIsoDate(row.due_date) : null,
    year: row.year === null || row.year === undefined ? null : Number(row.year),
  }
}
