import type {
  AnalystStatus,
  MoveType,
  RegionOption,
  Seniority,
  SectorOption,
} from '@shared/providers'

/** What the providers administration pages receive (see app/services/providers/admin). */

export interface ProviderChoice {
  id: number
  name: string
  providerKey: string
}

export type SectorChoice = SectorOption
export type RegionChoice = RegionOption

export interface PageMeta {
  total: number
  currentPage: number
  lastPage: number
}

export interface CoverageCell {
  sector_id: number
  region_code: string
  is_lead: boolean
}

export interface AnalystRow {
  id: number
  externalId: string
  fullName: string
  providerId: number | null
  providerName: string | null
  title: string | null
  seniority: Seniority
  industryStartYear: number
  roleStartDate: string | null
  assetClass: string
  status: AnalystStatus
  isRanked: boolean
  source: string | null
  lastVerifiedAt: string | null
  moveCount: number
}

export interface AnalystListRow extends AnalystRow {
  /** Distinct sectors covered in the latest year. */
  sectorsLatest: number
}

export interface AnalystDetail extends AnalystRow {
  /** Year → the sectors × regions covered. */
  coverage: Record<string, CoverageCell[]>
}

export interface MoveRow {
  id: number
  analystId: number
  analystName: string
  analystExternalId: string
  industryStartYear: number
  eventDate: string
  type: MoveType
  fromProviderId: number | null
  fromName: string | null
  toProviderId: number | null
  toName: string | null
  experienceYears: number
  source: string | null
  sectorIds: number[]
  regionCodes: string[]
}

export interface AnalystMatch {
  id: number
  externalId: string
  fullName: string
  industryStartYear: number
  providerName: string | null
}

export const plural = (count: number, noun: string, many = `${noun}s`) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? noun : many}`

/** An instant as its day (YYYY-MM-DD): the administration reads dates unambiguously. */
export const dayOf = (instant: string | null) => (instant ? instant.slice(0, 10) : null)
