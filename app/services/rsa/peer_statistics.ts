import {
  LADDER,
  MAX_CONTRIBUTOR_SHARE,
  MIN_PEERS_FOR_MEDIAN,
  MIN_PEERS_FOR_QUARTILES,
  type BenchmarkLevel,
} from '#shared/rsa'

/**
 * The anonymity rules every peer number in Research Spend Analytics goes through, in one place:
 *
 * - a median only from at least 5 other contributing teams (the viewer's own values left out);
 * - quartiles and a percentile rank only from at least 10;
 * - a mean (like any sum) suppressed when one team holds more than 25% of the total;
 * - when a cell is suppressed, the next level of the fallback ladder (same provider in a wider
 *   AUM tier → the provider type in the same tier → the provider type in every tier), labelled
 *   with the level used; below every level, "Insufficient peer data (n = 3)".
 *
 * Nothing here touches the database: the benchmark service feeds it the contributions it
 * stored and shows clients only what comes out.
 */

/** One team's value in a cell. A team may contribute several values (several providers of a type). */
export interface Contribution {
  team: number
  value: number
}

export interface PeerStatistics {
  /** Distinct contributing teams, the viewer excluded. */
  n: number
  median: number | null
  p25: number | null
  p75: number | null
  mean: number | null
  /** Why the median is missing, when it is. */
  suppressed: boolean
  suppressionReason: 'insufficient_peers' | null
}

/**
 * The quantile q (0–1) of sorted values, interpolated between neighbours (the usual
 * "type 7" definition, as spreadsheets compute it).
 */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) throw new Error('quantile of no values')
  const position = (sorted.length - 1) * q
  const lower = Math.floor(position)
  const upper = Math.ceil(position)
  if (lower === upper) return sorted[lower]
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower)
}

/** The contributions of everyone but the viewer. */
export function othersThan(contributions: Contribution[], viewerTeamId: number | null) {
  return viewerTeamId === null
    ? contributions
    : contributions.filter((contribution) => contribution.team !== viewerTeamId)
}

export function distinctTeams(contributions: Contribution[]) {
  return new Set(contributions.map((contribution) => contribution.team)).size
}

/** True when one team holds more than the allowed share of the total. */
export function isDominated(contributions: Contribution[]) {
  const totals = new Map<number, number>()
  let sum = 0
  for (const { team, value } of contributions) {
    totals.set(team, (totals.get(team) ?? 0) + value)
    sum += value
  }
  if (sum <= 0) return false
  for (const total of totals.values()) {
    if (total / sum > MAX_CONTRIBUTOR_SHARE) return true
  }
  return false
}

/**
 * The statistics a viewer may see for one cell: the viewer's own values are left out, then the
 * thresholds decide what is shown.
 */
export function peerStatistics(
  contributions: Contribution[],
  viewerTeamId: number | null
): PeerStatistics {
  const peers = othersThan(contributions, viewerTeamId)
  const n = distinctTeams(peers)
  if (n < MIN_PEERS_FOR_MEDIAN) {
    return {
      n,
      median: null,
      p25: null,
      p75: null,
      mean: null,
      suppressed: true,
      suppressionReason: 'insufficient_peers',
    }
  }
  const sorted = peers.map((peer) => peer.value).sort((a, b) => a - b)
  const quartiles = n >= MIN_PEERS_FOR_QUARTILES
  const mean = isDominated(peers)
    ? null
    : sorted.reduce((sum, value) => sum + value, 0) / sorted.length
  return {
    n,
    median: quantile(sorted, 0.5),
    p25: quartiles ? quantile(sorted, 0.25) : null,
    p75: quartiles ? quantile(sorted, 0.75) : null,
    mean,
    suppressed: false,
    suppressionReason: null,
  }
}

/**
 * The share of peers a value is cheaper than, in percent (mid-rank, robust to ties): peers
 * above count fully, peers equal count half. Null below the quartile threshold.
 */
export function cheaperThanShare(peerValues: number[], value: number, peerTeams: number) {
  if (peerTeams < MIN_PEERS_FOR_QUARTILES || peerValues.length === 0) return null
  let above = 0
  let equal = 0
  for (const peer of peerValues) {
    if (peer > value) above++
    else if (peer === value) equal++
  }
  return (100 * (above + 0.5 * equal)) / peerValues.length
}

/**
 * The percentile rank of the spec (share of peers below, ties counted half): a low rank is
 * cheaper than peers. Null below the quartile threshold.
 */
export function percentileRank(peerValues: number[], value: number, peerTeams: number) {
  const cheaper = cheaperThanShare(peerValues, value, peerTeams)
  return cheaper === null ? null : 100 - cheaper
}

/** "cheaper than 72% of peers" / "dearer than 64% of peers" for a cost. */
export function peerPositionSentence(cheaperThan: number | null, lowerIsBetter = true) {
  if (cheaperThan === null) return null
  const share = Math.round(cheaperThan)
  if (!lowerIsBetter) return `higher than ${share}% of peers`
  if (share >= 50) return `cheaper than ${share}% of peers`
  return `dearer than ${100 - share}% of peers`
}

export interface LadderResult {
  level: BenchmarkLevel | null
  statistics: PeerStatistics
}

/**
 * The first level of the fallback ladder whose cell gives the viewer a median; when none does,
 * the statistics of the level with the most peers (its n is what "Insufficient peer data
 * (n = 3)" reports).
 */
export function resolveLadder(
  cells: Partial<Record<BenchmarkLevel, Contribution[]>>,
  viewerTeamId: number | null
): LadderResult {
  let best: PeerStatistics | null = null
  for (const level of LADDER) {
    const contributions = cells[level]
    if (!contributions) continue
    const statistics = peerStatistics(contributions, viewerTeamId)
    if (!statistics.suppressed) return { level, statistics }
    if (!best || statistics.n > best.n) best = statistics
  }
  return {
    level: null,
    statistics: best ?? peerStatistics([], viewerTeamId),
  }
}

/** The message shown in place of a suppressed figure. */
export function insufficientPeerData(n: number) {
  return `Insufficient peer data (n = ${n})`
}
