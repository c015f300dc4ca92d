import { test } from '@japa/runner'
import { MODULES } from '#shared/modules'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { demoAnalystIn, teamId } from '#tests/helpers/market_data'

async function universe() {
  const analyst = await demoAnalystIn('Northbridge Asset Management')
  const provider = async (key: string) =>
    db.from('providers').where('provider_key', key).select('id').firstOrFail()
  const northbridge = { id: await teamId('Northbridge Asset Management') }
  const helvetia = { id: await teamId('Helvetia Capital Partners') }
  return { analyst, northbridge, helvetia, provider }
}

test.group('Market data API', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists the team active and inactive providers', async ({ client, assert }) => {
    const { analyst } = await universe()
    const active = await client.get('/api/market-data/active-providers').loginAs(analyst)
    active.assertStatus(200)
    assert.deepEqual(
      active.body().providers.map((p: { provider_key: string }) => p.provider_key),
      ['bloomberg', 'factset', 'lseg', 'msci']
    )
    const inactive = await client.get('/api/market-data/inactive-providers').loginAs(analyst)
    assert.deepEqual(
      inactive.body().providers.map((p: { provider_key: string }) => p.provider_key),
      ['ice']
    )
  })

  test('returns active and upcoming benchmarks in the spec shape with the most frequent currency', async ({
    client,
    assert,
  }) => {
    const { analyst, provider } = await universe()
    const bloomberg = await provider('bloomberg')
    const response = await client
      .get(`/api/market-data/benchmarks/active-upcoming/${bloomberg.id}`)
      .loginAs(analyst)
    response.assertStatus(200)
    const { productBenchmarks, mostFrequentCurrency } = response.body()
    assert.isAbove(productBenchmarks.length, 0)
    const first = productBenchmarks[0]
    assert.properties(first, [
      'id',
      'contract_id',
      'product',
      'division',
      'start_date',
      'end_date',
      'payment',
      'benchmark_price',
      'benchmark_difference',
      'currency_id',
      'drivers',
      'sub_product_benchmarks',
      'contract',
    ])
    assert.properties(first.product, ['id', 'name', 'product_type_id'])
    assert.properties(first.contract, ['license_type_id', 'license_type'])
    assert.properties(first.drivers[0], ['id', 'name', 'is_numeric', 'driver_options', 'pivot'])
    assert.properties(first.drivers[0].pivot, ['value', 'driver_option_id', 'has_note'])
    assert.equal(first.benchmark_difference, first.payment - first.benchmark_price)
    const today = new Date().toISOString().slice(0, 10)
    assert.isTrue(productBenchmarks.every((row: { end_date: string }) => row.end_date >= today))
    assert.equal(mostFrequentCurrency.code, 'GBP')
    assert.isTrue(
      productBenchmarks.some(
        (row: { sub_product_benchmarks: unknown[] }) => row.sub_product_benchmarks.length > 0
      )
    )
  })

  test('lists the team contracts with a provider and their benchmarks', async ({
    client,
    assert,
  }) => {
    const { analyst, provider } = await universe()
    const bloomberg = await provider('bloomberg')
    const contracts = await client
      .get(`/api/market-data/contracts/${bloomberg.id}`)
      .loginAs(analyst)
    contracts.assertStatus(200)
    const list = contracts.body().contracts
    assert.lengthOf(list, 5)
    const response = await client
      .get(`/api/market-data/benchmarks/contract/${list[0].id}`)
      .loginAs(analyst)
    response.assertStatus(200)
    assert.isTrue(
      response
        .body()
        .productBenchmarks.every((row: { contract_id: number }) => row.contract_id === list[0].id)
    )
  })

  test('a contract’s own provider type decides the module, whatever the query says', async ({
    client,
    assert,
  }) => {
    const { analyst, provider } = await universe()
    const bloomberg = await provider('bloomberg')
    const [contract] = await db
      .from('contracts')
      .where({ provider_id: bloomberg.id, team_id: analyst.currentTeamId! })
      .select('id')
    // The team holds alternative data but no market data contracts.
    const marketData = await db
      .from('modules')
      .where('internal_name', MODULES.marketDataContracts)
      .firstOrFail()
    const alternative = await db
      .from('modules')
      .where('internal_name', MODULES.alternativeData)
      .firstOrFail()
    await db
      .from('team_modules')
      .where({ team_id: analyst.currentTeamId!, module_id: marketData.id })
      .delete()
    // (Northbridge has no alternative data of its own.)
    await db.table('team_modules').insert({
      team_id: analyst.currentTeamId!,
      module_id: alternative.id,
      created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
    })
    for (const query of ['', '?providerTypeKey=alternative_data']) {
      const response = await client
        .get(`/api/market-data/benchmarks/contract/${contract.id}${query}`)
        .loginAs(analyst)
      response.assertStatus(403)
      assert.notProperty(response.body(), 'productBenchmarks')
    }
  })

  test('answers 404 for another team contract, never its data', async ({ client }) => {
    const { analyst, helvetia } = await universe()
    const theirs = await db
      .from('contracts')
      .where('team_id', helvetia.id)
      .select('id')
      .firstOrFail()
    const response = await client
      .get(`/api/market-data/benchmarks/contract/${theirs.id}`)
      .loginAs(analyst)
    response.assertStatus(404)
    response.assertBody({ message: 'Not found', requestId: response.header('x-request-id') })
  })

  test('answers 404 for unknown provider and contract ids', async ({ client }) => {
    const { analyst } = await universe()
    for (const path of [
      '/api/market-data/benchmarks/active-upcoming/999999',
      '/api/market-data/contracts/999999',
      '/api/market-data/benchmarks/contract/999999',
    ]) {
      const response = await client.get(path).loginAs(analyst)
      response.assertStatus(404)
    }
  })

  test('shows alternative data only to a team holding the module', async ({ client, assert }) => {
    const { analyst, helvetia } = await universe()
    const refused = await client
      .get('/api/market-data/active-providers?providerTypeKey=alternative_data')
      .loginAs(analyst)
    refused.assertStatus(403)

    analyst.currentTeamId = helvetia.id
    await analyst.save()
    const allowed = await client
      .get('/api/market-data/active-providers?providerTypeKey=alternative_data')
      .loginAs(analyst)
    allowed.assertStatus(200)
    assert.deepEqual(
      allowed.body().providers.map((p: { provider_key: string }) => p.provider_key),
      ['ravenpack', 'yipitdata']
    )
  })

  test('refuses a team without market data with 403', async ({ client }) => {
    const { analyst } = await universe()
    const pacific = await db
      .from('teams')
      .where('name', 'Pacific Crest Investors')
      .select('id')
      .firstOrFail()
    analyst.currentTeamId = pacific.id
    await analyst.save()
    for (const path of ['/api/market-data/active-providers', '/api/market-data/contracts/1']) {
      const response = await client.get(path).loginAs(analyst)
      response.assertStatus(403)
    }
  })

  test('rejects an unknown provider type', async ({ client }) => {
    const { analyst } = await universe()
    const response = await client
      .get('/api/market-data/active-providers?providerTypeKey=crypto')
      .loginAs(analyst)
    response.assertStatus(422)
  })

  test('refuses signed-out callers', async ({ client }) => {
    const response = await client
      .get('/api/market-data/active-providers')
      .header('X-Requested-With', 'XMLHttpRequest')
    response.assertStatus(401)
  })
})

