/**
 * Research Insights: what the server sends the pages and the §7 API, typed once for both.
 * Dates are ISO strings (UTC); highlighted text marks matches between \u0002 and \u0003.
 */
import type { Movement, RequestStatus } from './research.js'

export const MARK_START = '\u0002'
export const MARK_END = '\u0003'

/** Splits highlighted text into plain and matched parts (rendered as text, never as HTML). */
export function highlightParts(text: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = []
  let rest = text
  while (rest.length) {
    const start = rest.indexOf(MARK_START)
    if (start === -1) {
      parts.push({ text: rest, match: false })
      break
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), match: false })
    const end = rest.indexOf(MARK_END, start + 1)
    const stop = end === -1 ? rest.length : end
    parts.push({ text: rest.slice(start + 1, stop), match: true })
    rest = rest.slice(stop + 1)
  }
  return parts.filter((part) => part.text.length > 0)
}

export interface ProviderChip {
  id: number
  key: string
  name: string
  type: string | null
  typeLabel: string | null
  /** Spend-aware: the current team pays this provider (its research budget for the latest year). */
  isPaid: boolean | null
}

export interface ThemeChip {
  id: number
  name: string
  is_starred: boolean
}

/** A row of All research / My research (spec §3 fields first). */
export interface ResearchDocumentRow {
  id: number
  primary_theme: ThemeChip | null
  themes: ThemeChip[]
  is_bookmarked: boolean
  published_date: string
  /** The user's teams that may read the document. */
  teams: { id: number; name: string }[]
  title: string
  abstract: string
  provider: ProviderChip
  documentType: string
  documentTypeLabel: string
  assetClasses: string[]
  regions: string[]
  pageCount: number
  isRead: boolean
  /** With a search term: the title and an extract with the matches marked. */
  highlight: { title: string; extract: string } | null
}

export interface ResearchFilters {
  providerIds: number[]
  themeIds: number[]
  searchTerm: string
  startDate: string | null
  endDate: string | null
  providerTypes: string[]
  assetClasses: string[]
  regions: string[]
  year: number | null
}

/** Whether the filters narrow the list at all (the §7 payload's `isAnyFilterApplied`). */
export function isAnyFilterApplied(filters: ResearchFilters) {
  return (
    filters.searchTerm.trim() !== '' ||
    filters.providerIds.length > 0 ||
    filters.themeIds.length > 0 ||
    filters.providerTypes.length > 0 ||
    filters.assetClasses.length > 0 ||
    filters.regions.length > 0 ||
    filters.startDate !== null ||
    filters.endDate !== null ||
    filters.year !== null
  )
}

export interface ResearchDocumentsResponse {
  researchDocuments: ResearchDocumentRow[]
  page: number
  pageSize: number
  total: number
  /** Whether the list is narrowed by a filter or a search (isAnyFilterApplied of the filters used). */
  isAnyFilterApplied: boolean
}

export interface ThemeNode {
  id: number
  name: string
  is_starred: boolean
  /** Documents the team may read: the last 7 and 30 days (to the latest document), and all. */
  documentCount7d: number
  documentCount30d: number
  documentCount: number
  /**
   * My themes: the documents on the theme published since `unreadSince` (the later of the
   * theme's starring and the user's previous visit to My themes) that the user has not opened.
   */
  unreadCount?: number
  unreadSince?: string | null
}

export interface ThemeGroupNode {
  id: number
  name: string
  themes: ThemeNode[]
  children: ThemeGroupNode[]
}

export interface TrendingThemeView {
  theme: string
  theme_id: number
  is_starred: boolean
  group: string
  /** Rank and score: the market's ranking (every provider's research). */
  rank: number
  score: number
  /** The ranked week's documents on the theme that the team may read, and their providers. */
  documentCount: number
  providerCount: number
  movement: Movement
  /** The documents the team may read on the theme in each of the last weeks, oldest first. */
  sparkline: (number | null)[]
  relatedDocuments: {
    id: number
    title: string
    published_date: string
    provider: ProviderChip
  }[]
  /** Spend-aware: the team's paid providers that wrote on the theme in the week (null: no spend data). */
  paidProviderCount: number | null
  /** An editor pinned the theme to its place for the week (the pin changed the order). */
  editorsPick: boolean
}

export interface TrendingResponse {
  trendingThemes: TrendingThemeView[]
  updatedAt: string | null
  /** The week ranked: start, and end (exclusive). */
  period: { start: string; end: string } | null
  /** The ranked week ended longer ago than a daily ranking allows (the data stops there). */
  isStale: boolean
}

export interface HeatmapView {
  /** Week starts (ISO dates), oldest first. */
  weeks: { start: string; end: string }[]
  themes: { id: number; name: string }[]
  /** [weekIndex, themeIndex, documents the team may read] */
  cells: [number, number, number][]
}

export interface ResearchRequestView {
  id: number
  reference: string
  topic: string
  description: string
  assetClass: string
  region: string
  themes: { id: number; name: string }[]
  neededBy: string
  status: RequestStatus
  statusLabel: string
  createdAt: string
  /**
   * The research team's response once the request is answered or declined: the answer (or the
   * reason for declining) and the documents the answer links that the team may read now.
   */
  response: {
    text: string
    at: string
    documents: { id: number; title: string; provider: string }[]
  } | null
}

export interface ArticleView {
  document: ResearchDocumentRow & {
    authors: string[]
    sectors: string[]
    entitlement: string
    entitlementLabel: string
    fileUrl: string
  }
  /** Same primary theme, other providers, newest first. */
  moreOnTheme: ResearchDocumentRow[]
}
