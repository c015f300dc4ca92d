/**
 * How current the peer figures of a year are, as the Research Spend Analytics pages say it:
 * "Peer data as of 2026-11-28". Peer statistics are recomputed after every import and by
 * `rsa:benchmarks`; what they cover ends on the day they were computed, or on the year's last
 * day once the year is over. The pages say plainly when that is older than expected:
 * - a year that has ended, computed before it ended (the year's later data is not in);
 * - the current year, computed more than PEER_DATA_MAX_AGE_DAYS ago;
 * - no statistics at all for the year.
 */
export const PEER_DATA_MAX_AGE_DAYS = 31

export interface PeerDataAge {
  year: number
  /** The last day the peer data covers (YYYY-MM-DD); null when none was computed for the year. */
  asOf: string | null
  stale: boolean
  message: string
}

const DAY_MS = 86_400_000

export function peerDataAge(input: {
  year: number
  /** When the year's statistics were last computed (YYYY-MM-DD), or null. */
  computedOn: string | null
  today: string
}): PeerDataAge {
  const { year, computedOn, today } = input
  const yearEnd = `${year}-12-31`
  if (computedOn === null) {
    return {
      year,
      asOf: null,
      stale: true,
      message: `No peer data for ${year} yet: peer figures appear once firms' ${year} figures are applied and the statistics computed.`,
    }
  }
  const asOf = computedOn < yearEnd ? computedOn : yearEnd
  if (yearEnd < today && asOf < yearEnd) {
    return {
      year,
      asOf,
      stale: true,
      message: `Peer data as of ${asOf}, before ${year} ended: figures recorded since are not in it until the statistics are computed again.`,
    }
  }
  const ageDays = Math.floor((Date.parse(today) - Date.parse(asOf)) / DAY_MS)
  if (yearEnd >= today && ageDays > PEER_DATA_MAX_AGE_DAYS) {
    return {
      year,
      asOf,
      stale: true,
      message: `Peer data as of ${asOf}, ${ageDays} days ago: older than expected (the statistics are computed after every import).`,
    }
  }
  return { year, asOf, stale: false, message: `Peer data as of ${asOf}.` }
}
