import { ProductTypeSchema } from '#database/schema'
import { hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import ProviderProduct from '#models/provider_product'

export default class ProductType extends ProductTypeSchema {
  @hasMany(() => ProviderProduct)
  declare products: HasMany<typeof ProviderProduct>
}
