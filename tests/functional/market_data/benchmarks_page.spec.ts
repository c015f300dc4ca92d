import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { demoAnalystIn } from '#tests/helpers/market_data'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { MODULES } from '#shared/modules'

const analystIn = demoAnalystIn

test.group('Market data benchmarks page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('opens on Active & Upcoming; contracts and benchmarks come from the API', async ({
    client,
    assert,
  }) => {
    const analyst = await analystIn('Northbridge Asset Management')
    const response = await client.get('/market-data/bloomberg').loginAs(analyst).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('market_data/benchmarks')
    const props = response.inertiaProps as any
    assert.equal(props.tab, 'active-upcoming')
    assert.isNull(props.requestedContractId)
    // The first render carries no benchmarks (loaded by the page) nor documents (deferred).
    assert.notProperty(props, 'productBenchmarks')
    assert.notProperty(props, 'documents')
    assert.isAbove(props.exchangeRates.length, 0)
    for (const rate of props.exchangeRates) assert.property(rate, 'as_of')
  })

  test('a contract asked for must be one of the team’s with the provider', async ({
    client,
    assert,
  }) => {
    const analyst = await analystIn('Northbridge Asset Management')
    const mine = await db
      .from('contracts')
      .join('providers', 'providers.id', 'contracts.provider_id')
      .where({ 'contracts.team_id': analyst.currentTeamId!, 'providers.provider_key': 'bloomberg' })
      .select('contracts.id')
      .firstOrFail()
    const shown = await client
      .get(`/market-data/bloomberg?contract=${mine.id}`)
      .loginAs(analyst)
      .withInertia()
    assert.equal((shown.inertiaProps as any).requestedContractId, mine.id)
    const theirs = await db
      .from('contracts')
      .whereNot('team_id', analyst.currentTeamId!)
      .select('id')
      .firstOrFail()
    const refused = await client
      .get(`/market-data/bloomberg?contract=${theirs.id}`)
      .loginAs(analyst)
      .withInertia()
    refused.assertInertiaComponent('errors/not_found')
  })

  test('Active & Upcoming selects on the benchmark’s own period: a year that has ended is not active', async ({
    client,
    assert,
  }) => {
    const analyst = await analystIn('Northbridge Asset Management')
    const today = new Date().toISOString().slice(0, 10)
    const bloomberg = await db.from('providers').where('provider_key', 'bloomberg').firstOrFail()
    const response = await client
      .get(`/api/market-data/benchmarks/active-upcoming/${bloomberg.id}`)
      .loginAs(analyst)
    response.assertStatus(200)
    const rows = response.body().productBenchmarks as {
      id: number
      contract_id: number
      end_date: string
      source: string
      as_of: string
    }[]
    const [endedYear] = await db
      .from('product_benchmarks')
      .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
      .where('contracts.team_id', analyst.currentTeamId!)
      .where('contracts.provider_id', bloomberg.id)
      .where('contracts.end_date', '>=', today)
      .where('product_benchmarks.end_date', '<', today)
      .select('product_benchmarks.id', 'product_benchmarks.contract_id')
    assert.exists(endedYear, 'the demo has a benchmark year that ended inside a running contract')
    assert.isAbove(rows.length, 0)
    assert.isTrue(rows.every((row) => row.end_date >= today))
    assert.notInclude(
      rows.map((row) => row.id),
      endedYear.id
    )
    // The contract's own call has every year of it, the ended one too: the page filters.
    const contract = await client
      .get(`/api/market-data/benchmarks/contract/${endedYear.contract_id}`)
      .loginAs(analyst)
    assert.include(
      contract.body().productBenchmarks.map((row: { id: number }) => row.id),
      endedYear.id
    )
    // Every benchmark names its source and the day it was set.
    for (const row of rows) {
      assert.oneOf(row.source, ['regression', 'analyst'])
      assert.match(row.as_of, /^\d{4}-\d{2}-\d{2}$/)
    }
  })

  test('answers an unknown provider with the not-found page', async ({ client }) => {
    const analyst = await analystIn('Northbridge Asset Management')
    const response = await client.get('/market-data/no-such-vendor').loginAs(analyst).withInertia()
    response.assertInertiaComponent('errors/not_found')
  })

  test('shows only the current team data', async ({ client, assert }) => {
    const analyst = await analystIn('Helvetia Capital Partners')
    const bloomberg = await db.from('providers').where('provider_key', 'bloomberg').firstOrFail()
    const response = await client
      .get(`/api/market-data/benchmarks/active-upcoming/${bloomberg.id}`)
      .loginAs(analyst)
    const contracts = await db
      .from('contracts')
      .where('team_id', analyst.currentTeamId!)
      .select('id')
    const contractIds = contracts.map((row) => row.id)
    assert.isAbove(response.body().productBenchmarks.length, 0)
    assert.isTrue(
      response
        .body()
        .productBenchmarks.every((row: { contract_id: number }) =>
          contractIds.includes(row.contract_id)
        )
    )
    assert.equal(response.body().mostFrequentCurrency.code, 'CHF')
  })

  test('refuses a team without market data', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam({ modules: [MODULES.rsaBudgets] })] })
    const response = await client.get('/market-data/bloomberg').loginAs(user).withInertia()
    response.assertStatus(403)
  })
})

