import db from '@adonisjs/lucid/services/db'
import type { ProviderChip } from '#shared/research_views'
import { whereReadableBy } from '#services/research/access'
import { providerChip, type Viewer } from '#services/research/documents'

/**
 * The providers whose research the team may read (filters, `GET /api/trending-themes/providers`),
 * by name, each marked paid or not when the team has research spend data. One query: each
 * provider stops at its first readable document (index on provider and date).
 */
export async function researchProviders(viewer: Viewer): Promise<ProviderChip[]> {
  const rows = await db
    .from('providers as p')
    .whereExists((sub) =>
      whereReadableBy(
        sub.from('research_documents as d').whereColumn('d.provider_id', 'p.id'),
        viewer.teamId
      )
    )
    .orderBy('p.name')
    .select(
      'p.id as provider_id',
      'p.provider_key',
      'p.name as provider_name',
      'p.research_provider_type'
    )
  return rows.map((row) => providerChip(row, viewer.paidProviders))
}
