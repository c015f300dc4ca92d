import db from '@adonisjs/lucid/services/db'
import {
  AUM_TIERS,
  DOMICILES,
  FIRM_TYPES,
  MIN_PEERS_FOR_MEDIAN,
  PAYMENT_METHODS,
  aumTierLabel,
  labelOf,
  widerTiers,
} from '#shared/rsa'
import {
  cheaperThanShare,
  insufficientPeerData,
  peerPositionSentence,
  peerStatistics,
} from '#services/rsa/peer_statistics'
import { converterFor, type RsaView } from '#services/rsa/view'

/**
 * The peer group of a team for a year, and where the team stands in it on the figures a research
 * committee is asked about. Peers are the other teams with research spend figures that year
 * (rsa_team_metrics); no peer is ever named and no single peer's value is shown: each metric
 * goes through the anonymity rules of peer_statistics.ts.
 *
 * The default group is the team's AUM tier (widened to the neighbouring tiers when the tier has
 * fewer than five other teams); a custom group is the user's criteria, refused below five.
 */

export interface PeerCriteria {
  tiers: string[]
  firmTypes: string[]
  paymentMethods: string[]
  domiciles: string[]
}

interface MetricRow {
  team_id: number
  aum_tier: string
  firm_type: string
  payment_method: string
  domicile: string
  research_bps: string | number | null
  spend_per_professional: string | number | null
  providers_paid: number
  top5_share: string | number | null
  irp_share: string | number | null
  yoy_change: string | number | null
}

export const PEER_METRICS = [
  {
    key: 'research_bps',
    label: 'Research intensity',
    unit: 'bps',
    lowerIsCheaper: true,
    definition: 'Research payments ÷ active AUM, in basis points.',
  },
  {
    key: 'spend_per_professional',
    label: 'Spend per investment professional',
    unit: 'money',
    lowerIsCheaper: true,
    definition: 'Research payments ÷ (portfolio managers + analysts).',
  },
  {
    key: 'providers_paid',
    label: 'Providers paid',
    unit: 'count',
    lowerIsCheaper: false,
    definition: 'Research providers with payments in the year.',
  },
  {
    key: 'top5_share',
    label: 'Top-5 share',
    unit: 'share',
    lowerIsCheaper: false,
    definition: 'Share of payments going to the five largest providers.',
  },
  {
    key: 'irp_share',
    label: 'Independent research share',
    unit: 'share',
    lowerIsCheaper: false,
    definition: 'Share of payments going to independent research providers.',
  },
  {
    key: 'yoy_change',
    label: 'Year-on-year change',
    unit: 'share',
    lowerIsCheaper: false,
    definition: 'Change in research payments against the previous year.',
  },
] as const
export type PeerMetricKey = (typeof PEER_METRICS)[number]['key']

export interface PeerMetric {
  key: PeerMetricKey
  label: string
  unit: 'bps' | 'money' | 'count' | 'share'
  definition: string
  you: number | null
  n: number
  p25: number | null
  median: number | null
  p75: number | null
  /** "cheaper than 72% of peers" / "higher than 40% of peers", from 10 peers up. */
  position: string | null
  message: string | null
}

export interface PeerGroupPage {
  year: number
  currency: { id: number; code: string; name: string }
  mode: 'default' | 'custom'
  criteria: PeerCriteria
  /** How the default group was formed. */
  basis: string
  refused: string | null
  composition: {
    n: number
    tiers: { label: string; count: number }[]
    domiciles: { label: string; count: number }[]
    paymentMethods: { label: string; count: number }[]
    firmTypes: { label: string; count: number }[]
  } | null
  metrics: PeerMetric[]
  hasProfile: boolean
}

const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))

