import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { teamId } from '#tests/helpers/market_data'
import { makeContract, makeProvider } from '#tests/helpers/market_data_fixtures'
import { BENCHMARK_MESSAGES } from '#shared/benchmark_validation'
import { productBenchmarks } from '#services/market_data/benchmarks'
import { driverText } from '#shared/driver_text'

const mdAdmin = () => makeUser({ isAdministrator: true, roles: ['Market data administrator'] })

/** A Northbridge Bloomberg contract with its product benchmarks, and what a save needs. */
async function fixture() {
  await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
  const northbridge = await teamId('Northbridge Asset Management')
  const contract = await db
    .from('contracts')
    .join('providers', 'providers.id', 'contracts.provider_id')
    .where({ 'contracts.team_id': northbridge, 'providers.provider_key': 'bloomberg' })
    .orderBy('contracts.start_date', 'desc')
    .select('contracts.id', 'contracts.provider_id', 'contracts.end_date')
    .firstOrFail()
  const product = await db
    .from('provider_products')
    .where('provider_id', contract.provider_id)
    .orderBy('id')
    .firstOrFail()
  const drivers = await db
    .from('drivers')
    .where('provider_id', contract.provider_id)
    .select('id', 'is_numeric')
  const option = await db
    .from('driver_options')
    .whereIn(
      'driver_id',
      drivers.filter((driver) => !driver.is_numeric).map((driver) => driver.id)
    )
    .firstOrFail()
  const gbp = await db.from('currencies').where('code', 'GBP').select('id').firstOrFail()
  const payload = {
    contract_id: contract.id as number,
    product_id: product.id as number,
    division: 'Risk',
    start_date: '2030-01-02',
    end_date: '2031-01-01',
    payment: 120000,
    benchmark_price: '110000.50',
    currency_id: gbp.id as number,
    drivers: drivers.map((driver) =>
      driver.is_numeric
        ? { id: driver.id, pivot: { value: 12, driver_option_id: null, has_note: false } }
        : { id: driver.id, pivot: { value: null, driver_option_id: option.id, has_note: true } }
    ),
    sub_product_benchmarks: [
      { uuid: 'a1', name: 'Pricing', benchmark_price: 5000, currency_id: gbp.id as number },
    ],
  }
  return { contract, product, payload, gbp }
}

async function counts() {
  const [benchmarks, subs, pivots, audits] = await Promise.all(
    ['product_benchmarks', 'sub_product_benchmarks', 'product_benchmark_drivers', 'audit_logs'].map(
      async (table) => {
        const row = await db.from(table).count('* as total').firstOrFail()
        return Number(row.total)
      }
    )
  )
  return { benchmarks, subs, pivots, audits }
}

test.group('Admin market data API: access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // Seeding the demo universe takes seconds on PostgreSQL, many more on a loaded machine.
  group.each.timeout(90_000)

  const calls = [
    ['get', '/api/admin/market-data/contract/1/product-benchmarks'],
    ['post', '/api/admin/market-data/product-benchmark/store'],
    ['post', '/api/admin/market-data/product-benchmark/update/1'],
    ['post', '/api/admin/market-data/product-benchmark/destroy/1'],
    ['post', '/api/admin/market-data/sub-product-benchmark/destroy/1'],
  ] as const

  test('refuses client users and administrators without the market data permission', async ({
    client,
  }) => {
    const clientUser = await makeUser({ teams: [await makeTeam()] })
    const servicesAdmin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    for (const user of [clientUser, servicesAdmin]) {
      for (const [method, url] of calls) {
        const response =
          method === 'post'
            ? await client.post(url).loginAs(user).withCsrfToken().json({})
            : await client.get(url).loginAs(user).header('accept', 'application/json')
        response.assertStatus(403)
      }
    }
  })

  test('refuses the wizard pages to administrators without the permission', async ({ client }) => {
    const servicesAdmin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    for (const url of ['/admin/market-data', '/admin/market-data/teams/1']) {
      const response = await client.get(url).loginAs(servicesAdmin).withInertia()
      response.assertStatus(403)
    }
  })
})

