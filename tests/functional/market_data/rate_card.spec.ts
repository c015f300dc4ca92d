import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { demoAnalystIn } from '#tests/helpers/market_data'

const analystIn = demoAnalystIn

test.group('Market data rate card page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("shows the active rate card for the team's type with ranges and assumptions", async ({
    client,
    assert,
  }) => {
    const analyst = await analystIn('Northbridge Asset Management')
    const response = await client.get('/market-data/msci/rate-card').loginAs(analyst).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('market_data/rate_card')
    const card = (response.inertiaProps as any).rateCard
    assert.equal(card.currency.code, 'USD')
    assert.deepEqual(
      card.aumRanges.map((range: { minAum: number; maxAum: number | null }) => [
        range.minAum,
        range.maxAum,
      ]),
      [
        [0, 10],
        [10, 50],
        [50, 200],
        [200, null],
      ]
    )
    const cell = card.categories[0].products[0].ranges[0]
    assert.isTrue(cell.min <= cell.avg && cell.avg <= cell.max)
    assert.isAbove(cell.assumptions.length, 0)
  })

  test('is offered in the team’s display currency, with each range’s comment', async ({
    client,
    assert,
  }) => {
    const analyst = await analystIn('Northbridge Asset Management')
    const response = await client.get('/market-data/msci/rate-card').loginAs(analyst).withInertia()
    const props = response.inertiaProps as any
    const gbp = await db.from('currencies').where('code', 'GBP').firstOrFail()
    assert.equal(props.selectedCurrencyId, gbp.id)
    assert.isAbove(props.exchangeRates.length, 0)
    const comments = props.rateCard.categories.flatMap((category: any) =>
      category.products.flatMap((product: any) => product.ranges.map((range: any) => range.comment))
    )
    assert.isTrue(comments.some((comment: string | null) => comment))
  })

  test('a provider without rate cards has no rate card page', async ({ client }) => {
    const analyst = await analystIn('Northbridge Asset Management')
    const provider = await db.from('providers').where('has_rate_card', false).firstOrFail()
    const response = await client
      .get(`/market-data/${provider.provider_key}/rate-card`)
      .loginAs(analyst)
      .redirects(0)
    response.assertHeader('location', `/market-data/${provider.provider_key}`)
  })

  test('says so when the team type has no rate card', async ({ client, assert }) => {
    const analyst = await analystIn('Northbridge Asset Management')
    const assetManager = await db
      .from('team_types')
      .where('key', 'asset_manager')
      .select('id')
      .firstOrFail()
    await db.from('rate_cards').where('team_type_id', assetManager.id).update({ active: false })
    const response = await client.get('/market-data/msci/rate-card').loginAs(analyst).withInertia()
    assert.isNull((response.inertiaProps as any).rateCard)
  })

  test('refuses a team without the rate-card module', async ({ client }) => {
    const analyst = await analystIn('Helvetia Capital Partners')
    const response = await client.get('/market-data/msci/rate-card').loginAs(analyst).withInertia()
    response.assertStatus(403)
  })
})
