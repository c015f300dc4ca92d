import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A sub product's drivers (spec §3: a sub product benchmark has a name, a price, drivers, dates
 * and a currency): a value for a numeric driver or an option, as a product benchmark's drivers.
 * The table belongs to the market data tables' version (`…120_create_data_versions`): the
 * pages' cached figures are kept under it, so a write here must replace it too.
 */
const TABLE = 'sub_product_benchmark_drivers'
const EVENTS = ['insert', 'update', 'delete'] as const

export default class extends BaseSchema {
  async up() {
    this.schema.createTable(TABLE, (table) => {
      table.increments('id')
      table
        .integer('sub_product_benchmark_id')
        .unsigned()
        .notNullable()
        .references('sub_product_benchmarks.id')
        .onDelete('CASCADE')
      table
        .integer('driver_id')
        .unsigned()
        .notNullable()
        .references('drivers.id')
        .onDelete('CASCADE')
        .index()
      table.decimal('value', 20, 6).nullable()
      table
        .integer('driver_option_id')
        .unsigned()
        .nullable()
        .references('driver_options.id')
        .onDelete('SET NULL')
        .index()
      table.unique(['sub_product_benchmark_id', 'driver_id'])
    })

    if (this.db.dialect.name === 'postgres') {
      this.schema.raw(
        `CREATE TRIGGER "data_version_${TABLE}" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${TABLE}" FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump('market_data')`
      )
      return
    }
    for (const event of EVENTS) {
      this.schema.raw(
        `CREATE TRIGGER "data_version_${TABLE}_${event}" AFTER ${event.toUpperCase()} ON "${TABLE}" BEGIN UPDATE data_versions SET version = abs(random() % 9007199254740991) WHERE area = 'market_data'; END`
      )
    }
  }

  async down() {
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw(`DROP TRIGGER IF EXISTS "data_version_${TABLE}" ON "${TABLE}"`)
    } else {
      for (const event of EVENTS) {
        this.schema.raw(`DROP TRIGGER IF EXISTS "data_version_${TABLE}_${event}"`)
      }
    }
    this.schema.dropTable(TABLE)
  }
}
