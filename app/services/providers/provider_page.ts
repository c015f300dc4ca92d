import db from '@adonisjs/lucid/services/db'
import {
  FOOTPRINT_SEVERAL,
  FOOTPRINT_UNRECORDED,
  METRIC_DEFINITIONS,
  MOVE_TYPES,
  PROVIDER_TYPE_LABELS,
  SENIORITIES,
  SENIOR_EXPERIENCE_YEARS,
  type MoveType,
  type NotableMove,
  type ProviderFilters,
  type ProviderPageProps,
  type Seniority,
} from '#shared/providers'
import type { ResearchProviderType } from '#shared/rsa'
import type { RsaView } from '#services/rsa/view'
import { figuresOf, sectorsCoveredIn, statKeys } from '#services/providers/figures'
import { referenceOptions, type researchProvider } from '#services/providers/reference'
import {
  cachedAnalystFigures,
  dataVersions,
  teamProviderData,
} from '#services/providers/figures_cache'
import { currencySymbol } from '#services/providers/format'
import { toIsoDate } from '#services/market_data/benchmarks'

type Provider = NonNullable<Awaited<ReturnType<typeof researchProvider>>>

/** How many moves the page lists. */
export const NOTABLE_MOVES = 12

/**
 * The provider page (ProviderPage): key indicators for the chosen year, sector and region, the
 * trend over every year, the regional footprint, the most experienced moves of the year, the
 * team's spend and interactions and the spend × talent alert. The heat maps and the
 * interactions by sector come from their own calls. A fixed number of queries; the footprint,
 * the moves and the team's part are kept in the cache under the runs they were computed from.
 */
export async function providerPage(
  view: RsaView,
  provider: Provider,
  filters: ProviderFilters,
  years: number[]
): Promise<Omit<ProviderPageProps, 'notice'>> {
  const keys = statKeys(filters)
  const [{ sectors, regions }, versions] = await Promise.all([
    referenceOptions(),
    dataVersions(filters.year),
  ])
  const cell = [provider.id, filters.year, keys.sectorId, keys.regionCode]
  const [stats, footprint, moves, team] = await Promise.all([
    db
      .from('provider_year_stats')
      .where('provider_id', provider.id)
      .where('region_code', keys.regionCode)
      .select('*'),
    cachedAnalystFigures(versions, ['footprint', ...cell], () =>
      regionalFootprint(provider.id, filters)
    ),
    cachedAnalystFigures(versions, ['moves', ...cell], () => notableMoves(provider.id, filters)),
    teamProviderData(view, filters.year, versions, sectors),
  ])
  const hasSpend = team.hasSpend

  const rowOf = (year: number) =>
    stats.find((row) => Number(row.year) === year && Number(row.sector_id) === keys.sectorId)
  const figures = figuresOf(rowOf(filters.year))
  const sectorsCovered = sectorsCoveredIn(
    stats.filter((row) => Number(row.year) === filters.year),
    keys
  )
  const trend = years.map((year) => {
    const yearFigures = figuresOf(rowOf(year))
    return {
      year,
      headcount: yearFigures.headcount,
      avgExperience: yearFigures.avgExperience,
      joiners: yearFigures.joiners,
      leavers: yearFigures.leavers,
      netExperience: yearFigures.netExperience,
    }
  })

  const alert = team.alerts.find((entry) => entry.providerId === provider.id)
  const type = provider.type as ResearchProviderType | null

  return {
    provider: {
      id: provider.id,
      providerKey: provider.providerKey,
      name: provider.name,
      type,
      typeLabel: type ? (PROVIDER_TYPE_LABELS[type] ?? null) : null,
      hqRegion: provider.hqRegion,
      logoUrl: provider.logoUrl,
    },
    filters,
    sectors,
    regions,
    years,
    figures: { ...figures, sectorsCovered },
    trend,
    footprint,
    notableMoves: moves,
    hasSpend,
    spend: hasSpend ? (new Map(team.spend).get(provider.id) ?? null) : null,
    interactions: hasSpend ? (new Map(team.interactions).get(provider.id) ?? 0) : null,
    currency: { code: view.currency.code, symbol: currencySymbol(view.currency.code) },
    alert: alert ?? null,
    alertRule: team.alertRule,
    teamId: view.teamId,
    definitions: METRIC_DEFINITIONS,
  }
}

