import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { NotFoundForTeam } from '#services/market_data/benchmarks'

/**
 * Who may read a research document: it is published, and it is open (or a minor non-monetary
 * benefit), or the team holds an entitlement to its provider. Every list, count, page and file
 * of Research Insights goes through this rule, in SQL, for the current team (the weekly digest:
 * for any of the reader's teams with Research Insights).
 */
export function whereReadableBy(
  query: DatabaseQueryBuilderContract,
  teamId: number | number[],
  alias = 'd'
) {
  const teamIds = Array.isArray(teamId) ? teamId : [teamId]
  return query.where(`${alias}.status`, 'published').where((readable) =>
    readable
      .whereIn(`${alias}.entitlement`, ['open', 'mnmb'])
      // Not correlated: the team's providers are read once, not per document.
      .orWhereIn(`${alias}.provider_id`, (entitled) =>
        entitled.from('research_entitlements').whereIn('team_id', teamIds).select('provider_id')
      )
  )
}

/** Published documents the team may read, as `research_documents as d`. */
export function readableDocuments(teamId: number) {
  return whereReadableBy(db.from('research_documents as d'), teamId)
}

/** A document the team may read, or a 404 that says nothing of other teams' documents. */
export async function readableDocumentOrFail(teamId: number, documentId: number) {
  if (!Number.isSafeInteger(documentId) || documentId <= 0) {
    throw new NotFoundForTeam('Research document not found')
  }
  const row = await readableDocuments(teamId).where('d.id', documentId).select('d.id').first()
  if (!row) throw new NotFoundForTeam('Research document not found')
  return Number(row.id)
}

/**
 * The providers the team pays for research (its budget lines of the latest year it has), for
 * the spend-aware views. Null when the team has no research spend data.
 */
export async function paidProviderIds(teamId: number): Promise<Set<number> | null> {
  const rows = await db
    .from('rsa_budget_lines as l')
    .where('l.team_id', teamId)
    .where('l.year', db.from('rsa_budget_lines').where('team_id', teamId).max('year as year'))
    .distinct('l.provider_id')
  if (!rows.length) return null
  return new Set(rows.map((row) => Number(row.provider_id)))
}
