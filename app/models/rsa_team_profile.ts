import { RsaTeamProfileSchema } from '#database/schema'
import { column } from '@adonisjs/lucid/orm'
import { asNumber } from '#models/casts'

/** A team as its peers are grouped: AUM, tier, firm type, payment method, per year. */
export default class RsaTeamProfile extends RsaTeamProfileSchema {
  @column({ consume: asNumber })
  declare totalAum: number

  @column({ consume: asNumber })
  declare activeAum: number
}
