import { InsightsReportSchema } from '#database/schema'
import { column } from '@adonisjs/lucid/orm'
import { asBoolean } from '#models/casts'

export default class InsightsReport extends InsightsReportSchema {
  @column({ consume: asBoolean })
  declare isPrivate: boolean
}
