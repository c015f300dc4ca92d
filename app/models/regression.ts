import { RegressionSchema } from '#database/schema'
import { column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { asNumber } from '#models/casts'
import RegressionCoefficient from '#models/regression_coefficient'

export default class Regression extends RegressionSchema {
  @column({ consume: asNumber })
  declare intercept: number

  @hasMany(() => RegressionCoefficient)
  declare coefficients: HasMany<typeof RegressionCoefficient>
}
