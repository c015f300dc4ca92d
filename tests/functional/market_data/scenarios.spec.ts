import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import Scenario from '#models/scenario'
import { demoAnalystIn, teamId } from '#tests/helpers/market_data'

async function setup() {
  const analyst = await demoAnalystIn('Northbridge Asset Management')
  const northbridge = { id: await teamId('Northbridge Asset Management') }
  const helvetia = { id: await teamId('Helvetia Capital Partners') }
  return { analyst, northbridge, helvetia }
}

async function firstBenchmarkDriver(forTeamId: number) {
  return db
    .from('product_benchmark_drivers')
    .join(
      'product_benchmarks',
      'product_benchmarks.id',
      'product_benchmark_drivers.product_benchmark_id'
    )
    .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
    .join('providers', 'providers.id', 'contracts.provider_id')
    .join('drivers', 'drivers.id', 'product_benchmark_drivers.driver_id')
    .where({
      'contracts.team_id': forTeamId,
      'providers.provider_key': 'bloomberg',
      'drivers.is_numeric': true,
    })
    .where('contracts.end_date', '>=', new Date().toISOString().slice(0, 10))
    .select(
      'product_benchmarks.id as benchmark_id',
      'drivers.id as driver_id',
      'product_benchmark_drivers.value'
    )
    .firstOrFail()
}

