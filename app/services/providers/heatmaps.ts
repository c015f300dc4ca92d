import db from '@adonisjs/lucid/services/db'
import {
  ANALYST_YEARS,
  REGION_CODES,
  type HeatmapMetric,
  type HeatmapResponse,
} from '#shared/providers'

/**
 * The four heat maps of the provider page (spec §7 `POST /api/providers/headcount/gained|lost`,
 * `/experience/gained|lost`): year × sector, for the regions asked for. Headcount counts the
 * analysts who joined (gained) or left (lost) the provider; experience sums their years of
 * experience at the move. A move's sectors and regions are those recorded with it, else the
 * analyst's coverage that year; an analyst covering two of the chosen sectors appears in both
 * rows, once in each. Empty lists mean every year, sector or region. One query.
 */
export async function providerHeatmap(input: {
  providerId: number
  metric: HeatmapMetric
  sectorList: number[]
  yearList: number[]
  regionCodes: string[]
  sectors: { id: number; name: string }[]
}): Promise<HeatmapResponse> {
  const years = input.yearList.length ? [...new Set(input.yearList)].sort() : [...ANALYST_YEARS]
  const sectors = input.sectorList.length
    ? input.sectors.filter((sector) => input.sectorList.includes(sector.id))
    : input.sectors
  const regionCodes = input.regionCodes.length ? [...new Set(input.regionCodes)] : [...REGION_CODES]
  const sectorIds = sectors.map((sector) => sector.id)
  const gained = input.metric.endsWith('gained')
  const side = gained ? 'm.to_provider_id' : 'm.from_provider_id'
  const other = gained ? 'm.from_provider_id' : 'm.to_provider_id'

  const moves = () =>
    db
      .from('analyst_moves as m')
      .where(side, input.providerId)
      .where((query) => query.whereNull(other).orWhere(other, '<>', input.providerId))
      .whereIn('m.year', years)
  const recorded = moves()
    .join('analyst_move_coverages as mc', 'mc.move_id', 'm.id')
    .whereIn('mc.sector_id', sectorIds)
    .whereIn('mc.region_code', regionCodes)
    .select('m.id', 'm.year', 'm.experience_years', 'mc.sector_id')
  const fromCoverage = moves()
    .join('analyst_coverages as c', (join) =>
      join.on('c.analyst_id', 'm.analyst_id').andOn('c.year', 'm.year')
    )
    .whereNotExists((cells) =>
      cells.from('analyst_move_coverages as x').whereColumn('x.move_id', 'm.id')
    )
    .whereIn('c.sector_id', sectorIds)
    .whereIn('c.region_code', regionCodes)
    .select('m.id', 'm.year', 'm.experience_years', 'c.sector_id')
  // UNION (not UNION ALL): a move counts once per sector, whatever the regions.
  const rows = sectorIds.length ? await recorded.union(fromCoverage) : []

  const values = new Map<string, number>()
  for (const row of rows) {
    const key = `${Number(row.year)}|${Number(row.sector_id)}`
    const value = input.metric.startsWith('headcount') ? 1 : Number(row.experience_years)
    values.set(key, (values.get(key) ?? 0) + value)
  }
  const cells = []
  let total = 0
  for (const year of years) {
    for (const sector of sectors) {
      const value = values.get(`${year}|${sector.id}`) ?? 0
      total += value
      cells.push({ year, sectorId: sector.id, value })
    }
  }
  return {
    providerId: input.providerId,
    metric: input.metric,
    unit: input.metric.startsWith('headcount') ? 'analysts' : 'years',
    years,
    sectors: sectors.map((sector) => ({ id: sector.id, name: sector.name })),
    regionCodes,
    cells,
    total,
  }
}
