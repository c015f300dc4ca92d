import { createHash } from 'node:crypto'
import { figures } from '#services/cache/figures'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { rateBetween, ratesForPeriod, type DatedExchangeRate } from '#shared/currency_conversion'
import {
  BENCHMARK_CURRENCY,
  INTERACTION_WEIGHTS,
  MIN_PEERS_FOR_MEDIAN,
  widerTiers,
  type BenchmarkLevel,
  type InteractionType,
} from '#shared/rsa'
import {
  distinctTeams,
  peerValues,
  perturbed,
  quantile,
  resolveLadder,
  type Contribution,
} from '#services/rsa/peer_statistics'
import { toIsoDate } from '#services/market_data/benchmarks'
import { statisticsVersion } from '#services/rsa/figures_cache'
import { offeredYears } from '#services/calendar/years'
import { todayIso, yearEndIso } from '#services/calendar/clock'
import { datedRate } from '#services/currencies/currencies'

/**
 * Recomputes the peer statistics of Research Spend Analytics from every team's stored figures:
 * the price benchmark cells (each level of the fallback ladder), the per-team metrics peer
 * groups compare, and the per-team, per-provider spend and usage. Run by `rsa:benchmarks`, by
 * the demo seed and after every import; one transaction per call, so readers see the old
 * statistics or the new ones, never a mix.
 */
export async function recomputeRsaStatistics(
  options: { years?: number[]; trigger: string },
  client?: TransactionClientContract
) {
  const run = async (trx: TransactionClientContract) => {
    // Every year offered (through next year, which firms budget in the autumn) unless told.
    const offered = options.years?.length
      ? null
      : await offeredYears('research_spend', { ahead: true, client: trx })
    const years = offered ? offered.years : options.years!
    const stored = await conversionContext(trx)
    const results = []
    for (const year of years) {
      // Each year's amounts are converted at that year's rates.
      const context = { ...stored, rates: ratesForPeriod(stored.rates, yearEndIso(year)) }
      results.push(await recomputeYear(trx, context, year, options.trigger))
    }
    return results
  }
  return client ? run(client) : db.transaction(run)
}

interface ConversionContext {
  benchmarkCurrencyId: number
  rates: DatedExchangeRate[]
}

async function conversionContext(client: QueryClientContract): Promise<ConversionContext> {
  const currency = await client
    .from('currencies')
    .where('code', BENCHMARK_CURRENCY)
    .select('id')
    .first()
  if (!currency) throw new Error(`The benchmark currency ${BENCHMARK_CURRENCY} is not stored.`)
  const rates = await client
    .from('exchange_rates')
    .select('from_currency_id', 'to_currency_id', 'exchange_rate', 'as_of')
  return { benchmarkCurrencyId: currency.id, rates: rates.map(datedRate) }
}

/** An amount in the benchmark currency; null when no rate converts it. */
function toBenchmark(context: ConversionContext, amount: number, currencyId: number) {
  const rate = rateBetween(context.rates, currencyId, context.benchmarkCurrencyId)
  return rate === null ? null : amount * rate
}

interface ProfileRow {
  team_id: number
  aum_tier: string
  firm_type: string
  payment_method: string
  domicile: string
  active_aum: string | number
  currency_id: number
  portfolio_managers: number
  analysts: number
}

interface LineRow {
  team_id: number
  provider_id: number
  service_type: string
  price_type: string
  access_type: string
  contracted_price: string | number | null
  currency_id: number
  research_provider_type: string | null
}

interface CellKey {
  level: BenchmarkLevel
  providerId: number | null
  providerType: string
  serviceType: string
  priceType: string
  accessType: string
  tier: string | null
}

const round2 = (value: number) => Math.round(value * 100) / 100

/** What a budget line's price is, for its noise factor: the same in every cell it enters. */
function lineContributionKey(
  year: number,
  line: { provider_id: number; service_type: string; price_type: string; access_type: string }
) {
  return [
    year,
    'line',
    line.provider_id,
    line.service_type,
    line.price_type,
    line.access_type,
  ].join('|')
}

/**
 * The contributions stored with a benchmark cell. Cells written before contributions carried
 * their key are read with the cell as the key until the statistics are next recomputed.
 */
