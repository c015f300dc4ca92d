import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { demoAnalystIn, teamId } from '#tests/helpers/market_data'

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

  test('selects the first contract by default and shows its benchmarks', async ({
    client,
    assert,
  }) => {
    const { analyst } = await analystIn('Helvetia Capital Partners')
    const response = await client.get('/alternative-data/yipitdata').loginAs(analyst).withInertia()
    response.assertInertiaComponent('alternative_data/show')
    const props = response.inertiaProps as any
    assert.equal(props.selectedContractId, props.contracts[0].id)
    assert.isAbove(props.productBenchmarks.length, 0)
    assert.isTrue(
      props.productBenchmarks.every(
        (row: { contract_id: number }) => row.contract_id === props.selectedContractId
      )
    )
  })

  test('shows another contract of the team on request', async ({ client, assert }) => {
    const { analyst } = await analystIn('Helvetia Capital Partners')
    const first = await client.get('/alternative-data/yipitdata').loginAs(analyst).withInertia()
    const second = (first.inertiaProps as any).contracts[1].id
    const response = await client
      .get(`/alternative-data/yipitdata?contract=${second}`)
      .loginAs(analyst)
      .withInertia()
    assert.equal((response.inertiaProps as any).selectedContractId, second)
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
