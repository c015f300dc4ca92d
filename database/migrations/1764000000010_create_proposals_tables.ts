import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Vendor proposals a team received (a renewal or new-business offer from a provider), one line
 * per product with the proposed annual price. The page compares each line with the team's
 * matching product benchmark and current contract price.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('proposals', (table) => {
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
        .nullable()
        .references('license_types.id')
        .onDelete('SET NULL')
        .index()
      table.string('reference', 120).notNullable()
      table.date('received_on').notNullable()
      table.date('valid_until').nullable()
      table.date('start_date').notNullable()
      table.date('end_date').notNullable()
      // under_review | accepted | declined
      table.string('status', 20).notNullable().defaultTo('under_review')
      table.text('comment').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['team_id', 'provider_id', 'received_on'])
    })

    this.schema.createTable('proposal_items', (table) => {
      table.increments('id')
      table
        .integer('proposal_id')
        .unsigned()
        .notNullable()
        .references('proposals.id')
        .onDelete('CASCADE')
        .index()
      table
        .integer('product_id')
        .unsigned()
        .notNullable()
        .references('provider_products.id')
        .onDelete('CASCADE')
        .index()
      table.decimal('proposed_price', 18, 2).notNullable()
      table
        .integer('currency_id')
        .unsigned()
        .notNullable()
        .references('currencies.id')
        .onDelete('RESTRICT')
        .index()
    })
  }

  async down() {
    this.schema.dropTable('proposal_items')
    this.schema.dropTable('proposals')
  }
}
