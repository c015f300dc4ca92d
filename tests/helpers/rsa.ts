import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { MODULES } from '#shared/modules'
import { aumTierOf, type InteractionType, type ResearchProviderType } from '#shared/rsa'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { recomputeRsaStatistics } from '#services/rsa/benchmarks'
import { insertReturningId } from '#services/db/insert'
import { currencyId } from '#tests/helpers/market_data_fixtures'
import { ratesForPeriod, rateBetween } from '#shared/currency_conversion'
import { datedRate } from '#services/currencies/currencies'
import {
  RsaBudgetFactory,
  RsaBudgetLineFactory,
  RsaPaymentFactory,
  RsaTeamProfileFactory,
} from '#database/factories/rsa_factories'

/*
 * Small, hand-checkable Research Spend Analytics worlds for tests: teams with profiles, budgets,
 * lines and payments, then the peer statistics recomputed as the product does.
 */

let providerSequence = 0

export async function researchProvider(
  name: string,
  type: ResearchProviderType,
  options: { independent?: boolean } = {}
) {
  const key = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${++providerSequence}`
  const id = await insertReturningId(db, 'providers', {
    provider_key: key,
    name,
    provider_type: 'research',
    research_provider_type: type,
    is_independent: options.independent ?? type === 'independent',
    is_active: true,
    has_rate_card: false,
    created_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
  })
  return { id, key, name }
}

/** A team holding Research Spend Analytics, with a profile for the year. */
export async function rsaTeam(
  options: {
    currency?: string
    /** Total AUM in the team's currency. */
    totalAum?: number
    activeAum?: number
    year?: number
    professionals?: [number, number]
    modules?: (typeof MODULES)[keyof typeof MODULES][]
    profile?: boolean
  } = {}
) {
  const currency = options.currency ?? 'GBP'
  const team = await makeTeam({
    currencyCode: currency,
    modules: options.modules ?? [MODULES.rsaBudgets],
  })
  const currencyIdOf = await currencyId(currency)
  const totalAum = options.totalAum ?? 30e9
  if (options.profile !== false) {
    const usd = await currencyId('USD')
    const rate = { exchange_rate: await rateForYear(currencyIdOf, usd, options.year ?? 2024) }
    await RsaTeamProfileFactory.merge({
      teamId: team.id,
      year: options.year ?? 2024,
      currencyId: currencyIdOf,
      totalAum,
      activeAum: options.activeAum ?? totalAum / 3,
      aumTier: aumTierOf(totalAum * Number(rate.exchange_rate)),
      portfolioManagers: options.professionals?.[0] ?? 5,
      analysts: options.professionals?.[1] ?? 5,
    }).create()
  }
  return { team, currencyId: currencyIdOf }
}

/** A member of the team, signed in there. */
export async function rsaMember(team: { id: number; name: string }) {
  const user = await makeUser({ teams: [team] })
  user.currentTeamId = team.id
  await user.save()
  return user
}

/** A budget line of a fixture, with the payments made against it. */
export interface RsaLineFixture {
  provider: { id: number }
  price: number | null
  budget?: number
  paid?: number[]
  serviceType?: string
  priceType?: string
  accessType?: string
  contractEnd?: string
  renewalNoticeDays?: number
}

/**
 * A budget for the team and year with its lines (price in the team's currency) and, per line,
 * the payments made.
 */
export async function rsaBudget(
  team: { id: number },
  currency: number,
  lines: RsaLineFixture[],
  options: { year?: number; approvedAt?: string } = {}
) {
  const year = options.year ?? 2024
  const total = lines.reduce((sum, line) => sum + (line.budget ?? line.price ?? 0), 0)
  const budget = await RsaBudgetFactory.merge({
    teamId: team.id,
    year,
    currencyId: currency,
    totalBudget: total,
    periodStart: DateTime.fromISO(`${year}-01-01`),
    periodEnd: DateTime.fromISO(`${year}-12-31`),
    approvedAt: DateTime.fromISO(options.approvedAt ?? `${year - 1}-12-01T10:00:00Z`),
  }).create()
  return { budget, lines: await addRsaBudgetLines(budget, team, currency, lines, year) }
}

/** More lines (and their payments) on an existing budget of the team. */
export async function addRsaBudgetLines(
  budget: { id: number },
  team: { id: number },
  currency: number,
  lines: RsaLineFixture[],
  year = 2024
) {
  const created = []
  for (const line of lines) {
    const row = await RsaBudgetLineFactory.merge({
      budgetId: budget.id,
      teamId: team.id,
      year,
      providerId: line.provider.id,
      currencyId: currency,
      contractedPrice: line.price,
      budgetAmount: line.budget ?? line.price ?? 0,
      serviceType: line.serviceType ?? 'written_research',
      priceType: line.priceType ?? 'fixed_fee',
      accessType: line.accessType ?? 'full',
      contractStart: DateTime.fromISO(`${year}-01-01`),
      contractEnd: DateTime.fromISO(line.contractEnd ?? `${year}-12-31`),
      renewalNoticeDays: line.renewalNoticeDays ?? 60,
    }).create()
    for (const [index, amount] of (line.paid ?? []).entries()) {
      await RsaPaymentFactory.merge({
        budgetLineId: row.id,
        teamId: team.id,
        currencyId: currency,
        amount,
        paidOn: DateTime.fromISO(`${year}-0${Math.min(9, index + 3)}-28`),
      }).create()
    }
    created.push(row)
  }
  return created
}

export async function recompute(years = [2024]) {
  return recomputeRsaStatistics({ years, trigger: 'test' })
}

/**
 * The world the budgets tests compute by hand (2024, all peers USD, GBP 1 = USD 1.27):
 *
 * - the viewer (GBP, AUM £30bn → tier 10–50bn, 10 investment professionals) pays Atlas
 *   (bulge bracket, written research, fixed fee, full) £150,000 (paid £120,000 + £30,000) and
 *   Birch (independent) £50,000 (paid £40,000); budget £210,000 (Atlas £160,000, Birch £50,000);
 * - ten USD peers in the same tier pay Atlas $100,000, $110,000 … $190,000: median $145,000
 *   (£114,173 → £114,000 shown), p25 $122,500 (£96,457 → £96,000), p75 $167,500;
 * - three of them pay Birch: below every level of the ladder ("Insufficient peer data (n = 3)").
 */
export async function budgetsWorld() {
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const birch = await researchProvider('Birch Independent Research', 'independent')
  const viewer = await rsaTeam({ currency: 'GBP', totalAum: 30e9, activeAum: 10e9 })
  const { lines } = await rsaBudget(viewer.team, viewer.currencyId, [
    { provider: atlas, price: 150_000, budget: 160_000, paid: [120_000, 30_000] },
    { provider: birch, price: 50_000, paid: [40_000] },
  ])
  const peers = []
  for (let index = 0; index < 10; index++) {
    const peer = await rsaTeam({ currency: 'USD', totalAum: 20e9 })
    const peerLines: Parameters<typeof rsaBudget>[2] = [
      { provider: atlas, price: 100_000 + index * 10_000, paid: [100_000 + index * 10_000] },
    ]
    if (index < 3) peerLines.push({ provider: birch, price: 40_000, paid: [40_000] })
    await rsaBudget(peer.team, peer.currencyId, peerLines)
    peers.push(peer)
  }
  await recompute()
  const member = await rsaMember(viewer.team)
  return { atlas, birch, viewer, peers, member, lines }
}

let interactionSequence = 0

/**
 * Interactions of the team with the provider: `counts` per interaction type, all on one day
 * (15 May 2024 unless told), valued unless told.
 */
export async function rsaInteractions(
  team: { id: number },
  provider: { id: number },
  counts: Partial<Record<InteractionType, number>>,
  options: { on?: string; valued?: boolean } = {}
) {
  const createdAt = DateTime.now().toFormat(db.connection().dialect.dateTimeFormat)
  const rows = []
  for (const [type, count] of Object.entries(counts)) {
    for (let index = 0; index < (count ?? 0); index++) {
      rows.push({
        team_id: team.id,
        provider_id: provider.id,
        occurred_on: options.on ?? '2024-05-15',
        interaction_type: type,
        source_system: 'test',
        external_ref: `interaction-${++interactionSequence}`,
        valued: options.valued ?? true,
        created_at: createdAt,
      })
    }
  }
  if (rows.length) await db.table('rsa_interactions').multiInsert(rows)
  return rows.length
}

/** The rate of a year, as the product converts it: the set dated on or before its last day. */
export async function rateForYear(fromId: number, toId: number, year: number): Promise<number> {
  const rows = await db
    .from('exchange_rates')
    .whereIn('from_currency_id', [fromId, toId])
    .whereIn('to_currency_id', [fromId, toId])
    .select('from_currency_id', 'to_currency_id', 'exchange_rate', 'as_of')
  const rate = rateBetween(ratesForPeriod(rows.map(datedRate), `${year}-12-31`), fromId, toId)
  if (rate === null) throw new Error(`No exchange rate from ${fromId} to ${toId}`)
  return rate
}

/** Stores a dated set of rates (pairs both ways), as the demo stores one set per year. */
export async function storeRateSet(
  asOf: string,
  rates: { from: string; to: string; rate: number }[]
) {
  for (const entry of rates) {
    const [from, to] = [await currencyId(entry.from), await currencyId(entry.to)]
    for (const [a, b, value] of [
      [from, to, entry.rate],
      [to, from, 1 / entry.rate],
    ] as const) {
      await db.table('exchange_rates').insert({
        from_currency_id: a,
        to_currency_id: b,
        exchange_rate: value.toFixed(10),
        as_of: asOf,
        created_at: DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss'),
      })
    }
  }
}
