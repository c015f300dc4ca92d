import { RsaInteractionSchema } from '#database/schema'
import { column } from '@adonisjs/lucid/orm'
import { asBoolean } from '#models/casts'

/** Something the team received from a research provider: a read, a call, a meeting… */
export default class RsaInteraction extends RsaInteractionSchema {
  @column({ consume: asBoolean })
  declare valued: boolean
}
