/**
 * Research discovery analytics (`researchDiscoveryAnalytics`): its tabs, its date range and the
 * figures each tab carries. Shared by the server and the page.
 */

export const ANALYTICS_TABS = {
  providers: 'Providers',
  trends: 'Trends',
  users: 'Users',
} as const
export type AnalyticsTab = keyof typeof ANALYTICS_TABS

/** The range shown when none is chosen: the last 12 weeks, today included. */
export const DEFAULT_RANGE_WEEKS = 12
/** The longest range: two years of weeks. */
export const MAX_RANGE_WEEKS = 104

/** A date range, both days included (YYYY-MM-DD). */
export interface AnalyticsRange {
  from: string
  to: string
}

/** A week of the range: seven days from its first day (the last may be shorter). */
export interface AnalyticsWeek {
  index: number
  /** Its first day (YYYY-MM-DD). */
  start: string
}

export interface ProviderFigures {
  providerId: number
  provider: string
  /** Documents added to the catalogue in the range (any state). */
  ingested: number
  /** Openings of the provider's documents in the range. */
  reads: number
  /** Distinct people who opened them. */
  uniqueReaders: number
  /** Bookmarks put on the provider's documents in the range. */
  bookmarks: number
  /** Reads of the documents ingested in the range (until its end) ÷ those documents. */
  readsPerDocument: number | null
  /** Of the documents ingested in the range and read by its end: how many. */
  readDocuments: number
  /** The median, over those, of the hours from publication to the first read. */
  medianHoursToFirstRead: number | null
}

export interface ThemeWeekFigures {
  themeId: number
  theme: string
  /** Documents per week, in the order of the range's weeks. */
  weeks: number[]
  total: number
  /** Stars put on the theme in the range. */
  newStars: number
}

export interface RisingTheme {
  themeId: number
  theme: string
  earlier: number
  recent: number
  change: number
}

export interface ZeroResultSearch {
  term: string
  searches: number
  teams: number
}

export interface SearchWeek {
  week: number
  searches: number
  zeroResults: number
}

export interface TeamFigures {
  teamId: number
  team: string
  /** Distinct readers per week, in the order of the range's weeks. */
  weeklyReaders: number[]
  averageWeeklyReaders: number
  readers: number
  reads: number
  readsPerReader: number | null
  requests: number
}

export interface DigestWeekFigures {
  /** The digest's ISO week (2026-W48). */
  week: string
  sent: number
  /** Digests of the week with at least one link followed. */
  clicked: number
  clicks: number
  clickThroughRate: number | null
}

export interface ProvidersTab {
  tab: 'providers'
  providers: ProviderFigures[]
}

export interface TrendsTab {
  tab: 'trends'
  themes: ThemeWeekFigures[]
  rising: RisingTheme[]
  /** The weeks compared for rising themes: how many in each half. */
  risingWeeks: number
  searchWeeks: SearchWeek[]
  zeroResults: ZeroResultSearch[]
}

export interface UsersTab {
  tab: 'users'
  teams: TeamFigures[]
  digests: DigestWeekFigures[]
}

export type AnalyticsFigures = ProvidersTab | TrendsTab | UsersTab

/** The most zero-result search terms listed. */
export const ZERO_RESULT_TERMS = 50