test.group('Saved scenarios', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('saves a named scenario and lists it with its re-priced summary', async ({
    client,
    assert,
  }) => {
    const { analyst, northbridge } = await setup()
    const driver = await firstBenchmarkDriver(northbridge.id)
    const response = await client
      .post('/market-data/bloomberg/scenarios')
      .loginAs(analyst)
      .withCsrfToken()
      .json({
        name: 'Ten more users',
        values: {
          [driver.benchmark_id]: [
            { driverId: driver.driver_id, value: Number(driver.value) + 10, optionId: null },
          ],
        },
      })
      .redirects(0)
    const scenario = await Scenario.findByOrFail('name', 'Ten more users')
    response.assertHeader(
      'location',
      `/market-data/bloomberg/scenario-analysis?scenario=${scenario.id}`
    )
    assert.equal(scenario.teamId, northbridge.id)

    const list = await client.get('/market-data/bloomberg/scenarios').loginAs(analyst).withInertia()
    list.assertInertiaComponent('market_data/scenarios')
    const [saved] = (list.inertiaProps as any).scenarios
    assert.equal(saved.name, 'Ten more users')
    // One total in the display currency (the team's GBP), as the scenario page shows it.
    const gbp = await db.from('currencies').where('code', 'GBP').firstOrFail()
    assert.equal(saved.summary.currencyId, gbp.id)
    assert.isAbove(saved.summary.scenario, saved.summary.original)
    assert.equal(saved.summary.change, saved.summary.scenario - saved.summary.original)
    assert.closeTo(
      saved.summary.changePercent,
      (saved.summary.change / saved.summary.original) * 100,
      1e-9
    )

    const view = await client
      .get(`/market-data/bloomberg/scenario-analysis?scenario=${scenario.id}`)
      .loginAs(analyst)
      .withInertia()
    assert.equal((view.inertiaProps as any).savedScenario.name, 'Ten more users')
  })

  test('a count driver takes no fractions: the scenario is refused and nothing saved', async ({
    client,
    assert,
  }) => {
    const { analyst, northbridge } = await setup()
    const driver = await firstBenchmarkDriver(northbridge.id)
    const before = await db.from('scenarios').count('* as total').firstOrFail()
    const response = await client
      .post('/market-data/bloomberg/scenarios')
      .loginAs(analyst)
      .withCsrfToken()
      .header('X-Requested-With', 'XMLHttpRequest')
      .json({
        name: 'Half a user',
        values: {
          [driver.benchmark_id]: [{ driverId: driver.driver_id, value: 10.5, optionId: null }],
        },
      })
    response.assertStatus(422)
    assert.include(response.body().errors[0].message, 'takes whole numbers')
    const after = await db.from('scenarios').count('* as total').firstOrFail()
    assert.equal(Number(after.total), Number(before.total))
  })

  test('renames a saved scenario', async ({ client, assert }) => {
    const { analyst, northbridge } = await setup()
    const provider = await db
      .from('providers')
      .where('provider_key', 'bloomberg')
      .select('id')
      .firstOrFail()
    const scenario = await Scenario.create({
      teamId: northbridge.id,
      providerId: provider.id,
      userId: analyst.id,
      name: 'Draft',
      driverValues: '{}',
    })
    await client
      .post(`/market-data/bloomberg/scenarios/${scenario.id}`)
      .loginAs(analyst)
      .withCsrfToken()
      .json({ name: 'Final', values: {} })
      .redirects(0)
    await scenario.refresh()
    assert.equal(scenario.name, 'Final')
  })

  test('a scenario belongs to its provider: another provider’s address does not find it', async ({
    client,
    assert,
  }) => {
    const { analyst, northbridge } = await setup()
    const bloomberg = await db.from('providers').where('provider_key', 'bloomberg').firstOrFail()
    const scenario = await Scenario.create({
      teamId: northbridge.id,
      providerId: bloomberg.id,
      userId: analyst.id,
      name: 'Bloomberg renewal',
      driverValues: '{"1":[]}',
    })
    const overwrite = await client
      .post(`/market-data/lseg/scenarios/${scenario.id}`)
      .loginAs(analyst)
      .withCsrfToken()
      .json({ name: 'Hijacked', values: {} })
      .redirects(0)
    overwrite.assertStatus(404)
    await scenario.refresh()
    assert.equal(scenario.name, 'Bloomberg renewal')
    assert.equal(scenario.driverValues, '{"1":[]}')
    assert.equal(scenario.providerId, bloomberg.id)

    const view = await client
      .get(`/market-data/lseg/scenario-analysis?scenario=${scenario.id}`)
      .loginAs(analyst)
      .withInertia()
    view.assertStatus(404)
  })

  test("never shows or changes another team's scenario", async ({ client, assert }) => {
    const { analyst, helvetia } = await setup()
    const provider = await db
      .from('providers')
      .where('provider_key', 'bloomberg')
      .select('id')
      .firstOrFail()
    const theirs = await Scenario.create({
      teamId: helvetia.id,
      providerId: provider.id,
      userId: null,
      name: 'Helvetia plan',
      driverValues: '{}',
    })
    const view = await client
      .get(`/market-data/bloomberg/scenario-analysis?scenario=${theirs.id}`)
      .loginAs(analyst)
      .withInertia()
    view.assertStatus(404)
    const update = await client
      .post(`/market-data/bloomberg/scenarios/${theirs.id}`)
      .loginAs(analyst)
      .withCsrfToken()
      .header('X-Requested-With', 'XMLHttpRequest')
      .json({ name: 'Hijacked', values: {} })
    update.assertStatus(404)
    await theirs.refresh()
    assert.equal(theirs.name, 'Helvetia plan')
    const list = await client.get('/market-data/bloomberg/scenarios').loginAs(analyst).withInertia()
    const names = (list.inertiaProps as any).scenarios.map((entry: { name: string }) => entry.name)
    assert.notInclude(names, 'Helvetia plan')
    // Northbridge's own (demo) scenarios only.
    assert.deepEqual(names, ['Cut seats by a quarter', 'Ten more users on every product'])
  })

  test('requires a name and well-formed driver values, writing nothing otherwise', async ({
    client,
    assert,
  }) => {
    const { analyst } = await setup()
    const before = await db.from('scenarios').count('* as total').firstOrFail()
    for (const body of [
      { name: '', values: {} },
      { name: 'Bad', values: { 1: [{ driverId: 'x' }] } },
    ]) {
      const response = await client
        .post('/market-data/bloomberg/scenarios')
        .loginAs(analyst)
        .withCsrfToken()
        .header('X-Requested-With', 'XMLHttpRequest')
        .json(body)
      response.assertStatus(422)
    }
    const after = await db.from('scenarios').count('* as total').firstOrFail()
    assert.equal(Number(after.total), Number(before.total))
  })
})

