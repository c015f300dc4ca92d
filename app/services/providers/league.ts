import db from '@adonisjs/lucid/services/db'
import {
  METRIC_DEFINITIONS,
  PROVIDER_TYPE_LABELS,
  type LeagueRow,
  type LeagueTableProps,
  type ProviderFilters,
  type TalentAlert,
} from '#shared/providers'
import type { ResearchProviderType } from '#shared/rsa'
import type { RsaView } from '#services/rsa/view'
import { figuresOf, sectorsCoveredIn, statKeys } from '#services/providers/figures'
import { referenceOptions } from '#services/providers/reference'
import {
  cachedAnalystFigures,
  dataVersions,
  teamProviderData,
} from '#services/providers/figures_cache'
import { currencySymbol } from '#services/providers/format'
import { dataVersion } from '#services/cache/data_versions'
import { toCsv } from '#services/market_data/export'

/**
 * The league table (ProviderLeagueTable): every provider with analysts in the filters, ranked by
 * net experience (then headcount), with the team's spend and interactions where it has research
 * spend data, and the spend × talent alerts. A fixed number of queries whatever the data size.
 */
export async function leagueTable(
  view: RsaView,
  filters: ProviderFilters,
  years: number[]
): Promise<Omit<LeagueTableProps, 'notice'>> {
  const keys = statKeys(filters)
  const [{ sectors, regions }, versions, catalogue] = await Promise.all([
    referenceOptions(),
    dataVersions(filters.year),
    // The providers' names and types come with the rows: their table's version is part of the key.
    dataVersion('research'),
  ])
  const [ranked, team] = await Promise.all([
    // The same for every team: kept under the analyst statistics run and the catalogue version.
    cachedAnalystFigures(
      versions,
      ['league', catalogue ?? 'none', filters.year, keys.regionCode, keys.sectorId],
      () => rankedProviders(filters.year, keys)
    ),
    teamProviderData(view, filters.year, versions, sectors),
  ])
  const { hasSpend, alerts, topSectors, alertRule } = team
  const spend = new Map(team.spend)
  const interactions = new Map(team.interactions)
  const alertOf = new Map<number, TalentAlert>(alerts.map((alert) => [alert.providerId, alert]))
  const rows: LeagueRow[] = ranked.map((row) => ({
    ...row,
    spend: hasSpend ? (spend.get(row.providerId) ?? null) : null,
    interactions: hasSpend ? (interactions.get(row.providerId) ?? 0) : null,
    alert: alertOf.get(row.providerId) ?? null,
  }))

  return {
    filters,
    sectors,
    regions,
    years,
    rows,
    hasSpend,
    currency: { code: view.currency.code, symbol: currencySymbol(view.currency.code) },
    alerts,
    alertRule,
    topSectors,
    computedAt: versions.computedAt,
    definitions: METRIC_DEFINITIONS,
  }
}

/**
 * Every provider with analysts in the filters' roll-up, ranked by net experience (then
 * headcount, then name), with the sectors each covered at year end: one query.
 */
async function rankedProviders(
  year: number,
  keys: ReturnType<typeof statKeys>
): Promise<Omit<LeagueRow, 'spend' | 'interactions' | 'alert'>[]> {
  const statRows = await db
    .from('provider_year_stats as s')
    .join('providers as p', 'p.id', 's.provider_id')
    .where('s.year', year)
    .where('s.region_code', keys.regionCode)
    .where((where) =>
      where
        .where('s.sector_id', keys.sectorId)
        .orWhere((covered) => covered.whereNot('s.sector_id', 0).where('s.headcount_end', '>', 0))
    )
    .select('s.*', 'p.name', 'p.provider_key', 'p.research_provider_type')
  const rowsOf = new Map<number, typeof statRows>()
  for (const row of statRows) {
    const id = Number(row.provider_id)
    rowsOf.set(id, [...(rowsOf.get(id) ?? []), row])
  }
  return statRows
    .filter((row) => Number(row.sector_id) === keys.sectorId)
    .map((row) => {
      const providerId = Number(row.provider_id)
      const type = row.research_provider_type as ResearchProviderType | null
      return {
        rank: 0,
        providerId,
        providerKey: row.provider_key as string,
        name: row.name as string,
        type,
        typeLabel: type ? (PROVIDER_TYPE_LABELS[type] ?? null) : null,
        ...figuresOf(row),
        sectorsCovered: sectorsCoveredIn(rowsOf.get(providerId) ?? [], keys),
      }
    })
    .sort(
      (a, b) =>
        b.netExperience - a.netExperience ||
        b.headcount - a.headcount ||
        a.name.localeCompare(b.name)
    )
    .map((row, index) => ({ ...row, rank: index + 1 }))
}

/** The league table as CSV (the columns the page shows, the team's own columns included). */
export function leagueCsv(table: Awaited<ReturnType<typeof leagueTable>>) {
  const header = [
    'Rank',
    'Provider',
    'Type',
    'Headcount',
    'Net change',
    'Net change %',
    'Joiners',
    'Leavers',
    'Experience gained (years)',
    'Experience lost (years)',
    'Net experience (years)',
    'Average experience (years)',
    'Senior share %',
    'Sectors covered',
    ...(table.hasSpend ? [`Your budget (${table.currency.code})`, 'Your interactions'] : []),
  ]
  const body = table.rows.map((row) => [
    row.rank,
    row.name,
    row.typeLabel,
    row.headcount,
    row.netChange,
    row.netChangePct,
    row.joiners,
    row.leavers,
    row.experienceGained,
    row.experienceLost,
    row.netExperience,
    row.avgExperience,
    row.seniorShare,
    row.sectorsCovered,
    ...(table.hasSpend ? [row.spend, row.interactions] : []),
  ])
  return toCsv({ header, body })
}
