/**
 * Research Spend Analytics: the vocabulary shared by the server, the pages and the imports.
 * Every enumeration is closed: imports reject values outside these lists.
 */

/** Peer statistics are computed and stored in this currency, then converted for display. */
export const BENCHMARK_CURRENCY = 'USD'

/** Anonymity: a median from at least 5 other teams, quartiles and ranks from at least 10. */
export const MIN_PEERS_FOR_MEDIAN = 5
export const MIN_PEERS_FOR_QUARTILES = 10
/** A sum or mean is suppressed when one contributor holds more than this share of it. */
export const MAX_CONTRIBUTOR_SHARE = 0.25

/**
 * Noise infusion: every firm's contribution to a peer figure is multiplied by a permanent,
 * secret factor at least PEER_NOISE_MIN and at most PEER_NOISE_MAX away from 1 (up or down),
 * the same factor wherever that contribution is used. Subtracting two answers can then give
 * back at best a value 5–12% away from the firm's own.
 */
export const PEER_NOISE_MIN = 0.05
export const PEER_NOISE_MAX = 0.12

/**
 * Peer counts leave the server as bands, never exact: two groups one firm apart show the same
 * band, so counting cannot tell what one firm is. The bands start at the thresholds above.
 */
export const PEER_COUNT_BANDS = [
  { min: 0, max: MIN_PEERS_FOR_MEDIAN - 1, label: `fewer than ${MIN_PEERS_FOR_MEDIAN}` },
  { min: MIN_PEERS_FOR_MEDIAN, max: MIN_PEERS_FOR_QUARTILES - 1, label: '5–9' },
  { min: MIN_PEERS_FOR_QUARTILES, max: 19, label: '10–19' },
  { min: 20, max: 49, label: '20–49' },
  { min: 50, max: null, label: '50 or more' },
] as const
export type PeerCountBand = (typeof PEER_COUNT_BANDS)[number]['label']

export function peerCountBand(n: number): PeerCountBand {
  for (const band of PEER_COUNT_BANDS) {
    if (band.max === null || n <= band.max) return band.label
  }
  return PEER_COUNT_BANDS[PEER_COUNT_BANDS.length - 1].label
}

/** Significant figures of a published peer figure. */
export const PUBLISHED_SIGNIFICANT_FIGURES = 3

/**
 * A peer figure as it may leave the server: three significant figures (1,234,567 → 1,230,000;
 * 1.7014 bps → 1.70; 0.38029999999999997 → 0.380). Relative, never coarser than 0.5%: a fixed
 * step (the nearest 1,000) can round a small noise-infused price back onto the round number it
 * came from, which would undo the noise.
 */
export function publish(value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null
  if (value === 0) return 0
  return Number(value.toPrecision(PUBLISHED_SIGNIFICANT_FIGURES))
}

/** The lowest of several bands. */
export function fewestBand(bands: string[]): string {
  const order = PEER_COUNT_BANDS.map((band) => band.label as string)
  return bands.reduce(
    (fewest, band) => (order.indexOf(band) < order.indexOf(fewest) ? band : fewest),
    bands[0] ?? PEER_COUNT_BANDS[0].label
  )
}

/** The rules, as the pages that show peer figures state them. */
export const PEER_ANONYMITY_RULES = [
  `A peer median needs at least ${MIN_PEERS_FOR_MEDIAN} firms other than yours; quartiles and your position need ${MIN_PEERS_FOR_QUARTILES}. Your own figures are never among the peers.`,
  `An average is left out when one firm holds more than ${MAX_CONTRIBUTOR_SHARE * 100}% of the total.`,
  'A price benchmark with too few firms falls back, in this order, to the same provider in the neighbouring AUM tiers, to the provider type in your tier, then to the provider type in every tier, and says which level it used; below every level it reads "Insufficient peer data".',
  `Each firm's figures enter the peer statistics multiplied by a fixed, secret factor between ${Math.round(PEER_NOISE_MIN * 100)}% and ${Math.round(PEER_NOISE_MAX * 100)}% above or below 1, the same wherever that figure is used, so that no comparison of two answers gives back one firm's value. Peer figures are therefore close to, not exactly, the raw statistics.`,
  'Peer figures are given to three significant figures.',
  `The number of firms behind a figure is shown as a band (${PEER_COUNT_BANDS.map((band) => band.label).join(', ')}), never exactly; categories of fewer than ${MIN_PEERS_FOR_MEDIAN} firms are pooled.`,
  `A custom peer group needs at least ${MIN_PEERS_FOR_MEDIAN} firms and shows no composition card: its composition is your criteria, and two groups' cards side by side would describe the firms between them.`,
] as const

