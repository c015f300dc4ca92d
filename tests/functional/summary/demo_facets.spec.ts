import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { DEMO_TEAMS, seedDemoUniverse } from '#database/demo/demo_universe'
import { seedSummaryFacets } from '#database/demo/summary_facets'
import { generateUniverse } from '#database/generate/universe'
import { pinClock, restoreClock } from '#tests/helpers/clock'

/** The day the demo is seeded on in these tests (the clock is pinned to it). */
const TODAY = '2026-11-28'
const YEAR = 2026

/** Facets the demo must let narrow: every value is carried by an asset a demo team holds. */
const TAGGED_CATEGORIES = ['geographies', 'factors', 'researchstyles', 'assetclasses', 'indices']

async function demoTeamIds() {
  const rows = await db
    .from('teams')
    .whereIn(
      'name',
      DEMO_TEAMS.map((team) => team.name)
    )
    .select('id', 'name')
  return new Map(rows.map((row) => [String(row.name), Number(row.id)]))
}

/**
 * The assets the demo teams hold: research providers with a budget line of this year, and
 * products with a benchmark in a contract in force today (with their providers, whose tags
 * they carry).
 */
async function heldAssets(teamIds: number[]) {
  const research = await db
    .from('rsa_budget_lines')
    .whereIn('team_id', teamIds)
    .where('year', YEAR)
    .distinct('provider_id')
  const products = await db
    .from('product_benchmarks as pb')
    .join('contracts as c', 'c.id', 'pb.contract_id')
    .join('provider_products as pp', 'pp.id', 'pb.product_id')
    .whereIn('c.team_id', teamIds)
    .where('c.start_date', '<=', TODAY)
    .where('c.end_date', '>=', TODAY)
    .distinct('pb.product_id', 'pp.provider_id')
  return {
    researchProviders: research.map((row) => Number(row.provider_id)),
    products: products.map((row) => ({
      id: Number(row.product_id),
      providerId: Number(row.provider_id),
    })),
  }
}

async function tagsOf(subjectType: 'provider' | 'product', ids: number[]) {
  const rows = await db
    .from('summary_facet_tags')
    .where('subject_type', subjectType)
    .whereIn('subject_id', ids)
    .select('subject_id', 'category', 'value_id')
  return rows.map((row) => ({
    subjectId: Number(row.subject_id),
    category: String(row.category),
    valueId: Number(row.value_id),
  }))
}

async function allRows() {
  const tags = await db
    .from('summary_facet_tags')
    .orderBy(['subject_type', 'subject_id', 'category', 'value_id'])
    .select('subject_type', 'subject_id', 'category', 'value_id')
  const priorities = await db
    .from('team_provider_priorities')
    .orderBy(['team_id', 'provider_id'])
    .select('team_id', 'provider_id', 'rankingpriority_id', 'updated_by_id')
  return { tags, priorities }
}

