import db from '@adonisjs/lucid/services/db'
import {
  AUM_TIERS,
  MIN_PEERS_FOR_MEDIAN,
  RESEARCH_PROVIDER_TYPES,
  RSA_YEARS,
  aumTierLabel,
  labelOf,
} from '#shared/rsa'
import { toIsoDate } from '#services/market_data/benchmarks'
import { peerStatistics, type Contribution } from '#services/rsa/peer_statistics'

/**
 * The market trends behind the published report: how research prices, the number of providers
 * paid, research intensity, the independent share and joint payments moved over 2021–2024,
 * computed from every team's stored figures (rsa_team_metrics and the provider-type benchmark
 * cells). Each point carries its n; a point from fewer than five firms is left out (null). The
 * viewer's own figures are left out of what the viewer sees, like every peer figure; the
 * published report (viewer null) uses every firm.
 */

export interface TrendPoint {
  year: number
  value: number | null
  n: number
}

export interface TrendSeries {
  key: string
  label: string
  points: TrendPoint[]
}

export interface MarketTrends {
  years: number[]
  priceIndex: TrendSeries[]
  providersPaid: TrendSeries[]
  researchBps: TrendSeries[]
  independentShare: TrendSeries
  jointPaymentShare: TrendSeries
  dispersion: { key: string; label: string; value: number | null; n: number }[]
}

interface MetricRow {
  team_id: number
  year: number
  aum_tier: string
  payment_method: string
  providers_paid: number
  research_bps: string | number | null
  irp_share: string | number | null
}

const years = [...RSA_YEARS] as number[]

export async function marketTrends(viewerTeamId: number | null): Promise<MarketTrends> {
  const [metrics, cells] = await Promise.all([
    db
      .from('rsa_team_metrics')
      .select(
        'team_id',
        'year',
        'aum_tier',
        'payment_method',
        'providers_paid',
        'research_bps',
        'irp_share'
      ) as Promise<MetricRow[]>,
    db
      .from('rsa_benchmarks')
      .where('level', 'provider_type_all_tiers')
      .select('year', 'research_provider_type', 'contributions'),
  ])
  const others = metrics.filter((row) => row.team_id !== viewerTeamId)

  const medianSeries = (
    filter: (row: MetricRow) => boolean,
    value: (row: MetricRow) => number | null
  ): TrendPoint[] =>
    years.map((year) => {
      const contributions = others
        .filter((row) => row.year === year && filter(row))
        .map((row) => ({ team: row.team_id, value: value(row) }))
        .filter((entry): entry is Contribution => entry.value !== null)
      const statistics = peerStatistics(contributions, viewerTeamId)
      return { year, value: statistics.median, n: statistics.n }
    })

  // Prices: every priced line of a provider type, all services and tiers, per year.
  const pricesByType = new Map<string, Map<number, Contribution[]>>()
  for (const cell of cells) {
    const byYear = pricesByType.get(cell.research_provider_type) ?? new Map()
    const list = byYear.get(cell.year) ?? []
    for (const [team, value] of JSON.parse(cell.contributions) as [number, number][]) {
      list.push({ team, value })
    }
    byYear.set(cell.year, list)
    pricesByType.set(cell.research_provider_type, byYear)
  }
  const priceIndex: TrendSeries[] = []
  const dispersion: MarketTrends['dispersion'] = []
  for (const type of Object.keys(RESEARCH_PROVIDER_TYPES)) {
    const byYear = pricesByType.get(type)
    if (!byYear) continue
    const medians = years.map((year) => {
      const statistics = peerStatistics(byYear.get(year) ?? [], viewerTeamId)
      return { year, statistics }
    })
    const base = medians.find((entry) => entry.statistics.median !== null)
    priceIndex.push({
      key: type,
      label: labelOf(RESEARCH_PROVIDER_TYPES, type),
      points: medians.map(({ year, statistics }) => ({
        year,
        n: statistics.n,
        value:
          statistics.median !== null && base?.statistics.median
            ? Math.round((statistics.median / base.statistics.median) * 1000) / 10
            : null,
      })),
    })
    const latest = medians.at(-1)!.statistics
    dispersion.push({
      key: type,
      label: labelOf(RESEARCH_PROVIDER_TYPES, type),
      n: latest.n,
      value:
        latest.p25 !== null && latest.p75 !== null && latest.median
          ? Math.round(((latest.p75 - latest.p25) / latest.median) * 1000) / 10
          : null,
    })
  }

  const tierSeries = (value: (row: MetricRow) => number | null) =>
    AUM_TIERS.map((tier) => ({
      key: tier.key,
      label: aumTierLabel(tier.key),
      points: medianSeries((row) => row.aum_tier === tier.key, value),
    })).filter((series) => series.points.some((point) => point.n > 0))

  const jointPaymentShare: TrendSeries = {
    key: 'joint_payment',
    label: 'Firms using joint payments',
    points: years.map((year) => {
      const teams = others.filter((row) => row.year === year)
      return {
        year,
        n: teams.length,
        value:
          teams.length >= MIN_PEERS_FOR_MEDIAN
            ? Math.round(
                (teams.filter((row) => row.payment_method === 'joint_payment').length /
                  teams.length) *
                  1000
              ) / 10
            : null,
      }
    }),
  }

  return {
    years,
    priceIndex,
    providersPaid: tierSeries((row) => row.providers_paid),
    researchBps: tierSeries((row) => (row.research_bps === null ? null : Number(row.research_bps))),
    independentShare: {
      key: 'irp_share',
      label: 'Median share of spend with independent providers',
      points: medianSeries(
        () => true,
        (row) => (row.irp_share === null ? null : Math.round(Number(row.irp_share) * 1000) / 10)
      ),
    },
    jointPaymentShare,
    dispersion,
  }
}

/** The latest published market trends report, if any. */
export async function latestMarketTrendsReport() {
  const report = await db
    .from('rsa_market_trends_reports')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .select('id', 'year', 'title', 'summary', 'published_at', 'file_size')
    .first()
  return report
    ? {
        id: report.id as number,
        year: report.year as number,
        title: report.title as string,
        summary: report.summary as string | null,
        publishedAt: toIsoDate(report.published_at),
        fileSize: Number(report.file_size),
      }
    : null
}
