import db from '@adonisjs/lucid/services/db'
import {
  AUM_TIERS,
  DOMICILES,
  FIRM_TYPES,
  MIN_PEERS_FOR_MEDIAN,
  PAYMENT_METHODS,
  aumTierLabel,
  labelOf,
  peerCountBand,
  widerTiers,
} from '#shared/rsa'
import {
  cheaperThanShare,
  insufficientPeerData,
  metricKey,
  peerPositionSentence,
  peerStatistics,
  peerValues,
  publish,
  type Contribution,
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
 *
 * Two custom groups can differ by a single firm, so their answers are built not to tell that
 * firm apart: every figure is noise-infused and rounded (peer_statistics.ts), the group's size
 * is banded, and only the default group, drawn from the fixed partition of AUM tiers, shows a
 * composition card (categories of fewer than five firms pooled). A custom group's composition is
 * its criteria; a card for it would let two groups one firm apart describe that firm.
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
  /** The firms behind the figures, banded ("5–9"). */
  n: string
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
    /** Firms in the group, banded ("10–19"). */
    n: string
    /** Per category, for the default group only (empty for a custom group: see above). */
    tiers: CompositionEntry[]
    domiciles: CompositionEntry[]
    paymentMethods: CompositionEntry[]
    firmTypes: CompositionEntry[]
  } | null
  metrics: PeerMetric[]
  hasProfile: boolean
}

/** A category of the group's composition and its banded count. */
export interface CompositionEntry {
  label: string
  count: string
}

const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/**
 * The group's firms per category, banded; categories of fewer than five firms are pooled under
 * one entry without a count ("Pension fund 1" would describe one firm).
 */
function countBy(
  rows: MetricRow[],
  key: keyof MetricRow,
  label: (value: string) => string,
  others: string
): CompositionEntry[] {
  const counts = new Map<string, number>()
  for (const row of rows) counts.set(String(row[key]), (counts.get(String(row[key])) ?? 0) + 1)
  const shown: CompositionEntry[] = [...counts.entries()]
    .filter(([, count]) => count >= MIN_PEERS_FOR_MEDIAN)
    .sort((a, b) => b[1] - a[1] || label(a[0]).localeCompare(label(b[0])))
    .map(([value, count]) => ({ label: label(value), count: peerCountBand(count) }))
  if (shown.length < counts.size) {
    shown.push({ label: others, count: `fewer than ${MIN_PEERS_FOR_MEDIAN} each` })
  }
  return shown
}

const CRITERIA_COLUMNS = {
  tiers: 'aum_tier',
  firmTypes: 'firm_type',
  paymentMethods: 'payment_method',
  domiciles: 'domicile',
} as const satisfies Record<keyof PeerCriteria, keyof MetricRow>

