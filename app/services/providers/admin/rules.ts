import { isOfferedYear, type YearRange } from '#shared/years'
import { DateTime } from 'luxon'
import {
  ANALYST_STATUSES,
  MOVE_TYPES,
  SENIORITIES,
  type AnalystStatus,
  type MoveType,
  type Seniority,
} from '#shared/providers'

/*
 * The rules of the analyst roster and moves that the forms, the imports and the command line
 * share, pure: what a move type says about the providers left and joined, the bounds of years,
 * dates and experience, and how an import's words map to the stored values.
 */

export const EARLIEST_EVENT_DATE = '2000-01-01'
export const EARLIEST_INDUSTRY_START_YEAR = 1960
export const MAX_EXPERIENCE_YEARS = 60

export const ASSET_CLASSES = {
  equity: 'Equity',
  fixed_income: 'Fixed income',
  credit: 'Credit',
  macro: 'Macro & FX',
  commodities: 'Commodities',
  multi_asset: 'Multi-asset',
} as const
export type AssetClass = keyof typeof ASSET_CLASSES
export const ASSET_CLASS_KEYS = Object.keys(ASSET_CLASSES) as AssetClass[]

export { hasUnreadableCharacters, unreadableMessage } from '#services/text/readable'

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: string) {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value).isValid
}

/** Where a move's problem lies: the provider left, the provider joined. */
export type MoveSide = 'from' | 'to'

/**
 * What a move type requires of the providers left (`from`) and joined (`to`); null when the
 * pair fits. A joiner joins a provider (from another one or from outside the tracked firms), a
 * leaver leaves one, an internal move stays at one, leaving the industry joins none and a
 * return to the industry comes from none.
 */
export function moveShapeProblem(
  type: MoveType,
  from: number | null,
  to: number | null
): { side: MoveSide; message: string } | null {
  const differ =
    'The provider left and the provider joined must differ: a change within one provider is an internal move.'
  switch (type) {
    case 'joiner':
      if (to === null) return { side: 'to', message: 'A joiner needs the provider joined.' }
      if (from === to) return { side: 'to', message: differ }
      return null
    case 'leaver':
      if (from === null) return { side: 'from', message: 'A leaver needs the provider left.' }
      if (from === to) return { side: 'to', message: differ }
      return null
    case 'internal_move':
      if (from === null) {
        return { side: 'from', message: 'An internal move needs the provider it happens at.' }
      }
      if (to !== from) {
        return {
          side: 'to',
          message:
            'An internal move stays at one provider: the provider joined must be the provider left.',
        }
      }
      return null
    case 'left_industry':
      if (from === null) {
        return { side: 'from', message: 'Leaving the industry needs the provider left.' }
      }
      if (to !== null) {
        return {
          side: 'to',
          message: 'An analyst who leaves the industry joins no provider: leave it empty.',
        }
      }
      return null
    case 'returned':
      if (from !== null) {
        return {
          side: 'from',
          message: 'An analyst returning to the industry comes from no provider: leave it empty.',
        }
      }
      if (to === null) {
        return { side: 'to', message: 'A return to the industry needs the provider joined.' }
      }
      return null
  }
}

/** Experience at an event when none is given: the years since the analyst's industry start. */
export function derivedExperience(eventDate: string, industryStartYear: number) {
  return Number(eventDate.slice(0, 4)) - industryStartYear
}

/** The employer and status an analyst's last move leaves them with. */
export function employerAfter(last: { type: MoveType; to: number | null }): {
  providerId: number | null
  status: AnalystStatus
} {
  return {
    providerId: last.to,
    status: last.type === 'left_industry' ? 'left_industry' : 'active',
  }
}

/**
 * The year an imported roster row's coverage is recorded for: the year of `verified_at` when it
 * is one of the years accepted (`backfill`), otherwise the current year (a roster describes
 * coverage now).
 */
export function coverageYearOf(verifiedAt: string | null, years: YearRange) {
  const year = verifiedAt ? Number(verifiedAt.slice(0, 4)) : null
  return year !== null && isOfferedYear(years, year) ? year : years.current
}

const words = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')

function lookup<T extends string>(choices: Record<T, string>, extra: Record<string, T>) {
  const map = new Map<string, T>()
  for (const [key, label] of Object.entries(choices) as [T, string][]) {
    map.set(words(key), key)
    map.set(words(label), key)
  }
  for (const [text, key] of Object.entries(extra)) map.set(words(text), key)
  return (text: string) => map.get(words(text)) ?? null
}

/** A seniority as a file may write it (`VP`, `Managing director`, `head_of_research`…). */
export const parseSeniority = lookup<Seniority>(SENIORITIES, {
  'vice-president': 'vp',
  'managing-director': 'md',
  'head': 'head_of_research',
})

export const parseStatus = lookup<AnalystStatus>(ANALYST_STATUSES, {
  'left industry': 'left_industry',
  'left': 'left_industry',
})

export const parseMoveType = lookup<MoveType>(MOVE_TYPES, {
  internal: 'internal_move',
  left: 'left_industry',
  return: 'returned',
  returner: 'returned',
})

export const parseAssetClass = lookup<AssetClass>(ASSET_CLASSES, {
  'equities': 'equity',
  'fi': 'fixed_income',
  'macro fx': 'macro',
  'fx': 'macro',
  'commodity': 'commodities',
  'multi asset': 'multi_asset',
  'multiasset': 'multi_asset',
})

/** "a, b or c" */
export function either(values: readonly string[]) {
  return values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values[0]
}