test.group('Summary dashboard demo facets', (group) => {
  group.each.timeout(90_000)
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    pinClock(TODAY)
  })
  group.each.teardown(restoreClock)

  test('every facet value is carried by an asset a demo team holds', async ({ assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
    const teams = await demoTeamIds()
    const held = await heldAssets([...teams.values()])
    assert.isAbove(held.researchProviders.length, 0)
    assert.isAbove(held.products.length, 0)

    const providerIds = [
      ...new Set([...held.researchProviders, ...held.products.map((row) => row.providerId)]),
    ]
    const providerTags = await tagsOf('provider', providerIds)
    const productTags = await tagsOf(
      'product',
      held.products.map((row) => row.id)
    )
    const carried = new Set(
      [...providerTags, ...productTags].map((row) => `${row.category}:${row.valueId}`)
    )

    const values = await db
      .from('summary_facet_values')
      .whereIn('category', TAGGED_CATEGORIES)
      .select('category', 'id', 'name')
    assert.isAbove(values.length, 30)
    const missing = values
      .filter((row) => !carried.has(`${row.category}:${row.id}`))
      .map((row) => `${row.category}: ${row.name}`)
    assert.deepEqual(missing, [], 'facet values no held asset carries')

    const sectors = await db.from('sectors').select('id', 'name')
    assert.lengthOf(sectors, 11)
    const missingSectors = sectors
      .filter((row) => !carried.has(`industries:${row.id}`))
      .map((row) => String(row.name))
    assert.deepEqual(missingSectors, [], 'GICS sectors no held asset carries')

    // No held asset goes untagged in the main facets: a research provider carries a geography
    // and an asset class of its own, a product with its provider's.
    for (const providerId of held.researchProviders) {
      for (const category of ['geographies', 'assetclasses', 'researchstyles', 'factors']) {
        assert.isTrue(
          providerTags.some((row) => row.subjectId === providerId && row.category === category),
          `research provider ${providerId} has ${category}`
        )
      }
    }
    for (const product of held.products) {
      for (const category of ['geographies', 'assetclasses']) {
        assert.isTrue(
          [...productTags, ...providerTags].some(
            (row) =>
              row.category === category &&
              (row.subjectId === product.id || row.subjectId === product.providerId)
          ),
          `product ${product.id} has ${category}`
        )
      }
    }

    // Index licences carry their index; a terminal none.
    const index = await db
      .from('provider_products as pp')
      .join('summary_facet_tags as t', (join) => {
        join.on('t.subject_id', '=', 'pp.id').andOnVal('t.subject_type', '=', 'product')
      })
      .join('summary_facet_values as v', (join) => {
        join.on('v.id', '=', 't.value_id').andOn('v.category', '=', 't.category')
      })
      .where('t.category', 'indices')
      .select('pp.name', 'v.code')
      .orderBy(['pp.name', 'v.code'])
    assert.includeDeepMembers(
      index.map((row) => [String(row.name), String(row.code)]),
      [
        ['FTSE 100 Index Licence', 'ftse100'],
        ['S&P 500 Index Licence', 'sp500'],
        ['STOXX Europe 600 Licence', 'stoxx600'],
        ['Bloomberg Global Aggregate Index', 'bbg_global_agg'],
      ]
    )
    assert.notInclude(
      index.map((row) => String(row.name)),
      'Bloomberg Terminal'
    )
  })

  test('every demo team with assets has its ranking priorities', async ({ assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
    const teams = await demoTeamIds()
    let teamsWithBudgets = 0
    for (const [name, teamId] of teams) {
      const latest = await db
        .from('rsa_budget_lines')
        .where('team_id', teamId)
        .max('year as year')
        .first()
      const priorities = await db
        .from('team_provider_priorities')
        .where('team_id', teamId)
        .select('provider_id', 'rankingpriority_id')
      const tierOf = new Map(
        priorities.map((row) => [Number(row.provider_id), Number(row.rankingpriority_id)])
      )
      if (latest?.year) {
        teamsWithBudgets++
        const budgeted = await db
          .from('rsa_budget_lines')
          .where({ team_id: teamId, year: latest.year })
          .groupBy('provider_id')
          .select('provider_id')
          .sum('budget_amount as amount')
          .orderBy([
            { column: 'amount', order: 'desc' },
            { column: 'provider_id', order: 'asc' },
          ])
        assert.isAbove(budgeted.length, 2, name)
        const tiers = budgeted.map((row) => tierOf.get(Number(row.provider_id)))
        assert.isTrue(
          tiers.every((tier) => tier !== undefined),
          `${name}: every budgeted provider has a priority`
        )
        // Largest budgets first: Core, then Secondary, then Tail.
        assert.deepEqual([...tiers].sort(), tiers, `${name}: tiers follow the budget`)
        assert.equal(tiers[0], 1)
        assert.equal(tiers[tiers.length - 1], 3)
        assert.equal(tiers.filter((tier) => tier === 1).length, Math.ceil(tiers.length / 3))
      }
      const live = await db
        .from('contracts as c')
        .join('providers as p', 'p.id', 'c.provider_id')
        .where('c.team_id', teamId)
        .where('c.start_date', '<=', TODAY)
        .where('c.end_date', '>=', TODAY)
        .distinct('c.provider_id', 'p.provider_type')
      for (const row of live) {
        assert.equal(
          tierOf.get(Number(row.provider_id)),
          row.provider_type === 'market_data' ? 1 : 2,
          `${name}: provider ${row.provider_id} under a live contract`
        )
      }
      if (!latest?.year && live.length === 0) assert.lengthOf(priorities, 0, name)
    }
    assert.equal(teamsWithBudgets, 2)
  })

  test('tagging again writes the same rows and keeps a priority a member set', async ({
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
    const before = await allRows()
    assert.isAbove(before.tags.length, 100)
    assert.isAbove(before.priorities.length, 10)

    await db.transaction((trx) => seedSummaryFacets(trx))
    assert.deepEqual(await allRows(), before)

    // A member's own choice survives a new run; a stray tag of a provider is rewritten away.
    const analyst = await db.from('users').where('email', 'analyst@example.com').firstOrFail()
    const chosen = before.priorities.find((row) => Number(row.rankingpriority_id) === 3)!
    await db
      .from('team_provider_priorities')
      .where({ team_id: chosen.team_id, provider_id: chosen.provider_id })
      .update({ rankingpriority_id: 1, updated_by_id: analyst.id })
    const tagged = before.tags.find((row) => row.subject_type === 'provider')!
    await db.table('summary_facet_tags').insert({
      subject_type: 'provider',
      subject_id: tagged.subject_id,
      category: 'indices',
      value_id: 3,
    })

    const result = await db.transaction((trx) => seedSummaryFacets(trx))
    assert.equal(result.tags, before.tags.length)
    const after = await allRows()
    assert.deepEqual(after.tags, before.tags)
    const kept = after.priorities.find(
      (row) => row.team_id === chosen.team_id && row.provider_id === chosen.provider_id
    )
    assert.equal(Number(kept?.rankingpriority_id), 1)
    assert.equal(Number(kept?.updated_by_id), Number(analyst.id))
    assert.lengthOf(after.priorities, before.priorities.length)
  })

  test('the generated universe is tagged too: every provider, product and team with assets', async ({
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
    await db.transaction((trx) =>
      generateUniverse(trx, { scaleName: 'small', passwordHash: 'not-a-real-hash' })
    )

    // Market and alternative data providers and their products: a geography and an asset class.
    const untagged = async (subjectType: 'provider' | 'product', category: string) => {
      const query =
        subjectType === 'provider'
          ? db
              .from('providers as s')
              .whereIn('s.provider_type', ['research', 'market_data', 'alternative_data'])
          : db
              .from('provider_products as s')
              .join('providers as p', 'p.id', 's.provider_id')
              .whereIn('p.provider_type', ['market_data', 'alternative_data'])
      const row = await query
        .whereNotExists((sub) => {
          sub
            .from('summary_facet_tags as t')
            .whereRaw('t.subject_id = s.id')
            .where('t.subject_type', subjectType)
            .where('t.category', category)
        })
        .count('* as total')
        .first()
      return Number(row?.total ?? 0)
    }
    const products = await db.from('provider_products').count('* as total').first()
    assert.isAbove(Number(products?.total), 30)
    for (const category of ['geographies', 'assetclasses']) {
      assert.equal(await untagged('provider', category), 0, `providers without ${category}`)
      assert.equal(await untagged('product', category), 0, `products without ${category}`)
    }
    // Generated index and ESG products carry their asset class and factor.
    const esg = await db
      .from('provider_products as pp')
      .join('summary_facet_tags as t', (join) => {
        join.on('t.subject_id', '=', 'pp.id').andOnVal('t.subject_type', '=', 'product')
      })
      .where('pp.name', 'like', '%ESG Ratings')
      .where('t.category', 'factors')
      .where('t.value_id', 8)
      .count('* as total')
      .first()
    assert.isAbove(Number(esg?.total), 0)

    // Every team with a research budget or a market data contract has its priorities.
    const withoutPriorities = await db
      .from('teams as tm')
      .where((query) => {
        query
          .whereExists((sub) => {
            sub.from('rsa_budget_lines as l').whereRaw('l.team_id = tm.id')
          })
          .orWhereExists((sub) => {
            sub.from('contracts as c').whereRaw('c.team_id = tm.id')
          })
      })
      .whereNotExists((sub) => {
        sub.from('team_provider_priorities as tp').whereRaw('tp.team_id = tm.id')
      })
      .count('* as total')
      .first()
    assert.equal(Number(withoutPriorities?.total), 0)
  }).timeout(300_000)
})
