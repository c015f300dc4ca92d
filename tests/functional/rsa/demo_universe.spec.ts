import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { pinClock, restoreClock } from '#tests/helpers/clock'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { EXCHANGE_RATES_AS_OF } from '#services/accounts/reference_data'
import { ratesForPeriod } from '#shared/currency_conversion'
import { datedRate } from '#services/currencies/currencies'
import { toIsoDate } from '#services/market_data/benchmarks'
import { RESEARCH_PROVIDERS } from '#database/demo/research_providers'
import { NORTHBRIDGE, PACIFIC_CREST, PEER_TEAMS } from '#database/demo/research_spend'
import {
  BENCHMARK_CURRENCY,
  RESEARCH_PROVIDER_TYPES,
  SUBSTANTIVE_INTERACTIONS,
  aumTierOf,
} from '#shared/rsa'

/** The day the demo is seeded on in these tests (Luxon's clock is pinned to it). */
const TODAY = '2026-11-28'
const YEARS = [2021, 2022, 2023, 2024, 2025, 2026]

function dayOf(value: unknown) {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
}

async function teamIdOf(name: string) {
  const row = await db.from('teams').where('name', name).select('id').firstOrFail()
  return Number(row.id)
}

/** Per year: distinct providers and lines of the team's budget, and its interactions. */
async function yearFigures(teamId: number, year: number) {
  const lines = await db
    .from('rsa_budget_lines')
    .where({ team_id: teamId, year })
    .count('* as lines')
    .countDistinct('provider_id as providers')
    .first()
  const interactions = await db
    .from('rsa_interactions')
    .where('team_id', teamId)
    .whereBetween('occurred_on', [`${year}-01-01`, `${year}-12-31`])
    .count('* as total')
    .first()
  return {
    lines: Number(lines.lines),
    providers: Number(lines.providers),
    interactions: Number(interactions.total),
  }
}

/** Providers with ≥ 3 substantive interactions in the year and no budget line that year. */
async function usedButUnpaid(teamId: number, year: number) {
  const rows = await db
    .from('rsa_interactions')
    .where('team_id', teamId)
    .whereBetween('occurred_on', [`${year}-01-01`, `${year}-12-31`])
    .whereIn('interaction_type', SUBSTANTIVE_INTERACTIONS)
    .whereNotIn(
      'provider_id',
      db.from('rsa_budget_lines').where({ team_id: teamId, year }).select('provider_id')
    )
    .groupBy('provider_id')
    .havingRaw('count(*) >= 3')
    .select('provider_id')
  return rows.map((row) => Number(row.provider_id))
}

