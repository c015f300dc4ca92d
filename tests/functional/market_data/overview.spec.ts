import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import {
  currencyId,
  daysFromToday,
  makeContract,
  makeProvider,
} from '#tests/helpers/market_data_fixtures'
import { demoAnalystIn } from '#tests/helpers/market_data'
import { MODULES } from '#shared/modules'
import {
  annualised,
  overviewFigures,
  periodMonths,
  type OverviewProvider,
} from '#shared/market_data_overview'
import type { ExchangeRate } from '#shared/currency_conversion'

/** The team's rows in force today with a provider, straight from the tables. */
async function storedRowsInForce(teamId: number, providerId: number) {
  const today = daysFromToday(0)
  const rows = await db
    .from('product_benchmarks')
    .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
    .where({ 'contracts.team_id': teamId, 'contracts.provider_id': providerId })
    .where('product_benchmarks.start_date', '<=', today)
    .where('product_benchmarks.end_date', '>=', today)
    .select(
      'product_benchmarks.start_date',
      'product_benchmarks.end_date',
      'product_benchmarks.payment',
      'product_benchmarks.benchmark_price',
      'product_benchmarks.currency_id'
    )
  const iso = (value: unknown) =>
    value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
  return rows.map((row) => ({
    start: iso(row.start_date),
    end: iso(row.end_date),
    payment: row.payment === null ? null : Number(row.payment),
    benchmark: row.benchmark_price === null ? null : Number(row.benchmark_price),
    currencyId: row.currency_id as number,
  }))
}