/**
 * Analysts at the provider on 31 December of the year by region covered and seniority band
 * (junior < 5 years, mid 5–9, senior ≥ 10), in the chosen sector and region: each analyst once,
 * so that the bars add up to the headcount card. Their regions are those the statistics use
 * (that year's coverage, else the year before's); an analyst covering several regions counts
 * under FOOTPRINT_SEVERAL, one with none recorded under FOOTPRINT_UNRECORDED (only without a
 * sector or region chosen, as the headcount counts them there too). One query.
 */
async function regionalFootprint(providerId: number, filters: ProviderFilters) {
  const year = filters.year
  const rows = await db
    .from('analyst_year_employers as e')
    .join('analysts as a', 'a.id', 'e.analyst_id')
    .leftJoin('analyst_coverages as c', (join) =>
      join.on('c.analyst_id', 'e.analyst_id').andOnIn('c.year', [year, year - 1])
    )
    .where('e.year', year)
    .where('e.end_provider_id', providerId)
    .select('e.analyst_id', 'a.industry_start_year', 'c.year', 'c.sector_id', 'c.region_code')
  const analysts = new Map<
    number,
    { startYear: number; cells: Map<number, { sectorId: number; regionCode: string }[]> }
  >()
  for (const row of rows) {
    const id = Number(row.analyst_id)
    const entry = analysts.get(id) ?? {
      startYear: Number(row.industry_start_year),
      cells: new Map(),
    }
    analysts.set(id, entry)
    if (row.year === null) continue
    const cellYear = Number(row.year)
    entry.cells.set(cellYear, [
      ...(entry.cells.get(cellYear) ?? []),
      { sectorId: Number(row.sector_id), regionCode: String(row.region_code) },
    ])
  }
  const byRegion = new Map<
    string,
    { regionCode: string; junior: number; mid: number; senior: number }
  >()
  const unfiltered = filters.sectorId === null && filters.regionCode === null
  for (const analyst of analysts.values()) {
    const cells = (analyst.cells.get(year) ?? analyst.cells.get(year - 1) ?? []).filter(
      (cell) =>
        (filters.sectorId === null || cell.sectorId === filters.sectorId) &&
        (filters.regionCode === null || cell.regionCode === filters.regionCode)
    )
    if (cells.length === 0 && !unfiltered) continue
    const regions = new Set(cells.map((cell) => cell.regionCode))
    const regionCode =
      regions.size === 0
        ? FOOTPRINT_UNRECORDED
        : regions.size === 1
          ? [...regions][0]
          : FOOTPRINT_SEVERAL
    const experience = year - analyst.startYear
    const band =
      experience >= SENIOR_EXPERIENCE_YEARS ? 'senior' : experience >= 5 ? 'mid' : 'junior'
    const entry = byRegion.get(regionCode) ?? { regionCode, junior: 0, mid: 0, senior: 0 }
    entry[band]++
    byRegion.set(regionCode, entry)
  }
  const last = (code: string) =>
    code === FOOTPRINT_UNRECORDED ? 2 : code === FOOTPRINT_SEVERAL ? 1 : 0
  return [...byRegion.values()].sort(
    (a, b) =>
      last(a.regionCode) - last(b.regionCode) ||
      b.junior + b.mid + b.senior - (a.junior + a.mid + a.senior)
  )
}

/**
 * The year's most experienced moves in or out of the provider (and within it), in the chosen
 * sector and region when given. Two queries.
 */