test.group('POST /api/market-data/product-categories/{providerKey}', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("returns the provider's tree with the team's benchmarks under each product", async ({
    client,
    assert,
  }) => {
    const { analyst } = await universe()
    const response = await client
      .post('/api/market-data/product-categories/bloomberg')
      .loginAs(analyst)
      .withCsrfToken()
      .json({ tab: 'active-upcoming' })
    response.assertStatus(200)
    const { categories, mostFrequentCurrency } = response.body()
    assert.deepEqual(
      categories.map((category: { name: string }) => category.name),
      ['Desktop', 'Enterprise data', 'Indices']
    )
    const products = categories.flatMap((category: any) =>
      category.types.flatMap((type: any) => type.products)
    )
    assert.sameMembers(
      products.map((product: { name: string }) => product.name),
      [
        'Bloomberg Terminal',
        'Bloomberg Anywhere',
        'B-PIPE',
        'Data License',
        'Bloomberg Global Aggregate Index',
      ]
    )
    assert.isTrue(products.every((product: any) => product.productBenchmarks.length > 0))
    assert.equal(mostFrequentCurrency.code, 'GBP')
  })

  test('filters by a contract of the team, and 404s for another team contract', async ({
    client,
    assert,
  }) => {
    const { analyst, northbridge, helvetia } = await universe()
    const ours = await db
      .from('contracts')
      .where('team_id', northbridge.id)
      .select('id')
      .firstOrFail()
    const response = await client
      .post('/api/market-data/product-categories/bloomberg')
      .loginAs(analyst)
      .withCsrfToken()
      .json({ contractId: ours.id })
    response.assertStatus(200)
    const benchmarks = response
      .body()
      .categories.flatMap((category: any) => category.types.flatMap((type: any) => type.products))
      .flatMap((product: any) => product.productBenchmarks)
    assert.isTrue(benchmarks.every((row: { contract_id: number }) => row.contract_id === ours.id))

    const theirs = await db
      .from('contracts')
      .where('team_id', helvetia.id)
      .select('id')
      .firstOrFail()
    const refused = await client
      .post('/api/market-data/product-categories/bloomberg')
      .loginAs(analyst)
      .withCsrfToken()
      .json({ contractId: theirs.id })
    refused.assertStatus(404)
  })

  test('404s for an unknown provider and 422s for an unknown tab', async ({ client }) => {
    const { analyst } = await universe()
    const unknown = await client
      .post('/api/market-data/product-categories/nobody')
      .loginAs(analyst)
      .withCsrfToken()
      .json({})
    unknown.assertStatus(404)
    const badTab = await client
      .post('/api/market-data/product-categories/bloomberg')
      .loginAs(analyst)
      .withCsrfToken()
      .json({ tab: 'forever' })
    badTab.assertStatus(422)
  })
})
