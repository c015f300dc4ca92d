import db from '@adonisjs/lucid/services/db'
import {
  INTERACTION_TYPES,
  INTERACTION_WEIGHTS,
  MIN_PEERS_FOR_MEDIAN,
  RESEARCH_PROVIDER_TYPES,
  labelOf,
  peerCountBand,
  type InteractionType,
} from '#shared/rsa'
import {
  distinctTeams,
  insufficientPeerData,
  othersThan,
  peerStatistics,
  publish,
  type Contribution,
} from '#services/rsa/peer_statistics'
import { converterFor, ratesUsed, round2, type RsaView } from '#services/rsa/view'

/**
 * The peer interactions page of Research Spend Analytics (DOMAIN §1(b), "Peer interactions"):
 * per provider, what the team received (interactions, weighted interactions, weighted
 * interactions per 1,000 paid and per investment professional) against the peer median of the
 * same measure, the mix by interaction type, and each provider's share of spend against its
 * share of use.
 *
 * Everything comes from the recomputed statistics (`rsa_team_provider_stats`: spend in USD,
 * interactions, weighted interactions and counts per type per team, year and provider;
 * `rsa_team_metrics` for the team totals), two queries whatever the number of providers or
 * peers. Peers of a provider are the other teams with that provider that year that record
 * interactions at all (a team that loaded no interactions says nothing about usage); a median
 * needs at least 5 of them (`peerStatistics`), otherwise "Insufficient peer data (n = …)".
 *
 * Per 1,000 paid is currency-neutral: every team's figure (the viewer's included) is computed
 * from spend in USD, compared in USD, and only then expressed per 1,000 of the display currency
 * by dividing by the USD → display rate. Both sides move with the same rate, so the comparison
 * does not depend on the currency the page is shown in, nor on each peer's own currency.
 */

export interface PeerMeasure {
  value: number | null
  median: number | null
  /** The firms behind the median, banded ("5–9"). */
  n: string
  /** "Insufficient peer data (fewer than 5 firms)" when the median is suppressed. */
  message: string | null
}

export interface MixShare {
  type: InteractionType
  label: string
  count: number
  /** The team's share of its interactions with the provider (0–1). */
  share: number
  /** The median of the peers' shares (0–1), null when suppressed. */
  peerMedian: number | null
}

export interface PeerInteractionRow {
  providerId: number
  provider: string
  providerTypeLabel: string
  isIndependent: boolean
  /** Paid this year, in the display currency. */
  spend: number
  interactions: PeerMeasure
  weighted: PeerMeasure
  perThousand: PeerMeasure
  perProfessional: PeerMeasure
  /** Other teams with the provider this year that record interactions, banded ("5–9"). */
  peers: string
  /** Shares of the team's spend and weighted interactions (0–1). */
  spendShare: number | null
  usageShare: number | null
  mix: MixShare[]
  mixPeers: { n: string; message: string | null }
}

export interface PeerInteractionsPage {
  year: number
  currency: { id: number; code: string; name: string }
  professionals: number | null
  totals: {
    spend: number
    interactions: PeerMeasure
    weighted: PeerMeasure
    perThousand: PeerMeasure
    perProfessional: PeerMeasure
  }
  rows: PeerInteractionRow[]
  weights: { type: InteractionType; label: string; weight: number }[]
  computedAt: string | null
  exchangeRates: ReturnType<typeof ratesUsed>
}

interface StatRow {
  team_id: number
  provider_id: number
  provider_name: string
  research_provider_type: string | null
  is_independent: unknown
  spend: number | string
  interactions: number | string
  weighted_interactions: number | string
  by_type: string
  portfolio_managers: number | null
  analysts: number | null
  computed_at: unknown
}

interface MetricRow {
  team_id: number
  spend: number | string
  interactions: number | string
  weighted_interactions: number | string
  portfolio_managers: number | null
  analysts: number | null
}

const isTrue = (value: unknown) => value === true || value === 1 || value === '1'
const round4 = (value: number) => Math.round(value * 10_000) / 10_000

/** One team's measures, in USD where money is involved. */
interface TeamFigures {
  team: number
  spend: number
  interactions: number
  weighted: number
  professionals: number
}

const perThousandUsd = (figures: TeamFigures) =>
  figures.spend > 0 ? figures.weighted / (figures.spend / 1000) : null
const perProfessionalOf = (figures: TeamFigures) =>
  figures.professionals > 0 ? figures.weighted / figures.professionals : null

/**
 * The team's value and the peer median for one measure (`value` of each team, null when the
 * measure does not apply to it); `scale` converts both for display.
 */
