import type { Movement } from '#shared/research'

/*
 * The weekly theme ranking's administration (`themeRanking`): what the page shows of a week and
 * the editors' overrides. Server: app/services/research/admin/ranking.ts.
 */

export const OVERRIDE_KINDS = {
  pin: 'Pin to a position',
  move: 'Move to a position',
  hide: 'Hide',
} as const
export type RankingOverrideKind = keyof typeof OVERRIDE_KINDS

export const OVERRIDE_NOTE_MIN = 3
export const OVERRIDE_NOTE_MAX = 1000
export const MAX_POSITION = 500
/** Weeks offered in the picker, newest first. */
export const RANKING_WEEKS = 52

export interface RankingWeekOption {
  /** The week's exclusive end, an ISO date: the `week` of the address. */
  value: string
  label: string
  published: boolean
}

/** One provider's part of a theme's score: Σ relevance × 1/√documents. */
export interface ProviderContribution {
  provider: string
  documents: number
  relevance: number
  damping: number
  contribution: number
}

export interface RankingRow {
  themeId: number
  theme: string
  group: string
  /** The job's rank (null: fewer providers than needed). */
  rank: number | null
  previousRank: number | null
  movement: Movement | null
  score: number
  documentCount: number
  providerCount: number
  /** Recomputed from the week's documents as they are now, per provider. */
  providers: ProviderContribution[]
  /** The sum of the contributions (differs from `score` when documents changed since). */
  recomputedScore: number
  /** The place after the editors' overrides (null: hidden or not ranked). */
  previewRank: number | null
  previewPick: boolean
  /** The place clients see now (null: not shown, or the week is not published). */
  publishedRank: number | null
  publishedPick: boolean
  override: {
    id: number
    kind: RankingOverrideKind
    position: number | null
    note: string
    by: string | null
    at: string
  } | null
}

export interface RankingWeek {
  value: string
  periodStart: string
  periodEnd: string
  computedAt: string
  documentCount: number
  publication: { publishedAt: string; by: string | null; overrideCount: number } | null
  /** The overrides' order differs from what clients see (or the week was never published). */
  hasUnpublishedChanges: boolean
  /** The week clients see now (the latest published), when it is another one. */
  clientWeek: string | null
}