function matches(row: MetricRow, criteria: PeerCriteria) {
  return (Object.keys(CRITERIA_COLUMNS) as (keyof PeerCriteria)[]).every(
    (dimension) =>
      !criteria[dimension].length ||
      criteria[dimension].includes(String(row[CRITERIA_COLUMNS[dimension]]))
  )
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

  const defaultPeers = defaultGroup(own, others)
  let peers: MetricRow[]
  let basis: string
  if (custom) {
    peers = others.filter((row) => matches(row, criteria))
    basis = 'Your criteria'
  } else {
    peers = defaultPeers.peers
    basis = defaultPeers.basis
  }

  const base = {
    year: view.year,
    currency: view.currency,
    mode: custom ? ('custom' as const) : ('default' as const),
    criteria,
    basis,
    hasProfile: own !== null,
  }
  const refused =
    peers.length < MIN_PEERS_FOR_MEDIAN
      ? custom
        ? `This peer group has fewer than ${MIN_PEERS_FOR_MEDIAN} firms; at least ${MIN_PEERS_FOR_MEDIAN} are needed so that no firm can be recognised. Widen the criteria.`
        : own
          ? insufficientPeerData()
          : null
      : null
  if (peers.length < MIN_PEERS_FOR_MEDIAN || refused) {
    return { ...base, refused, composition: null, metrics: [] }
  }

  const convert = converterFor(view)
  const metrics = PEER_METRICS.map((metric): PeerMetric => {
    const valueOf = (row: MetricRow) => {
      const raw = metric.key === 'providers_paid' ? row.providers_paid : toNumber(row[metric.key])
      return metric.unit === 'money' && raw !== null
        ? (convert(raw, view.benchmarkCurrencyId) ?? null)
        : raw
    }
    const contributions = peers
      .map((row) => ({
        team: row.team_id,
        value: valueOf(row),
        key: metricKey(view.year, metric.key),
      }))
      .filter((entry): entry is Contribution => entry.value !== null)
    const statistics = peerStatistics(contributions, view.teamId)
    const you = own ? valueOf(own) : null
    const cheaper =
      you === null || statistics.suppressed
        ? null
        : cheaperThanShare(peerValues(contributions, view.teamId), you, statistics.n)
    return {
      key: metric.key,
      label: metric.label,
      unit: metric.unit,
      definition: metric.definition,
      you: you === null ? null : metric.unit === 'money' ? Math.round(you) : you,
      n: statistics.band,
      p25: publish(statistics.p25),
      median: publish(statistics.median),
      p75: publish(statistics.p75),
      position:
        cheaper === null
          ? null
          : metric.lowerIsCheaper
            ? peerPositionSentence(cheaper)
            : peerPositionSentence(100 - cheaper, false),
      message: statistics.suppressed ? insufficientPeerData() : null,
    }
  })

  return {
    ...base,
    refused: null,
    composition: custom
      ? {
          n: peerCountBand(peers.length),
          tiers: [],
          domiciles: [],
          paymentMethods: [],
          firmTypes: [],
        }
      : {
          n: peerCountBand(peers.length),
          tiers: countBy(peers, 'aum_tier', aumTierLabel, 'Other AUM tiers'),
          domiciles: countBy(
            peers,
            'domicile',
            (value) => labelOf(DOMICILES, value),
            'Other domiciles'
          ),
          paymentMethods: countBy(
            peers,
            'payment_method',
            (value) => labelOf(PAYMENT_METHODS, value),
            'Other payment methods'
          ),
          firmTypes: countBy(
            peers,
            'firm_type',
            (value) => labelOf(FIRM_TYPES, value),
            'Other firm types'
          ),
        },
    metrics,
  }
}

/** The viewer's default group: its AUM tier, widened to the neighbours below five firms. */
function defaultGroup(own: MetricRow | null, others: MetricRow[]) {
  if (!own) return { peers: [] as MetricRow[], basis: 'No profile for this year' }
  const peers = others.filter((row) => row.aum_tier === own.aum_tier)
  if (peers.length >= MIN_PEERS_FOR_MEDIAN) {
    return { peers, basis: `Firms in your AUM tier (${aumTierLabel(own.aum_tier)})` }
  }
  const tiers = widerTiers(own.aum_tier)
  return {
    peers: others.filter((row) => tiers.includes(row.aum_tier)),
    basis: `Firms in your AUM tier and the neighbouring ones (${tiers.map(aumTierLabel).join(', ')})`,
  }
}

/** The choices of the custom peer group form. */
export const PEER_CRITERIA_OPTIONS = {
  tiers: AUM_TIERS.map((tier) => ({ value: tier.key, label: aumTierLabel(tier.key) })),
  firmTypes: Object.entries(FIRM_TYPES).map(([value, label]) => ({ value, label })),
  paymentMethods: Object.entries(PAYMENT_METHODS).map(([value, label]) => ({ value, label })),
  domiciles: Object.entries(DOMICILES).map(([value, label]) => ({ value, label })),
}
