import { DriverOptionSchema } from '#database/schema'
import { column } from '@adonisjs/lucid/orm'
import { asNumber } from '#models/casts'

export default class DriverOption extends DriverOptionSchema {
  @column({ consume: asNumber })
  declare value: number
}
