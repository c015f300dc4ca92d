import db from '@adonisjs/lucid/services/db'
import {
  ACCESS_TYPES,
  AUM_TIERS,
  PRICE_TYPES,
  RESEARCH_PROVIDER_TYPES,
  aumTierLabel,
  labelOf,
} from '#shared/rsa'
import { toIsoDate } from '#services/market_data/benchmarks'
import {
  insufficientPeerData,
  othersThan,
  peerStatistics,
  type Contribution,
} from '#services/rsa/peer_statistics'
import { budgetRecords } from '#services/rsa/budgets'
import { storedContributions } from '#services/rsa/benchmarks'
import { converterFor, roundBenchmark, type RsaView } from '#services/rsa/view'

/**
 * The research rate card: what peers pay per provider type and access type in each AUM tier,
 * from every team's priced budget lines of the year (the provider-type cells of the peer
 * benchmarks, all services and price types together). Each cell shows the median, the typical
 * range (25th to 75th percentile) and the average, with n, under the anonymity rules; the
 * team's own lines are placed in their cell's range.
 *
 * Departure from a min / average / max card: the lowest and highest prices are each one firm's
 * price, so the range shown is the interquartile range (from ten firms up).
 */

export interface RateCardCell {
  tier: string
  /** The firms behind the cell, banded ("5–9"). */
  n: string
  /** Whether any firm but the viewer has a price in the cell. */
  hasPeers: boolean
  median: number | null
  p25: number | null
  p75: number | null
  average: number | null
  message: string | null
}

export interface RateCardRow {
  id: string
  providerType: string
  providerTypeLabel: string
  accessType: string
  accessTypeLabel: string
  cells: RateCardCell[]
  comment: string
}

export interface RateCardLine {
  id: number
  provider: string
  providerTypeLabel: string
  accessTypeLabel: string
  myPrice: number
  median: number | null
  p25: number | null
  p75: number | null
  n: string
  position: 'below' | 'within' | 'above' | 'unknown'
  positionText: string
}

export interface RateCardPage {
  year: number
  currency: { id: number; code: string; name: string }
  asOf: string | null
  tiers: { key: string; label: string }[]
  teamTier: string | null
  rows: RateCardRow[]
  lines: RateCardLine[]
}