function countBy(rows: MetricRow[], key: keyof MetricRow, label: (value: string) => string) {
  const counts = new Map<string, number>()
  for (const row of rows) counts.set(String(row[key]), (counts.get(String(row[key])) ?? 0) + 1)
  return [...counts.entries()]
    .map(([value, count]) => ({ label: label(value), count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
}

export function isCustom(criteria: PeerCriteria) {
  return (
    criteria.tiers.length +
      criteria.firmTypes.length +
      criteria.paymentMethods.length +
      criteria.domiciles.length >
    0
  )
}

export async function peerGroupPage(view: RsaView, criteria: PeerCriteria): Promise<PeerGroupPage> {
  const rows = (await db
    .from('rsa_team_metrics')
    .where('year', view.year)
    .select(
      'team_id',
      'aum_tier',
      'firm_type',
      'payment_method',
      'domicile',
      'research_bps',
      'spend_per_professional',
      'providers_paid',
      'top5_share',
      'irp_share',
      'yoy_change'
    )) as MetricRow[]
  const own = rows.find((row) => row.team_id === view.teamId) ?? null
  const others = rows.filter((row) => row.team_id !== view.teamId)
  const custom = isCustom(criteria)

  let peers: MetricRow[]
  let basis: string
  if (custom) {
    peers = others.filter(
      (row) =>
        (!criteria.tiers.length || criteria.tiers.includes(row.aum_tier)) &&
        (!criteria.firmTypes.length || criteria.firmTypes.includes(row.firm_type)) &&
        (!criteria.paymentMethods.length || criteria.paymentMethods.includes(row.payment_method)) &&
        (!criteria.domiciles.length || criteria.domiciles.includes(row.domicile))
    )
    basis = 'Your criteria'
  } else if (own) {
    peers = others.filter((row) => row.aum_tier === own.aum_tier)
    basis = `Firms in your AUM tier (${aumTierLabel(own.aum_tier)})`
    if (peers.length < MIN_PEERS_FOR_MEDIAN) {
      const tiers = widerTiers(own.aum_tier)
      peers = others.filter((row) => tiers.includes(row.aum_tier))
      basis = `Firms in your AUM tier and the neighbouring ones (${tiers.map(aumTierLabel).join(', ')})`
    }
  } else {
    peers = []
    basis = 'No profile for this year'
  }

  const base = {
    year: view.year,
    currency: view.currency,
    mode: custom ? ('custom' as const) : ('default' as const),
    criteria,
    basis,
    hasProfile: own !== null,
  }
  if (peers.length < MIN_PEERS_FOR_MEDIAN) {
    return {
      ...base,
      refused: custom
        ? `This peer group has ${peers.length} ${peers.length === 1 ? 'firm' : 'firms'}; at least ${MIN_PEERS_FOR_MEDIAN} are needed so that no firm can be recognised. Widen the criteria.`
        : own
          ? insufficientPeerData(peers.length)
          : null,
      composition: null,
      metrics: [],
    }
  }

  const convert = converterFor(view)
  const money = (value: number | null) =>
    value === null ? null : Math.round(convert(value, view.benchmarkCurrencyId) ?? value)
  const metrics = PEER_METRICS.map((metric): PeerMetric => {
    const valueOf = (row: MetricRow) => {
      const raw = metric.key === 'providers_paid' ? row.providers_paid : toNumber(row[metric.key])
      return metric.unit === 'money' ? money(raw) : raw
    }
    const contributions = peers
      .map((row) => ({ team: row.team_id, value: valueOf(row) }))
      .filter((entry): entry is { team: number; value: number } => entry.value !== null)
    const statistics = peerStatistics(contributions, view.teamId)
    const you = own ? valueOf(own) : null
    const cheaper =
      you === null || statistics.suppressed
        ? null
        : cheaperThanShare(
            contributions.map((entry) => entry.value),
            you,
            statistics.n
          )
    return {
      key: metric.key,
      label: metric.label,
      unit: metric.unit,
      definition: metric.definition,
      you,
      n: statistics.n,
      p25: statistics.p25,
      median: statistics.median,
      p75: statistics.p75,
      position:
        cheaper === null
          ? null
          : metric.lowerIsCheaper
            ? peerPositionSentence(cheaper)
            : peerPositionSentence(100 - cheaper, false),
      message: statistics.suppressed ? insufficientPeerData(statistics.n) : null,
    }
  })

  return {
    ...base,
    refused: null,
    composition: {
      n: peers.length,
      tiers: countBy(peers, 'aum_tier', aumTierLabel),
      domiciles: countBy(peers, 'domicile', (value) => labelOf(DOMICILES, value)),
      paymentMethods: countBy(peers, 'payment_method', (value) => labelOf(PAYMENT_METHODS, value)),
      firmTypes: countBy(peers, 'firm_type', (value) => labelOf(FIRM_TYPES, value)),
    },
    metrics,
  }
}

/** The choices of the custom peer group form. */
export const PEER_CRITERIA_OPTIONS = {
  tiers: AUM_TIERS.map((tier) => ({ value: tier.key, label: aumTierLabel(tier.key) })),
  firmTypes: Object.entries(FIRM_TYPES).map(([value, label]) => ({ value, label })),
  paymentMethods: Object.entries(PAYMENT_METHODS).map(([value, label]) => ({ value, label })),
  domiciles: Object.entries(DOMICILES).map(([value, label]) => ({ value, label })),
}
