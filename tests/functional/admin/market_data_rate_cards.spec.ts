import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeUser } from '#tests/helpers/accounts'

const mdAdmin = () => makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
const API = '/api/admin/market-data/rate-cards'

async function bloombergCard() {
  const provider = await db.from('providers').where('provider_key', 'bloomberg').firstOrFail()
  const [teamType, usd, products, ranges, categories, drivers] = await Promise.all([
    db.from('team_types').where('key', 'asset_manager').firstOrFail(),
    db.from('currencies').where('code', 'USD').firstOrFail(),
    db.from('provider_products').where('provider_id', provider.id).orderBy('id'),
    db.from('aum_ranges').orderBy('sort_order'),
    db.from('product_categories').where('provider_id', provider.id),
    db.from('drivers').where({ provider_id: provider.id, is_numeric: true }),
  ])
  const card = await db
    .from('rate_cards')
    .where({ provider_id: provider.id, team_type_id: teamType.id, active: true })
    .firstOrFail()
  return {
    card,
    payload: {
      provider_id: provider.id,
      team_type_id: teamType.id,
      currency_id: usd.id,
      as_of_date: '2026-12-31',
      provider_comment: 'Year-end card',
      active: false,
      categories: categories.map((category) => ({ category_id: category.id, comment: null })),
      entries: [
        {
          product_id: products[0].id,
          aum_range_id: ranges[0].id,
          min_benchmark: 100,
          avg_benchmark: 150,
          max_benchmark: 200,
          comment: null,
          assumptions: [{ driver_id: drivers[0].id, driver_option_id: null, value: 10 }],
        },
      ],
    },
  }
}

test.group('Admin rate cards', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists the AUM ranges and the rate cards', async ({ client, assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const ranges = await client.get(`${API}/aum-ranges`).loginAs(admin)
    ranges.assertStatus(200)
    assert.deepEqual(
      ranges.body().aum_ranges.map((range: any) => [range.min_aum, range.max_aum]),
      [
        [0, 10],
        [10, 50],
        [50, 200],
        [200, null],
      ]
    )
    const page = await client.get('/admin/market-data/rate-cards').loginAs(admin).withInertia()
    page.assertInertiaComponent('admin/market_data/rate_cards')
    assert.isAbove((page.inertiaProps as any).rateCards.length, 0)
  })

  test('creates a card, then activating it deactivates the previous one, audited', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const { card, payload } = await bloombergCard()
    const created = await client.post(API).loginAs(admin).withCsrfToken().json(payload)
    created.assertStatus(200)
    const id = created.body().id
    const stored = await db.from('rate_card_product_benchmarks').where('rate_card_id', id)
    assert.lengthOf(stored, 1)
    assert.equal(Number(stored[0].avg_benchmark), 150)
    const assumptions = await db
      .from('rate_card_assumptions')
      .where('rate_card_product_benchmark_id', stored[0].id)
    assert.lengthOf(assumptions, 1)

    const activated = await client
      .post(`${API}/${id}/active`)
      .loginAs(admin)
      .withCsrfToken()
      .json({ active: true })
    activated.assertStatus(200)
    const previous = await db.from('rate_cards').where('id', card.id).firstOrFail()
    assert.isFalse(Boolean(previous.active))
    const audits = await db.from('audit_logs').where('entity_type', 'rate_card').orderBy('id')
    assert.deepEqual(
      audits.map((row) => row.action),
      ['create', 'update']
    )

    const edit = await client
      .get(`/admin/market-data/rate-cards/${id}/edit`)
      .loginAs(admin)
      .withInertia()
    edit.assertInertiaComponent('admin/market_data/rate_card_editor')
    assert.equal((edit.inertiaProps as any).rateCard.entries[0].max_benchmark, 200)
  })

  test('rejects min > avg, foreign products and unknown ranges, writing nothing', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const { payload } = await bloombergCard()
    const count = async () => {
      const row = await db.from('rate_cards').count('* as total').firstOrFail()
      return Number(row.total)
    }
    const before = await count()
    const foreign = await db
      .from('provider_products')
      .whereNot('provider_id', payload.provider_id)
      .firstOrFail()
    for (const entry of [
      { ...payload.entries[0], min_benchmark: 500 },
      { ...payload.entries[0], product_id: foreign.id },
      { ...payload.entries[0], aum_range_id: 999999 },
    ]) {
      const response = await client
        .post(API)
        .loginAs(admin)
        .withCsrfToken()
        .json({ ...payload, entries: [entry] })
      response.assertStatus(422)
    }
    assert.equal(await count(), before)
  })

  test('pre-fills from the observed benchmarks of current contracts', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const { payload } = await bloombergCard()
    const response = await client
      .get(`${API}/observed`)
      .qs({
        provider_id: payload.provider_id,
        team_type_id: payload.team_type_id,
        currency_id: payload.currency_id,
      })
      .loginAs(await mdAdmin())
    response.assertStatus(200)
    const observed = response.body().observed
    assert.isAbove(observed.length, 0)
    for (const entry of observed) {
      assert.isTrue(entry.min_benchmark <= entry.avg_benchmark)
      assert.isTrue(entry.avg_benchmark <= entry.max_benchmark)
      assert.isAbove(entry.observations, 0)
    }
  })

  test('refuses administrators without the permission', async ({ client }) => {
    const servicesAdmin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const page = await client
      .get('/admin/market-data/rate-cards')
      .loginAs(servicesAdmin)
      .withInertia()
    page.assertStatus(403)
    const ranges = await client.get(`${API}/aum-ranges`).loginAs(servicesAdmin)
    ranges.assertStatus(403)
    const store = await client.post(API).loginAs(servicesAdmin).withCsrfToken().json({})
    store.assertStatus(403)
  })
})