test.group('Market data overview', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows every provider the team holds with figures computed from the stored rows', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ modules: [MODULES.marketDataContracts] })
    const member = await makeUser({ teams: [team] })
    const running = await makeProvider({ products: 2 })
    // In force: one in GBP from a year ago, one in USD from a month ago for a year.
    await makeContract(team.id, running, { startDays: -365, endDays: 365 })
    await makeContract(team.id, running, { startDays: -30, endDays: 334, currency: 'USD' })
    // An upcoming renewal: held, not yet counted.
    await makeContract(team.id, running, { startDays: 366, endDays: 1095 })
    const ended = await makeProvider()
    await makeContract(team.id, ended, { startDays: -800, endDays: -40 })

    const response = await client.get('/market-data').loginAs(member).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('market_data/overview')
    const props = response.inertiaProps as {
      providers: OverviewProvider[]
      selectedCurrencyId: number
      exchangeRates: ExchangeRate[]
    }
    assert.deepEqual(
      props.providers.map((provider) => provider.providerKey).sort(),
      [running.key, ended.key].sort()
    )
    const shown = props.providers.find((provider) => provider.id === running.id)!
    assert.equal(shown.contracts, 3)
    assert.equal(shown.contractsInForce, 2)
    assert.equal(shown.nextEndDate, daysFromToday(334))
    assert.equal(shown.benchmarksInForce, 4)

    // The same figures from the stored rows, annualised and converted here.
    const gbp = await currencyId('GBP')
    assert.equal(props.selectedCurrencyId, gbp)
    const stored = await storedRowsInForce(team.id, running.id)
    assert.lengthOf(stored, 4)
    let spend = 0
    let benchmark = 0
    for (const row of stored) {
      const rate = overviewFigures(
        [
          {
            currencyId: row.currencyId,
            spend: 1,
            benchmark: 1,
            comparedSpend: 1,
            comparedBenchmark: 1,
          },
        ],
        gbp,
        props.exchangeRates
      ).spend
      spend += annualised(row.payment!, row.start, row.end) * rate
      benchmark += annualised(row.benchmark!, row.start, row.end) * rate
    }
    const figures = overviewFigures(shown.amounts, gbp, props.exchangeRates)
    assert.deepEqual(figures.unconverted, [])
    assert.closeTo(figures.spend, spend, 0.01)
    assert.closeTo(figures.benchmark, benchmark, 0.01)
    assert.closeTo(figures.gap!, spend - benchmark, 0.01)
    assert.closeTo(figures.gapPercent!, ((spend - benchmark) / benchmark) * 100, 1e-6)
    // Two years of a 52,000 payment a year from now and a year ago: 26,000 a year.
    const gbpAmounts = shown.amounts.find((entry) => entry.currencyId === gbp)!
    assert.equal(periodMonths(daysFromToday(-365), daysFromToday(365)), 24)
    assert.closeTo(gbpAmounts.spend, 2 * 26_000, 0.01)

    const over = props.providers.find((provider) => provider.id === ended.id)!
    assert.equal(over.contractsInForce, 0)
    assert.isNull(over.nextEndDate)
    assert.equal(over.lastEndDate, daysFromToday(-40))
    assert.deepEqual(over.amounts, [])
  })

  test('leaves the benchmark out of the gap where a row has none', async ({ client, assert }) => {
    const team = await makeTeam({ modules: [MODULES.marketDataContracts] })
    const member = await makeUser({ teams: [team] })
    const provider = await makeProvider({ products: 2 })
    const contract = await makeContract(team.id, provider, { startDays: -10, endDays: 354 })
    await db
      .from('product_benchmarks')
      .where('id', contract.benchmarkIds[0])
      .update({ benchmark_price: null })
    const response = await client.get('/market-data').loginAs(member).withInertia()
    const [shown] = (response.inertiaProps as { providers: OverviewProvider[] }).providers
    const [amounts] = shown.amounts
    // Two payments of 52,000 over a year, one benchmark of 50,000 compared with its payment.
    assert.closeTo(amounts.spend, 104_000, 0.01)
    assert.closeTo(amounts.benchmark, 50_000, 0.01)
    assert.closeTo(amounts.comparedSpend, 52_000, 0.01)
    assert.closeTo(amounts.comparedBenchmark, 50_000, 0.01)
  })

  test('shows only the current team’s contracts', async ({ client, assert }) => {
    const team = await makeTeam({ modules: [MODULES.marketDataContracts] })
    const other = await makeTeam({ modules: [MODULES.marketDataContracts] })
    const member = await makeUser({ teams: [team, other] })
    const shared = await makeProvider()
    const theirs = await makeProvider()
    await makeContract(team.id, shared)
    await makeContract(other.id, shared, { currency: 'USD' })
    await makeContract(other.id, shared)
    await makeContract(other.id, theirs)
    await db.from('users').where('id', member.id).update({ current_team_id: team.id })

    const response = await client.get('/market-data').loginAs(member).withInertia()
    const providers = (response.inertiaProps as { providers: OverviewProvider[] }).providers
    assert.deepEqual(
      providers.map((provider) => provider.id),
      [shared.id]
    )
    assert.equal(providers[0].contracts, 1)
    assert.deepEqual(
      providers[0].amounts.map((entry) => entry.currencyId),
      [await currencyId('GBP')]
    )
  })

  test('is refused to a team without market data', async ({ client }) => {
    const member = await makeUser({
      teams: [await makeTeam({ modules: [MODULES.rsaBudgets] })],
    })
    const response = await client.get('/market-data').loginAs(member).withInertia()
    response.assertStatus(403)
  })

  test('opens for rate cards alone, listing them without any contract figure', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ modules: [MODULES.marketDataRateCard] })
    const member = await makeUser({ teams: [team] })
    const publisher = await makeProvider({ rateCard: true })
    const held = await makeProvider()
    await makeContract(team.id, held)
    const response = await client.get('/market-data').loginAs(member).withInertia()
    response.assertStatus(200)
    const props = response.inertiaProps as {
      withContracts: boolean
      providers: unknown[]
      rateCardProviders: { providerKey: string }[]
    }
    assert.isFalse(props.withContracts)
    assert.deepEqual(props.providers, [])
    assert.include(
      props.rateCardProviders.map((provider) => provider.providerKey),
      publisher.key
    )
  })

  test('offers rate cards to a team holding none of their providers’ contracts', async ({
    client,
    assert,
  }) => {
    const withCards = await makeUser({
      teams: [
        await makeTeam({ modules: [MODULES.marketDataContracts, MODULES.marketDataRateCard] }),
      ],
    })
    const publisher = await makeProvider({ rateCard: true })
    const response = await client.get('/market-data').loginAs(withCards).withInertia()
    response.assertInertiaComponent('market_data/overview')
    const props = response.inertiaProps as {
      providers: unknown[]
      rateCardProviders: { providerKey: string }[]
    }
    assert.deepEqual(props.providers, [])
    assert.include(
      props.rateCardProviders.map((provider) => provider.providerKey),
      publisher.key
    )

    const without = await makeUser({
      teams: [await makeTeam({ modules: [MODULES.marketDataContracts] })],
    })
    const plain = await client.get('/market-data').loginAs(without).withInertia()
    assert.deepEqual((plain.inertiaProps as { rateCardProviders: unknown[] }).rateCardProviders, [])
  })

  test('lists the demo team’s providers, each linking to its benchmarks', async ({
    client,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    const response = await client.get('/market-data').loginAs(analyst).withInertia()
    const providers = (response.inertiaProps as { providers: OverviewProvider[] }).providers
    const keys = providers.map((provider) => provider.providerKey)
    assert.include(keys, 'bloomberg')
    assert.isTrue(providers.some((provider) => provider.contractsInForce > 0))
    assert.isTrue(
      providers.every((provider) => provider.contracts >= provider.contractsInForce),
      'never more contracts in force than held'
    )
  })
})