test.group('Market data scenario analysis page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a provider with overlapping contracts: one contract period, each product once', async ({
    client,
    assert,
  }) => {
    const analyst = await analystIn('Northbridge Asset Management')
    const today = new Date().toISOString().slice(0, 10)
    const bloomberg = await db.from('providers').where('provider_key', 'bloomberg').firstOrFail()
    const contracts = await db
      .from('contracts')
      .where({ team_id: analyst.currentTeamId!, provider_id: bloomberg.id })
      .orderBy('start_date', 'desc')
      .select('id', 'start_date', 'end_date')
    const running = await db
      .from('product_benchmarks')
      .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
      .where({ 'contracts.team_id': analyst.currentTeamId!, 'contracts.provider_id': bloomberg.id })
      .where('product_benchmarks.end_date', '>=', today)
      .select('product_benchmarks.product_id', 'product_benchmarks.contract_id')
    // The demo's overlap: the same products on several current and upcoming contracts.
    assert.isAbove(new Set(running.map((row) => row.contract_id)).size, 1)
    assert.isAbove(running.length, new Set(running.map((row) => row.product_id)).size)

    const page = async (query = '') => {
      const response = await client
        .get(`/market-data/bloomberg/scenario-analysis${query}`)
        .loginAs(analyst)
        .withInertia()
      response.assertStatus(200)
      return response.inertiaProps as any
    }
    const props = await page()
    // The contract in force today (the latest started of those running).
    const iso = (value: unknown) =>
      value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
    const inForce = contracts.find(
      (entry) => iso(entry.start_date) <= today && iso(entry.end_date) >= today
    )
    assert.equal(props.contractId, inForce.id)
    const onceEach = (
      rows: { contract_id: number; product: { id: number }; division: string }[]
    ) => {
      assert.isAbove(rows.length, 0)
      assert.isTrue(rows.every((row) => row.contract_id === rows[0].contract_id))
      const keys = rows.map((row) => `${row.product.id}|${row.division}`)
      assert.equal(new Set(keys).size, keys.length, 'each product once')
    }
    onceEach(props.productBenchmarks)
    assert.isTrue(
      props.productBenchmarks.every(
        (row: { start_date: string; end_date: string }) =>
          row.start_date <= props.periodStart && row.end_date >= props.periodStart
      )
    )
    // Every other contract and period is priced on its own, each product once.
    for (const contract of props.contracts) {
      const other = await page(`?contract=${contract.id}`)
      assert.equal(other.contractId, contract.id)
      onceEach(other.productBenchmarks)
      for (const period of other.periods) {
        const priced = await page(`?contract=${contract.id}&period=${period.start}`)
        onceEach(priced.productBenchmarks)
      }
    }
    // Another team's contract, or a period the contract does not have, is not found.
    const theirs = await db
      .from('contracts')
      .whereNot('team_id', analyst.currentTeamId!)
      .select('id')
      .firstOrFail()
    for (const query of [`?contract=${theirs.id}`, `?contract=${inForce.id}&period=1999-01-01`]) {
      const refused = await client
        .get(`/market-data/bloomberg/scenario-analysis${query}`)
        .loginAs(analyst)
        .withInertia()
      refused.assertInertiaComponent('errors/not_found')
    }
  })

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
