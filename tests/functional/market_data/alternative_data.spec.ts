import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { demoAnalystIn, teamId } from '#tests/helpers/market_data'
import { defaultContract } from '#shared/contracts'

async function analystIn(teamName: string) {
  const analyst = await demoAnalystIn(teamName)
  return { analyst, team: { id: await teamId(teamName) } }
}

test.group('Alternative data pages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('/alternative-data opens the first provider', async ({ client }) => {
    const { analyst } = await analystIn('Helvetia Capital Partners')
    const response = await client.get('/alternative-data').loginAs(analyst).redirects(0)
    response.assertHeader('location', '/alternative-data/ravenpack')
  })

  test('the page loads the provider’s contracts and each contract’s benchmarks from the API', async ({
    client,
    assert,
  }) => {
    const { analyst, team } = await analystIn('Helvetia Capital Partners')
    const response = await client.get('/alternative-data/yipitdata').loginAs(analyst).withInertia()
    response.assertInertiaComponent('alternative_data/show')
    const props = response.inertiaProps as any
    assert.isNull(props.requestedContractId)
    assert.notProperty(props, 'contracts')

    const contracts = await client
      .get(`/api/market-data/contracts/${props.provider.id}?providerTypeKey=alternative_data`)
      .loginAs(analyst)
    contracts.assertStatus(200)
    const list = contracts.body().contracts as {
      id: number
      reference: string
      license_type: string
    }[]
    assert.isAbove(list.length, 1)
    assert.isTrue(list.every((entry) => entry.reference && entry.license_type))
    const ours = await db.from('contracts').where('team_id', team.id).select('id')
    assert.isTrue(list.every((entry) => ours.some((row) => row.id === entry.id)))

    const benchmarks = await client
      .get(`/api/market-data/benchmarks/contract/${list[0].id}`)
      .loginAs(analyst)
    benchmarks.assertStatus(200)
    assert.isTrue(
      benchmarks
        .body()
        .productBenchmarks.every((row: { contract_id: number }) => row.contract_id === list[0].id)
    )
  })

  test('opens on the contract in force today, not on one that starts later', ({ assert }) => {
    const today = '2026-11-22'
    const contracts = [
      { id: 1, start_date: '2028-01-01', end_date: '2030-12-31' },
      { id: 2, start_date: '2025-01-01', end_date: '2027-12-31' },
      { id: 3, start_date: '2022-01-01', end_date: '2024-12-31' },
    ]
    assert.equal(defaultContract(contracts, today)?.id, 2)
    assert.equal(defaultContract([contracts[0], contracts[2]], today)?.id, 3)
    assert.equal(defaultContract([contracts[0]], today)?.id, 1)
    assert.isNull(defaultContract([], today))
  })

  test('keeps a requested contract of the team and exports its benchmarks', async ({
    client,
    assert,
  }) => {
    const { analyst, team } = await analystIn('Helvetia Capital Partners')
    const provider = await db.from('providers').where('provider_key', 'yipitdata').firstOrFail()
    const contract = await db
      .from('contracts')
      .where({ team_id: team.id, provider_id: provider.id })
      .orderBy('start_date')
      .firstOrFail()
    const response = await client
      .get(`/alternative-data/yipitdata?contract=${contract.id}`)
      .loginAs(analyst)
      .withInertia()
    assert.equal((response.inertiaProps as any).requestedContractId, contract.id)

    const csv = await client
      .get(`/alternative-data/yipitdata/export?contract=${contract.id}&format=csv`)
      .loginAs(analyst)
    csv.assertStatus(200)
    assert.include(csv.header('content-disposition'), contract.reference.replace(/[^\w.-]+/g, '-'))
    const lines = csv.text().split('\n')
    assert.isTrue(lines[0].startsWith('\uFEFFProduct,'))
    assert.isTrue(lines.at(-1)!.startsWith('Total,'))
  })

  test('exports only the team’s own contracts of the provider', async ({ client }) => {
    const { analyst } = await analystIn('Helvetia Capital Partners')
    const northbridge = await teamId('Northbridge Asset Management')
    const theirs = await db.from('contracts').where('team_id', northbridge).firstOrFail()
    const response = await client
      .get(`/alternative-data/yipitdata/export?contract=${theirs.id}&format=csv`)
      .loginAs(analyst)
    response.assertStatus(404)
  })

  test("answers 404 for another team's contract", async ({ client }) => {
    const { analyst } = await analystIn('Helvetia Capital Partners')
    const northbridge = await db
      .from('teams')
      .where('name', 'Northbridge Asset Management')
      .select('id')
      .firstOrFail()
    const theirs = await db
      .from('contracts')
      .where('team_id', northbridge.id)
      .select('id')
      .firstOrFail()
    const response = await client
      .get(`/alternative-data/yipitdata?contract=${theirs.id}`)
      .loginAs(analyst)
      .withInertia()
    response.assertStatus(404)
  })

  test('refuses a team without the alternative-data module', async ({ client }) => {
    const { analyst } = await analystIn('Northbridge Asset Management')
    const response = await client.get('/alternative-data/yipitdata').loginAs(analyst).withInertia()
    response.assertStatus(403)
  })

  test('answers 404 for a market data provider under alternative data', async ({ client }) => {
    const { analyst } = await analystIn('Helvetia Capital Partners')
    const response = await client.get('/alternative-data/bloomberg').loginAs(analyst).withInertia()
    response.assertStatus(404)
  })
})
