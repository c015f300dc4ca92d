import { DriverSchema } from '#database/schema'
import { column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { asBoolean } from '#models/casts'
import DriverOption from '#models/driver_option'

export default class Driver extends DriverSchema {
  @column({ consume: asBoolean })
  declare isNumeric: boolean

  @hasMany(() => DriverOption)
  declare options: HasMany<typeof DriverOption>
}
