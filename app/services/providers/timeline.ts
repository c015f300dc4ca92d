import { ALL_REGIONS, ALL_SECTORS, SENIOR_EXPERIENCE_YEARS } from '#shared/providers'

/**
 * The analyst-mapping arithmetic, pure: where an analyst worked on 1 January and 31 December of
 * a year, and the provider × year × sector × region figures that follow (DOMAIN §3B(b)). The
 * statistics service loads the rows and stores what this computes; the unit tests check it
 * against hand-computed fixtures.
 *
 * Employer at a moment: the `from` provider of the analyst's first move on or after that
 * moment; with no later move, the analyst's current provider. Nobody is employed before their
 * industry start year, nor at the place the roster records before the role there began: the
 * role start date bounds the analyst's earliest known stint (the current one while no move is
 * recorded, else the one their first move leaves) when it falls before that move; earlier, the
 * analyst counts nowhere, as nothing says where they were.
 *
 * A move counts as a joiner for `to` and a leaver for `from` when the two differ. Its sectors
 * and regions are those recorded with the move, else the analyst's coverage of that year.
 */

export interface Cell {
  sectorId: number
  regionCode: string
}

export interface MoveFacts {
  id: number
  /** ISO date. */
  date: string
  year: number
  from: number | null
  to: number | null
  experienceYears: number
  cells: Cell[]
}

export interface AnalystFacts {
  id: number
  providerId: number | null
  industryStartYear: number
  /** ISO date the role the roster records began, when known. */
  roleStartDate?: string | null
  /** Year → the sectors × regions covered that year. */
  coverage: Map<number, Cell[]>
  /** Sorted by date, then id. */
  moves: MoveFacts[]
}

export interface StatRow {
  providerId: number
  year: number
  sectorId: number
  regionCode: string
  headcountStart: number
  headcountEnd: number
  joiners: number
  leavers: number
  experienceGained: number
  experienceLost: number
  experienceEndSum: number
  seniorEnd: number
}

export function compareMoves(a: MoveFacts, b: MoveFacts) {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id
}

/** The employer just before `isoDate` (the first move on or after it says where from). */
export function employerBefore(analyst: AnalystFacts, isoDate: string): number | null {
  const first = analyst.moves[0]
  const since = analyst.roleStartDate ?? null
  if (since !== null && isoDate <= since && (!first || since < first.date)) return null
  const next = analyst.moves.find((move) => move.date >= isoDate)
  return next ? next.from : analyst.providerId
}

/** Employer on 1 January and on 31 December of `year`. */
export function yearEmployers(analyst: AnalystFacts, year: number) {
  if (year < analyst.industryStartYear) return { start: null, end: null }
  return {
    start: year > analyst.industryStartYear ? employerBefore(analyst, `${year}-01-01`) : null,
    end: employerBefore(analyst, `${year + 1}-01-01`),
  }
}

/** What the analyst covered in `year` (else the year before). */
export function cellsFor(analyst: AnalystFacts, year: number): Cell[] {
  return analyst.coverage.get(year) ?? analyst.coverage.get(year - 1) ?? []
}

/** Every statistics key a set of cells falls into: each cell and the roll-ups, once each. */
export function rollUpKeys(cells: Cell[]): [number, string][] {
  const keys = new Map<string, [number, string]>()
  const add = (sectorId: number, regionCode: string) =>
    keys.set(`${sectorId}|${regionCode}`, [sectorId, regionCode])
  add(ALL_SECTORS, ALL_REGIONS)
  for (const cell of cells) {
    add(cell.sectorId, cell.regionCode)
    add(cell.sectorId, ALL_REGIONS)
    add(ALL_SECTORS, cell.regionCode)
  }
  return [...keys.values()]
}

/**
 * The statistics of every provider `inScope` accepts, for `years`, from the analysts given
 * (which must include every analyst who ever worked at those providers).
 */
export function computeStatistics(
  analysts: Iterable<AnalystFacts>,
  years: readonly number[],
  inScope: (providerId: number) => boolean = () => true
) {
  const rows = new Map<string, StatRow>()
  const employers: { analystId: number; year: number; start: number | null; end: number | null }[] =
    []
  const row = (providerId: number, year: number, sectorId: number, regionCode: string) => {
    const key = `${providerId}|${year}|${sectorId}|${regionCode}`
    let found = rows.get(key)
    if (!found) {
      found = {
        providerId,
        year,
        sectorId,
        regionCode,
        headcountStart: 0,
        headcountEnd: 0,
        joiners: 0,
        leavers: 0,
        experienceGained: 0,
        experienceLost: 0,
        experienceEndSum: 0,
        seniorEnd: 0,
      }
      rows.set(key, found)
    }
    return found
  }

  const yearSet = new Set(years)
  for (const analyst of analysts) {
    for (const year of years) {
      const { start, end } = yearEmployers(analyst, year)
      employers.push({ analystId: analyst.id, year, start, end })
      const keys = start !== null || end !== null ? rollUpKeys(cellsFor(analyst, year)) : []
      if (start !== null && inScope(start)) {
        for (const [sectorId, regionCode] of keys)
          row(start, year, sectorId, regionCode).headcountStart++
      }
      if (end !== null && inScope(end)) {
        const experience = Math.max(0, year - analyst.industryStartYear)
        for (const [sectorId, regionCode] of keys) {
          const target = row(end, year, sectorId, regionCode)
          target.headcountEnd++
          target.experienceEndSum += experience
          if (experience >= SENIOR_EXPERIENCE_YEARS) target.seniorEnd++
        }
      }
    }
    for (const move of analyst.moves) {
      if (!yearSet.has(move.year) || move.from === move.to) continue
      const keys = rollUpKeys(move.cells.length ? move.cells : cellsFor(analyst, move.year))
      if (move.to !== null && inScope(move.to)) {
        for (const [sectorId, regionCode] of keys) {
          const target = row(move.to, move.year, sectorId, regionCode)
          target.joiners++
          target.experienceGained += move.experienceYears
        }
      }
      if (move.from !== null && inScope(move.from)) {
        for (const [sectorId, regionCode] of keys) {
          const target = row(move.from, move.year, sectorId, regionCode)
          target.leavers++
          target.experienceLost += move.experienceYears
        }
      }
    }
  }
  return { rows: [...rows.values()], employers }
}
