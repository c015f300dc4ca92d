import { ProductCategorySchema } from '#database/schema'
import { hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import ProductType from '#models/product_type'

export default class ProductCategory extends ProductCategorySchema {
  @hasMany(() => ProductType, { foreignKey: 'categoryId' })
  declare types: HasMany<typeof ProductType>
}
