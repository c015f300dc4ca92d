import db from '@adonisjs/lucid/services/db'
import { providerLogoUrl } from '#services/market_data/provider_logos'
import type { RegionCode, RegionOption, SectorOption } from '#shared/providers'

/**
 * The GICS sectors (spec §3: id, name, icon) in GICS order and the regions analysts cover (id,
 * code). Reference data, inserted with the schema and never edited by the application: read
 * once per process.
 */
let reference: Promise<{ sectors: SectorOption[]; regions: RegionOption[] }> | null = null

export function referenceOptions() {
  reference ??= Promise.all([
    db.from('sectors').select('id', 'name', 'icon').orderBy('sort_order'),
    db.from('regions').select('id', 'code', 'name').orderBy('sort_order'),
  ]).then(
    ([sectors, regions]) => ({
      sectors: sectors.map((row) => ({ id: Number(row.id), name: row.name, icon: row.icon })),
      regions: regions.map((row) => ({
        id: Number(row.id),
        code: row.code as RegionCode,
        name: row.name,
      })),
    }),
    (error) => {
      reference = null
      throw error
    }
  )
  return reference
}

export async function sectorOptions() {
  const { sectors } = await referenceOptions()
  return sectors
}

export async function regionOptions() {
  const { regions } = await referenceOptions()
  return regions
}

/** A research provider by key or id (null: no such research provider). */
export async function researchProvider(where: { key: string } | { id: number }) {
  const query = db
    .from('providers')
    .where('provider_type', 'research')
    .select('id', 'provider_key', 'name', 'research_provider_type', 'hq_region', 'logo')
  if ('key' in where) query.where('provider_key', where.key)
  else query.where('id', where.id)
  const row = await query.first()
  if (!row) return null
  return {
    id: Number(row.id),
    providerKey: row.provider_key as string,
    name: row.name as string,
    type: row.research_provider_type as string | null,
    hqRegion: row.hq_region as string | null,
    logoUrl: providerLogoUrl(row.provider_key, row.logo),
  }
}
