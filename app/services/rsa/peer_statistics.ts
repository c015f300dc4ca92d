import { createHmac } from 'node:crypto'
import { appKey } from '#config/app'
import {
  LADDER,
  MAX_CONTRIBUTOR_SHARE,
  MIN_PEERS_FOR_MEDIAN,
  MIN_PEERS_FOR_QUARTILES,
  PEER_NOISE_MAX,
  PEER_NOISE_MIN,
  peerCountBand,
  type BenchmarkLevel,
} from '#shared/rsa'

/**
 * The anonymity rules every peer number in Research Spend Analytics goes through, in one place
 * (the pages state them from PEER_ANONYMITY_RULES in shared/rsa.ts):
 *
 * - a median only from at least 5 other contributing teams (the viewer's own values left out);
 * - quartiles and a percentile rank only from at least 10;
 * - a mean (like any sum) suppressed when one team holds more than 25% of the total;
 * - when a cell is suppressed, the next level of the fallback ladder (same provider in a wider
 *   AUM tier → the provider type in the same tier → the provider type in every tier), labelled
 *   with the level used; below every level, "Insufficient peer data (fewer than 5 firms)".
 *
 * Thresholds alone do not stop differencing: two groups the product may serve can differ by
 * one firm (two custom peer groups, two levels of the ladder, two years of a cell), and the
 * difference of their medians or means gives that firm's value back. So, as official
 * statistics do for tables that overlap (noise infusion, as in the US Census Bureau's County
 * Business Patterns, with rounding and banded counts):
 *
 * - noise infusion: each contribution is multiplied by a permanent secret factor, 5–12% above
 *   or below 1, drawn from the contributing team and what the value is (its `key`: year and
 *   figure), never from the question asked. The same contribution carries the same factor in
 *   every cell, level, group, currency and request, so asking again or in another way does not
 *   average the noise away; subtracting two answers gives at best a value 5–12% off the firm's;
 * - publication rounding (`publish`): peer figures are rounded to a stated precision before
 *   they leave the server;
 * - banded counts (`peerCountBand`): n leaves the server as "5–9", "10–19"…, never exactly, so
 *   counting cannot show that two groups differ by one firm (nor what that firm is);
 * - custom peer groups must differ from each neighbouring group by 0 or at least 5 firms
 *   (peer_group.ts).
 *
 * Nothing here touches the database: the services feed it the contributions stored by the
 * statistics run and show clients only what comes out.
 */

/**
 * One team's value in a cell. A team may contribute several values (several providers of a
 * type). `key` says what the value is, without the team (for example
 * `2024|line|12|written_research|fixed_fee|full` or `2024|metric|research_bps`): with the team
 * it picks the value's noise factor, so it must be the same wherever that value is used.
 */
export interface Contribution {
  team: number
  value: number
  key: string
}

let noiseSecret: Buffer | null = null
const noiseFactors = new Map<string, number>()
const NOISE_FACTORS_KEPT = 200_000

function secret() {
  if (!noiseSecret) {
    noiseSecret = createHmac('sha256', appKey.release()).update('rsa-peer-noise').digest()
  }
  return noiseSecret
}

/**
 * The permanent noise factor of one team's value: 1 ± a magnitude between PEER_NOISE_MIN and
 * PEER_NOISE_MAX, from a keyed hash of the team and the value's key (unknowable without the
 * application key, the same on every call).
 */
export function noiseFactor(team: number, key: string) {
  const id = `${team}|${key}`
  const known = noiseFactors.get(id)
  if (known !== undefined) return known
  const digest = createHmac('sha256', secret()).update(id).digest()
  const uniform = digest.readUInt32BE(0) / 2 ** 32
  const magnitude = PEER_NOISE_MIN + (PEER_NOISE_MAX - PEER_NOISE_MIN) * uniform
  const factor = digest[4] & 1 ? 1 + magnitude : 1 - magnitude
  if (noiseFactors.size >= NOISE_FACTORS_KEPT) noiseFactors.clear()
  noiseFactors.set(id, factor)
  return factor
}

/** What a team's yearly metric is, for its noise factor (the same wherever it is used). */
export function metricKey(year: number, metric: string) {
  return `${year}|metric|${metric}`
}

/** The value as it enters peer statistics. */
export function perturbed(contribution: Contribution) {
  return contribution.value * noiseFactor(contribution.team, contribution.key)
}

/** The peers' values as they enter statistics: the viewer's left out, each one noise-infused. */
export function peerValues(contributions: Contribution[], viewerTeamId: number | null) {
  return othersThan(contributions, viewerTeamId).map(perturbed)
}

export { publish, PUBLISHED_SIGNIFICANT_FIGURES } from '#shared/rsa'

export interface PeerStatistics {
  /** Distinct contributing teams, the viewer excluded (never sent to a client: see `band`). */
  n: number
  /** n as it may be shown. */
  band: string
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
export function othersThan<T extends { team: number }>(
  contributions: T[],
  viewerTeamId: number | null
): T[] {
  return viewerTeamId === null
    ? contributions
    : contributions.filter((contribution) => contribution.team !== viewerTeamId)
}

export function distinctTeams(contributions: { team: number }[]) {
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
      band: peerCountBand(n),
      median: null,
      p25: null,
      p75: null,
      mean: null,
      suppressed: true,
      suppressionReason: 'insufficient_peers',
    }
  }
  const ordered = inStoredOrder(peers)
  const quartiles = n >= MIN_PEERS_FOR_QUARTILES
  const mean = isDominated(peers)
    ? null
    : ordered.reduce((sum, value) => sum + value, 0) / ordered.length
  const median = quantile(ordered, 0.5)
  return {
    n,
    band: peerCountBand(n),
    median,
    // Noise can swap close neighbours: a quartile never crosses the median.
    p25: quartiles ? Math.min(quantile(ordered, 0.25), median) : null,
    p75: quartiles ? Math.max(quantile(ordered, 0.75), median) : null,
    mean,
    suppressed: false,
    suppressionReason: null,
  }
}

/**
 * The noise-infused values, placed in the order of the stored ones (ties by team and key).
 * A quantile is then always made of the same firms' values as it would be without noise, each
 * with its own factor: subtracting two answers that differ by one firm gives back exactly that
 * firm's noise-infused value, never a combination that could fall on its stored one.
 */
function inStoredOrder(peers: Contribution[]) {
  return [...peers]
    .sort(
      (a, b) => a.value - b.value || a.team - b.team || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
    )
    .map(perturbed)
}

/**
 * The share of peers a value is cheaper than, in percent (mid-rank, robust to ties): peers
 * above count fully, peers equal count half. Null below the quartile threshold.
 */
export function cheaperThanShare(values: number[], value: number, peerTeams: number) {
  if (peerTeams < MIN_PEERS_FOR_QUARTILES || values.length === 0) return null
  let above = 0
  let equal = 0
  for (const peer of values) {
    if (peer > value) above++
    else if (peer === value) equal++
  }
  return (100 * (above + 0.5 * equal)) / values.length
}

/**
 * The percentile rank of the spec (share of peers below, ties counted half): a low rank is
 * cheaper than peers. Null below the quartile threshold.
 */
export function percentileRank(values: number[], value: number, peerTeams: number) {
  const cheaper = cheaperThanShare(values, value, peerTeams)
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

/**
 * The message shown in place of a suppressed figure. The count is banded like every other:
 * "n = 3" next to "n = 4" one level up would say that one firm of the wider level buys it.
 */
export function insufficientPeerData(_n?: number) {
  return `Insufficient peer data (fewer than ${MIN_PEERS_FOR_MEDIAN} firms)`
}
