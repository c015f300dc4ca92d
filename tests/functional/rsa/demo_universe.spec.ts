import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { RESEARCH_PROVIDERS } from '#database/demo/research_providers'
import { NORTHBRIDGE, PACIFIC_CREST, PEER_TEAMS } from '#database/demo/research_spend'
import {
  BENCHMARK_CURRENCY,
  RESEARCH_PROVIDER_TYPES,
  RSA_YEARS,
  SUBSTANTIVE_INTERACTIONS,
  aumTierOf,
} from '#shared/rsa'

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
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('seeds the 60 research providers of every type, with aliases', async ({ assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
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
    await db.transaction((trx) => seedDemoUniverse(trx))
    const northbridge = await teamIdOf(NORTHBRIDGE)
    for (const year of RSA_YEARS) {
      const figures = await yearFigures(northbridge, year)
      assert.isAtLeast(figures.providers, 25, `${year} providers`)
      assert.isAtMost(figures.providers, 35, `${year} providers`)
      assert.isAtLeast(figures.lines, 40, `${year} lines`)
      assert.isAtMost(figures.lines, 80, `${year} lines`)
      assert.closeTo(figures.interactions, 5000, 500, `${year} interactions`)

      // A budget per year, totalling its lines, approved (2022 only after the year started).
      const budget = await db.from('rsa_budgets').where({ team_id: northbridge, year }).first()
      const lines = await db
        .from('rsa_budget_lines')
        .where('budget_id', budget.id)
        .sum('budget_amount as total')
        .first()
      assert.closeTo(Number(budget.total_budget), Number(lines.total), 0.01)
      assert.equal(budget.status, 'approved')
      const approvedLate = DateTime.fromSQL(String(budget.approved_at)) >= DateTime.utc(year, 1, 1)
      assert.equal(approvedLate, year === 2022, `${year} approval`)
    }

    const pacificCrest = await teamIdOf(PACIFIC_CREST)
    const figures = await yearFigures(pacificCrest, 2024)
    assert.isAtLeast(figures.providers, 12)
    assert.isAtMost(figures.providers, 18)
    assert.isAtLeast(figures.lines, 20)
    assert.isAtMost(figures.lines, 30)
    assert.closeTo(figures.interactions, 1500, 250)
  })

  test('adds at least 18 peer teams with a profile and a budget in every year', async ({
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
    const rows = await db
      .from('rsa_team_profiles')
      .join('teams', 'teams.id', 'rsa_team_profiles.team_id')
      .whereNotIn('teams.name', [NORTHBRIDGE, PACIFIC_CREST])
      .groupBy('teams.id')
      .havingRaw('count(*) = ?', [RSA_YEARS.length])
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
    assert.equal(Number(budgets.total), rows.length * RSA_YEARS.length)

    // Peer groups of every size around Northbridge's tier (10–50bn).
    const tiers = await db
      .from('rsa_team_profiles')
      .where('year', 2024)
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
    await db.transaction((trx) => seedDemoUniverse(trx))
    const rates = await db
      .from('exchange_rates')
      .join('currencies as target', 'target.id', 'exchange_rates.to_currency_id')
      .where('target.code', BENCHMARK_CURRENCY)
      .select('exchange_rates.from_currency_id', 'exchange_rates.exchange_rate', 'as_of')
    const rateOf = new Map(rates.map((row) => [row.from_currency_id, Number(row.exchange_rate)]))
    assert.isTrue(rates.every((row) => row.as_of !== null))

    const profiles = await db.from('rsa_team_profiles').select('*')
    assert.isAbove(profiles.length, 80)
    for (const profile of profiles) {
      const usd = Number(profile.total_aum) * rateOf.get(profile.currency_id)!
      assert.equal(profile.aum_tier, aumTierOf(usd), `team ${profile.team_id} ${profile.year}`)
      assert.isBelow(Number(profile.active_aum), Number(profile.total_aum))
    }
  })

  test('leaves outliers to find: used but unpaid, paid but unused, an overrun', async ({
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
    const northbridge = await teamIdOf(NORTHBRIDGE)
    const unpaid = await usedButUnpaid(northbridge, 2024)
    assert.isAtLeast(unpaid.length, 2)

    // Paid in 2024, no interaction in its second half.
    const unused = await db
      .from('rsa_budget_lines')
      .join('rsa_payments', 'rsa_payments.budget_line_id', 'rsa_budget_lines.id')
      .where({ 'rsa_budget_lines.team_id': northbridge, 'rsa_budget_lines.year': 2024 })
      .whereNotExists(
        db
          .from('rsa_interactions')
          .whereColumn('rsa_interactions.provider_id', 'rsa_budget_lines.provider_id')
          .where('rsa_interactions.team_id', northbridge)
          .whereBetween('occurred_on', ['2024-07-01', '2024-12-31'])
      )
      .distinct('rsa_budget_lines.provider_id')
    assert.lengthOf(unused, 1)

    // One line paid beyond its budget.
    const overruns = await db
      .from('rsa_budget_lines')
      .join('rsa_payments', 'rsa_payments.budget_line_id', 'rsa_budget_lines.id')
      .where({ 'rsa_budget_lines.team_id': northbridge, 'rsa_budget_lines.year': 2024 })
      .groupBy('rsa_budget_lines.id', 'rsa_budget_lines.budget_amount')
      .havingRaw('sum(rsa_payments.amount) > rsa_budget_lines.budget_amount * 1.2')
      .select('rsa_budget_lines.id')
    assert.lengthOf(overruns, 1)

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

  test('opens a research spend data collection for the research teams', async ({ assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
    for (const name of [NORTHBRIDGE, PACIFIC_CREST]) {
      const collection = await db
        .from('data_collections')
        .where({ team_id: await teamIdOf(name), kind: 'rsa', status: 'open' })
        .firstOrFail()
      assert.equal(collection.year, 2025)
      assert.isTrue(String(collection.due_date) > DateTime.now().toISODate()!, 'due in the future')
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
})
