import { ProductBenchmarkDriverSchema } from '#database/schema'
import { column } from '@adonisjs/lucid/orm'
import { asBoolean, asNullableNumber } from '#models/casts'

export default class ProductBenchmarkDriver extends ProductBenchmarkDriverSchema {
  @column({ consume: asNullableNumber })
  declare value: number | null

  @column({ consume: asBoolean })
  declare hasNote: boolean
}
