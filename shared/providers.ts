/**
 * Providers / analyst mapping (module `analyst_mapping`): reference data, enumerations, metric
 * definitions and the shapes the pages and the `/api/providers…` calls exchange. Shared by the
 * server and the interface so that both speak of the same thing.
 */
import { RESEARCH_PROVIDER_TYPES, type ResearchProviderType } from '#shared/rsa'

// The years the analyst statistics cover come from the data and the clock:
// `offeredYears('analysts')` in `app/services/calendar/years.ts`.

/** The eleven GICS sectors (spec §3: sectors id, name, icon). `name` matches interactions.sector. */
export const SECTORS = [
  { name: 'Energy', gicsCode: '10', icon: 'flame' },
  { name: 'Materials', gicsCode: '15', icon: 'pickaxe' },
  { name: 'Industrials', gicsCode: '20', icon: 'factory' },
  { name: 'Consumer Discretionary', gicsCode: '25', icon: 'shopping-bag' },
  { name: 'Consumer Staples', gicsCode: '30', icon: 'basket' },
  { name: 'Health Care', gicsCode: '35', icon: 'heart-pulse' },
  { name: 'Financials', gicsCode: '40', icon: 'landmark' },
  { name: 'Information Technology', gicsCode: '45', icon: 'cpu' },
  { name: 'Communication Services', gicsCode: '50', icon: 'radio' },
  { name: 'Utilities', gicsCode: '55', icon: 'plug' },
  { name: 'Real Estate', gicsCode: '60', icon: 'building' },
] as const

/** The regions analysts cover (spec §3: regions id, code). */
export const REGIONS = [
  { code: 'US', name: 'United States' },
  { code: 'UK', name: 'United Kingdom' },
  { code: 'EU', name: 'Continental Europe' },
  { code: 'JP', name: 'Japan' },
  { code: 'APAC', name: 'Asia Pacific ex-Japan' },
  { code: 'EM', name: 'Emerging markets' },
] as const
export type RegionCode = (typeof REGIONS)[number]['code']
export const REGION_CODES = REGIONS.map((region) => region.code) as RegionCode[]

/** The regional footprint's bars for analysts covering several regions, and none recorded. */
export const FOOTPRINT_SEVERAL = 'SEVERAL'
export const FOOTPRINT_UNRECORDED = 'UNRECORDED'

/** Roll-up keys of provider_year_stats. */
export const ALL_SECTORS = 0
export const ALL_REGIONS = 'ALL'

export const SENIORITIES = {
  associate: 'Associate',
  analyst: 'Analyst',
  vp: 'Vice president',
  director: 'Director',
  md: 'Managing director',
  head_of_research: 'Head of research',
} as const
export type Seniority = keyof typeof SENIORITIES

export const ANALYST_STATUSES = { active: 'Active', left_industry: 'Left the industry' } as const
export type AnalystStatus = keyof typeof ANALYST_STATUSES

/**
 * Move types. A row is a joiner for its `to` provider and a leaver for its `from` provider when
 * the two differ, whatever its type; the type says what happened.
 */
export const MOVE_TYPES = {
  joiner: 'Joiner',
  leaver: 'Leaver',
  internal_move: 'Internal move',
  left_industry: 'Left the industry',
  returned: 'Returned to the industry',
} as const
export type MoveType = keyof typeof MOVE_TYPES

/** Experience (years) from which an analyst counts as senior. */
export const SENIOR_EXPERIENCE_YEARS = 10

/** An analyst not verified for this long appears in the data-quality list. */
export const VERIFICATION_MAX_AGE_MONTHS = 12

export const PROVIDER_TYPE_LABELS: Record<ResearchProviderType, string> = RESEARCH_PROVIDER_TYPES

