import { ContractSchema } from '#database/schema'
import { belongsTo, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import Provider from '#models/provider'
import LicenseType from '#models/license_type'
import ProductBenchmark from '#models/product_benchmark'

export default class Contract extends ContractSchema {
  @belongsTo(() => Provider)
  declare provider: BelongsTo<typeof Provider>

  @belongsTo(() => LicenseType)
  declare licenseType: BelongsTo<typeof LicenseType>

  @hasMany(() => ProductBenchmark)
  declare productBenchmarks: HasMany<typeof ProductBenchmark>
}
