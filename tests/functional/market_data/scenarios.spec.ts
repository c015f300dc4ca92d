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
