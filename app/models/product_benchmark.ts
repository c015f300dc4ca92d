import { ProductBenchmarkSchema } from '#database/schema'
import { belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { asNullableNumber } from '#models/casts'
import Contract from '#models/contract'
import ProviderProduct from '#models/provider_product'
import SubProductBenchmark from '#models/sub_product_benchmark'
import ProductBenchmarkDriver from '#models/product_benchmark_driver'

export default class ProductBenchmark extends ProductBenchmarkSchema {
  @column({ consume: asNullableNumber })
  declare payment: number | null

  @column({ consume: asNullableNumber })
  declare benchmarkPrice: number | null

  @belongsTo(() => Contract)
  declare contract: BelongsTo<typeof Contract>

  @belongsTo(() => ProviderProduct, { foreignKey: 'productId' })
  declare product: BelongsTo<typeof ProviderProduct>

  @hasMany(() => SubProductBenchmark)
  declare subProductBenchmarks: HasMany<typeof SubProductBenchmark>

  @hasMany(() => ProductBenchmarkDriver)
  declare driverValues: HasMany<typeof ProductBenchmarkDriver>
}
