import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeUser } from '#tests/helpers/accounts'
import { teamId } from '#tests/helpers/market_data'

test.group('Admin proposals', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('creates, edits and deletes a proposal; refuses lines of another provider', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    const northbridge = await teamId('Northbridge Asset Management')
    const base = `/admin/market-data/teams/${northbridge}/providers/msci/proposals`
    const msci = await db.from('providers').where('provider_key', 'msci').firstOrFail()
    const product = await db.from('provider_products').where('provider_id', msci.id).firstOrFail()
    const foreign = await db
      .from('provider_products')
      .whereNot('provider_id', msci.id)
      .firstOrFail()
    const gbp = await db.from('currencies').where('code', 'GBP').firstOrFail()
    const payload = {
      reference: 'MSCI index renewal',
      license_type_id: null,
      received_on: '2026-11-01',
      valid_until: '2026-12-31',
      start_date: '2027-01-01',
      end_date: '2029-12-31',
      status: 'under_review',
      comment: 'Index data renewal',
      items: [{ product_id: product.id, proposed_price: 98000, currency_id: gbp.id }],
    }
    const send = (url: string, body: unknown) =>
      client
        .post(url)
        .loginAs(admin)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json(body)

    const created = await send(base, payload)
    created.assertStatus(200)
    const stored = await db.from('proposals').where('reference', 'MSCI index renewal').firstOrFail()
    assert.equal(stored.team_id, northbridge)

    const refused = await send(`${base}/${stored.id}`, {
      ...payload,
      items: [{ product_id: foreign.id, proposed_price: 1, currency_id: gbp.id }],
    })
    refused.assertStatus(422)
    const empty = await send(`${base}/${stored.id}`, { ...payload, items: [] })
    empty.assertStatus(422)

    const updated = await send(`${base}/${stored.id}`, { ...payload, status: 'accepted' })
    updated.assertStatus(200)
    const page = await client.get(base).loginAs(admin).withInertia()
    page.assertInertiaComponent('admin/market_data/proposals')
    assert.equal((page.inertiaProps as any).proposals[0].status, 'accepted')

    // The client page shows it to the team.
    const deleted = await send(`${base}/${stored.id}/delete`, {})
    deleted.assertStatus(200)
    assert.isNull(await db.from('proposals').where('id', stored.id).first())
    const actions = await db.from('audit_logs').where('entity_type', 'proposal').orderBy('id')
    assert.deepEqual(
      actions.map((row) => row.action),
      ['create', 'update', 'delete']
    )
  })

  test("never edits a proposal through another team's URL", async ({ client }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    const proposal = await db
      .from('proposals')
      .where('team_id', await teamId('Northbridge Asset Management'))
      .firstOrFail()
    const helvetia = await teamId('Helvetia Capital Partners')
    const provider = await db.from('providers').where('id', proposal.provider_id).firstOrFail()
    const response = await client
      .post(
        `/admin/market-data/teams/${helvetia}/providers/${provider.provider_key}/proposals/${proposal.id}/delete`
      )
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
    response.assertStatus(404)
  })
})
