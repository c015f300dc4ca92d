import { RsaPaymentSchema } from '#database/schema'
import { column } from '@adonisjs/lucid/orm'
import { asNumber } from '#models/casts'

/** Cash paid against a budget line. */
export default class RsaPayment extends RsaPaymentSchema {
  @column({ consume: asNumber })
  declare amount: number
}
