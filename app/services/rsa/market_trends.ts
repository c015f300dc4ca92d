import db from '@adonisjs/lucid/services/db'
import { offeredYears } from '#services/calendar/years'
import {
  AUM_TIERS,
  MIN_PEERS_FOR_MEDIAN,
  RESEARCH_PROVIDER_TYPES,
  aumTierLabel,
  labelOf,
  peerCountBand,
} from '#shared/rsa'
import { toIsoDate } from '#services/market_data/benchmarks'
import {
  metricKey,
  peerStatistics,
  publish,
  type Contribution,
} from '#services/rsa/peer_statistics'
import { storedContributions } from '#services/rsa/benchmarks'

/**
 * The market trends behind the published report: how research prices, the number of providers
 * paid, research intensity, the independent share and joint payments moved over a period (2021
 * to the report's year; the page shows every year),
 * computed from every team's stored figures (rsa_team_metrics and the provider-type benchmark
 * cells). Each point carries its n; a point from fewer than five firms is left out (null). The
 * viewer's own figures are left out of what the viewer sees, like every peer figure; the
 * published report (viewer null) uses every firm.
 */

export interface TrendPoint {
  year: number
  value: number | null
  /** The firms behind the point, banded ("5–9"). */
  n: string
}

export interface TrendSeries {
  key: string
  label: string
  points: TrendPoint[]
}

