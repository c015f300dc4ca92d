import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import {
  addBenchmarks,
  daysFromToday,
  makeContract,
  makeProvider,
} from '#tests/helpers/market_data_fixtures'
import { queryCountOf } from '#tests/helpers/query_count'
import { marketDataVersion } from '#services/market_data/cache'
import {
  DATA_VERSION_TABLES,
  versionTriggerNames,
  type DataArea,
} from '#services/cache/data_versions'
import { ALL_MODULES } from '#shared/modules'

async function world() {
  const team = await makeTeam({ modules: ALL_MODULES })
  const member = await makeUser({ teams: [team] })
  const provider = await makeProvider({ products: 2 })
  const contract = await makeContract(team.id, provider, { startDays: -30, endDays: 300 })
  const [benchmarkId] = contract.benchmarkIds
  return { team, member, provider, contract, benchmarkId }
}

type Row = { id: number; payment: number | null; product: { name: string } }

test.group('Market data figures in the cache', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every table of each area replaces its version when it is written', async ({ assert }) => {
    const dialect = db.connection().dialect.name
    const listed =
      dialect === 'postgres'
        ? await db.rawQuery(
            `SELECT DISTINCT trigger_name AS name FROM information_schema.triggers
             WHERE trigger_name LIKE 'data_version_%'`
          )
        : null
    const names = new Set<string>(
      (listed
        ? listed.rows
        : await db.from('sqlite_master').where('type', 'trigger').select('name')
      ).map((row: { name: string }) => row.name)
    )
    for (const [area, tables] of Object.entries(DATA_VERSION_TABLES)) {
      for (const table of tables) {
        for (const name of versionTriggerNames(area as DataArea, table, dialect)) {
          assert.isTrue(names.has(name), `${table} has no trigger ${name} for ${area}`)
        }
      }
    }

    const before = await marketDataVersion()
    await db.from('currencies').where('code', 'GBP').update({ name: 'Pound sterling' })
    const after = await marketDataVersion()
    assert.notEqual(after, before)
  })

  test('a repeat reads the figures from the cache: only the version', async ({
    client,
    assert,
  }) => {
    const { member, provider } = await world()
    const first = await client.get(`/market-data/${provider.key}`).loginAs(member).withInertia()
    first.assertStatus(200)
    const second = await client.get(`/market-data/${provider.key}`).loginAs(member).withInertia()
    second.assertStatus(200)
    assert.deepEqual(second.inertiaProps, first.inertiaProps)
    assert.isAbove(queryCountOf(first), 1)
    assert.equal(queryCountOf(second), 1)
    // The benchmarks the page loads.
    const url = `/api/market-data/benchmarks/active-upcoming/${provider.id}`
    const cold = await client.get(url).loginAs(member)
    const warm = await client.get(url).loginAs(member)
    assert.deepEqual(warm.body(), cold.body())
    assert.isAbove(queryCountOf(cold), 1)
    // The version and the provider's type (checked on every call).
    assert.equal(queryCountOf(warm), 2)
  })

  test('any write to the tables shows on the next request, whoever makes it', async ({
    client,
    assert,
  }) => {
    const { member, provider, contract, benchmarkId } = await world()
    const page = async () => {
      const response = await client
        .get(`/market-data/${provider.key}`)
        .loginAs(member)
        .withInertia()
      response.assertStatus(200)
      return response.inertiaProps as {
        provider: { name: string }
        exchangeRates: { from_currency_id: number; exchange_rate: number }[]
      }
    }
    const rows = async () => {
      const response = await client
        .get(`/api/market-data/benchmarks/active-upcoming/${provider.id}`)
        .loginAs(member)
      response.assertStatus(200)
      return response.body().productBenchmarks as Row[]
    }
    const paymentShown = async () => {
      const shown = await rows()
      return shown.find((row) => row.id === benchmarkId)!.payment
    }
    assert.equal(await paymentShown(), 52_000)

    await db.from('product_benchmarks').where('id', benchmarkId).update({ payment: 61_000 })
    assert.equal(await paymentShown(), 61_000)

    await db.from('providers').where('id', provider.id).update({ name: 'Renamed Vendor' })
    const renamed = await page()
    assert.equal(renamed.provider.name, 'Renamed Vendor')

    const rate = await db.from('exchange_rates').orderBy('id').first()
    await db
      .from('exchange_rates')
      .where('id', rate.id)
      .update({ exchange_rate: Number(rate.exchange_rate) + 1 })
    const rated = await page()
    assert.include(
      rated.exchangeRates.map((entry) => entry.exchange_rate),
      Number(rate.exchange_rate) + 1
    )

    await db.from('product_benchmark_drivers').where('product_benchmark_id', benchmarkId).delete()
    await db.from('sub_product_benchmarks').where('product_benchmark_id', benchmarkId).delete()
    await db.from('product_benchmarks').where('contract_id', contract.id).delete()
    assert.lengthOf(await rows(), 0)
  })

  test("a team's figures are kept apart from another team's with the same provider", async ({
    client,
    assert,
  }) => {
    const { member, provider } = await world()
    const otherTeam = await makeTeam({ modules: ALL_MODULES })
    const otherMember = await makeUser({ teams: [otherTeam] })
    const otherContract = await makeContract(otherTeam.id, provider, {
      startDays: -30,
      endDays: 300,
    })
    await addBenchmarks(otherContract.id, provider, provider.productIds.slice(0, 1), {
      start: daysFromToday(-30),
      end: daysFromToday(300),
    })
    const url = `/api/market-data/benchmarks/active-upcoming/${provider.id}`
    const ours = await client.get(url).loginAs(member)
    const theirs = await client.get(url).loginAs(otherMember)
    const ids = (response: typeof ours) =>
      (response.body().productBenchmarks as Row[]).map((row) => row.id)
    assert.lengthOf(ids(ours), 2)
    // Their contract's own two benchmarks and the one added.
    assert.lengthOf(ids(theirs), 3)
    assert.notIncludeMembers(ids(ours), ids(theirs))
  })
})
