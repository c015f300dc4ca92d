import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Market and alternative data: providers and their product classification, drivers, license
 * types, client contracts with product benchmarks, and the regressions that price scenarios.
 * Money is NUMERIC(18,2); regression figures NUMERIC(20,6).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('providers', (table) => {
      table.increments('id')
      table.string('provider_key', 80).notNullable().unique()
      table.string('name', 160).notNullable()
      table.string('logo', 255).nullable()
      table.string('provider_type', 32).notNullable().index()
      table.boolean('is_active').notNullable().defaultTo(true)
      table.boolean('has_rate_card').notNullable().defaultTo(false)
      table.text('description').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('product_categories', (table) => {
      table.increments('id')
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
      table.string('name', 160).notNullable()
      table.integer('sort_order').notNullable().defaultTo(0)
      table.unique(['provider_id', 'name'])
    })

    this.schema.createTable('product_types', (table) => {
      table.increments('id')
      table
        .integer('category_id')
        .unsigned()
        .notNullable()
        .references('product_categories.id')
        .onDelete('CASCADE')
      table.string('name', 160).notNullable()
      table.unique(['category_id', 'name'])
    })

    this.schema.createTable('provider_products', (table) => {
      table.increments('id')
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
        .index()
      table
        .integer('product_type_id')
        .unsigned()
        .notNullable()
        .references('product_types.id')
        .onDelete('CASCADE')
      table.string('name', 160).notNullable()
      table.unique(['product_type_id', 'name'])
    })

    this.schema.createTable('drivers', (table) => {
      table.increments('id')
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
      table.string('name', 120).notNullable()
      table.boolean('is_numeric').notNullable().defaultTo(true)
      table.string('unit', 40).nullable()
      table.unique(['provider_id', 'name'])
    })

    this.schema.createTable('driver_options', (table) => {
      table.increments('id')
      table
        .integer('driver_id')
        .unsigned()
        .notNullable()
        .references('drivers.id')
        .onDelete('CASCADE')
      table.string('label', 120).notNullable()
      // The number the option feeds into a regression.
      table.decimal('value', 20, 6).notNullable()
      table.unique(['driver_id', 'label'])
    })

    this.schema.createTable('license_types', (table) => {
      table.increments('id')
      table.string('key', 64).notNullable().unique()
      table.string('name', 120).notNullable()
    })

    this.schema.createTable('contracts', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
        .index()
      table
        .integer('license_type_id')
        .unsigned()
        .notNullable()
        .references('license_types.id')
        .index()
      table.string('reference', 80).notNullable()
      table.date('start_date').notNullable()
      table.date('end_date').notNullable()
      table.string('document_path', 255).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['team_id', 'provider_id', 'end_date'])
    })

    this.schema.createTable('product_benchmarks', (table) => {
      table.increments('id')
      table
        .integer('contract_id')
        .unsigned()
        .notNullable()
        .references('contracts.id')
        .onDelete('CASCADE')
        .index()
      table
        .integer('product_id')
        .unsigned()
        .notNullable()
        .references('provider_products.id')
        .index()
      table.string('division', 120).nullable()
      table.date('start_date').notNullable()
      table.date('end_date').notNullable()
      table.decimal('payment', 18, 2).nullable()
      table.decimal('benchmark_price', 18, 2).nullable()
      table.integer('currency_id').unsigned().nullable().references('currencies.id').index()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('product_benchmark_drivers', (table) => {
      table.increments('id')
      table
        .integer('product_benchmark_id')
        .unsigned()
        .notNullable()
        .references('product_benchmarks.id')
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
      table.boolean('has_note').notNullable().defaultTo(false)
      table.text('note').nullable()
      table.unique(['product_benchmark_id', 'driver_id'])
    })

    this.schema.createTable('sub_product_benchmarks', (table) => {
      table.increments('id')
      table
        .integer('product_benchmark_id')
        .unsigned()
        .notNullable()
        .references('product_benchmarks.id')
        .onDelete('CASCADE')
        .index()
      table.string('name', 160).notNullable()
      table.decimal('benchmark_price', 18, 2).notNullable()
      table.integer('currency_id').unsigned().notNullable().references('currencies.id').index()
      table.date('start_date').nullable()
      table.date('end_date').nullable()
    })

    this.schema.createTable('regressions', (table) => {
      table.increments('id')
      table
        .integer('product_id')
        .unsigned()
        .notNullable()
        .references('provider_products.id')
        .onDelete('CASCADE')
      table
        .integer('license_type_id')
        .unsigned()
        .notNullable()
        .references('license_types.id')
        .index()
      table.decimal('intercept', 20, 6).notNullable()
      table.unique(['product_id', 'license_type_id'])
    })

    this.schema.createTable('regression_coefficients', (table) => {
      table.increments('id')
      table
        .integer('regression_id')
        .unsigned()
        .notNullable()
        .references('regressions.id')
        .onDelete('CASCADE')
      table
        .integer('driver_id')
        .unsigned()
        .notNullable()
        .references('drivers.id')
        .onDelete('CASCADE')
        .index()
      table.decimal('coefficient_value', 20, 6).notNullable()
      table.decimal('min_driver_value', 20, 6).nullable()
      table.decimal('max_driver_value', 20, 6).nullable()
      table.unique(['regression_id', 'driver_id'])
    })
  }

  async down() {
    for (const name of [
      'regression_coefficients',
      'regressions',
      'sub_product_benchmarks',
      'product_benchmark_drivers',
      'product_benchmarks',
      'contracts',
      'license_types',
      'driver_options',
      'drivers',
      'provider_products',
      'product_types',
      'product_categories',
      'providers',
    ]) {
      this.schema.dropTable(name)
    }
  }
}