/** Definitions shown as tooltips on the league table and the provider page. */
export const METRIC_DEFINITIONS = {
  headcount:
    'Analysts at the provider on 31 December of the year, covering the chosen sector and region.',
  headcountStart: 'Analysts at the provider on 1 January of the year.',
  netChange: 'Joiners minus leavers during the year.',
  netChangePct: 'Net change as a share of the headcount on 1 January.',
  joiners: 'Analysts who joined the provider during the year.',
  leavers: 'Analysts who left the provider during the year (for another firm or the industry).',
  experienceGained: 'Years of experience the joiners brought, at the date they joined.',
  experienceLost: 'Years of experience the leavers took with them, at the date they left.',
  netExperience: 'Experience gained minus experience lost, in years.',
  avgExperience: 'Average years in the industry of the analysts there on 31 December.',
  seniorShare: `Share of the analysts there on 31 December with ${SENIOR_EXPERIENCE_YEARS} or more years of experience.`,
  stability: 'One minus leavers divided by the headcount on 1 January.',
  sectorsCovered:
    'GICS sectors at least one of its analysts covered on 31 December (with a sector chosen: that sector, or none).',
  spend:
    'What your team budgeted for the provider in the year (Research Spend Analytics), in your display currency.',
  interactions: "Your team's recorded interactions with the provider in the year.",
  percentageMapped:
    'Share of your interactions with the provider that year whose sector could be resolved, from the interaction itself or from the analyst met.',
} as const
export type MetricKey = keyof typeof METRIC_DEFINITIONS

/** The filters of both pages (in the URL, so that a view can be shared). */
export interface ProviderFilters {
  year: number
  /** null = every sector. */
  sectorId: number | null
  /** null = every region. */
  regionCode: RegionCode | null
}

export interface SectorOption {
  id: number
  name: string
  icon: string
}
export interface RegionOption {
  id: number
  code: RegionCode
  name: string
}

/** One provider's figures for a year and filter set (one row of provider_year_stats). */
export interface ProviderFigures {
  headcountStart: number
  headcount: number
  joiners: number
  leavers: number
  netChange: number
  /** null when headcount at start is 0. */
  netChangePct: number | null
  experienceGained: number
  experienceLost: number
  netExperience: number
  /** null when nobody is there at year end. */
  avgExperience: number | null
  seniorShare: number | null
  stability: number | null
}

export interface LeagueRow extends ProviderFigures {
  rank: number
  providerId: number
  providerKey: string
  name: string
  type: ResearchProviderType | null
  typeLabel: string | null
  sectorsCovered: number
  /** The team's budget for the provider that year (display currency); null without RSA data. */
  spend: number | null
  /** The team's interactions with the provider that year; null without RSA data. */
  interactions: number | null
  /** Set when the team budgeted for the provider and the alert rule flags it. */
  alert: TalentAlert | null
}

/** "You budgeted £X for Broker A; A lost 3 of 5 analysts covering your top two sectors". */
export interface TalentAlert {
  providerId: number
  providerKey: string
  providerName: string
  spend: number
  sectors: { id: number; name: string }[]
  leavers: number
  headcountStart: number
  experienceLost: number
  /** Gained minus lost, in years: at most −TALENT_ALERT_MIN_NET_YEARS. */
  netExperience: number
  message: string
}

/**
 * A provider the team budgeted for is flagged when the analysts covering the team's top
 * sectors took at least this many more years of experience away than joiners brought that year.
 */
export const TALENT_ALERT_MIN_NET_YEARS = 10

/** The alert rule in words, as both pages state it. */
export function talentAlertRule(input: {
  year: number
  topSectors: { name: string }[]
  budgeted: number
  flagged: number
}) {
  const sectors = input.topSectors.map((sector) => sector.name)
  const which =
    sectors.length === 0
      ? 'the sectors your team interacts with most (none recorded this year, so nothing is checked)'
      : `${sectors.length === 1 ? 'your top sector' : `your top ${sectors.length === 2 ? 'two' : sectors.length} sectors`} by interactions (${sectors.join(' and ')})`
  const checked =
    input.budgeted === 0
      ? `Your team budgeted for no research provider in ${input.year}.`
      : `${input.flagged} of the ${input.budgeted} ${input.budgeted === 1 ? 'provider' : 'providers'} your team budgeted for in ${input.year} ${input.flagged === 1 ? 'is' : 'are'} flagged.`
  return `A provider your team budgeted for is flagged when the analysts covering ${which} took at least ${TALENT_ALERT_MIN_NET_YEARS} more years of experience away than joiners brought in ${input.year}, in every region (the sector and region filters do not apply). ${checked}`
}

