import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { roundToNearest } from '#shared/scenario_pricing'

export const AUM_RANGES = [
  { sort_order: 1, min_aum: 0, max_aum: 10 },
  { sort_order: 2, min_aum: 10, max_aum: 50 },
  { sort_order: 3, min_aum: 50, max_aum: 200 },
  { sort_order: 4, min_aum: 200, max_aum: null },
]

/**
 * An active USD rate card for asset managers for every rate-card provider: per product and AUM
 * range a min/avg/max built from the provider's regression at typical driver values.
 */
export async function seedRateCards(trx: TransactionClientContract, today = DateTime.now()) {
  const stamp = today.toFormat(trx.dialect.dateTimeFormat)
  await trx.table('aum_ranges').multiInsert(AUM_RANGES)
  const ranges = await trx.from('aum_ranges').select('id', 'sort_order').orderBy('sort_order')
  const teamType = await trx
    .from('team_types')
    .where('key', 'asset_manager')
    .select('id')
    .firstOrFail()
  const usd = await trx.from('currencies').where('code', 'USD').select('id').firstOrFail()
  const enterprise = await trx
    .from('license_types')
    .where('key', 'enterprise')
    .select('id')
    .firstOrFail()
  const providers = await trx.from('providers').where('has_rate_card', true).select('id', 'name')

  for (const provider of providers) {
    await trx.table('rate_cards').insert({
      provider_id: provider.id,
      team_type_id: teamType.id,
      currency_id: usd.id,
      as_of_date: today.startOf('quarter').toISODate(),
      provider_comment: `${provider.name} prices follow the drivers shown under each range; larger firms usually negotiate enterprise terms.`,
      active: true,
      created_at: stamp,
    })
    const card = await trx
      .from('rate_cards')
      .where('provider_id', provider.id)
      .select('id')
      .firstOrFail()
    const categories = await trx
      .from('product_categories')
      .where('provider_id', provider.id)
      .select('id', 'name')
    await trx.table('rate_card_categories').multiInsert(
      categories.map((category) => ({
        rate_card_id: card.id,
        category_id: category.id,
        comment: `${category.name}: ranges observed across peer contracts renewed in the last 24 months.`,
      }))
    )
    const products = await trx
      .from('provider_products')
      .where('provider_id', provider.id)
      .select('id')
    const drivers = await trx
      .from('drivers')
      .where('provider_id', provider.id)
      .select('id', 'is_numeric')
    for (const product of products) {
      const regression = await trx
        .from('regressions')
        .where({ product_id: product.id, license_type_id: enterprise.id })
        .select('id', 'intercept')
        .firstOrFail()
      const coefficients = await trx
        .from('regression_coefficients')
        .where('regression_id', regression.id)
        .select('driver_id', 'coefficient_value')
      for (const [index, range] of ranges.entries()) {
        const users = [5, 20, 60, 150][index]
        const tierValue = Math.min(3, index + 1)
        const average = roundToNearest(
          Number(regression.intercept) +
            coefficients.reduce((sum, row) => {
              const driver = drivers.find((entry) => entry.id === row.driver_id)!
              return sum + Number(row.coefficient_value) * (driver.is_numeric ? users : tierValue)
            }, 0)
        )
        await trx.table('rate_card_product_benchmarks').insert({
          rate_card_id: card.id,
          product_id: product.id,
          aum_range_id: range.id,
          min_benchmark: roundToNearest(average * 0.8),
          avg_benchmark: average,
          max_benchmark: roundToNearest(average * 1.25),
          // The largest firms' prices spread widest: the card says why.
          comment:
            index === ranges.length - 1
              ? 'Few peers this size: most negotiate enterprise-wide terms, so treat the range as indicative.'
              : null,
        })
        const row = await trx
          .from('rate_card_product_benchmarks')
          .where({ rate_card_id: card.id, product_id: product.id, aum_range_id: range.id })
          .select('id')
          .firstOrFail()
        for (const driver of drivers) {
          const option = driver.is_numeric
            ? null
            : await trx
                .from('driver_options')
                .where({ driver_id: driver.id, value: tierValue })
                .select('id')
                .first()
          await trx.table('rate_card_assumptions').insert({
            rate_card_product_benchmark_id: row.id,
            driver_id: driver.id,
            driver_option_id: option?.id ?? null,
            value: driver.is_numeric ? users : null,
          })
        }
      }
    }
  }
}
