import db from '@adonisjs/lucid/services/db'
import {
  ANALYST_YEARS,
  METRIC_DEFINITIONS,
  PROVIDER_TYPE_LABELS,
  type LeagueRow,
  type LeagueTableProps,
  type ProviderFilters,
  type TalentAlert,
} from '#shared/providers'
import type { ResearchProviderType } from '#shared/rsa'
import type { RsaView } from '#services/rsa/view'
import { figuresOf, statKeys } from '#services/providers/figures'
import { referenceOptions } from '#services/providers/reference'
import { dataVersions, teamProviderData } from '#services/providers/figures_cache'
import { currencySymbol } from '#services/providers/format'
import { toCsv } from '#services/market_data/export'

/**
 * The league table (ProviderLeagueTable): every provider with analysts in the filters, ranked by
 * net experience (then headcount), with the team's spend and interactions where it has research
 * spend data, and the spend × talent alerts. A fixed number of queries whatever the data size.
 */
export async function leagueTable(
  view: RsaView,
  filters: ProviderFilters
): Promise<Omit<LeagueTableProps, 'notice'>> {
  const keys = statKeys(filters)
  const [{ sectors, regions }, versions] = await Promise.all([
    referenceOptions(),
    dataVersions(filters.year),
  ])
  const [statRows, team] = await Promise.all([
    // The filters' roll-up of every provider, and the sectors each covered at year end.
    db
      .from('provider_year_stats as s')
      .join('providers as p', 'p.id', 's.provider_id')
      .where('s.year', filters.year)
      .where('s.region_code', keys.regionCode)
      .where((where) =>
        where
          .where('s.sector_id', keys.sectorId)
          .orWhere((covered) => covered.whereNot('s.sector_id', 0).where('s.headcount_end', '>', 0))
      )
      .select('s.*', 'p.name', 'p.provider_key', 'p.research_provider_type'),
    teamProviderData(view, filters.year, versions, sectors),
  ])
  const stats = statRows.filter((row) => Number(row.sector_id) === keys.sectorId)
  const sectorsCovered = new Map<number, number>()
  for (const row of statRows) {
    if (Number(row.sector_id) === 0 || Number(row.headcount_end) === 0) continue
    const id = Number(row.provider_id)
    sectorsCovered.set(id, (sectorsCovered.get(id) ?? 0) + 1)
  }
  const { hasSpend, alerts, topSectors } = team
  const spend = new Map(team.spend)
  const interactions = new Map(team.interactions)
  const alertOf = new Map<number, TalentAlert>(alerts.map((alert) => [alert.providerId, alert]))

  const rows: LeagueRow[] = stats
    .map((row) => {
      const providerId = Number(row.provider_id)
      const type = row.research_provider_type as ResearchProviderType | null
      return {
        rank: 0,
        providerId,
        providerKey: row.provider_key,
        name: row.name,
        type,
        typeLabel: type ? (PROVIDER_TYPE_LABELS[type] ?? null) : null,
        ...figuresOf(row),
        sectorsCovered: sectorsCovered.get(providerId) ?? 0,
        spend: hasSpend ? (spend.get(providerId) ?? null) : null,
        interactions: hasSpend ? (interactions.get(providerId) ?? 0) : null,
        alert: alertOf.get(providerId) ?? null,
      }
    })
    .sort(
      (a, b) =>
        b.netExperience - a.netExperience ||
        b.headcount - a.headcount ||
        a.name.localeCompare(b.name)
    )
  rows.forEach((row, index) => (row.rank = index + 1))

  return {
    filters,
    sectors,
    regions,
    years: [...ANALYST_YEARS],
    rows,
    hasSpend,
    currency: { code: view.currency.code, symbol: currencySymbol(view.currency.code) },
    alerts,
    topSectors,
    computedAt: versions.computedAt,
    definitions: METRIC_DEFINITIONS,
  }
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
    ...(table.hasSpend ? [`Your spend (${table.currency.code})`, 'Your interactions'] : []),
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
