import { ExchangeRateSchema } from '#database/schema'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Currency from '#models/currency'
import { asNumber } from '#models/casts'

export default class ExchangeRate extends ExchangeRateSchema {
  @column({ consume: asNumber })
  declare exchangeRate: number

  @belongsTo(() => Currency, { foreignKey: 'fromCurrencyId' })
  declare fromCurrency: BelongsTo<typeof Currency>

  @belongsTo(() => Currency, { foreignKey: 'toCurrencyId' })
  declare toCurrency: BelongsTo<typeof Currency>
}