async function notableMoves(providerId: number, filters: ProviderFilters): Promise<NotableMove[]> {
  const query = db
    .from('analyst_moves as m')
    .join('analysts as a', 'a.id', 'm.analyst_id')
    .leftJoin('providers as pf', 'pf.id', 'm.from_provider_id')
    .leftJoin('providers as pt', 'pt.id', 'm.to_provider_id')
    .where('m.year', filters.year)
    .where((where) =>
      where.where('m.from_provider_id', providerId).orWhere('m.to_provider_id', providerId)
    )
    .select(
      'm.id',
      'm.event_date',
      'm.type',
      'm.from_provider_id',
      'm.to_provider_id',
      'm.experience_years',
      'm.analyst_id',
      'a.full_name',
      'a.seniority',
      'pf.name as from_name',
      'pf.provider_key as from_key',
      'pt.name as to_name',
      'pt.provider_key as to_key'
    )
    .orderBy('m.experience_years', 'desc')
    .orderBy('m.event_date', 'desc')
    .orderBy('m.id', 'desc')
    .limit(NOTABLE_MOVES)
  if (filters.sectorId !== null || filters.regionCode !== null) {
    query.where((where) =>
      where
        .whereExists((cells) => {
          cells.from('analyst_move_coverages as mc').whereColumn('mc.move_id', 'm.id')
          if (filters.sectorId !== null) cells.where('mc.sector_id', filters.sectorId)
          if (filters.regionCode !== null) cells.where('mc.region_code', filters.regionCode)
        })
        .orWhere((fallback) =>
          fallback
            .whereNotExists((cells) =>
              cells.from('analyst_move_coverages as x').whereColumn('x.move_id', 'm.id')
            )
            .whereExists((coverage) => {
              coverage
                .from('analyst_coverages as c')
                .whereColumn('c.analyst_id', 'm.analyst_id')
                .whereColumn('c.year', 'm.year')
              if (filters.sectorId !== null) coverage.where('c.sector_id', filters.sectorId)
              if (filters.regionCode !== null) coverage.where('c.region_code', filters.regionCode)
            })
        )
    )
  }
  const rows = await query
  if (!rows.length) return []

  // What each analyst covered: recorded with the move, else that year's coverage.
  const ids = rows.map((row) => Number(row.id))
  const cellRows = await db
    .from('analyst_move_coverages as mc')
    .join('sectors as s', 's.id', 'mc.sector_id')
    .whereIn('mc.move_id', ids)
    .select('mc.move_id as move_id', 's.name as sector', 'mc.region_code')
    .unionAll((union) =>
      union
        .from('analyst_moves as m')
        .join('analyst_coverages as c', (join) =>
          join.on('c.analyst_id', 'm.analyst_id').andOn('c.year', 'm.year')
        )
        .join('sectors as s', 's.id', 'c.sector_id')
        .whereIn('m.id', ids)
        .whereNotExists((cells) =>
          cells.from('analyst_move_coverages as x').whereColumn('x.move_id', 'm.id')
        )
        .select('m.id as move_id', 's.name as sector', 'c.region_code')
    )
  const cells = new Map<number, { sectors: Set<string>; regions: Set<string> }>()
  for (const row of cellRows) {
    const entry = cells.get(Number(row.move_id)) ?? { sectors: new Set(), regions: new Set() }
    entry.sectors.add(row.sector)
    entry.regions.add(row.region_code)
    cells.set(Number(row.move_id), entry)
  }

  return rows.map((row) => {
    const from = row.from_provider_id === null ? null : Number(row.from_provider_id)
    const to = row.to_provider_id === null ? null : Number(row.to_provider_id)
    const seniority = row.seniority as Seniority
    const type = row.type as MoveType
    const entry = cells.get(Number(row.id))
    return {
      id: Number(row.id),
      analystName: row.full_name,
      seniority,
      seniorityLabel: SENIORITIES[seniority] ?? row.seniority,
      experienceYears: Number(row.experience_years),
      sectors: entry ? [...entry.sectors] : [],
      regions: entry ? [...entry.regions] : [],
      type,
      typeLabel: MOVE_TYPES[type] ?? row.type,
      direction: from === to ? 'internal' : to === providerId ? 'joined' : 'left',
      from: from === null ? null : { id: from, name: row.from_name, providerKey: row.from_key },
      to: to === null ? null : { id: to, name: row.to_name, providerKey: row.to_key },
      date: toIsoDate(row.event_date),
    }
  })
}
