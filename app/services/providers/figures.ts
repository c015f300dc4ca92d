import {
  ALL_REGIONS,
  ALL_SECTORS,
  type ProviderFigures,
  type ProviderFilters,
} from '#shared/providers'

/**
 * The metric definitions of DOMAIN §3B(b), from one stored row of provider_year_stats (or from
 * nothing: a provider with no analyst in the filters has zeros and no averages).
 */
export interface StoredStats {
  headcount_start: number | string
  headcount_end: number | string
  joiners: number | string
  leavers: number | string
  experience_gained: number | string
  experience_lost: number | string
  experience_end_sum: number | string
  senior_end: number | string
}

const round1 = (value: number) => Math.round(value * 10) / 10

export function figuresOf(row: StoredStats | null | undefined): ProviderFigures {
  const headcountStart = Number(row?.headcount_start ?? 0)
  const headcount = Number(row?.headcount_end ?? 0)
  const joiners = Number(row?.joiners ?? 0)
  const leavers = Number(row?.leavers ?? 0)
  const experienceGained = Number(row?.experience_gained ?? 0)
  const experienceLost = Number(row?.experience_lost ?? 0)
  const experienceEndSum = Number(row?.experience_end_sum ?? 0)
  const seniorEnd = Number(row?.senior_end ?? 0)
  const netChange = joiners - leavers
  return {
    headcountStart,
    headcount,
    joiners,
    leavers,
    netChange,
    netChangePct: headcountStart ? round1((netChange / headcountStart) * 100) : null,
    experienceGained,
    experienceLost,
    netExperience: experienceGained - experienceLost,
    avgExperience: headcount ? round1(experienceEndSum / headcount) : null,
    seniorShare: headcount ? round1((seniorEnd / headcount) * 100) : null,
    stability: headcountStart ? round1((1 - leavers / headcountStart) * 100) : null,
  }
}

/** The stored keys of the filters' roll-up. */
export function statKeys(filters: Pick<ProviderFilters, 'sectorId' | 'regionCode'>) {
  return {
    sectorId: filters.sectorId ?? ALL_SECTORS,
    regionCode: filters.regionCode ?? ALL_REGIONS,
  }
}

/**
 * The sectors covered at year end in the filters' view: every sector with an analyst there on
 * 31 December, among the chosen sector only when one is chosen (a view of one sector covers
 * that sector or none). `rows` are the provider's stored rows of the year and region.
 */
export function sectorsCoveredIn(
  rows: { sector_id: number | string; headcount_end: number | string }[],
  keys: ReturnType<typeof statKeys>
) {
  return rows.filter(
    (row) =>
      Number(row.sector_id) !== ALL_SECTORS &&
      (keys.sectorId === ALL_SECTORS || Number(row.sector_id) === keys.sectorId) &&
      Number(row.headcount_end) > 0
  ).length
}
