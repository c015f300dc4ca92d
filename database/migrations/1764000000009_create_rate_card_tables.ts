import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Rate cards: per provider and team type, the expected price range of each product per AUM
 * range, with the assumptions (driver values) behind it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('aum_ranges', (table) => {
      table.increments('id')
      table.integer('sort_order').notNullable().unique()
      table.integer('min_aum').notNullable()
      table.integer('max_aum').nullable()
    })

    this.schema.createTable('rate_cards', (table) => {
      table.increments('id')
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
      table.integer('team_type_id').unsigned().notNullable().references('team_types.id').index()
      table.integer('currency_id').unsigned().notNullable().references('currencies.id').index()
      table.date('as_of_date').notNullable()
      table.text('provider_comment').nullable()
      table.boolean('active').notNullable().defaultTo(false)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['provider_id', 'team_type_id', 'active'])
    })

    this.schema.createTable('rate_card_categories', (table) => {
      table.increments('id')
      table
        .integer('rate_card_id')
        .unsigned()
        .notNullable()
        .references('rate_cards.id')
        .onDelete('CASCADE')
      table
        .integer('category_id')
        .unsigned()
        .notNullable()
        .references('product_categories.id')
        .onDelete('CASCADE')
        .index()
      table.text('comment').nullable()
      table.unique(['rate_card_id', 'category_id'])
    })

    this.schema.createTable('rate_card_product_benchmarks', (table) => {
      table.increments('id')
      table
        .integer('rate_card_id')
        .unsigned()
        .notNullable()
        .references('rate_cards.id')
        .onDelete('CASCADE')
      table
        .integer('product_id')
        .unsigned()
        .notNullable()
        .references('provider_products.id')
        .onDelete('CASCADE')
        .index()
      table.integer('aum_range_id').unsigned().notNullable().references('aum_ranges.id').index()
      table.decimal('min_benchmark', 18, 2).notNullable()
      table.decimal('avg_benchmark', 18, 2).notNullable()
      table.decimal('max_benchmark', 18, 2).notNullable()
      table.text('comment').nullable()
      table.unique(['rate_card_id', 'product_id', 'aum_range_id'])
    })

    this.schema.createTable('rate_card_assumptions', (table) => {
      table.increments('id')
      table
        .integer('rate_card_product_benchmark_id')
        .unsigned()
        .notNullable()
        .references('rate_card_product_benchmarks.id')
        .onDelete('CASCADE')
        .index()
      table
        .integer('driver_id')
        .unsigned()
        .notNullable()
        .references('drivers.id')
        .onDelete('CASCADE')
        .index()
      table
        .integer('driver_option_id')
        .unsigned()
        .nullable()
        .references('driver_options.id')
        .onDelete('SET NULL')
        .index()
      table.decimal('value', 20, 6).nullable()
    })
  }

  async down() {
    this.schema.dropTable('rate_card_assumptions')
    this.schema.dropTable('rate_card_product_benchmarks')
    this.schema.dropTable('rate_card_categories')
    this.schema.dropTable('rate_cards')
    this.schema.dropTable('aum_ranges')
  }
}
