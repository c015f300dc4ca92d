import db from '@adonisjs/lucid/services/db'
import { toIsoDate } from '#services/market_data/benchmarks'

/**
 * The active rate card for a provider and team type, with categories, AUM ranges, product
 * ranges and their assumptions, in a fixed number of queries. Null when there is none.
 */
export async function activeRateCard(providerId: number, teamTypeId: number) {
  const card = await db
    .from('rate_cards')
    .join('currencies', 'currencies.id', 'rate_cards.currency_id')
    .where({
      'rate_cards.provider_id': providerId,
      'rate_cards.team_type_id': teamTypeId,
      'rate_cards.active': true,
    })
    .orderBy('rate_cards.as_of_date', 'desc')
    .select(
      'rate_cards.id',
      'rate_cards.as_of_date',
      'rate_cards.provider_comment',
      'currencies.id as currency_id',
      'currencies.code as currency_code'
    )
    .first()
  if (!card) return null

  const [categories, ranges, benchmarks] = await Promise.all([
    db
      .from('rate_card_categories')
      .join('product_categories', 'product_categories.id', 'rate_card_categories.category_id')
      .where('rate_card_categories.rate_card_id', card.id)
      .select('product_categories.id', 'product_categories.name', 'rate_card_categories.comment')
      .orderBy('product_categories.sort_order'),
    db.from('aum_ranges').select('id', 'sort_order', 'min_aum', 'max_aum').orderBy('sort_order'),
    db
      .from('rate_card_product_benchmarks')
      .join('provider_products', 'provider_products.id', 'rate_card_product_benchmarks.product_id')
      .join('product_types', 'product_types.id', 'provider_products.product_type_id')
      .where('rate_card_product_benchmarks.rate_card_id', card.id)
      .select(
        'rate_card_product_benchmarks.*',
        'provider_products.name as product_name',
        'product_types.category_id'
      )
      .orderBy('provider_products.name'),
  ])
  const assumptions = benchmarks.length
    ? await db
        .from('rate_card_assumptions')
        .join('drivers', 'drivers.id', 'rate_card_assumptions.driver_id')
        .leftJoin('driver_options', 'driver_options.id', 'rate_card_assumptions.driver_option_id')
        .whereIn(
          'rate_card_assumptions.rate_card_product_benchmark_id',
          benchmarks.map((row) => row.id)
        )
        .select(
          'rate_card_assumptions.rate_card_product_benchmark_id',
          'drivers.name',
          'drivers.unit',
          'rate_card_assumptions.value',
          'driver_options.label as option_label'
        )
    : []

  return {
    id: card.id as number,
    asOfDate: toIsoDate(card.as_of_date),
    providerComment: (card.provider_comment as string | null) ?? null,
    currency: { id: card.currency_id as number, code: card.currency_code as string },
    aumRanges: ranges.map((range) => ({
      id: range.id as number,
      minAum: Number(range.min_aum),
      maxAum: range.max_aum === null ? null : Number(range.max_aum),
    })),
    categories: categories.map((category) => ({
      id: category.id as number,
      name: category.name as string,
      comment: (category.comment as string | null) ?? null,
      products: [
        ...new Set(
          benchmarks
            .filter((row) => row.category_id === category.id)
            .map((row) => row.product_id as number)
        ),
      ].map((productId) => {
        const rows = benchmarks.filter((row) => row.product_id === productId)
        return {
          id: productId,
          name: rows[0].product_name as string,
          ranges: rows.map((row) => ({
            aumRangeId: row.aum_range_id as number,
            min: Number(row.min_benchmark),
            avg: Number(row.avg_benchmark),
            max: Number(row.max_benchmark),
            comment: (row.comment as string | null) ?? null,
            assumptions: assumptions
              .filter((entry) => entry.rate_card_product_benchmark_id === row.id)
              .map((entry) =>
                entry.option_label
                  ? `${entry.name}: ${entry.option_label}`
                  : `${entry.name}: ${Number(entry.value)}${entry.unit ? ` ${entry.unit}` : ''}`
              ),
          })),
        }
      }),
    })),
  }
}