test.group('Admin market data API: product benchmarks', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // Seeding the demo universe takes seconds on PostgreSQL, many more on a loaded machine.
  group.each.timeout(90_000)

  test('lists a contract product benchmarks in the spec shape', async ({ client, assert }) => {
    const { contract } = await fixture()
    const response = await client
      .get(`/api/admin/market-data/contract/${contract.id}/product-benchmarks`)
      .loginAs(await mdAdmin())
    response.assertStatus(200)
    const [first] = response.body().product_benchmarks
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
    assert.isTrue(
      response.body().product_benchmarks.every((row: any) => row.contract_id === contract.id)
    )
    const unknown = await client
      .get('/api/admin/market-data/contract/999999/product-benchmarks')
      .loginAs(await mdAdmin())
    unknown.assertStatus(404)
  })

  test('stores a product benchmark with its drivers and sub products, audited', async ({
    client,
    assert,
  }) => {
    const { payload } = await fixture()
    const admin = await mdAdmin()
    const before = await counts()
    const response = await client
      .post('/api/admin/market-data/product-benchmark/store')
      .loginAs(admin)
      .withCsrfToken()
      .json(payload)
    response.assertStatus(200)
    const saved = response.body().product_benchmark
    assert.equal(saved.payment, 120000)
    assert.equal(saved.benchmark_price, 110000.5)
    assert.equal(saved.start_date, '2030-01-02')
    assert.lengthOf(saved.sub_product_benchmarks, 1)
    assert.lengthOf(saved.drivers, payload.drivers.length)
    assert.isTrue(saved.drivers.some((driver: any) => driver.pivot.has_note))

    const after = await counts()
    assert.deepEqual(after, {
      benchmarks: before.benchmarks + 1,
      subs: before.subs + 1,
      pivots: before.pivots + payload.drivers.length,
      audits: before.audits + 1,
    })
    const entry = await db.from('audit_logs').orderBy('id', 'desc').firstOrFail()
    assert.equal(entry.user_id, admin.id)
    assert.equal(entry.action, 'create')
    assert.equal(entry.entity_id, saved.id)
    assert.equal(JSON.parse(entry.after).payment, 120000)
  })

  test('rejects each invalid payload of the rules with field errors and writes nothing', async ({
    client,
    assert,
  }) => {
    const { payload, contract } = await fixture()
    const admin = await mdAdmin()
    const before = await counts()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ product_id: null }, 'product_id', BENCHMARK_MESSAGES.product],
      [{ payment: 'twelve' }, 'payment', BENCHMARK_MESSAGES.payment],
      [{ payment: null }, 'payment', BENCHMARK_MESSAGES.payment],
      [{ benchmark_price: '' }, 'benchmark_price', BENCHMARK_MESSAGES.benchmarkPrice],
      [{ currency_id: null }, 'currency_id', BENCHMARK_MESSAGES.currency],
      [{ end_date: '2029-01-01' }, 'end_date', BENCHMARK_MESSAGES.endDate],
      [
        {
          sub_product_benchmarks: [
            { name: '  ', benchmark_price: 10, currency_id: payload.currency_id },
          ],
        },
        'sub_product_benchmarks.0.name',
        BENCHMARK_MESSAGES.subName,
      ],
      [
        {
          sub_product_benchmarks: [
            { name: 'Pricing', benchmark_price: 10.5, currency_id: payload.currency_id },
          ],
        },
        'sub_product_benchmarks.0.benchmark_price',
        BENCHMARK_MESSAGES.subPrice,
      ],
      [
        {
          sub_product_benchmarks: [
            { name: 'Pricing', benchmark_price: 'abc', currency_id: payload.currency_id },
          ],
        },
        'sub_product_benchmarks.0.benchmark_price',
        BENCHMARK_MESSAGES.subPrice,
      ],
      [
        { sub_product_benchmarks: [{ name: 'Pricing', benchmark_price: 10, currency_id: null }] },
        'sub_product_benchmarks.0.currency_id',
        BENCHMARK_MESSAGES.subCurrency,
      ],
    ]
    for (const [change, field, message] of cases) {
      const response = await client
        .post('/api/admin/market-data/product-benchmark/store')
        .loginAs(admin)
        .withCsrfToken()
        .json({ ...payload, ...change })
      assert.equal(response.status(), 422, JSON.stringify(change))
      const errors = response.body().errors as { field: string; message: string }[]
      assert.deepInclude(
        errors.map((error) => ({ field: error.field, message: error.message })),
        { field, message },
        JSON.stringify(change)
      )
    }
    // A product of another provider is no product of this contract.
    const foreign = await db
      .from('provider_products')
      .whereNot('provider_id', contract.provider_id)
      .firstOrFail()
    {
      const response = await client
        .post('/api/admin/market-data/product-benchmark/store')
        .loginAs(admin)
        .withCsrfToken()
        .json({ ...payload, product_id: foreign.id })
      response.assertStatus(422)
    }
    assert.deepEqual(await counts(), before)
  })

  test('updates a product benchmark and its sub products; destroys both with their ids', async ({
    client,
    assert,
  }) => {
    const { payload } = await fixture()
    const admin = await mdAdmin()
    const stored = await client
      .post('/api/admin/market-data/product-benchmark/store')
      .loginAs(admin)
      .withCsrfToken()
      .json(payload)
    const saved = stored.body().product_benchmark
    const sub = saved.sub_product_benchmarks[0]

    const updated = await client
      .post(`/api/admin/market-data/product-benchmark/update/${saved.id}`)
      .loginAs(admin)
      .withCsrfToken()
      .json({
        ...payload,
        payment: 99000,
        sub_product_benchmarks: [
          {
            id: sub.id,
            name: 'Pricing feed',
            benchmark_price: 6000,
            currency_id: payload.currency_id,
          },
          {
            uuid: 'b2',
            name: 'Reference data',
            benchmark_price: 3000,
            currency_id: payload.currency_id,
          },
        ],
      })
    updated.assertStatus(200)
    const body = updated.body().product_benchmark
    assert.equal(body.payment, 99000)
    assert.sameMembers(
      body.sub_product_benchmarks.map((entry: any) => entry.name),
      ['Pricing feed', 'Reference data']
    )
    const audit = await db.from('audit_logs').orderBy('id', 'desc').firstOrFail()
    assert.equal(audit.action, 'update')
    assert.equal(JSON.parse(audit.before).payment, 120000)
    assert.equal(JSON.parse(audit.after).payment, 99000)

    const subDeleted = await client
      .post(`/api/admin/market-data/sub-product-benchmark/destroy/${sub.id}`)
      .loginAs(admin)
      .withCsrfToken()
    subDeleted.assertStatus(200)
    subDeleted.assertBody({ id: sub.id })

    const deleted = await client
      .post(`/api/admin/market-data/product-benchmark/destroy/${saved.id}`)
      .loginAs(admin)
      .withCsrfToken()
    deleted.assertBody({ id: saved.id })
    assert.isNull(await db.from('product_benchmarks').where('id', saved.id).first())
    assert.isNull(
      await db.from('sub_product_benchmarks').where('product_benchmark_id', saved.id).first()
    )

    const again = await client
      .post(`/api/admin/market-data/product-benchmark/destroy/${saved.id}`)
      .loginAs(admin)
      .withCsrfToken()
    again.assertStatus(404)
  })

  test('a sub product removed in the editor is deleted with the save, and only its own', async ({
    client,
    assert,
  }) => {
    const { payload } = await fixture()
    const admin = await mdAdmin()
    const stored = await client
      .post('/api/admin/market-data/product-benchmark/store')
      .loginAs(admin)
      .withCsrfToken()
      .json({
        ...payload,
        sub_product_benchmarks: [
          ...payload.sub_product_benchmarks,
          { uuid: 'b2', name: 'History', benchmark_price: 700, currency_id: payload.currency_id },
        ],
      })
    const saved = stored.body().product_benchmark
    const [pricing, history] = saved.sub_product_benchmarks
    const url = `/api/admin/market-data/product-benchmark/update/${saved.id}`
    const keep = [
      { id: pricing.id, name: 'Pricing', benchmark_price: 5000, currency_id: payload.currency_id },
    ]

    // Another benchmark's sub product: refused, nothing deleted.
    const other = await db
      .from('sub_product_benchmarks')
      .whereNot('product_benchmark_id', saved.id)
      .firstOrFail()
    const refused = await client
      .post(url)
      .loginAs(admin)
      .withCsrfToken()
      .json({
        ...payload,
        sub_product_benchmarks: keep,
        removed_sub_product_benchmark_ids: [history.id, other.id],
      })
    refused.assertStatus(422)
    assert.isNotNull(await db.from('sub_product_benchmarks').where('id', history.id).first())
    assert.isNotNull(await db.from('sub_product_benchmarks').where('id', other.id).first())

    const updated = await client
      .post(url)
      .loginAs(admin)
      .withCsrfToken()
      .json({
        ...payload,
        sub_product_benchmarks: keep,
        removed_sub_product_benchmark_ids: [history.id],
      })
    updated.assertStatus(200)
    assert.deepEqual(
      updated.body().product_benchmark.sub_product_benchmarks.map((sub: any) => sub.name),
      ['Pricing']
    )
    assert.isNull(await db.from('sub_product_benchmarks').where('id', history.id).first())
  })
})

