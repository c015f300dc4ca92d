import type { AppliedFilter, FilterCategory, SummaryFacet } from './summary_filters.js'

/**
 * The summary dashboard (`summary`, `GET /api/dashboard/summary`): one ledger of everything the
 * current team pays for and uses. An asset is one thing the team pays for or consumes:
 * - research: a provider relationship in the year (its budget lines taken together);
 * - market data and alternative data: a product benchmark of a contract in force on the
 *   reference date (today for the year in progress, else the year's last day), annualised.
 */

export type AssetKind = 'research' | 'market_data' | 'alternative_data'

export const ASSET_KIND_LABELS: Record<AssetKind, string> = {
  research: 'Research',
  market_data: 'Market data',
  alternative_data: 'Alternative data',
}

/** A facet value with the assets it would show under the other active filters. */
export interface SummaryFilterItem {
  id: number
  name: string
  count: number
}

export interface SummaryAsset {
  /** `research-{provider id}`, `market_data-{benchmark id}`, `alternative_data-{benchmark id}`. */
  id: string
  kind: AssetKind
  providerId: number
  providerKey: string
  provider: string
  /** The product (market and alternative data) or the services bought (research). */
  product: string
  /** Price type names (research: of its budget lines; data: the contract's licence). */
  priceTypes: string[]
  /**
   * The year's spend in the display currency: research, the payments of the year (to date for
   * the year in progress); data, the payment annualised. Null when nothing is stored or its
   * currency has no rate.
   */
  spend: number | null
  /** Research: the year's budget. Data: null. */
  budget: number | null
  /**
   * The benchmark compared with: research, the peer benchmark of the priced lines (the budgets
   * page's figure, peer-anonymity rules applied); data, the fair-price benchmark annualised.
   */
  benchmark: number | null
  /** The price compared with the benchmark (research: the contracted price of those lines). */
  comparedPrice: number | null
  /** comparedPrice − benchmark, and as a percentage of the benchmark. */
  benchmarkDiff: number | null
  benchmarkPercentage: number | null
  /** Research: interactions logged plus research documents read. Data: users on the licence. */
  usage: number | null
  /** spend ÷ usage. */
  costPerUse: number | null
  rankingPriorityId: number | null
  /** The facet values the asset carries, per facet. */
  facets: Partial<Record<SummaryFacet, number[]>>
  /** Where the asset is looked at in detail. */
  href: string
}

export interface SummaryKpis {
  assets: number
  providers: number
  totalSpend: number
  /** Over the assets carrying both a price and a benchmark. */
  comparedSpend: number
  comparedBenchmark: number
  benchmarkGap: number | null
  benchmarkGapPercent: number | null
  benchmarkedAssets: number
  research: { spend: number; uses: number; costPerUse: number | null }
  data: { spend: number; users: number; costPerUser: number | null }
}

export interface SummaryData {
  filter_summary_data: { filters: Record<SummaryFacet, SummaryFilterItem[]> }
  asset_summary_data_list: SummaryAsset[]
  appliedFilters: AppliedFilter[]
  kpis: SummaryKpis
  /**
   * The team holds only some of the modules whose assets the dashboard lists (research spend,
   * market data contracts, alternative data): only the held modules' assets are listed.
   */
  isRestricted: boolean
  modules: Record<AssetKind, boolean>
  year: number
  years: number[]
  referenceDate: string
  currency: { id: number; code: string }
  /** Amounts in currencies without a rate to the display currency, left out of the sums. */
  unconvertedAssets: number
  /** The rates used, shown on screen. */
  exchangeRates: { from: string; to: string; rate: number; asOf: string | null }[]
}

/** The ranking priority tiers a team sets per provider (ids of the `rankingpriorities` facet). */
export const RANKING_PRIORITY_CODES = ['core', 'secondary', 'tail'] as const

/**
 * Spend by the values of one facet, largest first: an asset with several values counts under
 * each (a research provider covering two regions adds its spend to both), so the bars can add
 * to more than the total, which the chart says. Assets without a value in the facet are
 * gathered under "Not tagged".
 */
export function spendByFacet(
  assets: readonly SummaryAsset[],
  facet: SummaryFacet,
  names: ReadonlyMap<number, string>
): { id: number | null; name: string; spend: number; assets: number }[] {
  const totals = new Map<number | null, { spend: number; assets: number }>()
  for (const asset of assets) {
    const values = asset.facets[facet]?.length ? [...new Set(asset.facets[facet])] : [null]
    for (const value of values) {
      const entry = totals.get(value) ?? { spend: 0, assets: 0 }
      entry.spend += asset.spend ?? 0
      entry.assets += 1
      totals.set(value, entry)
    }
  }
  return [...totals.entries()]
    .map(([id, entry]) => ({
      id,
      name: id === null ? 'Not tagged' : (names.get(id) ?? `#${id}`),
      spend: Math.round(entry.spend * 100) / 100,
      assets: entry.assets,
    }))
    .sort((a, b) => b.spend - a.spend || a.name.localeCompare(b.name))
}

/**
 * The KPI cards over a list of assets (the server sends them; the page never recomputes what
 * the server computed, but the rule lives here beside the asset shape).
 */
export function summaryKpis(assets: readonly SummaryAsset[]): SummaryKpis {
  const round = (value: number) => Math.round(value * 100) / 100
  let totalSpend = 0
  let comparedSpend = 0
  let comparedBenchmark = 0
  let benchmarkedAssets = 0
  const research = { spend: 0, uses: 0 }
  const data = { spend: 0, users: 0 }
  for (const asset of assets) {
    totalSpend += asset.spend ?? 0
    if (asset.comparedPrice !== null && asset.benchmark !== null) {
      comparedSpend += asset.comparedPrice
      comparedBenchmark += asset.benchmark
      benchmarkedAssets += 1
    }
    if (asset.usage !== null && asset.usage > 0 && asset.spend !== null) {
      const bucket = asset.kind === 'research' ? research : null
      if (bucket) {
        bucket.spend += asset.spend
        bucket.uses += asset.usage
      } else {
        data.spend += asset.spend
        data.users += asset.usage
      }
    }
  }
  const gap = benchmarkedAssets ? comparedSpend - comparedBenchmark : null
  return {
    assets: assets.length,
    providers: new Set(assets.map((asset) => asset.providerId)).size,
    totalSpend: round(totalSpend),
    comparedSpend: round(comparedSpend),
    comparedBenchmark: round(comparedBenchmark),
    benchmarkGap: gap === null ? null : round(gap),
    benchmarkGapPercent:
      gap === null || comparedBenchmark === 0 ? null : round((gap / comparedBenchmark) * 100),
    benchmarkedAssets,
    research: {
      spend: round(research.spend),
      uses: research.uses,
      costPerUse: research.uses ? round(research.spend / research.uses) : null,
    },
    data: {
      spend: round(data.spend),
      users: data.users,
      costPerUser: data.users ? round(data.spend / data.users) : null,
    },
  }
}

export type { AppliedFilter, FilterCategory, SummaryFacet }
