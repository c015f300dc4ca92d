import { RsaBudgetLineSchema } from '#database/schema'
import { column } from '@adonisjs/lucid/orm'
import { asNullableNumber, asNumber } from '#models/casts'

/** One provider and service in a research budget: price type, access, annualised price, budget. */
export default class RsaBudgetLine extends RsaBudgetLineSchema {
  @column({ consume: asNumber })
  declare budgetAmount: number

  @column({ consume: asNullableNumber })
  declare contractedPrice: number | null

  @column({ consume: asNullableNumber })
  declare researchShareBps: number | null
}
