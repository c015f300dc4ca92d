/**
 * Data collection rounds, as the administration opens and closes them: one collection per team,
 * kind and year, opened together for the eligible teams with one name and due date.
 */

export const COLLECTION_KINDS = ['rsa', 'market_data'] as const
export type CollectionRoundKind = (typeof COLLECTION_KINDS)[number]

export const COLLECTION_KIND_LABELS: Record<CollectionRoundKind, string> = {
  rsa: 'Research spend',
  market_data: 'Market data contracts',
}

/** What a team must hold to be asked, per kind (the module its clients upload through). */
export const COLLECTION_KIND_MODULE_LABELS: Record<CollectionRoundKind, string> = {
  rsa: 'Research Spend Analytics',
  market_data: 'Market data data collection',
}

/** The name a round gets unless the administrator gives one. */
export function defaultRoundName(kind: CollectionRoundKind, year: number) {
  return `${COLLECTION_KIND_LABELS[kind]} ${year}`
}

export const ROUND_NAME_MAX_LENGTH = 120
/** How far ahead a due date may be set. */
export const ROUND_DUE_MAX_DAYS = 730

/** One round: the collections of a kind, year and name, open or closed. */
export interface CollectionRound {
  kind: CollectionRoundKind
  kindLabel: string
  year: number | null
  name: string
  status: 'open' | 'closed'
  teams: number
  firstDue: string | null
  lastDue: string | null
  /** Collections with at least one file received. */
  submitted: number
  /** Collections with a completed submission. */
  completed: number
}

export interface EligibleTeam {
  id: number
  name: string
  kinds: CollectionRoundKind[]
}

/**
 * The year of a market data collection made before collections had one: the year its name gives
 * ("Market data contracts 2026"; the last one named), else its due date's; null when neither
 * gives a year a round could be opened for.
 */
export function legacyCollectionYear(name: string, dueDate: string | null) {
  const named = [...name.matchAll(/(?<!\d)((?:19|20)\d{2})(?!\d)/g)].at(-1)
  const year = named ? Number(named[1]) : Number((dueDate ?? '').slice(0, 4))
  return Number.isInteger(year) && year >= 1900 && year <= 2200 ? year : null
}
