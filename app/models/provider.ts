import { ProviderSchema } from '#database/schema'
import { column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { asBoolean } from '#models/casts'
import ProductCategory from '#models/product_category'
import Driver from '#models/driver'

export const PROVIDER_TYPES = ['market_data', 'alternative_data'] as const
export type ProviderType = (typeof PROVIDER_TYPES)[number]

export default class Provider extends ProviderSchema {
  @column({ consume: asBoolean })
  declare isActive: boolean

  @column({ consume: asBoolean })
  declare hasRateCard: boolean

  @hasMany(() => ProductCategory)
  declare categories: HasMany<typeof ProductCategory>

  @hasMany(() => Driver)
  declare drivers: HasMany<typeof Driver>
}
