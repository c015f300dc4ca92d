import db from '@adonisjs/lucid/services/db'
import type { ProviderChip } from '#shared/research_views'
import { whereReadableBy } from '#services/research/access'
import { providerChip, type Viewer } from '#services/research/documents'
import { keptForCatalogue } from '#services/research/kept'

/**
 * The providers whose research the team may read (filters, `GET /api/trending-themes/providers`),
 * by name, each marked paid or not when the team has research spend data. One query: each
 * provider stops at its first readable document (index on provider and date).
 */
export async function researchProviders(viewer: Viewer): Promise<ProviderChip[]> {
  // Kept per team under the catalogue's version (documents, entitlements, providers); what the
  // team pays is marked per request.
  const rows = await keptForCatalogue(viewer, `providers:${viewer.teamId}`, async () => {
    const found = await db
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
    return found.map((row) => ({
      provider_id: Number(row.provider_id),
      provider_key: String(row.provider_key),
      provider_name: String(row.provider_name),
      research_provider_type: row.research_provider_type as string | null,
    }))
  })
  return rows.map((row) => providerChip(row, viewer.paidProviders))
}
