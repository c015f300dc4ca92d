import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Exchange rates come in dated sets: one rate per pair of currencies and date, so that a year's
 * research spend is converted at that year's rates (the set dated on or before the year's end).
 * Rates stored before they carried a date take the date of the reference set.
 */
const REFERENCE_DATE = '2024-12-31'

export default class extends BaseSchema {
  async up() {
    this.defer(async (client) => {
      await client.from('exchange_rates').whereNull('as_of').update({ as_of: REFERENCE_DATE })
    })
    this.schema.alterTable('exchange_rates', (table) => {
      table.dropUnique(['from_currency_id', 'to_currency_id'])
      table.unique(['from_currency_id', 'to_currency_id', 'as_of'])
      table.index(['as_of'])
    })
  }

  async down() {
    this.defer(async (client) => {
      // Only the latest set of each pair can stay under the old rule.
      const latest = client
        .from('exchange_rates as later')
        .whereRaw('later.from_currency_id = exchange_rates.from_currency_id')
        .whereRaw('later.to_currency_id = exchange_rates.to_currency_id')
        .whereRaw('later.as_of > exchange_rates.as_of')
        .select(client.raw('1'))
      await client.from('exchange_rates').whereExists(latest).delete()
    })
    this.schema.alterTable('exchange_rates', (table) => {
      table.dropIndex(['as_of'])
      table.dropUnique(['from_currency_id', 'to_currency_id', 'as_of'])
      table.unique(['from_currency_id', 'to_currency_id'])
    })
  }
}
