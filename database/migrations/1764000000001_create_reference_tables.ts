import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('currencies', (table) => {
      table.increments('id')
      table.string('code', 3).notNullable().unique()
      table.string('name', 80).notNullable()
      table.string('symbol', 8).notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('exchange_rates', (table) => {
      table.increments('id')
      table
        .integer('from_currency_id')
        .unsigned()
        .notNullable()
        .references('currencies.id')
        .onDelete('CASCADE')
      table
        .integer('to_currency_id')
        .unsigned()
        .notNullable()
        .references('currencies.id')
        .onDelete('CASCADE')
      // NUMERIC, never float: rates are multiplied into money.
      table.decimal('exchange_rate', 20, 10).notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.unique(['from_currency_id', 'to_currency_id'])
      table.index(['to_currency_id'])
    })

    this.schema.createTable('team_types', (table) => {
      table.increments('id')
      table.string('key', 64).notNullable().unique()
      table.string('name', 120).notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('products', (table) => {
      table.increments('id')
      table.string('key', 64).notNullable().unique()
      table.string('name', 120).notNullable()
      table.text('description').nullable()
      table.integer('sort_order').notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('modules', (table) => {
      table.increments('id')
      table
        .integer('product_id')
        .unsigned()
        .notNullable()
        .references('products.id')
        .onDelete('CASCADE')
        .index()
      table.string('internal_name', 64).notNullable().unique()
      table.string('name', 120).notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('modules')
    this.schema.dropTable('products')
    this.schema.dropTable('team_types')
    this.schema.dropTable('exchange_rates')
    this.schema.dropTable('currencies')
  }
}
