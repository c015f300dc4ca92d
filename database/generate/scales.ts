/**
 * How big each scale's synthetic universe is. `large` is the reference; `medium` is a tenth of
 * it and `small` (for tests) a hundredth. Product benchmarks follow from the contracts (about
 * ten per contract: a few products, one line per contract year).
 */
export interface Scale {
  teams: number
  users: number
  /** Share of the users who are administrators, with admin roles. */
  administrators: number
  providers: number
  contracts: number
  /** Contracts of the demo Northbridge team (the demo analyst's team). */
  northbridgeContracts: number
  /** Contracts of the demo Helvetia team (alternative data and data collection). */
  helvetiaContracts: number
  /** Generated members added to Northbridge (addresses at example.com, its allowed domain). */
  northbridgeMembers: number
  scenarios: number
  proposals: number
  feedback: number
  insightsReports: number
  insightsReportReads: number
  securityEvents: number
  auditLogs: number
  invitations: number
  /** Generated teams with research spend (profiles, budgets, payments) over the six years. */
  rsaTeams: number
  /** Their logged research interactions, all years together. */
  rsaInteractions: number
  /** Research Insights documents, first year to today (searchable text, no PDF of their own). */
  researchDocuments: number
  /** Per-country research themes added to the demo taxonomy. */
  researchThemes: number
  /** Sell-side analysts added to the research providers (coverage and moves, every year). */
  analysts: number
}

export const LARGE: Scale = {
  teams: 200,
  users: 5_000,
  administrators: 50,
  providers: 300,
  contracts: 50_000,
  northbridgeContracts: 500,
  helvetiaContracts: 125,
  northbridgeMembers: 50,
  scenarios: 5_000,
  proposals: 10_000,
  feedback: 20_000,
  insightsReports: 4_000,
  insightsReportReads: 60_000,
  securityEvents: 200_000,
  auditLogs: 50_000,
  invitations: 1_000,
  rsaTeams: 150,
  rsaInteractions: 2_000_000,
  researchDocuments: 200_000,
  researchThemes: 240,
  analysts: 30_000,
}

function divided(scale: Scale, divisor: number): Scale {
  return Object.fromEntries(
    Object.entries(scale).map(([key, value]) => [key, Math.max(1, Math.round(value / divisor))])
  ) as unknown as Scale
}

export const SCALES = {
  small: divided(LARGE, 100),
  medium: divided(LARGE, 10),
  large: LARGE,
} as const

export type ScaleName = keyof typeof SCALES

export function isScaleName(value: string): value is ScaleName {
  return Object.hasOwn(SCALES, value)
}
