import { RegressionCoefficientSchema } from '#database/schema'
import { column } from '@adonisjs/lucid/orm'
import { asNullableNumber, asNumber } from '#models/casts'

export default class RegressionCoefficient extends RegressionCoefficientSchema {
  @column({ consume: asNumber })
  declare coefficientValue: number

  @column({ consume: asNullableNumber })
  declare minDriverValue: number | null

  @column({ consume: asNullableNumber })
  declare maxDriverValue: number | null
}