test.group('Research spend demo universe', (group) => {
  // The whole research spend demo (about 240,000 rows) is seeded once, on TODAY, for these
  // tests, which only read it; it is rolled back after them.
  group.setup(async () => {
    pinClock(TODAY)
    const rollback = await testUtils.db().withGlobalTransaction()
    await db.transaction((trx) => seedDemoUniverse(trx))
    return async () => {
      await rollback()
      restoreClock()
    }
  })
  group.each.timeout(60_000)

  test('seeds the 60 research providers of every type, with aliases', async ({ assert }) => {
    const providers = await db
      .from('providers')
      .where('provider_type', 'research')
      .select('id', 'research_provider_type', 'is_independent', 'hq_region')
    assert.lengthOf(providers, 60)
    assert.lengthOf(RESEARCH_PROVIDERS, 60)
    for (const type of Object.keys(RESEARCH_PROVIDER_TYPES)) {
      assert.isAbove(
        providers.filter((row) => row.research_provider_type === type).length,
        3,
        `providers of type ${type}`
      )
    }
    const independents = providers.filter((row) => Boolean(row.is_independent))
    assert.lengthOf(independents, 18)
    assert.isTrue(independents.every((row) => row.research_provider_type === 'independent'))
    assert.isTrue(providers.every((row) => ['UK', 'EU', 'US', 'APAC'].includes(row.hq_region)))

    const aliases = await db
      .from('provider_aliases')
      .whereIn(
        'provider_id',
        providers.map((row) => row.id)
      )
      .select('provider_id', 'alias')
    const perProvider = new Map<number, number>()
    for (const alias of aliases) {
      assert.equal(alias.alias, alias.alias.toLowerCase())
      perProvider.set(alias.provider_id, (perProvider.get(alias.provider_id) ?? 0) + 1)
    }
    assert.equal(perProvider.size, 60)
    assert.isTrue([...perProvider.values()].every((count) => count >= 1 && count <= 3))
  })

  test('gives Northbridge a mid-size budget every year, with about 5,000 interactions', async ({
    assert,
  }) => {
    const northbridge = await teamIdOf(NORTHBRIDGE)
    for (const year of YEARS) {
      const figures = await yearFigures(northbridge, year)
      assert.isAtLeast(figures.providers, 25, `${year} providers`)
      assert.isAtMost(figures.providers, 35, `${year} providers`)
      assert.isAtLeast(figures.lines, 40, `${year} lines`)
      assert.isAtMost(figures.lines, 80, `${year} lines`)
      // The current year so far (to 28 November): about eleven months of interactions.
      const expected = year === 2026 ? 5000 * (237 / 261) : 5000
      assert.closeTo(figures.interactions, expected, 500, `${year} interactions`)

      // A budget per year, totalling its lines, approved (2022 only after the year started).
      const budget = await db.from('rsa_budgets').where({ team_id: northbridge, year }).first()
      const lines = await db
        .from('rsa_budget_lines')
        .where('budget_id', budget.id)
        .sum('budget_amount as total')
        .first()
      assert.closeTo(Number(budget.total_budget), Number(lines.total), 0.01)
      assert.equal(budget.status, 'approved')
      const approvedAt =
        budget.approved_at instanceof Date
          ? DateTime.fromJSDate(budget.approved_at)
          : DateTime.fromSQL(String(budget.approved_at), { zone: 'utc' })
      const approvedLate = approvedAt >= DateTime.utc(year, 1, 1)
      assert.equal(approvedLate, year === 2022, `${year} approval`)
    }

    const pacificCrest = await teamIdOf(PACIFIC_CREST)
    const figures = await yearFigures(pacificCrest, 2025)
    assert.isAtLeast(figures.providers, 12)
    assert.isAtMost(figures.providers, 18)
    assert.isAtLeast(figures.lines, 20)
    assert.isAtMost(figures.lines, 30)
    assert.closeTo(figures.interactions, 1500, 250)
  })

  test('adds at least 18 peer teams with a profile and a budget in every year', async ({
    assert,
  }) => {
    const rows = await db
      .from('rsa_team_profiles')
      .join('teams', 'teams.id', 'rsa_team_profiles.team_id')
      .whereNotIn('teams.name', [NORTHBRIDGE, PACIFIC_CREST])
      .groupBy('teams.id')
      .havingRaw('count(*) = ?', [YEARS.length])
      .select('teams.id')
    assert.isAtLeast(rows.length, 18)
    assert.equal(rows.length, PEER_TEAMS.length)
    const budgets = await db
      .from('rsa_budgets')
      .whereIn(
        'team_id',
        rows.map((row) => row.id)
      )
      .count('* as total')
      .first()
    assert.equal(Number(budgets.total), rows.length * YEARS.length)

    // Peer groups of every size around Northbridge's tier (10–50bn).
    const tiers = await db
      .from('rsa_team_profiles')
      .where('year', 2026)
      .groupBy('aum_tier')
      .select('aum_tier')
      .count('* as teams')
    const count = (tier: string) => Number(tiers.find((row) => row.aum_tier === tier)?.teams ?? 0)
    assert.isAtLeast(count('10-50'), 12)
    assert.isAtLeast(count('0-10'), 4)
    assert.isAtLeast(count('50-100'), 3)
    assert.isAtLeast(count('100-250'), 1)
  })

  test('files every profile in the AUM tier of its AUM converted at the stored rates', async ({
    assert,
  }) => {
    const rates = await db
      .from('exchange_rates')
      .join('currencies as target', 'target.id', 'exchange_rates.to_currency_id')
      .where('target.code', BENCHMARK_CURRENCY)
      .where('exchange_rates.as_of', EXCHANGE_RATES_AS_OF)
      .select('exchange_rates.from_currency_id', 'exchange_rates.exchange_rate', 'as_of')
    const rateOf = new Map(rates.map((row) => [row.from_currency_id, Number(row.exchange_rate)]))
    assert.lengthOf(rates, 5)

    const profiles = await db.from('rsa_team_profiles').select('*')
    assert.isAbove(profiles.length, 80)
    for (const profile of profiles) {
      const usd = Number(profile.total_aum) * rateOf.get(profile.currency_id)!
      assert.equal(profile.aum_tier, aumTierOf(usd), `team ${profile.team_id} ${profile.year}`)
      assert.isBelow(Number(profile.active_aum), Number(profile.total_aum))
    }
  })

  test('stores one dated set of exchange rates per year, the year in progress dated today', async ({
    assert,
  }) => {
    const rows = await db
      .from('exchange_rates')
      .select('from_currency_id', 'to_currency_id', 'exchange_rate', 'as_of')
    const rates = rows.map(datedRate)
    const dates = [...new Set(rates.map((rate) => rate.as_of))].sort()
    assert.deepEqual(dates, [
      '2021-12-31',
      '2022-12-31',
      '2023-12-31',
      '2024-12-31',
      '2025-12-31',
      TODAY,
    ])
    // Every set holds every pair of the five currencies.
    for (const date of dates) {
      assert.lengthOf(
        rates.filter((rate) => rate.as_of === date),
        25,
        date!
      )
    }
    // Each year converts at its own set: the pound's rate differs from one year to the next.
    const gbp = await db.from('currencies').where('code', 'GBP').select('id').firstOrFail()
    const usd = await db.from('currencies').where('code', 'USD').select('id').firstOrFail()
    const gbpToUsd = (year: number) =>
      ratesForPeriod(rates, `${year}-12-31`).find(
        (rate) => rate.from_currency_id === gbp.id && rate.to_currency_id === usd.id
      )!
    const byYear = YEARS.map((year) => gbpToUsd(year))
    assert.deepEqual(
      byYear.map((rate) => rate.as_of),
      ['2021-12-31', '2022-12-31', '2023-12-31', '2024-12-31', '2025-12-31', TODAY]
    )
    assert.equal(new Set(byYear.map((rate) => rate.exchange_rate)).size, YEARS.length)
  })

  test('leaves outliers to find last year: used but unpaid, paid but unused, an overrun', async ({
    assert,
  }) => {
    const northbridge = await teamIdOf(NORTHBRIDGE)
    const unpaid = await usedButUnpaid(northbridge, 2025)
    assert.isAtLeast(unpaid.length, 2)

    // Paid in 2025, the last complete year, no interaction in its second half.
    const unused = await db
      .from('rsa_budget_lines')
      .join('rsa_payments', 'rsa_payments.budget_line_id', 'rsa_budget_lines.id')
      .join('providers', 'providers.id', 'rsa_budget_lines.provider_id')
      .where({ 'rsa_budget_lines.team_id': northbridge, 'rsa_budget_lines.year': 2025 })
      .whereNotExists(
        db
          .from('rsa_interactions')
          .whereColumn('rsa_interactions.provider_id', 'rsa_budget_lines.provider_id')
          .where('rsa_interactions.team_id', northbridge)
          .whereBetween('occurred_on', ['2025-07-01', '2025-12-31'])
      )
      .distinct('providers.provider_key')
    assert.deepEqual(
      unused.map((row) => row.provider_key),
      ['castellan-research']
    )

    // One line paid beyond its budget, last year, and joint payment from last year on.
    const overruns = await db
      .from('rsa_budget_lines')
      .join('rsa_payments', 'rsa_payments.budget_line_id', 'rsa_budget_lines.id')
      .join('providers', 'providers.id', 'rsa_budget_lines.provider_id')
      .where({ 'rsa_budget_lines.team_id': northbridge, 'rsa_budget_lines.year': 2025 })
      .groupBy('rsa_budget_lines.id', 'rsa_budget_lines.budget_amount', 'providers.provider_key')
      .havingRaw('sum(rsa_payments.amount) > rsa_budget_lines.budget_amount * 1.2')
      .select('providers.provider_key')
    assert.deepEqual(
      overruns.map((row) => row.provider_key),
      ['keyline-expert-network']
    )
    const methods = await db
      .from('rsa_team_profiles')
      .where('team_id', northbridge)
      .orderBy('year')
      .select('year', 'payment_method')
    assert.deepEqual(
      methods.map((row) => [Number(row.year), row.payment_method]),
      YEARS.map((year) => [year, year >= 2025 ? 'joint_payment' : 'p_and_l'])
    )

    // Interactions are unique per source reference, and name the team's members when known.
    const mapped = await db
      .from('rsa_interactions')
      .where('team_id', northbridge)
      .whereNotNull('user_id')
      .count('* as total')
      .first()
    assert.isAbove(Number(mapped.total), 1000)
    const refs = await db
      .from('rsa_interactions')
      .where('team_id', northbridge)
      .countDistinct('external_ref as refs')
      .count('* as total')
      .first()
    assert.equal(Number(refs.refs), Number(refs.total))
  })

  test("opens next year's research spend data collection for the research teams", async ({
    assert,
  }) => {
    for (const name of [NORTHBRIDGE, PACIFIC_CREST]) {
      const collection = await db
        .from('data_collections')
        .where({ team_id: await teamIdOf(name), kind: 'rsa', status: 'open' })
        .firstOrFail()
      assert.equal(collection.year, 2027)
      assert.equal(collection.name, 'Research spend 2027')
      assert.isTrue(toIsoDate(collection.due_date) > TODAY, 'due in the future')
    }
    // Market data collections keep their kind.
    const marketData = await db
      .from('data_collections')
      .whereNot('kind', 'rsa')
      .select('kind')
      .distinct()
    assert.deepEqual(
      marketData.map((row) => row.kind),
      ['market_data']
    )
  })

  test('has the current year in progress: paid and used up to today, approved in December', async ({
    assert,
  }) => {
    const northbridge = await teamIdOf(NORTHBRIDGE)
    const budget = await db.from('rsa_budgets').where({ team_id: northbridge, year: 2026 }).first()
    assert.equal(budget.status, 'approved')
    assert.equal(dayOf(budget.period_end), '2026-12-31')

    const latest = await db.from('rsa_payments').max('paid_on as paid').first()
    assert.isTrue(dayOf(latest.paid) <= TODAY, 'no payment after today')
    const interactions = await db.from('rsa_interactions').max('occurred_on as day').first()
    assert.isTrue(dayOf(interactions.day) <= TODAY, 'no interaction after today')
    const recent = await db
      .from('rsa_interactions')
      .where('team_id', northbridge)
      .whereBetween('occurred_on', ['2026-11-16', TODAY])
      .count('* as total')
      .first()
    assert.isAbove(Number(recent.total), 100, 'interactions in the last two weeks')

    // Pacing means something: by late November most, not all, of the year is paid (the
    // December quarter is still to come).
    const paid = await db
      .from('rsa_payments')
      .join('rsa_budget_lines', 'rsa_budget_lines.id', 'rsa_payments.budget_line_id')
      .where('rsa_budget_lines.budget_id', budget.id)
      .sum('rsa_payments.amount as total')
      .first()
    const pacing = Number(paid.total) / Number(budget.total_budget)
    assert.isAbove(pacing, 0.6)
    assert.isBelow(pacing, 0.98)

    // Every year's peer statistics are computed, the current one included.
    const statistics = await db
      .from('rsa_benchmarks')
      .groupBy('year')
      .orderBy('year')
      .select('year')
    assert.deepEqual(
      statistics.map((row) => Number(row.year)),
      YEARS
    )
  })
})

