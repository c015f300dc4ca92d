import { RsaAssessmentSchema } from '#database/schema'
import { column } from '@adonisjs/lucid/orm'
import { asNumber } from '#models/casts'

/** The team's score (1–5) of a provider in one assessment category for a year. */
export default class RsaAssessment extends RsaAssessmentSchema {
  @column({ consume: asNumber })
  declare score: number
}