export const RESEARCH_PROVIDER_TYPES = {
  bulge_bracket: 'Bulge-bracket bank',
  regional_broker: 'Regional / mid-size broker',
  premium_broker: 'Premium research broker',
  independent: 'Independent research provider',
  expert_network: 'Expert network',
  macro_consultancy: 'Economics / macro consultancy',
  data_vendor: 'Data & analytics vendor',
} as const
export type ResearchProviderType = keyof typeof RESEARCH_PROVIDER_TYPES

export const SERVICE_TYPES = {
  written_research: 'Written research',
  analyst_access: 'Analyst access',
  models_data: 'Models & data',
  bespoke_research: 'Bespoke research',
  macro_strategy: 'Macro / strategy',
  sales_commentary: 'Sales & desk commentary',
  events: 'Events & conferences',
  corporate_access: 'Corporate access (non-research)',
  expert_calls: 'Expert calls',
} as const
export type ServiceType = keyof typeof SERVICE_TYPES

export const PRICE_TYPES = {
  fixed_fee: 'Fixed fee',
  tiered_subscription: 'Tiered subscription',
  pay_per_use: 'Pay per use',
  retainer: 'Retainer + top-ups',
  vote_in_arrears: 'Vote in arrears',
  joint_payment: 'Bundled / joint payment',
  free: 'Free / minor non-monetary benefit',
} as const
export type PriceType = keyof typeof PRICE_TYPES

export const ACCESS_TYPES = {
  full: 'Full access',
  written_only: 'Written only',
  analyst_only: 'Analyst access only',
  partial: 'Partial coverage',
  named_users: 'Named users',
  enterprise: 'Enterprise',
  trial: 'Trial',
  none: 'None / MNMB',
} as const
export type AccessType = keyof typeof ACCESS_TYPES

export const INTERACTION_TYPES = {
  report_read: 'Report read',
  model_download: 'Model download',
  analyst_call: 'Analyst call',
  one_to_one: '1:1 meeting',
  group_meeting: 'Group meeting',
  event: 'Conference / event',
  bespoke_request: 'Bespoke request',
  sales_call: 'Sales / desk call',
  corporate_access: 'Corporate access meeting',
} as const
export type InteractionType = keyof typeof INTERACTION_TYPES

/**
 * Interactions are weighted by what they are worth (reads are many and cheap, bespoke work is
 * rare and dear), so that a provider's usage is not just its click count. Corporate access is
 * tracked but not valued as research.
 */
export const INTERACTION_WEIGHTS: Record<InteractionType, number> = {
  bespoke_request: 10,
  one_to_one: 5,
  group_meeting: 3,
  analyst_call: 3,
  event: 2,
  model_download: 2,
  sales_call: 1,
  report_read: 0.2,
  corporate_access: 0,
}

/** Interactions that count as substantive for "used but unpaid". */
export const SUBSTANTIVE_INTERACTIONS: InteractionType[] = [
  'analyst_call',
  'one_to_one',
  'group_meeting',
  'model_download',
  'bespoke_request',
]

/** GICS sectors (interactions.sector). */
export const GICS_SECTORS = [
  'Energy',
  'Materials',
  'Industrials',
  'Consumer Discretionary',
  'Consumer Staples',
  'Health Care',
  'Financials',
  'Information Technology',
  'Communication Services',
  'Utilities',
  'Real Estate',
] as const

/** Regions research is about (interactions.region, budget lines' region; ≤ 16 characters). */
export const INTERACTION_REGIONS = [
  'UK',
  'Europe',
  'North America',
  'Asia Pacific',
  'Japan',
  'Emerging Markets',
  'Global',
] as const

export const ASSET_CLASSES = {
  equity: 'Equity',
  fixed_income: 'Fixed income',
  multi_asset: 'Multi-asset',
  other: 'Other',
} as const
export type AssetClass = keyof typeof ASSET_CLASSES

export const PAYMENT_METHODS = {
  p_and_l: 'P&L',
  rpa_accounting: 'RPA (direct charge)',
  rpa_transactional: 'RPA (collected with commission)',
  joint_payment: 'Joint payment',
  csa_28e: 'CSA / 28(e)',
} as const
export type PaymentMethod = keyof typeof PAYMENT_METHODS

export const FIRM_TYPES = {
  long_only: 'Long-only manager',
  hedge_fund: 'Hedge fund',
  wealth_manager: 'Wealth manager',
  insurer: 'Insurer',
  pension: 'Pension fund',
} as const
export type FirmType = keyof typeof FIRM_TYPES