test.group('Admin market data wizard pages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // Seeding the demo universe takes seconds on PostgreSQL, many more on a loaded machine.
  group.each.timeout(90_000)

  test('lists every team with its currency and contract count, none for a team without any', async ({
    client,
    assert,
  }) => {
    const busy = await makeTeam({ name: 'Busy Capital', currencyCode: 'USD' })
    const quiet = await makeTeam({ name: 'Quiet Capital' })
    const provider = await makeProvider()
    for (let index = 0; index < 3; index++) await makeContract(busy.id, provider)
    const page = await client
      .get('/admin/market-data')
      .loginAs(await mdAdmin())
      .withInertia()
    const teams = (page.inertiaProps as any).teams as {
      id: number
      name: string
      currency: string | null
      contracts: number
    }[]
    const rows = await db.from('teams').select('id')
    assert.lengthOf(teams, rows.length)
    assert.deepEqual(
      teams.map((team) => team.name),
      teams.map((team) => team.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    )
    assert.deepInclude(teams, { id: busy.id, name: 'Busy Capital', currency: 'USD', contracts: 3 })
    assert.deepInclude(teams, {
      id: quiet.id,
      name: 'Quiet Capital',
      currency: 'GBP',
      contracts: 0,
    })
  })

  test('walks team → provider → contract, each step its own URL', async ({ client, assert }) => {
    const { contract } = await fixture()
    const admin = await mdAdmin()
    const teams = await client.get('/admin/market-data').loginAs(admin).withInertia()
    teams.assertInertiaComponent('admin/market_data/teams')
    const northbridge = (teams.inertiaProps as any).teams.find(
      (team: any) => team.name === 'Northbridge Asset Management'
    )
    assert.isAbove(northbridge.contracts, 0)

    const providers = await client
      .get(`/admin/market-data/teams/${northbridge.id}`)
      .loginAs(admin)
      .withInertia()
    providers.assertInertiaComponent('admin/market_data/providers')
    assert.equal((providers.inertiaProps as any).providers[0].contracts > 0, true)

    const contracts = await client
      .get(`/admin/market-data/teams/${northbridge.id}/providers/bloomberg`)
      .loginAs(admin)
      .withInertia()
    contracts.assertInertiaComponent('admin/market_data/provider')
    assert.isNull((contracts.inertiaProps as any).contract)
    assert.isAbove((contracts.inertiaProps as any).contracts.length, 0)

    const editor = await client
      .get(`/admin/market-data/teams/${northbridge.id}/providers/bloomberg?contract=${contract.id}`)
      .loginAs(admin)
      .withInertia()
    const props = editor.inertiaProps as any
    assert.equal(props.contract.id, contract.id)
    assert.isAbove(props.catalogue.products.length, 0)

    // A contract of another team is not opened under this team: the list, with a message.
    const helvetia = await teamId('Helvetia Capital Partners')
    const foreign = await client
      .get(`/admin/market-data/teams/${helvetia}/providers/bloomberg?contract=${contract.id}`)
      .loginAs(admin)
      .withInertia()
    foreign.assertStatus(200)
    assert.isNull((foreign.inertiaProps as any).contract)
    assert.isNull((foreign.inertiaProps as any).catalogue)
    assert.include((foreign.inertiaProps as any).notice, 'is not one of Helvetia Capital Partners')
  })
})

