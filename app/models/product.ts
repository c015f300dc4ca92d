import { ProductSchema } from '#database/schema'
import { hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import Module from '#models/module'

export default class Product extends ProductSchema {
  @hasMany(() => Module)
  declare modules: HasMany<typeof Module>
}