export const DOMICILES = { UK: 'UK', EU: 'EU', US: 'US', APAC: 'APAC' } as const
export type Domicile = keyof typeof DOMICILES

export const ASSESSMENT_CATEGORIES = {
  research_quality: 'Research quality',
  analyst_access: 'Analyst access',
  bespoke: 'Bespoke work',
  models: 'Models & data',
  corporate_access: 'Corporate access',
  macro: 'Macro / strategy',
} as const
export type AssessmentCategory = keyof typeof ASSESSMENT_CATEGORIES

/**
 * AUM tiers in billions of the benchmark currency, with the labels of the AUM range entity
 * ("{min}bn - {max}bn", "+{min}bn").
 */
export const AUM_TIERS = [
  { key: '0-10', min: 0, max: 10 },
  { key: '10-50', min: 10, max: 50 },
  { key: '50-100', min: 50, max: 100 },
  { key: '100-250', min: 100, max: 250 },
  { key: '250-500', min: 250, max: 500 },
  { key: '500+', min: 500, max: null },
] as const
export type AumTier = (typeof AUM_TIERS)[number]['key']

export function aumTierLabel(key: string) {
  const tier = AUM_TIERS.find((candidate) => candidate.key === key)
  if (!tier) return key
  return tier.max === null ? `+${tier.min}bn` : `${tier.min}bn - ${tier.max}bn`
}

/** The tier of an AUM given in units of the benchmark currency. */
export function aumTierOf(aumInBenchmarkCurrency: number): AumTier {
  const billions = aumInBenchmarkCurrency / 1e9
  for (const tier of AUM_TIERS) {
    if (tier.max === null || billions < tier.max) return tier.key
  }
  return '500+'
}

/** The tier itself and its neighbours: the "wider AUM tier" step of the fallback ladder. */
export function widerTiers(key: string): string[] {
  const index = AUM_TIERS.findIndex((tier) => tier.key === key)
  if (index === -1) return [key]
  return AUM_TIERS.slice(Math.max(0, index - 1), index + 2).map((tier) => tier.key)
}

/** The levels of the fallback ladder, most specific first, with the label shown to users. */
export const BENCHMARK_LEVELS = {
  provider: 'Provider, same AUM tier',
  provider_wider_tier: 'Provider, wider AUM tier',
  provider_type: 'Provider type, same AUM tier',
  provider_type_all_tiers: 'Provider type, all AUM tiers',
} as const
export type BenchmarkLevel = keyof typeof BENCHMARK_LEVELS
export const LADDER: BenchmarkLevel[] = [
  'provider',
  'provider_wider_tier',
  'provider_type',
  'provider_type_all_tiers',
]

/** Status of a price against its peer median (benchmarkPercentage). */
export type PriceStatus = 'below' | 'in_line' | 'above' | 'outlier'
export const PRICE_STATUS_LABELS: Record<PriceStatus, string> = {
  below: 'Below peers',
  in_line: 'In line',
  above: 'Above',
  outlier: 'Outlier',
}

export function priceStatus(benchmarkPercentage: number | null): PriceStatus | null {
  if (benchmarkPercentage === null || !Number.isFinite(benchmarkPercentage)) return null
  if (benchmarkPercentage <= -10) return 'below'
  if (benchmarkPercentage <= 10) return 'in_line'
  if (benchmarkPercentage <= 25) return 'above'
  return 'outlier'
}

/** The budgets table's columns (spec §3) and the ones shown by default (spec §9). */
export const BUDGET_COLUMNS = [
  'provider',
  'priceType',
  'accessType',
  'totalBenchmark',
  'totalPayment',
  'myPrice',
  'benchmarkDiff',
  'benchmarkPercentage',
] as const
export type DefaultBudgetColumn = (typeof BUDGET_COLUMNS)[number]

/** Every column the budgets table can show (the column chooser), in table order. */
export const BUDGET_TABLE_COLUMNS = {
  provider: 'Provider',
  providerType: 'Provider type',
  priceType: 'Price type',
  accessType: 'Access type',
  budgetAmount: 'Budget',
  totalBenchmark: 'Peer benchmark',
  totalPayment: 'Paid',
  myPrice: 'My price',
  benchmarkDiff: 'Difference',
  benchmarkPercentage: 'Difference %',
  status: 'Status',
} as const
export type BudgetColumn = keyof typeof BUDGET_TABLE_COLUMNS
export const BUDGET_COLUMN_IDS = Object.keys(BUDGET_TABLE_COLUMNS) as BudgetColumn[]