export interface MarketTrends {
  /** The period: only these years are read, so a report never holds a later year. */
  years: number[]
  priceIndex: TrendSeries[]
  providersPaid: TrendSeries[]
  researchBps: TrendSeries[]
  independentShare: TrendSeries
  jointPaymentShare: TrendSeries
  dispersion: { key: string; label: string; value: number | null; n: string }[]
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

async function offeredYearList() {
  const range = await offeredYears('research_spend')
  return range.years
}

/** The years of a period ending with `through` (every year offered when not given). */
export function trendYears(offered: number[], through?: number) {
  return offered.filter((year) => through === undefined || year <= through)
}

interface PriceCell {
  year: number
  type: string
  /** The same purchase from year to year: service, price type and access type. */
  purchase: string
  contributions: Contribution[]
}

/**
 * Prices like for like. A provider type's index follows the same purchases (service, price type
 * and access type) from year to year, each against its own price in the type's first year, so
 * that firms buying more of a dearer service does not read as a price rise. The type's index is
 * the average of its purchases' indices, weighted by the firms behind each in the first year; a
 * purchase counts in a year only when it has a median (five firms) in both years. Dispersion is
 * likewise each purchase's interquartile range over its median, averaged the same way, never the
 * spread of a mix of services.
 */
function priceTrends(cells: PriceCell[], years: number[], viewerTeamId: number | null) {
  const byType = new Map<string, Map<string, Map<number, Contribution[]>>>()
  for (const cell of cells) {
    const byPurchase = byType.get(cell.type) ?? new Map<string, Map<number, Contribution[]>>()
    const byYear = byPurchase.get(cell.purchase) ?? new Map<number, Contribution[]>()
    byYear.set(cell.year, [...(byYear.get(cell.year) ?? []), ...cell.contributions])
    byPurchase.set(cell.purchase, byYear)
    byType.set(cell.type, byPurchase)
  }
  const priceIndex: TrendSeries[] = []
  const dispersion: MarketTrends['dispersion'] = []
  const latestYear = years.at(-1)
  for (const type of Object.keys(RESEARCH_PROVIDER_TYPES)) {
    const byPurchase = byType.get(type)
    if (!byPurchase || latestYear === undefined) continue
    const label = labelOf(RESEARCH_PROVIDER_TYPES, type)
    const purchases = [...byPurchase.values()].map(
      (byYear) =>
        new Map(
          years.map((year) => {
            const contributions = byYear.get(year) ?? []
            return [
              year,
              { contributions, statistics: peerStatistics(contributions, viewerTeamId) },
            ]
          })
        )
    )
    type Purchase = (typeof purchases)[number]
    const at = (purchase: Purchase, year: number) => purchase.get(year)!
    const priced = (purchase: Purchase, year: number) =>
      at(purchase, year).statistics.median !== null
    const baseYear = years.find((year) => purchases.some((purchase) => priced(purchase, year)))
    priceIndex.push({
      key: type,
      label,
      points: years.map((year) => {
        const matched =
          baseYear === undefined
            ? []
            : purchases.filter((purchase) => priced(purchase, baseYear) && priced(purchase, year))
        const firms = peerStatistics(
          matched.flatMap((purchase) => at(purchase, year).contributions),
          viewerTeamId
        )
        let weights = 0
        let total = 0
        for (const purchase of matched) {
          const base = at(purchase, baseYear!).statistics
          total += base.n * (at(purchase, year).statistics.median! / base.median!)
          weights += base.n
        }
        return {
          year,
          n: firms.band,
          value: weights ? Math.round((total / weights) * 1000) / 10 : null,
        }
      }),
    })
    const latest = purchases.map((purchase) => at(purchase, latestYear))
    const spread = latest.filter(
      ({ statistics }) => statistics.p25 !== null && statistics.p75 !== null && statistics.median
    )
    const firms = peerStatistics(
      (spread.length ? spread : latest).flatMap((entry) => entry.contributions),
      viewerTeamId
    )
    const weights = spread.reduce((sum, { statistics }) => sum + statistics.n, 0)
    const total = spread.reduce(
      (sum, { statistics }) =>
        sum + statistics.n * ((statistics.p75! - statistics.p25!) / statistics.median!),
      0
    )
    dispersion.push({
      key: type,
      label,
      n: firms.band,
      value: weights ? Math.round((total / weights) * 1000) / 10 : null,
    })
  }
  return { priceIndex, dispersion }
}

export async function marketTrends(
  viewerTeamId: number | null,
  options: { through?: number; years?: number[] } = {}
): Promise<MarketTrends> {
  // The years offered (the page's view has them already).
  const offered = options.years ?? (await offeredYearList())
  const years = trendYears(offered, options.through)
  const [metrics, cells] = await Promise.all([
    db
      .from('rsa_team_metrics')
      .whereIn('year', years)
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
      .whereIn('year', years)
      .select(
        'year',
        'research_provider_type',
        'service_type',
        'price_type',
        'access_type',
        'contributions'
      ),
  ])
  const others = metrics.filter((row) => row.team_id !== viewerTeamId)

  const medianSeries = (
    filter: (row: MetricRow) => boolean,
    metric: 'providers_paid' | 'research_bps' | 'irp_share',
    value: (row: MetricRow) => number | null
  ): TrendPoint[] =>
    years.map((year) => {
      const contributions = others
        .filter((row) => row.year === year && filter(row))
        .map((row) => ({ team: row.team_id, value: value(row), key: metricKey(year, metric) }))
        .filter((entry): entry is Contribution => entry.value !== null)
      const statistics = peerStatistics(contributions, viewerTeamId)
      return { year, value: publish(statistics.median), n: statistics.band }
    })

  const { priceIndex, dispersion } = priceTrends(
    cells.map((cell) => ({
      year: cell.year,
      type: cell.research_provider_type,
      purchase: [cell.service_type, cell.price_type, cell.access_type].join('|'),
      contributions: storedContributions(
        cell.contributions,
        `${cell.year}|${cell.research_provider_type}`
      ),
    })),
    years,
    viewerTeamId
  )

  const tierSeries = (
    metric: 'providers_paid' | 'research_bps',
    value: (row: MetricRow) => number | null
  ) =>
    AUM_TIERS.map((tier) => ({
      key: tier.key,
      label: aumTierLabel(tier.key),
      points: medianSeries((row) => row.aum_tier === tier.key, metric, value),
    })).filter((series) =>
      // A tier any other firm is in is listed, its missing years noted "n < 5" on the page.
      others.some((row) => row.aum_tier === series.key && value(row) !== null)
    )

  const jointPaymentShare: TrendSeries = {
    key: 'joint_payment',
    label: 'Firms using joint payments',
    points: years.map((year) => {
      const teams = others.filter((row) => row.year === year)
      // A share of firms is a count: to the nearest 5%, so one firm joining moves it little.
      return {
        year,
        n: peerCountBand(teams.length),
        value:
          teams.length >= MIN_PEERS_FOR_MEDIAN
            ? Math.round(
                (teams.filter((row) => row.payment_method === 'joint_payment').length /
                  teams.length) *
                  20
              ) * 5
            : null,
      }
    }),
  }

  return {
    years,
    priceIndex,
    providersPaid: tierSeries('providers_paid', (row) => row.providers_paid),
    researchBps: tierSeries('research_bps', (row) =>
      row.research_bps === null ? null : Number(row.research_bps)
    ),
    independentShare: {
      key: 'irp_share',
      label: 'Median share of spend with independent providers',
      points: medianSeries(
        () => true,
        'irp_share',
        (row) => (row.irp_share === null ? null : Number(row.irp_share))
      ).map((point) => ({
        ...point,
        value: point.value === null ? null : Math.round(point.value * 1000) / 10,
      })),
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
