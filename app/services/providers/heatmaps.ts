import db from '@adonisjs/lucid/services/db'
import { REGION_CODES, type HeatmapMetric, type HeatmapResponse } from '#shared/providers'
import type { Cell } from '#services/providers/timeline'

/**
 * The four heat maps of the provider page (spec §7 `POST /api/providers/headcount/gained|lost`,
 * `/experience/gained|lost`): year × sector, for the regions asked for. Headcount counts the
 * analysts who joined (gained) or left (lost) the provider; experience sums their years of
 * experience at the move. A move's sectors and regions are those the statistics use: recorded
 * with it, else the analyst's coverage that year, else the year before. An analyst covering two
 * of the chosen sectors appears in both rows; the totals count each move once, as the key
 * indicators do (every move of the year when no sector or region is chosen, those without a
 * recorded sector included). Empty lists mean every year, sector or region. One query.
 */
export async function providerHeatmap(input: {
  providerId: number
  metric: HeatmapMetric
  sectorList: number[]
  yearList: number[]
  regionCodes: string[]
  sectors: { id: number; name: string }[]
}): Promise<HeatmapResponse> {
  // The caller gives the years (every year offered when the request named none).
  const years = [...new Set(input.yearList)].sort((a, b) => a - b)
  const sectors = input.sectorList.length
    ? input.sectors.filter((sector) => input.sectorList.includes(sector.id))
    : input.sectors
  const everySector = input.sectorList.length === 0
  const everyRegion = input.regionCodes.length === 0
  const regionCodes = everyRegion ? [...REGION_CODES] : [...new Set(input.regionCodes)]
  const gained = input.metric.endsWith('gained')
  const side = gained ? 'm.to_provider_id' : 'm.from_provider_id'
  const other = gained ? 'm.from_provider_id' : 'm.to_provider_id'

  const moves = () =>
    db
      .from('analyst_moves as m')
      .where(side, input.providerId)
      .where((query) => query.whereNull(other).orWhere(other, '<>', input.providerId))
      .whereIn('m.year', years)
  // Every move once (kind 'move'), its recorded cells, and its analyst's coverage of the year
  // and the year before: the cells are chosen below as the statistics choose them.
  const rows = await moves()
    .select(
      'm.id',
      'm.year',
      'm.experience_years',
      db.raw(`'move' as kind`),
      db.raw('cast(null as integer) as sector_id'),
      db.raw('cast(null as varchar(8)) as region_code')
    )
    .unionAll(
      moves()
        .join('analyst_move_coverages as mc', 'mc.move_id', 'm.id')
        .select(
          'm.id',
          'm.year',
          'm.experience_years',
          db.raw(`'recorded' as kind`),
          'mc.sector_id',
          'mc.region_code'
        )
    )
    .unionAll(
      moves()
        .join('analyst_coverages as c', 'c.analyst_id', 'm.analyst_id')
        .whereRaw('c.year in (m.year, m.year - 1)')
        .select(
          'm.id',
          'm.year',
          'm.experience_years',
          db.raw(`case when c.year = m.year then 'covered' else 'covered_before' end as kind`),
          'c.sector_id',
          'c.region_code'
        )
    )

  const byMove = new Map<
    number,
    { year: number; value: number; recorded: Cell[]; covered: Cell[]; coveredBefore: Cell[] }
  >()
  const valueOf = (row: { experience_years: unknown }) =>
    input.metric.startsWith('headcount') ? 1 : Number(row.experience_years)
  for (const row of rows) {
    const id = Number(row.id)
    const entry = byMove.get(id) ?? {
      year: Number(row.year),
      value: valueOf(row),
      recorded: [],
      covered: [],
      coveredBefore: [],
    }
    byMove.set(id, entry)
    if (row.kind === 'move') continue
    const cell = { sectorId: Number(row.sector_id), regionCode: String(row.region_code) }
    if (row.kind === 'recorded') entry.recorded.push(cell)
    else if (row.kind === 'covered') entry.covered.push(cell)
    else entry.coveredBefore.push(cell)
  }

  const chosenSectors = new Set(sectors.map((sector) => sector.id))
  const chosenRegions = new Set(regionCodes)
  const values = new Map<string, number>()
  const yearTotals = new Map<number, number>()
  let unsectored = 0
  for (const move of byMove.values()) {
    const cells = move.recorded.length
      ? move.recorded
      : move.covered.length
        ? move.covered
        : move.coveredBefore
    const inView = cells.filter(
      (cell) => chosenSectors.has(cell.sectorId) && chosenRegions.has(cell.regionCode)
    )
    const counted =
      (everySector && everyRegion) ||
      cells.some(
        (cell) =>
          (everySector || chosenSectors.has(cell.sectorId)) &&
          (everyRegion || chosenRegions.has(cell.regionCode))
      )
    if (!counted) continue
    yearTotals.set(move.year, (yearTotals.get(move.year) ?? 0) + move.value)
    if (cells.length === 0) unsectored += move.value
    for (const sectorId of new Set(inView.map((cell) => cell.sectorId))) {
      const key = `${move.year}|${sectorId}`
      values.set(key, (values.get(key) ?? 0) + move.value)
    }
  }
  const cells = []
  for (const year of years) {
    for (const sector of sectors) {
      cells.push({ year, sectorId: sector.id, value: values.get(`${year}|${sector.id}`) ?? 0 })
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
    yearTotals: years.map((year) => ({ year, value: yearTotals.get(year) ?? 0 })),
    total: [...yearTotals.values()].reduce((sum, value) => sum + value, 0),
    unsectored,
  }
}