test.group('Saved scenarios: names, exports and comparisons', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function bloombergScenarios() {
    const { analyst, northbridge, helvetia } = await setup()
    const bloomberg = await db.from('providers').where('provider_key', 'bloomberg').firstOrFail()
    const saved = await Scenario.query()
      .where({ teamId: northbridge.id, providerId: bloomberg.id })
      .orderBy('id')
    return { analyst, northbridge, helvetia, bloomberg, saved }
  }

  test('a name already used for the provider is refused, whatever its case; nothing saved', async ({
    client,
    assert,
  }) => {
    const { analyst, saved } = await bloombergScenarios()
    const before = await db.from('scenarios').count('* as total').firstOrFail()
    const response = await client
      .post('/market-data/bloomberg/scenarios')
      .loginAs(analyst)
      .withCsrfToken()
      .header('X-Requested-With', 'XMLHttpRequest')
      .json({ name: `  ${saved[0].name.toUpperCase()} `, values: {} })
    response.assertStatus(422)
    assert.equal(
      response.body().errors[0].message,
      `A scenario named "${saved[0].name.toUpperCase()}" already exists for Bloomberg. Choose another name.`
    )
    const after = await db.from('scenarios').count('* as total').firstOrFail()
    assert.equal(Number(after.total), Number(before.total))

    // Renaming one scenario to another's name is refused too; keeping its own name is not.
    const rename = await client
      .post(`/market-data/bloomberg/scenarios/${saved[1].id}`)
      .loginAs(analyst)
      .withCsrfToken()
      .header('X-Requested-With', 'XMLHttpRequest')
      .json({ name: saved[0].name, values: {} })
    rename.assertStatus(422)
    const keep = await client
      .post(`/market-data/bloomberg/scenarios/${saved[1].id}`)
      .loginAs(analyst)
      .withCsrfToken()
      .json({ name: saved[1].name, values: JSON.parse(saved[1].driverValues) })
      .redirects(0)
    keep.assertStatus(302)
  })

  test('each saved summary prices its own contract period, each product once', async ({
    client,
    assert,
  }) => {
    const { analyst, saved } = await bloombergScenarios()
    const list = await client.get('/market-data/bloomberg/scenarios').loginAs(analyst).withInertia()
    for (const scenario of (list.inertiaProps as any).scenarios) {
      const own = saved.find((entry) => entry.id === scenario.id)!
      const values = JSON.parse(own.driverValues) as Record<string, unknown>
      const rows = await db
        .from('product_benchmarks')
        .where('contract_id', scenario.summary.contractId)
        .where('start_date', '<=', scenario.summary.periodStart)
        .where('end_date', '>=', scenario.summary.periodStart)
        .select('id', 'product_id', 'division')
      const products = new Set(rows.map((row) => `${row.product_id}|${row.division}`))
      assert.equal(scenario.summary.products, products.size, scenario.name)
      // The rows it was saved with are all among the ones it prices.
      const priced = new Set(rows.map((row) => String(row.id)))
      assert.isTrue(Object.keys(values).every((id) => priced.has(id)))
    }
  })

  test('exports a saved scenario, product by product with its totals', async ({
    client,
    assert,
  }) => {
    const { analyst, saved } = await bloombergScenarios()
    const response = await client
      .get(`/market-data/bloomberg/scenarios/${saved[0].id}/export?format=csv`)
      .loginAs(analyst)
    response.assertStatus(200)
    response.assertHeader('content-type', 'text/csv; charset=utf-8')
    const lines = response.text().replace('\uFEFF', '').split('\n')
    assert.match(
      lines[0],
      /^Product,Division,Start,End,Drivers \(benchmark → scenario\),Benchmark \(GBP\)/
    )
    const total = lines.at(-1)!.split(',')
    assert.equal(total[0], 'Total')
    const body = lines
      .slice(1, -2)
      .map((line) => line.match(/(?:"[^"]*"|[^,])+|(?<=,)(?=,)/g) ?? [])
    assert.isAbove(body.length, 0)
    // The totals are the rows' sums, give or take the rounding of each row.
    const sum = (index: number) => body.reduce((acc, cells) => acc + Number(cells[index] ?? 0), 0)
    assert.closeTo(Number(total[5]), sum(5), body.length)
    assert.closeTo(Number(total[6]), sum(6), body.length)

    const xlsx = await client
      .get(`/market-data/bloomberg/scenarios/${saved[0].id}/export?format=xlsx`)
      .loginAs(analyst)
    xlsx.assertStatus(200)
  })

  test('compares two saved scenarios side by side; another team’s is not found', async ({
    client,
    assert,
  }) => {
    const { analyst, helvetia, bloomberg, saved } = await bloombergScenarios()
    const response = await client
      .get(`/market-data/bloomberg/scenarios/compare?left=${saved[0].id}&right=${saved[1].id}`)
      .loginAs(analyst)
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('market_data/scenario_comparison')
    const [left, right] = (response.inertiaProps as any).scenarios
    assert.equal(left.name, saved[0].name)
    assert.equal(right.name, saved[1].name)
    // One saves more seats, the other fewer: opposite changes.
    assert.isTrue(Math.sign(left.totals.change) !== Math.sign(right.totals.change))

    const theirs = await Scenario.create({
      teamId: helvetia.id,
      providerId: bloomberg.id,
      userId: null,
      name: 'Helvetia plan',
      driverValues: '{}',
    })
    for (const path of [
      `/market-data/bloomberg/scenarios/compare?left=${saved[0].id}&right=${theirs.id}`,
      `/market-data/bloomberg/scenarios/${theirs.id}/export?format=csv`,
    ]) {
      const refused = await client.get(path).loginAs(analyst).withInertia()
      refused.assertStatus(404)
    }
  })
})
