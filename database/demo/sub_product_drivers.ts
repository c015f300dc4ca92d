import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * The demo sub products' drivers: each is bought on its product benchmark's terms, so it takes
 * that benchmark's driver values and options. Run after the product benchmarks are seeded; sub
 * products that already have drivers are left as they are.
 */
export async function seedSubProductDrivers(trx: TransactionClientContract) {
  const rows = await trx
    .from('sub_product_benchmarks')
    .join(
      'product_benchmark_drivers',
      'product_benchmark_drivers.product_benchmark_id',
      'sub_product_benchmarks.product_benchmark_id'
    )
    .whereNotExists((query) =>
      query
        .from('sub_product_benchmark_drivers')
        .whereColumn(
          'sub_product_benchmark_drivers.sub_product_benchmark_id',
          'sub_product_benchmarks.id'
        )
    )
    .select(
      'sub_product_benchmarks.id as sub_id',
      'product_benchmark_drivers.driver_id',
      'product_benchmark_drivers.value',
      'product_benchmark_drivers.driver_option_id'
    )
    .orderBy('sub_product_benchmarks.id')
  const values = rows.map((row) => ({
    sub_product_benchmark_id: row.sub_id as number,
    driver_id: row.driver_id as number,
    value: row.value === null ? null : Number(row.value),
    driver_option_id: (row.driver_option_id as number | null) ?? null,
  }))
  for (let start = 0; start < values.length; start += 500) {
    await trx.table('sub_product_benchmark_drivers').multiInsert(values.slice(start, start + 500))
  }
  return values.length
}