export function storedContributions(json: string, fallbackKey: string): Contribution[] {
  return (JSON.parse(json) as [number, number, string?][]).map(([team, value, key]) => ({
    team,
    value,
    key: key ?? fallbackKey,
  }))
}

async function recomputeYear(
  trx: TransactionClientContract,
  context: ConversionContext,
  year: number,
  trigger: string
) {
  const startedAt = DateTime.utc()
  const format = (value: DateTime) => value.toFormat(trx.dialect.dateTimeFormat)
  const profiles = (await trx
    .from('rsa_team_profiles')
    .where('year', year)
    .select(
      'team_id',
      'aum_tier',
      'firm_type',
      'payment_method',
      'domicile',
      'active_aum',
      'currency_id',
      'portfolio_managers',
      'analysts'
    )) as ProfileRow[]
  const profileOf = new Map(profiles.map((profile) => [profile.team_id, profile]))

  const lines = (await trx
    .from('rsa_budget_lines as l')
    .join('providers as p', 'p.id', 'l.provider_id')
    .where('l.year', year)
    .select(
      'l.team_id',
      'l.provider_id',
      'l.service_type',
      'l.price_type',
      'l.access_type',
      'l.contracted_price',
      'l.currency_id',
      'p.research_provider_type'
    )) as LineRow[]

  /*
   * Price cells: each priced line contributes to its cell at every level of the ladder. A team
   * without a profile that year has no AUM tier and does not contribute.
   */
  const cells = new Map<string, { key: CellKey; contributions: Contribution[] }>()
  const add = (key: CellKey, contribution: Contribution) => {
    const id = [
      key.level,
      key.providerId,
      key.providerType,
      key.serviceType,
      key.priceType,
      key.accessType,
      key.tier,
    ].join('|')
    const cell = cells.get(id) ?? { key, contributions: [] }
    cell.contributions.push(contribution)
    cells.set(id, cell)
  }
  for (const line of lines) {
    const profile = profileOf.get(line.team_id)
    if (!profile || line.contracted_price === null || line.price_type === 'free') continue
    const price = toBenchmark(context, Number(line.contracted_price), line.currency_id)
    if (price === null || price <= 0) continue
    // What the value is, the same at every level of the ladder: its noise factor is too.
    const contribution = {
      team: line.team_id,
      value: round2(price),
      key: lineContributionKey(year, line),
    }
    const base = {
      providerType: line.research_provider_type ?? 'unclassified',
      serviceType: line.service_type,
      priceType: line.price_type,
      accessType: line.access_type,
    }
    add(
      { ...base, level: 'provider', providerId: line.provider_id, tier: profile.aum_tier },
      contribution
    )
    for (const tier of widerTiers(profile.aum_tier)) {
      add(
        { ...base, level: 'provider_wider_tier', providerId: line.provider_id, tier },
        contribution
      )
    }
    add({ ...base, level: 'provider_type', providerId: null, tier: profile.aum_tier }, contribution)
    add({ ...base, level: 'provider_type_all_tiers', providerId: null, tier: null }, contribution)
  }

  await trx.from('rsa_benchmarks').where('year', year).delete()
  // What the peer data covers: the whole year once it has ended, else up to today.
  const today = todayIso()
  const asOf = yearEndIso(year) < today ? yearEndIso(year) : today
  const computedAt = format(DateTime.utc())
  let suppressedCells = 0
  const benchmarkRows = [...cells.values()].map(({ key, contributions }) => {
    // Kept for administrators' overview; what clients see is computed per viewer, without them.
    const sorted = contributions.map(perturbed).sort((a, b) => a - b)
    const n = distinctTeams(contributions)
    const suppressed = n < MIN_PEERS_FOR_MEDIAN
    if (suppressed) suppressedCells++
    return {
      year,
      level: key.level,
      provider_id: key.providerId,
      research_provider_type: key.providerType,
      service_type: key.serviceType,
      price_type: key.priceType,
      access_type: key.accessType,
      aum_tier: key.tier,
      currency_id: context.benchmarkCurrencyId,
      n,
      min: round2(sorted[0]),
      p25: round2(quantile(sorted, 0.25)),
      median: round2(quantile(sorted, 0.5)),
      p75: round2(quantile(sorted, 0.75)),
      max: round2(sorted.at(-1)!),
      mean: round2(sorted.reduce((sum, value) => sum + value, 0) / sorted.length),
      suppressed,
      suppression_reason: suppressed ? 'insufficient_peers' : null,
      contributions: JSON.stringify(
        contributions.map((entry) => [entry.team, entry.value, entry.key])
      ),
      as_of: asOf,
      computed_at: computedAt,
    }
  })
  await insertInBatches(trx, 'rsa_benchmarks', benchmarkRows)

  const teams = await recomputeTeamFigures(trx, context, year, profileOf, computedAt)

  await trx.table('rsa_benchmark_runs').insert({
    year,
    trigger,
    cells: benchmarkRows.length,
    suppressed_cells: suppressedCells,
    teams,
    started_at: format(startedAt),
    finished_at: format(DateTime.utc()),
  })
  return { year, cells: benchmarkRows.length, suppressedCells, teams }
}

