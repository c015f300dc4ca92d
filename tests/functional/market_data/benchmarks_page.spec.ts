import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { demoAnalystIn } from '#tests/helpers/market_data'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { MODULES } from '#shared/modules'

const analystIn = demoAnalystIn

test.group('Market data benchmarks page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows the provider benchmarks on Active & Upcoming by default', async ({
    client,
    assert,
  }) => {
    const analyst = await analystIn('Northbridge Asset Management')
    const response = await client.get('/market-data/bloomberg').loginAs(analyst).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('market_data/benchmarks')
    const props = response.inertiaProps as any
    assert.equal(props.tab, 'active-upcoming')
    assert.isAbove(props.productBenchmarks.length, 0)
    assert.equal(props.mostFrequentCurrency.code, 'GBP')
    assert.lengthOf(props.exchangeRates, 25)
  })

  test('filters by the chosen tab', async ({ client, assert }) => {
    const analyst = await analystIn('Northbridge Asset Management')
    const response = await client
      .get('/market-data/bloomberg?tab=recently-expired')
      .loginAs(analyst)
      .withInertia()
    const props = response.inertiaProps as any
    assert.equal(props.tab, 'recently-expired')
    const today = new Date().toISOString().slice(0, 10)
    assert.isTrue(
      props.productBenchmarks.every((row: { end_date: string }) => row.end_date < today)
    )
  })

  test('selects on the benchmark’s own period: a year that has ended is not active', async ({
    client,
    assert,
  }) => {
    const analyst = await analystIn('Northbridge Asset Management')
    const today = new Date().toISOString().slice(0, 10)
    const tabRows = async (tab: string) => {
      const response = await client
        .get(`/market-data/bloomberg?tab=${tab}`)
        .loginAs(analyst)
        .withInertia()
      return (response.inertiaProps as any).productBenchmarks as {
        id: number
        start_date: string
        end_date: string
      }[]
    }
    // The demo's running contract has an ended first year: it is in Recently Expired…
    const expired = await tabRows('recently-expired')
    const [endedYear] = await db
      .from('product_benchmarks')
      .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
      .where('contracts.team_id', analyst.currentTeamId!)
      .where('contracts.end_date', '>=', today)
      .where('product_benchmarks.end_date', '<', today)
      .select('product_benchmarks.id')
    assert.exists(endedYear, 'the demo has a benchmark year that ended inside a running contract')
    // …and not in Active & Upcoming nor, for the totals, anywhere it would count as current.
    for (const tab of ['active-upcoming', 'expiring-soon']) {
      const rows = await tabRows(tab)
      assert.isTrue(
        rows.every((row) => row.end_date >= today),
        tab
      )
      assert.notInclude(
        rows.map((row) => row.id),
        endedYear.id,
        tab
      )
    }
    const year = today.slice(0, 4)
    const activeYear = await tabRows('active-year')
    assert.isTrue(
      activeYear.every(
        (row) => row.end_date >= `${year}-01-01` && row.start_date <= `${year}-12-31`
      )
    )
    assert.isAbove(expired.length, 0)
  })

  test('answers an unknown provider with the not-found page', async ({ client }) => {
    const analyst = await analystIn('Northbridge Asset Management')
    const response = await client.get('/market-data/no-such-vendor').loginAs(analyst).withInertia()
    response.assertInertiaComponent('errors/not_found')
  })

  test('shows only the current team data', async ({ client, assert }) => {
    const analyst = await analystIn('Helvetia Capital Partners')
    const response = await client.get('/market-data/bloomberg').loginAs(analyst).withInertia()
    const props = response.inertiaProps as any
    const helvetia = await db
      .from('teams')
      .where('name', 'Helvetia Capital Partners')
      .select('id')
      .firstOrFail()
    const contracts = await db.from('contracts').where('team_id', helvetia.id).select('id')
    const contractIds = contracts.map((row) => row.id)
    assert.isTrue(
      props.productBenchmarks.every((row: { contract_id: number }) =>
        contractIds.includes(row.contract_id)
      )
    )
    assert.equal(props.mostFrequentCurrency.code, 'CHF')
  })

  test('refuses a team without market data', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam({ modules: [MODULES.rsaBudgets] })] })
    const response = await client.get('/market-data/bloomberg').loginAs(user).withInertia()
    response.assertStatus(403)
  })
})

test.group('Market data scenario analysis page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('carries the regression for every benchmark it re-prices', async ({ client, assert }) => {
    const analyst = await analystIn('Northbridge Asset Management')
    const response = await client
      .get('/market-data/bloomberg/scenario-analysis')
      .loginAs(analyst)
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('market_data/scenario_analysis')
    const props = response.inertiaProps as any
    assert.isAbove(props.productBenchmarks.length, 0)
    for (const row of props.productBenchmarks) {
      assert.property(props.regressions, `${row.product.id}:${row.contract.license_type_id}`)
    }
  })

  test('refuses a team without market data', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam({ modules: [MODULES.rsaBudgets] })] })
    const response = await client
      .get('/market-data/bloomberg/scenario-analysis')
      .loginAs(user)
      .withInertia()
    response.assertStatus(403)
  })
})