test.group('Research spend demo universe: seeding', (group) => {
  // Each test seeds the whole research spend demo (about 240,000 rows) itself.
  group.each.timeout(120_000)
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    pinClock(TODAY)
    return restoreClock
  })

  test('seeds the same figures every time', async ({ assert }) => {
    const prints: string[] = []
    for (let run = 0; run < 2; run++) {
      const trx = await db.transaction()
      await seedDemoUniverse(trx)
      const lines = await trx
        .from('rsa_budget_lines')
        .join('teams', 'teams.id', 'rsa_budget_lines.team_id')
        .join('providers', 'providers.id', 'rsa_budget_lines.provider_id')
        .where('teams.name', NORTHBRIDGE)
        .orderBy('rsa_budget_lines.id')
        .select('providers.provider_key', 'year', 'service_type', 'contracted_price')
      const interactions = await trx
        .from('rsa_interactions')
        .orderBy('id', 'desc')
        .limit(50)
        .select('occurred_on', 'interaction_type', 'analyst_name', 'sector')
      prints.push(JSON.stringify({ lines, interactions }))
      await trx.rollback()
    }
    assert.equal(prints[0], prints[1])
  })

  test('moves with the day of seeding: in March 2027 the demo runs 2022 to 2027', async ({
    assert,
  }) => {
    pinClock('2027-03-10')
    await db.transaction((trx) => seedDemoUniverse(trx))
    const northbridge = await teamIdOf(NORTHBRIDGE)
    const years = await db
      .from('rsa_budgets')
      .where('team_id', northbridge)
      .orderBy('year')
      .select('year', 'approved_at')
    assert.deepEqual(
      years.map((row) => Number(row.year)),
      [2022, 2023, 2024, 2025, 2026, 2027]
    )
    // The second year's budget is the one approved late.
    const late = years.filter((row) => {
      const approved =
        row.approved_at instanceof Date
          ? DateTime.fromJSDate(row.approved_at)
          : DateTime.fromSQL(String(row.approved_at), { zone: 'utc' })
      return approved >= DateTime.utc(Number(row.year), 1, 1)
    })
    assert.deepEqual(
      late.map((row) => Number(row.year)),
      [2023]
    )

    // 2027 so far: the first quarter's payments are not due yet, annual ones are.
    const payments = await db
      .from('rsa_payments')
      .where('team_id', northbridge)
      .where('paid_on', '>=', '2027-01-01')
      .select('paid_on')
    assert.isAbove(payments.length, 0)
    assert.isTrue(payments.every((row) => dayOf(row.paid_on) <= '2027-03-10'))
    const interactions = await yearFigures(northbridge, 2027)
    assert.closeTo(interactions.interactions, 5000 * (49 / 261), 200)

    // Last year's stories moved to 2026; next year's collection is 2028's.
    const overruns = await db
      .from('rsa_budget_lines')
      .join('rsa_payments', 'rsa_payments.budget_line_id', 'rsa_budget_lines.id')
      .where({ 'rsa_budget_lines.team_id': northbridge, 'rsa_budget_lines.year': 2026 })
      .groupBy('rsa_budget_lines.id', 'rsa_budget_lines.budget_amount')
      .havingRaw('sum(rsa_payments.amount) > rsa_budget_lines.budget_amount * 1.2')
      .select('rsa_budget_lines.id')
    assert.lengthOf(overruns, 1)
    const collection = await db
      .from('data_collections')
      .where({ team_id: northbridge, kind: 'rsa', status: 'open' })
      .firstOrFail()
    assert.equal(collection.year, 2028)
  })
})