/**
 * Per team: spend (payments against the year's budget lines), budget, research intensity,
 * concentration, independent share, year-on-year change and usage; per team and provider:
 * spend and interactions. Aggregated in SQL; only the grouped rows reach this process.
 */
async function recomputeTeamFigures(
  trx: TransactionClientContract,
  context: ConversionContext,
  year: number,
  profileOf: Map<number, ProfileRow>,
  computedAt: string
) {
  const spendRows = await paymentsByTeamAndProvider(trx, year)
  const previousRows = await paymentsByTeamAndProvider(trx, year - 1)
  const budgets = await trx
    .from('rsa_budgets')
    .where('year', year)
    .select('team_id', 'total_budget', 'currency_id')
  const interactionRows = await trx
    .from('rsa_interactions')
    .whereBetween('occurred_on', [`${year}-01-01`, `${year}-12-31`])
    .groupBy('team_id', 'provider_id', 'interaction_type')
    .select('team_id', 'provider_id', 'interaction_type')
    .count('* as total')
  const providers = await trx
    .from('providers')
    .where('provider_type', 'research')
    .select('id', 'research_provider_type', 'is_independent')
  const providerOf = new Map(providers.map((provider) => [provider.id, provider]))

  const stats = new Map<string, ProviderStat>()
  const statOf = (team: number, provider: number) => {
    const id = `${team}|${provider}`
    let stat = stats.get(id)
    if (!stat) {
      stat = { team, provider, spend: 0, interactions: 0, weighted: 0, byType: {} }
      stats.set(id, stat)
    }
    return stat
  }
  for (const row of spendRows) {
    const amount = toBenchmark(context, Number(row.total), row.currency_id)
    if (amount !== null) statOf(row.team_id, row.provider_id).spend += amount
  }
  for (const row of interactionRows) {
    const stat = statOf(row.team_id, row.provider_id)
    const count = Number(row.total)
    stat.interactions += count
    stat.weighted += count * (INTERACTION_WEIGHTS[row.interaction_type as InteractionType] ?? 0)
    stat.byType[row.interaction_type] = (stat.byType[row.interaction_type] ?? 0) + count
  }
  const previousSpend = new Map<number, number>()
  for (const row of previousRows) {
    const amount = toBenchmark(context, Number(row.total), row.currency_id)
    if (amount !== null)
      previousSpend.set(row.team_id, (previousSpend.get(row.team_id) ?? 0) + amount)
  }
  const budgetOf = new Map<number, number>()
  for (const budget of budgets) {
    const amount = toBenchmark(context, Number(budget.total_budget), budget.currency_id)
    if (amount !== null) budgetOf.set(budget.team_id, amount)
  }

  await trx.from('rsa_team_provider_stats').where('year', year).delete()
  await insertInBatches(
    trx,
    'rsa_team_provider_stats',
    [...stats.values()].map((stat) => ({
      team_id: stat.team,
      year,
      provider_id: stat.provider,
      research_provider_type: providerOf.get(stat.provider)?.research_provider_type ?? null,
      spend: round2(stat.spend),
      interactions: stat.interactions,
      weighted_interactions: round2(stat.weighted),
      by_type: JSON.stringify(stat.byType),
      computed_at: computedAt,
    }))
  )

  const byTeam = new Map<number, ProviderStat[]>()
  for (const stat of stats.values()) {
    const list = byTeam.get(stat.team) ?? []
    list.push(stat)
    byTeam.set(stat.team, list)
  }
  await trx.from('rsa_team_metrics').where('year', year).delete()
  const metrics = []
  for (const [teamId, profile] of profileOf) {
    const teamStats = byTeam.get(teamId) ?? []
    const spend = teamStats.reduce((sum, stat) => sum + stat.spend, 0)
    const paid = teamStats.filter((stat) => stat.spend > 0).sort((a, b) => b.spend - a.spend)
    const activeAum = toBenchmark(context, Number(profile.active_aum), profile.currency_id)
    const professionals = profile.portfolio_managers + profile.analysts
    const independent = paid
      .filter((stat) => isTrue(providerOf.get(stat.provider)?.is_independent))
      .reduce((sum, stat) => sum + stat.spend, 0)
    const previous = previousSpend.get(teamId)
    metrics.push({
      team_id: teamId,
      year,
      aum_tier: profile.aum_tier,
      firm_type: profile.firm_type,
      payment_method: profile.payment_method,
      domicile: profile.domicile,
      spend: round2(spend),
      budget: round2(budgetOf.get(teamId) ?? 0),
      research_bps: activeAum ? round4((spend / activeAum) * 10_000) : null,
      spend_per_professional: professionals > 0 ? round2(spend / professionals) : null,
      providers_paid: paid.length,
      top5_share: spend > 0 ? round4(sumOf(paid.slice(0, 5)) / spend) : null,
      irp_share: spend > 0 ? round4(independent / spend) : null,
      yoy_change: previous && previous > 0 ? round4((spend - previous) / previous) : null,
      interactions: teamStats.reduce((sum, stat) => sum + stat.interactions, 0),
      weighted_interactions: round2(teamStats.reduce((sum, stat) => sum + stat.weighted, 0)),
      computed_at: computedAt,
    })
  }
  await insertInBatches(trx, 'rsa_team_metrics', metrics)
  return metrics.length
}

