import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import {
  ASSET_CLASSES,
  REQUEST_STATUSES,
  RESEARCH_REGIONS,
  type AssetClass,
  type RequestStatus,
  type ResearchRegion,
} from '#shared/research'
import type { ResearchRequestView } from '#shared/research_views'
import { fieldError } from '#services/http/field_error'
import { isoTime, parseList, type Viewer } from '#services/research/documents'
import { whereReadableBy } from '#services/research/access'

/**
 * Research requests: a client asks the research team for research on a topic. Each gets a
 * reference (RR-<year>-<number>, the number counting that year's requests) and a status the
 * administrators move on; the requester sees their own requests in the current team. Two
 * requests taking the same number at once: the unique reference refuses the second.
 */

export interface ResearchRequestInput {
  topic: string
  description: string
  assetClass: string
  region: string
  themeIds?: number[]
  neededBy: string
}

const sqlTime = (time: DateTime) => time.toUTC().toFormat(db.connection().dialect.dateTimeFormat)

export async function createResearchRequest(viewer: Viewer, input: ResearchRequestInput) {
  const today = DateTime.utc().startOf('day')
  const neededBy = DateTime.fromISO(input.neededBy, { zone: 'utc' })
  if (!neededBy.isValid) throw fieldError('neededBy', 'Enter a real date (YYYY-MM-DD).')
  if (neededBy < today) throw fieldError('neededBy', 'The needed-by date cannot be in the past.')
  if (neededBy > today.plus({ years: 1 })) {
    throw fieldError('neededBy', 'The needed-by date must be within a year.')
  }
  const themeIds = [...new Set(input.themeIds ?? [])]
  if (themeIds.length) {
    const found = await db
      .from('research_themes')
      .whereIn('id', themeIds)
      .where('status', 'active')
      .count('* as n')
      .first()
    if (Number(found?.n ?? 0) !== themeIds.length) {
      throw fieldError('themeIds', 'Choose themes from the list.')
    }
  }

  const now = DateTime.utc()
  return db.transaction(async (trx) => {
    const year = now.year
    const prefix = `RR-${year}-`
    const last = await trx
      .from('research_requests')
      .where('reference', 'like', `${prefix}%`)
      .orderBy('reference', 'desc')
      .select('reference')
      .first()
    const next = last ? Number(String(last.reference).slice(prefix.length)) + 1 : 1
    const reference = `${prefix}${String(next).padStart(4, '0')}`
    await trx.table('research_requests').insert({
      reference,
      team_id: viewer.teamId,
      user_id: viewer.userId,
      topic: input.topic,
      description: input.description,
      asset_class: input.assetClass,
      region: input.region,
      theme_ids: JSON.stringify(themeIds),
      needed_by: neededBy.toISODate(),
      status: 'submitted',
      created_at: sqlTime(now),
      updated_at: sqlTime(now),
    })
    return reference
  })
}

export async function myResearchRequests(viewer: Viewer): Promise<ResearchRequestView[]> {
  const rows = await db
    .from('research_requests')
    .where({ team_id: viewer.teamId, user_id: viewer.userId })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .select('*')
  const themeIds = [...new Set(rows.flatMap((row) => parseList(row.theme_ids).map(Number)))]
  const themes = themeIds.length
    ? await db.from('research_themes').whereIn('id', themeIds).select('id', 'name')
    : []
  const names = new Map(themes.map((theme) => [Number(theme.id), theme.name as string]))
  const responded = rows.filter((row) => row.response !== null).map((row) => Number(row.id))
  // The documents an answer links, as the team may read them now (a withdrawn one drops out).
  const linked = responded.length
    ? await whereReadableBy(
        db
          .from('research_request_documents as l')
          .join('research_documents as d', 'd.id', 'l.document_id')
          .join('providers as p', 'p.id', 'd.provider_id')
          .whereIn('l.request_id', responded),
        viewer.teamId
      )
        .orderBy('l.request_id')
        .orderBy('l.position')
        .select('l.request_id', 'd.id', 'd.title', 'p.name as provider')
    : []
  const documentsOf = new Map<number, { id: number; title: string; provider: string }[]>()
  for (const link of linked) {
    const list = documentsOf.get(Number(link.request_id)) ?? []
    list.push({ id: Number(link.id), title: String(link.title), provider: String(link.provider) })
    documentsOf.set(Number(link.request_id), list)
  }
  return rows.map((row) => {
    const status = row.status as RequestStatus
    return {
      id: Number(row.id),
      reference: row.reference,
      topic: row.topic,
      description: row.description,
      assetClass: ASSET_CLASSES[row.asset_class as AssetClass] ?? row.asset_class,
      region: RESEARCH_REGIONS[row.region as ResearchRegion] ?? row.region,
      themes: parseList(row.theme_ids)
        .map(Number)
        .filter((id) => names.has(id))
        .map((id) => ({ id, name: names.get(id)! })),
      neededBy:
        row.needed_by instanceof Date
          ? DateTime.fromJSDate(row.needed_by, { zone: 'utc' }).toISODate()!
          : String(row.needed_by).slice(0, 10),
      status,
      statusLabel: REQUEST_STATUSES[status] ?? status,
      createdAt: isoTime(row.created_at),
      response:
        row.response === null || row.response === undefined
          ? null
          : {
              text: String(row.response),
              at: isoTime(row.responded_at ?? row.updated_at),
              documents: documentsOf.get(Number(row.id)) ?? [],
            },
    }
  })
}
