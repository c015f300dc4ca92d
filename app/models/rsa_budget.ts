import { RsaBudgetSchema } from '#database/schema'
import { column } from '@adonisjs/lucid/orm'
import { asNumber } from '#models/casts'

/** A team's research budget for a year (draft or approved, ideally before the year starts). */
export default class RsaBudget extends RsaBudgetSchema {
  @column({ consume: asNumber })
  declare totalBudget: number
}
