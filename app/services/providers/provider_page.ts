import db from '@adonisjs/lucid/services/db'
import {
  ANALYST_YEARS,
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
import { figuresOf, statKeys } from '#services/providers/figures'
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
  filters: ProviderFilters
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
  const sectorsCovered = stats.filter(
    (row) =>
      Number(row.year) === filters.year &&
      Number(row.sector_id) !== 0 &&
      Number(row.headcount_end) > 0
  ).length
  const trend = ANALYST_YEARS.map((year) => {
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
    years: [...ANALYST_YEARS],
    figures: { ...figures, sectorsCovered },
    trend,
    footprint,
    notableMoves: moves,
    hasSpend,
    spend: hasSpend ? (new Map(team.spend).get(provider.id) ?? null) : null,
    interactions: hasSpend ? (new Map(team.interactions).get(provider.id) ?? 0) : null,
    currency: { code: view.currency.code, symbol: currencySymbol(view.currency.code) },
    alert: alert ?? null,
    teamId: view.teamId,
    definitions: METRIC_DEFINITIONS,
  }
}

/**
 * Analysts at the provider on 31 December of the year by region covered and seniority band
 * (junior < 5 years, mid 5–9, senior ≥ 10), in the chosen sector. One query.
 */
async function regionalFootprint(providerId: number, filters: ProviderFilters) {
  const year = filters.year
  const query = db
    .from('analyst_year_employers as e')
    .join('analyst_coverages as c', (join) =>
      join.on('c.analyst_id', 'e.analyst_id').andOn('c.year', 'e.year')
    )
    .join('analysts as a', 'a.id', 'e.analyst_id')
    .where('e.year', year)
    .where('e.end_provider_id', providerId)
    .groupBy('c.region_code', 'band')
    .select('c.region_code')
    .select(
      db.raw(
        `case when ? - a.industry_start_year >= ? then 'senior' when ? - a.industry_start_year >= 5 then 'mid' else 'junior' end as band`,
        [year, SENIOR_EXPERIENCE_YEARS, year]
      )
    )
    .countDistinct('e.analyst_id as total')
  if (filters.sectorId !== null) query.where('c.sector_id', filters.sectorId)
  if (filters.regionCode !== null) query.where('c.region_code', filters.regionCode)
  const rows = await query
  const byRegion = new Map<
    string,
    { regionCode: string; junior: number; mid: number; senior: number }
  >()
  for (const row of rows) {
    const entry = byRegion.get(row.region_code) ?? {
      regionCode: row.region_code,
      junior: 0,
      mid: 0,
      senior: 0,
    }
    entry[row.band as 'junior' | 'mid' | 'senior'] = Number(row.total)
    byRegion.set(row.region_code, entry)
  }
  return [...byRegion.values()].sort(
    (a, b) => b.junior + b.mid + b.senior - (a.junior + a.mid + a.senior)
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