export async function rateCardPage(view: RsaView): Promise<RateCardPage> {
  const [cells, records] = await Promise.all([
    db
      .from('rsa_benchmarks')
      .where({ year: view.year, level: 'provider_type' })
      .select(
        'research_provider_type',
        'access_type',
        'price_type',
        'aum_tier',
        'contributions',
        'as_of'
      ),
    budgetRecords(view.teamId, view.year),
  ])
  const convert = converterFor(view)
  const money = (value: number | null) =>
    value === null ? null : roundBenchmark(convert(value, view.benchmarkCurrencyId))

  const merged = new Map<
    string,
    {
      type: string
      access: string
      tiers: Map<string, Contribution[]>
      priceTypes: Map<string, number>
    }
  >()
  let asOf: string | null = null
  for (const cell of cells) {
    const id = `${cell.research_provider_type}|${cell.access_type}`
    const entry = merged.get(id) ?? {
      type: cell.research_provider_type,
      access: cell.access_type,
      tiers: new Map(),
      priceTypes: new Map(),
    }
    const contributions = storedContributions(
      cell.contributions,
      `${view.year}|${cell.research_provider_type}|${cell.access_type}|${cell.price_type}|${cell.aum_tier}`
    )
    const list = entry.tiers.get(cell.aum_tier) ?? []
    list.push(...contributions)
    entry.tiers.set(cell.aum_tier, list)
    const peers = othersThan(contributions, view.teamId).length
    entry.priceTypes.set(cell.price_type, (entry.priceTypes.get(cell.price_type) ?? 0) + peers)
    merged.set(id, entry)
    asOf = toIsoDate(cell.as_of)
  }

  const statisticsOf = (contributions: Contribution[] | undefined, tier: string): RateCardCell => {
    const statistics = peerStatistics(contributions ?? [], view.teamId)
    return {
      tier,
      n: statistics.band,
      hasPeers: statistics.n > 0,
      median: money(statistics.median),
      p25: money(statistics.p25),
      p75: money(statistics.p75),
      average: money(statistics.mean),
      message: statistics.suppressed ? insufficientPeerData() : null,
    }
  }

  const rows: RateCardRow[] = [...merged.values()]
    .map((entry) => {
      const cellsByTier = AUM_TIERS.map((tier) => statisticsOf(entry.tiers.get(tier.key), tier.key))
      return {
        id: `${entry.type}|${entry.access}`,
        providerType: entry.type,
        providerTypeLabel: labelOf(RESEARCH_PROVIDER_TYPES, entry.type),
        accessType: entry.access,
        accessTypeLabel: labelOf(ACCESS_TYPES, entry.access),
        cells: cellsByTier,
        comment: commentFor(cellsByTier, entry.priceTypes),
      }
    })
    .filter((row) => row.cells.some((cell) => cell.hasPeers))
    .sort(
      (a, b) =>
        typeOrder(a.providerType) - typeOrder(b.providerType) ||
        a.accessTypeLabel.localeCompare(b.accessTypeLabel)
    )

  const teamTier = records.profile?.aum_tier ?? null
  const lines: RateCardLine[] = records.lines
    .filter((line) => line.contracted_price !== null && line.price_type !== 'free')
    .map((line) => {
      const entry = merged.get(`${line.research_provider_type}|${line.access_type}`)
      const cell = teamTier
        ? statisticsOf(entry?.tiers.get(teamTier), teamTier)
        : statisticsOf([], '')
      const myPrice = Math.round(convert(Number(line.contracted_price), line.currency_id) ?? 0)
      const position: RateCardLine['position'] =
        cell.p25 === null || cell.p75 === null
          ? 'unknown'
          : myPrice < cell.p25
            ? 'below'
            : myPrice > cell.p75
              ? 'above'
              : 'within'
      return {
        id: line.id,
        provider: line.provider_name,
        providerTypeLabel: labelOf(RESEARCH_PROVIDER_TYPES, line.research_provider_type),
        accessTypeLabel: labelOf(ACCESS_TYPES, line.access_type),
        myPrice,
        median: cell.median,
        p25: cell.p25,
        p75: cell.p75,
        n: cell.n,
        position,
        positionText:
          position === 'below'
            ? 'Below the typical range'
            : position === 'above'
              ? 'Above the typical range'
              : position === 'within'
                ? 'Within the typical range'
                : (cell.message ?? 'Range needs 10 peers'),
      }
    })
    .sort((a, b) => b.myPrice - a.myPrice)

  return {
    year: view.year,
    currency: view.currency,
    asOf,
    tiers: AUM_TIERS.map((tier) => ({ key: tier.key, label: aumTierLabel(tier.key) })),
    teamTier,
    rows,
    lines,
  }
}

const TYPE_ORDER = Object.keys(RESEARCH_PROVIDER_TYPES)
const typeOrder = (type: string) => {
  const index = TYPE_ORDER.indexOf(type)
  return index === -1 ? TYPE_ORDER.length : index
}

/** What a reader should know about a row: how prices are set, and how much they spread. */
function commentFor(cells: RateCardCell[], priceTypes: Map<string, number>) {
  const parts: string[] = []
  const total = [...priceTypes.values()].reduce((sum, count) => sum + count, 0)
  const main = [...priceTypes.entries()].sort((a, b) => b[1] - a[1])[0]
  if (main && total > 0) {
    // No exact share: with the row's counts it would say how many firms buy each way.
    parts.push(
      main[1] === total
        ? `All ${labelOf(PRICE_TYPES, main[0]).toLowerCase()}.`
        : `Mostly ${labelOf(PRICE_TYPES, main[0]).toLowerCase()}.`
    )
  }
  const spreads = cells
    .filter((cell) => cell.median && cell.p25 !== null && cell.p75 !== null)
    .map((cell) => (cell.p75! - cell.p25!) / cell.median!)
  if (spreads.length) {
    const widest = Math.max(...spreads)
    if (widest >= 0.5) {
      parts.push(
        `Wide spread: the typical range is up to ${Math.round(widest * 100)}% of the median, so the service behind a price matters.`
      )
    }
  }
  if (cells.every((cell) => cell.median === null)) {
    parts.push('Too few firms in every tier for a figure.')
  }
  return parts.join(' ')
}