export function labelOf<T extends Record<string, string>>(labels: T, key: string | null) {
  if (key === null) return ''
  return (labels as Record<string, string>)[key] ?? key
}

/** The pages of the area, in the order of its navigation. */
export const RSA_PAGES = [
  { key: 'budgets', title: 'Budgets', path: '/rsa/budgets' },
  { key: 'peer-group', title: 'Peer group', path: '/rsa/peer-group' },
  { key: 'outliers', title: 'Outliers', path: '/rsa/outliers' },
  { key: 'peer-interactions', title: 'Peer interactions', path: '/rsa/peer-interactions' },
  { key: 'market-trends', title: 'Market trends', path: '/rsa/market-trends' },
  { key: 'rate-card', title: 'Rate card', path: '/rsa/rate-card' },
  { key: 'snapshot', title: 'Snapshot', path: '/rsa/snapshot' },
  { key: 'data-collection', title: 'Data collection', path: '/rsa/data-collection' },
] as const
export type RsaPageKey = (typeof RSA_PAGES)[number]['key']

/** The statuses the budgets table filters on ("none": no benchmark). */
export const BUDGET_STATUS_FILTERS = ['below', 'in_line', 'above', 'outlier', 'none'] as const
export type BudgetStatusFilter = (typeof BUDGET_STATUS_FILTERS)[number]

interface BudgetFigures {
  provider: string
  status: PriceStatus | null
  budgetAmount: number
  myPrice: number
  totalPayment: number
  totalBenchmark: number | null
  benchmarkDiff: number | null
  /** Lines that add to my price, and those of them with a peer benchmark. */
  pricedLines: number
  benchmarkedLines: number
}

/** What stands in place of the benchmark of a row or total whose lines are not all benchmarked. */
export function benchmarkCoverageNote(benchmarked: number, priced: number) {
  const lines = `${benchmarked} of ${priced} ${priced === 1 ? 'line' : 'lines'}`
  return benchmarked === 0 ? `No peer benchmark (${lines})` : `Partly benchmarked (${lines})`
}

/** The rows a filter keeps: the provider's name contains the text, and the status matches. */
export function filterBudgetRows<T extends BudgetFigures>(
  rows: T[],
  filter: { q?: string; status?: BudgetStatusFilter }
) {
  const text = filter.q?.trim().toLowerCase() ?? ''
  return rows.filter(
    (row) =>
      (!text || row.provider.toLowerCase().includes(text)) &&
      (!filter.status ||
        (filter.status === 'none' ? row.status === null : row.status === filter.status))
  )
}

/**
 * The totals row of the budgets table for the rows shown: sums, and the benchmark, difference
 * and percentage over the same lines as my price, so only when every priced line of those rows
 * has a benchmark (otherwise a note says how many do). A row's difference is taken from the
 * unrounded median, so its unrounded benchmark is its price less its difference; the total's
 * benchmark is rounded for display only.
 */
export function budgetTotals(rows: BudgetFigures[]) {
  const round2 = (value: number) => Math.round(value * 100) / 100
  const sum = (pick: (row: BudgetFigures) => number | null) =>
    round2(rows.reduce((total, row) => total + (pick(row) ?? 0), 0))
  const pricedLines = rows.reduce((total, row) => total + row.pricedLines, 0)
  const benchmarkedLines = rows.reduce((total, row) => total + row.benchmarkedLines, 0)
  const compared =
    pricedLines > 0 && rows.every((row) => row.pricedLines === 0 || row.benchmarkDiff !== null)
  const benchmarkDiff = compared ? sum((row) => row.benchmarkDiff) : null
  const exactBenchmark = compared
    ? rows.reduce(
        (total, row) => total + (row.benchmarkDiff === null ? 0 : row.myPrice - row.benchmarkDiff),
        0
      )
    : null
  return {
    budgetAmount: sum((row) => row.budgetAmount),
    myPrice: sum((row) => row.myPrice),
    totalPayment: sum((row) => row.totalPayment),
    // Shown like the rows' benchmarks.
    totalBenchmark: publish(exactBenchmark),
    benchmarkDiff,
    benchmarkPercentage:
      exactBenchmark && benchmarkDiff !== null
        ? Math.round((benchmarkDiff / exactBenchmark) * 1000) / 10
        : null,
    pricedLines,
    benchmarkedLines,
    benchmarkNote: compared
      ? null
      : pricedLines === 0
        ? 'Not priced'
        : benchmarkCoverageNote(benchmarkedLines, pricedLines),
  }
}