function measure(
  own: TeamFigures | null,
  peers: TeamFigures[],
  valueOf: (figures: TeamFigures) => number | null,
  viewerTeamId: number,
  /** What the measure is (year, provider or total, measure), for the peers' noise factors. */
  key: string,
  scale: (value: number) => number = (value) => value,
  digits = 1
): PeerMeasure {
  const contributions: Contribution[] = []
  for (const peer of peers) {
    const value = valueOf(peer)
    if (value !== null) contributions.push({ team: peer.team, value, key })
  }
  const statistics = peerStatistics(contributions, viewerTeamId)
  const round = (value: number) => Math.round(scale(value) * 10 ** digits) / 10 ** digits
  const value = own ? valueOf(own) : null
  return {
    value: value === null ? null : round(value),
    median: statistics.median === null ? null : publish(scale(statistics.median)),
    n: statistics.band,
    message: statistics.median === null ? insufficientPeerData() : null,
  }
}

export async function peerInteractionsPage(view: RsaView): Promise<PeerInteractionsPage> {
  const [stats, metrics] = await Promise.all([
    db
      .from('rsa_team_provider_stats as s')
      .join('providers as p', 'p.id', 's.provider_id')
      .leftJoin('rsa_team_profiles as tp', (join) => {
        join.on('tp.team_id', '=', 's.team_id').andOn('tp.year', '=', 's.year')
      })
      .where('s.year', view.year)
      .whereIn(
        's.provider_id',
        db
          .from('rsa_team_provider_stats')
          .where({ team_id: view.teamId, year: view.year })
          .select('provider_id')
      )
      .select(
        's.team_id',
        's.provider_id',
        'p.name as provider_name',
        's.research_provider_type',
        'p.is_independent',
        's.spend',
        's.interactions',
        's.weighted_interactions',
        's.by_type',
        's.computed_at',
        'tp.portfolio_managers',
        'tp.analysts'
      ) as Promise<StatRow[]>,
    db
      .from('rsa_team_metrics as m')
      .leftJoin('rsa_team_profiles as tp', (join) => {
        join.on('tp.team_id', '=', 'm.team_id').andOn('tp.year', '=', 'm.year')
      })
      .where('m.year', view.year)
      .select(
        'm.team_id',
        'm.spend',
        'm.interactions',
        'm.weighted_interactions',
        'tp.portfolio_managers',
        'tp.analysts'
      ) as Promise<MetricRow[]>,
  ])

  const convert = converterFor(view)
  const usdRate = convert(1, view.benchmarkCurrencyId) ?? 1
  const toDisplay = (usd: number) => usd * usdRate
  /** A count per 1,000 USD expressed per 1,000 of the display currency. */
  const perThousandDisplay = (value: number) => value / usdRate

  const figuresOf = (row: {
    team_id: number
    spend: number | string
    interactions: number | string
    weighted_interactions: number | string
    portfolio_managers: number | null
    analysts: number | null
  }): TeamFigures => ({
    team: row.team_id,
    spend: Number(row.spend),
    interactions: Number(row.interactions),
    weighted: Number(row.weighted_interactions),
    professionals: Number(row.portfolio_managers ?? 0) + Number(row.analysts ?? 0),
  })

  // Teams that record interactions this year: the only ones whose usage can be compared.
  const reporting = new Set(
    metrics.filter((row) => Number(row.interactions) > 0).map((row) => row.team_id)
  )
  const teamFigures = metrics.map(figuresOf)
  const peerTotals = teamFigures.filter(
    (figures) => figures.team !== view.teamId && reporting.has(figures.team)
  )

  const own = stats.filter((row) => row.team_id === view.teamId)
  const totalSpend = own.reduce((sum, row) => sum + Number(row.spend), 0)
  const totalWeighted = own.reduce((sum, row) => sum + Number(row.weighted_interactions), 0)
  // The team's totals (from its metrics; summed from its provider rows when it has no profile).
  const ownTotals: TeamFigures | null =
    teamFigures.find((figures) => figures.team === view.teamId) ??
    (own.length
      ? {
          team: view.teamId,
          spend: totalSpend,
          interactions: own.reduce((sum, row) => sum + Number(row.interactions), 0),
          weighted: totalWeighted,
          professionals: 0,
        }
      : null)
  const peersOf = new Map<number, StatRow[]>()
  for (const row of stats) {
    if (row.team_id === view.teamId || !reporting.has(row.team_id)) continue
    const list = peersOf.get(row.provider_id) ?? []
    list.push(row)
    peersOf.set(row.provider_id, list)
  }

  const totalKey = `${view.year}|total`
  const rows: PeerInteractionRow[] = own.map((row) => {
    const providerKey = `${view.year}|provider|${row.provider_id}`
    const mine = figuresOf(row)
    const peerRows = peersOf.get(row.provider_id) ?? []
    const peers = peerRows.map(figuresOf)
    const myTypes = parseTypes(row.by_type)
    const peerTypes = peerRows.map((peer) => ({
      team: peer.team_id,
      counts: parseTypes(peer.by_type),
      total: Number(peer.interactions),
    }))
    const mixPeers = peerTypes.filter((peer) => peer.total > 0)
    const mix = (Object.keys(INTERACTION_TYPES) as InteractionType[])
      .map((type) => {
        const count = myTypes[type] ?? 0
        const statistics = peerStatistics(
          mixPeers.map((peer) => ({
            team: peer.team,
            value: (peer.counts[type] ?? 0) / peer.total,
            key: `${view.year}|provider|${row.provider_id}|mix|${type}`,
          })),
          view.teamId
        )
        return {
          type,
          label: INTERACTION_TYPES[type],
          count,
          share: mine.interactions > 0 ? round4(count / mine.interactions) : 0,
          peerMedian: publish(statistics.median),
        }
      })
      .filter((entry) => entry.count > 0 || (entry.peerMedian ?? 0) > 0)
    const mixN = distinctTeams(othersThan(mixPeers, view.teamId))
    return {
      providerId: row.provider_id,
      provider: row.provider_name,
      providerTypeLabel: labelOf(RESEARCH_PROVIDER_TYPES, row.research_provider_type),
      isIndependent: isTrue(row.is_independent),
      spend: round2(toDisplay(mine.spend)),
      interactions: measure(
        mine,
        peers,
        (f) => f.interactions,
        view.teamId,
        `${providerKey}|interactions`
      ),
      weighted: measure(mine, peers, (f) => f.weighted, view.teamId, `${providerKey}|weighted`),
      perThousand: measure(
        mine,
        peers,
        perThousandUsd,
        view.teamId,
        `${providerKey}|per_thousand`,
        perThousandDisplay,
        2
      ),
      perProfessional: measure(
        mine,
        peers,
        perProfessionalOf,
        view.teamId,
        `${providerKey}|per_professional`
      ),
      peers: peerCountBand(new Set(peers.map((peer) => peer.team)).size),
      spendShare: totalSpend > 0 ? round4(mine.spend / totalSpend) : null,
      usageShare: totalWeighted > 0 ? round4(mine.weighted / totalWeighted) : null,
      mix,
      mixPeers: {
        n: peerCountBand(mixN),
        message: mixN < MIN_PEERS_FOR_MEDIAN ? insufficientPeerData() : null,
      },
    }
  })
  rows.sort((a, b) => b.spend - a.spend || a.provider.localeCompare(b.provider))

  const computed = stats.map((row) => row.computed_at).filter(Boolean)
  return {
    year: view.year,
    currency: view.currency,
    professionals: ownTotals?.professionals || null,
    totals: {
      spend: round2(toDisplay(ownTotals?.spend ?? totalSpend)),
      interactions: measure(
        ownTotals,
        peerTotals,
        (f) => f.interactions,
        view.teamId,
        `${totalKey}|interactions`
      ),
      weighted: measure(
        ownTotals,
        peerTotals,
        (f) => f.weighted,
        view.teamId,
        `${totalKey}|weighted`
      ),
      perThousand: measure(
        ownTotals,
        peerTotals,
        perThousandUsd,
        view.teamId,
        `${totalKey}|per_thousand`,
        perThousandDisplay,
        2
      ),
      perProfessional: measure(
        ownTotals,
        peerTotals,
        perProfessionalOf,
        view.teamId,
        `${totalKey}|per_professional`
      ),
    },
    rows,
    weights: (Object.keys(INTERACTION_WEIGHTS) as InteractionType[])
      .map((type) => ({ type, label: INTERACTION_TYPES[type], weight: INTERACTION_WEIGHTS[type] }))
      .sort((a, b) => b.weight - a.weight),
    computedAt: computed.length ? new Date(computed[0] as string).toISOString() : null,
    exchangeRates: ratesUsed(view, [view.benchmarkCurrencyId]),
  }
}

function parseTypes(json: string): Partial<Record<InteractionType, number>> {
  try {
    const parsed = JSON.parse(json) as Record<string, unknown>
    const counts: Partial<Record<InteractionType, number>> = {}
    for (const [type, count] of Object.entries(parsed)) {
      if (type in INTERACTION_TYPES && Number.isFinite(Number(count))) {
        counts[type as InteractionType] = Number(count)
      }
    }
    return counts
  } catch {
    return {}
  }
}
