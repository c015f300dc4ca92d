import { SubProductBenchmarkSchema } from '#database/schema'
import { column } from '@adonisjs/lucid/orm'
import { asNumber } from '#models/casts'

export default class SubProductBenchmark extends SubProductBenchmarkSchema {
  @column({ consume: asNumber })
  declare benchmarkPrice: number
}