interface ProviderStat {
  team: number
  provider: number
  spend: number
  interactions: number
  weighted: number
  byType: Record<string, number>
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000
const sumOf = (stats: { spend: number }[]) => stats.reduce((sum, stat) => sum + stat.spend, 0)
const isTrue = (value: unknown) => value === true || value === 1 || value === '1'

async function paymentsByTeamAndProvider(trx: TransactionClientContract, year: number) {
  return (await trx
    .from('rsa_payments as pay')
    .join('rsa_budget_lines as l', 'l.id', 'pay.budget_line_id')
    .where('l.year', year)
    .groupBy('l.team_id', 'l.provider_id', 'pay.currency_id')
    .select('l.team_id', 'l.provider_id', 'pay.currency_id')
    .sum('pay.amount as total')) as {
    team_id: number
    provider_id: number
    currency_id: number
    total: string | number
  }[]
}

async function insertInBatches(
  trx: TransactionClientContract,
  table: string,
  rows: Record<string, unknown>[]
) {
  if (rows.length === 0) return
  const columns = Object.keys(rows[0]).length
  const size = Math.max(1, Math.min(500, Math.floor(30_000 / columns)))
  for (let index = 0; index < rows.length; index += size) {
    await trx.table(table).multiInsert(rows.slice(index, index + size))
  }
}

/** A budget line as the benchmark lookup needs it. */
export interface LineKey {
  providerId: number
  providerType: string | null
  serviceType: string
  priceType: string
  accessType: string
}

export interface LineBenchmark {
  level: BenchmarkLevel | null
  n: number
  /** n as it may be shown ("5–9"). */
  band: string
  /** In the benchmark currency, noise-infused, unrounded (round for display only). */
  median: number | null
  p25: number | null
  p75: number | null
  /** The peer values the viewer is compared with (never sent to a client). */
  peerValues: number[]
  asOf: string | null
}

const lineKeyOf = (line: LineKey) =>
  [line.providerId, line.serviceType, line.priceType, line.accessType].join('|')

/**
 * The peer benchmark of each of a team's budget lines, the team's own values left out and the
 * fallback ladder applied: one query for every line of the page, whatever their number.
 */
export async function lineBenchmarks(
  options: { year: number; teamId: number; tier: string | null; lines: LineKey[] },
  client: QueryClientContract = db.connection()
): Promise<Map<string, LineBenchmark>> {
  const result = new Map<string, LineBenchmark>()
  if (options.lines.length === 0) return result
  const providerIds = [...new Set(options.lines.map((line) => line.providerId))]
  const providerTypes = [
    ...new Set(options.lines.map((line) => line.providerType ?? 'unclassified')),
  ]
  const tier = options.tier
  const rows = tier
    ? await client
        .from('rsa_benchmarks')
        .where('year', options.year)
        .where((query) => {
          query
            .where((inner) =>
              inner
                .whereIn('level', ['provider', 'provider_wider_tier'])
                .whereIn('provider_id', providerIds)
                .where('aum_tier', tier)
            )
            .orWhere((inner) =>
              inner
                .where('level', 'provider_type')
                .whereIn('research_provider_type', providerTypes)
                .where('aum_tier', tier)
            )
            .orWhere((inner) =>
              inner
                .where('level', 'provider_type_all_tiers')
                .whereIn('research_provider_type', providerTypes)
            )
        })
        .select(
          'level',
          'provider_id',
          'research_provider_type',
          'service_type',
          'price_type',
          'access_type',
          'contributions',
          'as_of'
        )
    : []
  const cells = new Map<string, { contributions: Contribution[]; asOf: string }>()
  for (const row of rows) {
    const subject = row.provider_id ?? row.research_provider_type
    const id = [row.level, subject, row.service_type, row.price_type, row.access_type].join('|')
    cells.set(id, {
      contributions: storedContributions(row.contributions, `${options.year}|${id}`),
      asOf: toIsoDate(row.as_of),
    })
  }
  for (const line of options.lines) {
    const rest = [line.serviceType, line.priceType, line.accessType].join('|')
    const type = line.providerType ?? 'unclassified'
    const found = {
      provider: cells.get(`provider|${line.providerId}|${rest}`),
      provider_wider_tier: cells.get(`provider_wider_tier|${line.providerId}|${rest}`),
      provider_type: cells.get(`provider_type|${type}|${rest}`),
      provider_type_all_tiers: cells.get(`provider_type_all_tiers|${type}|${rest}`),
    }
    const ladder = resolveLadder(
      Object.fromEntries(
        Object.entries(found)
          .filter(([, cell]) => cell !== undefined)
          .map(([level, cell]) => [level, cell!.contributions])
      ),
      options.teamId
    )
    const used = ladder.level ? found[ladder.level] : undefined
    result.set(lineKeyOf(line), {
      level: ladder.level,
      n: ladder.statistics.n,
      band: ladder.statistics.band,
      median: ladder.statistics.median,
      p25: ladder.statistics.p25,
      p75: ladder.statistics.p75,
      peerValues: used ? peerValues(used.contributions, options.teamId) : [],
      asOf: used?.asOf ?? null,
    })
  }
  return result
}

export function benchmarkOf(benchmarks: Map<string, LineBenchmark>, line: LineKey) {
  return benchmarks.get(lineKeyOf(line))!
}

/**
 * The same, kept per statistics run (benchmark cells change only when they are recomputed, and
 * a team's lines only through imports, which recompute): one query for the run on a warm cache.
 */
export async function cachedLineBenchmarks(options: {
  year: number
  teamId: number
  tier: string | null
  lines: LineKey[]
  /** The year's statistics version when already read (the view's); read here otherwise. */
  statisticsVersion?: string
}): Promise<Map<string, LineBenchmark>> {
  if (options.lines.length === 0) return new Map()
  const version = options.statisticsVersion ?? (await statisticsVersion([options.year]))
  if (!version) return lineBenchmarks(options)
  const digest = createHash('sha1')
    .update(options.lines.map(lineKeyOf).sort().join(','))
    .digest('hex')
  const key = ['line-benchmarks', options.teamId, options.year, options.tier, digest, version].join(
    ':'
  )
  const entries = await figures('rsa-figures').getOrSet({
    key,
    ttl: '1h',
    factory: async () => {
      const computed = await lineBenchmarks(options)
      return [...computed.entries()]
    },
  })
  return new Map(entries)
}
