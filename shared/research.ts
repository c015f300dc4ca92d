/**
 * Research Insights: the constants the server and the pages share (spec §9: 25 rows a page,
 * newest first; DOMAIN §2 for the document vocabulary and the trending rule). The years offered
 * run from the first published document to this year: `offeredYears('research')` in
 * `app/services/calendar/years.ts`.
 */

export const RESEARCH_PAGE_SIZE = 25

/** Trending: the trailing window ranked, the providers a theme needs, the list's length. */
export const TRENDING_WINDOW_DAYS = 7
export const TRENDING_MIN_PROVIDERS = 3
export const TRENDING_LIST_SIZE = 15
/** Weeks of history behind the sparklines and the heat map. */
export const TRENDING_HISTORY_WEEKS = 8
export const HEATMAP_WEEKS = 12
export const HEATMAP_THEMES = 20

export const DOCUMENT_TYPES = {
  macro: 'Macro',
  strategy: 'Strategy',
  economics: 'Economics',
  rates: 'Rates',
  fx: 'FX',
  credit: 'Credit',
  commodities: 'Commodities',
  equity_sector: 'Equity sector',
  equity_company: 'Equity company',
  thematic: 'Thematic',
  quant: 'Quant',
} as const
export type DocumentType = keyof typeof DOCUMENT_TYPES

export const ASSET_CLASSES = {
  equities: 'Equities',
  rates: 'Government bonds / rates',
  credit: 'Credit',
  fx: 'FX',
  commodities: 'Commodities',
  multi_asset: 'Multi-asset',
  economics: 'Economics',
} as const
export type AssetClass = keyof typeof ASSET_CLASSES

export const RESEARCH_REGIONS = {
  global: 'Global',
  north_america: 'North America',
  europe_ex_uk: 'Europe ex-UK',
  uk: 'UK',
  japan: 'Japan',
  asia_ex_japan: 'Asia ex-Japan',
  china: 'China',
  emerging_markets: 'Emerging markets',
  latam: 'LatAm',
} as const
export type ResearchRegion = keyof typeof RESEARCH_REGIONS

/**
 * Who may read a document: every team with Research Insights (`open`, and `mnmb`, a minor
 * non-monetary benefit under MiFID II), or only the teams entitled to its provider.
 */
export const ENTITLEMENTS = {
  open: 'Open',
  mnmb: 'Minor non-monetary benefit',
  paid_provider_only: 'Subscribers of the provider',
} as const
export type Entitlement = keyof typeof ENTITLEMENTS

export const REQUEST_STATUSES = {
  submitted: 'Submitted',
  in_progress: 'In progress',
  answered: 'Answered',
  declined: 'Declined',
} as const
export type RequestStatus = keyof typeof REQUEST_STATUSES

/** Movement against the previous snapshot: positive = up. */
export type Movement = { kind: 'new' } | { kind: 'up' | 'down'; places: number } | { kind: 'same' }

export function movementOf(rank: number, previousRank: number | null): Movement {
  if (previousRank === null) return { kind: 'new' }
  const places = previousRank - rank
  if (places > 0) return { kind: 'up', places }
  if (places < 0) return { kind: 'down', places: -places }
  return { kind: 'same' }
}

/** ▲3, ▼2, NEW, = */
export function movementLabel(movement: Movement): string {
  switch (movement.kind) {
    case 'new':
      return 'NEW'
    case 'up':
      return `▲${movement.places}`
    case 'down':
      return `▼${movement.places}`
    default:
      return '='
  }
}

export function movementDescription(movement: Movement): string {
  switch (movement.kind) {
    case 'new':
      return 'new this week'
    case 'up':
      return `up ${movement.places} ${movement.places === 1 ? 'place' : 'places'}`
    case 'down':
      return `down ${movement.places} ${movement.places === 1 ? 'place' : 'places'}`
    default:
      return 'unchanged'
  }
}