export interface LeagueTableProps {
  filters: ProviderFilters
  sectors: SectorOption[]
  regions: RegionOption[]
  years: number[]
  rows: LeagueRow[]
  /** True when the team holds Research Spend Analytics data (spend and interactions columns). */
  hasSpend: boolean
  currency: { code: string; symbol: string }
  alerts: TalentAlert[]
  /** The alert rule in words and how many budgeted providers it flagged (null: no spend data). */
  alertRule: string | null
  /** The team's top sectors by interactions that year (for the alerts' wording). */
  topSectors: { id: number; name: string; interactions: number }[]
  computedAt: string | null
  definitions: typeof METRIC_DEFINITIONS
  /** Set when the link asked for filters the page does not have (they were left out). */
  notice: string | null
}

export interface TrendPoint {
  year: number
  headcount: number
  avgExperience: number | null
  joiners: number
  leavers: number
  netExperience: number
}

export interface NotableMove {
  id: number
  analystName: string
  seniority: Seniority
  seniorityLabel: string
  experienceYears: number
  sectors: string[]
  regions: string[]
  type: MoveType
  typeLabel: string
  direction: 'joined' | 'left' | 'internal'
  from: { id: number; name: string; providerKey: string } | null
  to: { id: number; name: string; providerKey: string } | null
  date: string
}

export interface ProviderPageProps {
  provider: {
    id: number
    providerKey: string
    name: string
    type: ResearchProviderType | null
    typeLabel: string | null
    hqRegion: string | null
    logoUrl: string | null
  }
  filters: ProviderFilters
  sectors: SectorOption[]
  regions: RegionOption[]
  years: number[]
  /** The chosen year's figures (key-indicator cards and waterfall). */
  figures: ProviderFigures & { sectorsCovered: number }
  /** Every year with the chosen sector and region (trends). */
  trend: TrendPoint[]
  /**
   * Headcount by region and seniority band at the chosen year's end (regional footprint), each
   * analyst once: under FOOTPRINT_SEVERAL when covering several regions, FOOTPRINT_UNRECORDED
   * when none is recorded.
   */
  footprint: { regionCode: string; junior: number; mid: number; senior: number }[]
  notableMoves: NotableMove[]
  hasSpend: boolean
  spend: number | null
  interactions: number | null
  currency: { code: string; symbol: string }
  alert: TalentAlert | null
  /** The alert rule in words (null: no spend data). */
  alertRule: string | null
  teamId: number
  definitions: typeof METRIC_DEFINITIONS
  /** Set when the link asked for filters the page does not have (they were left out). */
  notice: string | null
}

/** `POST /api/providers/headcount/gained|lost`, `/experience/gained|lost`. */
export type HeatmapMetric =
  'headcount-gained' | 'headcount-lost' | 'experience-gained' | 'experience-lost'
export interface HeatmapResponse {
  providerId: number
  metric: HeatmapMetric
  /** 'analysts' for headcount, 'years' for experience. */
  unit: 'analysts' | 'years'
  years: number[]
  sectors: { id: number; name: string }[]
  regionCodes: string[]
  /** One cell per year × sector (zeros included): an analyst covering two sectors is in both. */
  cells: { year: number; sectorId: number; value: number }[]
  /** Each year's moves counted once, as the key indicators count them. */
  yearTotals: { year: number; value: number }[]
  /** Every year's, each move once. */
  total: number
  /** Of the total, the moves with no sector recorded or covered (in no row). */
  unsectored: number
}

/** `POST /api/providers/interactions/sector-breakdown`. */
export interface SectorBreakdownResponse {
  /** Sector id → the team's interactions with the provider mapped to it in latestYear. */
  countPerSector: Record<string, number>
  /** The latest year in which the team has interactions with the provider (null: none). */
  latestYear: number | null
  percentageMapped: number | null
  overallCount: number
  sectors: { id: number; name: string; count: number }[]
}

export function sectorName(sectors: { id: number; name: string }[], id: number | null) {
  if (id === null) return 'All sectors'
  return sectors.find((sector) => sector.id === id)?.name ?? 'Unknown sector'
}
