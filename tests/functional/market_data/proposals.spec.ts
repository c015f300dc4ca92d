import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import { demoAnalystIn, teamId } from '#tests/helpers/market_data'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { MODULES } from '#shared/modules'
import { DEMO_PROPOSALS, proposalReference, proposalStart } from '#database/demo/proposals'

/** A demo proposal's reference as seeded today (its years follow the day of seeding). */
function referenceOf(prefix: string) {
  const seed = DEMO_PROPOSALS.find((entry) => entry.reference.startsWith(prefix))!
  return proposalReference(seed, proposalStart(seed, DateTime.now()))
}

test.group('Market data proposals page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("lists the team's proposals newest first, each line with its matching benchmark", async ({
    client,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    const response = await client
      .get('/market-data/bloomberg/proposals')
      .loginAs(analyst)
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('market_data/proposals')
    const props = response.inertiaProps as any
    assert.deepEqual(
      props.proposals.map((proposal: { reference: string }) => proposal.reference),
      [referenceOf('Bloomberg renewal offer'), 'Bloomberg enterprise bundle']
    )
    const [renewal] = props.proposals
    assert.equal(renewal.status, 'under_review')
    assert.equal(renewal.status_label, 'Under review')
    assert.lengthOf(renewal.items, 4)

    // Each line is compared with the team's benchmark for the same product under the contract
    // current today.
    const today = new Date().toISOString().slice(0, 10)
    const northbridge = await teamId('Northbridge Asset Management')
    for (const item of renewal.items) {
      assert.isNotNull(item.match)
      const benchmark = await db
        .from('product_benchmarks')
        .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
        .where('product_benchmarks.id', item.match.product_benchmark_id)
        .select('contracts.team_id', 'product_benchmarks.product_id')
        .firstOrFail()
      assert.equal(benchmark.team_id, northbridge)
      assert.equal(benchmark.product_id, item.product.id)
      assert.isTrue(item.match.start_date <= today && item.match.end_date >= today)
    }
    // The demo renewal raises the first product (in catalogue order) by 7% over today's payment.
    const [first] = [...renewal.items].sort(
      (a: { product: { id: number } }, b: { product: { id: number } }) =>
        a.product.id - b.product.id
    )
    assert.closeTo(first.proposed_price / first.match.payment, 1.07, 0.001)
  })

  test('marks a proposal past its validity as expired', async ({ client, assert }) => {
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    const response = await client.get('/market-data/lseg/proposals').loginAs(analyst).withInertia()
    const [offer] = (response.inertiaProps as any).proposals
    assert.equal(offer.status, 'expired')
    assert.equal(offer.status_label, 'Expired')
  })

  test("never shows another team's proposals", async ({ client, assert }) => {
    const analyst = await demoAnalystIn('Helvetia Capital Partners')
    const response = await client
      .get('/market-data/bloomberg/proposals')
      .loginAs(analyst)
      .withInertia()
    const props = response.inertiaProps as any
    assert.deepEqual(
      props.proposals.map((proposal: { reference: string }) => proposal.reference),
      [referenceOf('Bloomberg renewal {start}')]
    )
    const helvetia = await teamId('Helvetia Capital Partners')
    const contracts = await db.from('contracts').where('team_id', helvetia).select('reference')
    const references = contracts.map((row) => row.reference)
    for (const item of props.proposals[0].items) {
      assert.include(references, item.match.contract_reference)
    }
  })

  test('shows an empty list for a provider without proposals', async ({ client, assert }) => {
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    const response = await client.get('/market-data/msci/proposals').loginAs(analyst).withInertia()
    response.assertStatus(200)
    assert.deepEqual((response.inertiaProps as any).proposals, [])
  })

  test('answers an unknown provider with 404 and refuses a team without market data', async ({
    client,
  }) => {
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    const unknown = await client
      .get('/market-data/no-such-vendor/proposals')
      .loginAs(analyst)
      .withInertia()
    unknown.assertStatus(404)

    const user = await makeUser({ teams: [await makeTeam({ modules: [MODULES.rsaBudgets] })] })
    const refused = await client.get('/market-data/bloomberg/proposals').loginAs(user).withInertia()
    refused.assertStatus(403)
  })
})