test.group('Admin market data API: sub product drivers', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // Seeding the demo universe takes seconds on PostgreSQL, many more on a loaded machine.
  group.each.timeout(90_000)

  test('a sub product keeps its own driver values, shown to the client and audited', async ({
    client,
    assert,
  }) => {
    const { payload, contract } = await fixture()
    const admin = await mdAdmin()
    const [numeric, withOptions] = [
      payload.drivers.find((driver) => driver.pivot.driver_option_id === null)!,
      payload.drivers.find((driver) => driver.pivot.driver_option_id !== null)!,
    ]
    const withDrivers = {
      ...payload,
      sub_product_benchmarks: [
        {
          ...payload.sub_product_benchmarks[0],
          drivers: [
            { id: numeric.id, pivot: { value: 3, driver_option_id: null } },
            { id: withOptions.id, pivot: { value: null, driver_option_id: null } },
          ],
        },
      ],
    }
    const stored = await client
      .post('/api/admin/market-data/product-benchmark/store')
      .loginAs(admin)
      .withCsrfToken()
      .json(withDrivers)
    stored.assertStatus(200)
    const saved = stored.body().product_benchmark
    const [sub] = saved.sub_product_benchmarks
    // The driver without a value or option says nothing and is not kept.
    assert.deepEqual(
      sub.drivers.map((driver: any) => [driver.id, driver.pivot.value]),
      [[numeric.id, 3]]
    )
    const created = await db.from('audit_logs').orderBy('id', 'desc').firstOrFail()
    // Decimal columns read back as text on PostgreSQL.
    assert.deepEqual(
      JSON.parse(created.after).sub_product_benchmarks[0].drivers.map((driver: any) => ({
        ...driver,
        value: Number(driver.value),
      })),
      [{ driver_id: numeric.id, value: 3, driver_option_id: null }]
    )

    // Changing only a sub product's driver is a change: saved and audited.
    const changed = await client
      .post(`/api/admin/market-data/product-benchmark/update/${saved.id}`)
      .loginAs(admin)
      .withCsrfToken()
      .json({
        ...payload,
        sub_product_benchmarks: [
          {
            id: sub.id,
            name: sub.name,
            benchmark_price: sub.benchmark_price,
            currency_id: sub.currency.id,
            drivers: [
              { id: numeric.id, pivot: { value: 4, driver_option_id: null } },
              {
                id: withOptions.id,
                pivot: { value: null, driver_option_id: withOptions.pivot.driver_option_id },
              },
            ],
          },
        ],
      })
    changed.assertStatus(200)
    const entry = await db.from('audit_logs').orderBy('id', 'desc').firstOrFail()
    assert.equal(entry.action, 'update')
    assert.equal(Number(JSON.parse(entry.before).sub_product_benchmarks[0].drivers[0].value), 3)
    const updatedSub = changed.body().product_benchmark.sub_product_benchmarks[0]
    assert.sameDeepMembers(
      updatedSub.drivers.map((driver: any) => ({
        id: driver.id,
        value: driver.pivot.value,
        option: driver.driver_options[0]?.id ?? null,
      })),
      [
        { id: numeric.id, value: 4, option: null },
        { id: withOptions.id, value: null, option: withOptions.pivot.driver_option_id },
      ]
    )

    // The client's rows (the benchmarks pages and the market data API) carry them too.
    const owner = await db.from('contracts').where('id', contract.id).firstOrFail()
    const { productBenchmarks: rows } = await productBenchmarks({
      teamId: owner.team_id,
      contractId: contract.id,
    })
    const row = rows.find((candidate) => candidate.id === saved.id)!
    assert.sameMembers(row.sub_product_benchmarks[0].drivers.map(driverText), [
      `${row.sub_product_benchmarks[0].drivers.find((d) => d.is_numeric)!.name}: 4`,
      ...row.sub_product_benchmarks[0].drivers
        .filter((d) => !d.is_numeric)
        .map((d) => `${d.name}: ${d.driver_options[0].label}`),
    ])
    assert.lengthOf(row.sub_product_benchmarks[0].drivers, 2)

    // Deleting the sub product takes its driver values with it.
    const deleted = await client
      .post(`/api/admin/market-data/sub-product-benchmark/destroy/${sub.id}`)
      .loginAs(admin)
      .withCsrfToken()
    deleted.assertStatus(200)
    assert.isNull(
      await db
        .from('sub_product_benchmark_drivers')
        .where('sub_product_benchmark_id', sub.id)
        .first()
    )
  })

  test('refuses a sub product driver of another provider or an option of another driver', async ({
    client,
    assert,
  }) => {
    const { payload } = await fixture()
    const admin = await mdAdmin()
    const elsewhere = await makeProvider()
    const numeric = payload.drivers.find((driver) => driver.pivot.driver_option_id === null)!
    const before = await db.from('sub_product_benchmark_drivers').count('* as total').firstOrFail()
    for (const [drivers, field] of [
      [
        [{ id: elsewhere.usersDriverId, pivot: { value: 2 } }],
        'sub_product_benchmarks.0.drivers.0.id',
      ],
      [
        [{ id: numeric.id, pivot: { value: null, driver_option_id: elsewhere.tierOptionIds[0] } }],
        'sub_product_benchmarks.0.drivers.0.pivot.driver_option_id',
      ],
      [
        [
          { id: numeric.id, pivot: { value: 1 } },
          { id: numeric.id, pivot: { value: 2 } },
        ],
        'sub_product_benchmarks.0.drivers.1.id',
      ],
    ] as const) {
      const refused = await client
        .post('/api/admin/market-data/product-benchmark/store')
        .loginAs(admin)
        .withCsrfToken()
        .json({
          ...payload,
          sub_product_benchmarks: [{ ...payload.sub_product_benchmarks[0], drivers }],
        })
      refused.assertStatus(422)
      assert.include(
        refused.body().errors.map((error: any) => error.field),
        field
      )
    }
    const after = await db.from('sub_product_benchmark_drivers').count('* as total').firstOrFail()
    assert.equal(Number(after.total), Number(before.total))
  })
})
