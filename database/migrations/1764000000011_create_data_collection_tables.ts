import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Data collection: a team is asked for its market data contracts for a period (a data
 * collection); the team downloads the pre-filled template and uploads it back. Each accepted
 * upload is a submission holding the stored file and its parsed rows; analysts move it through
 * submitted → in review → completed (or rejected).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('data_collections', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.string('name', 160).notNullable()
      table.date('due_date').nullable()
      // open | closed
      table.string('status', 20).notNullable().defaultTo('open')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['team_id', 'status'])
    })

    this.schema.createTable('data_collection_submissions', (table) => {
      table.increments('id')
      table
        .integer('data_collection_id')
        .unsigned()
        .notNullable()
        .references('data_collections.id')
        .onDelete('CASCADE')
        .index()
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
        .index()
      table.string('original_file_name', 255).notNullable()
      // The stored file's name under the uploads directory (never the user's file name).
      table.string('stored_file_name', 80).nullable()
      table.integer('file_size').notNullable().defaultTo(0)
      table.text('additional_comments').nullable()
      table.date('delivery_date').notNullable()
      // submitted | in_review | completed | rejected
      table.string('status', 20).notNullable().defaultTo('submitted')
      table.text('status_comment').nullable()
      table.integer('row_count').notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['team_id', 'status', 'created_at'])
    })

    this.schema.createTable('data_collection_rows', (table) => {
      table.increments('id')
      table
        .integer('submission_id')
        .unsigned()
        .notNullable()
        .references('data_collection_submissions.id')
        .onDelete('CASCADE')
        .index()
      table.integer('row_number').notNullable()
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
        .index()
      table
        .integer('product_id')
        .unsigned()
        .notNullable()
        .references('provider_products.id')
        .onDelete('CASCADE')
        .index()
      table
        .integer('license_type_id')
        .unsigned()
        .nullable()
        .references('license_types.id')
        .onDelete('SET NULL')
      table.string('contract_reference', 120).nullable()
      table.string('division', 160).nullable()
      table.date('start_date').notNullable()
      table.date('end_date').notNullable()
      table.decimal('annual_payment', 18, 2).notNullable()
      table
        .integer('currency_id')
        .unsigned()
        .notNullable()
        .references('currencies.id')
        .onDelete('RESTRICT')
      table.text('comment').nullable()
    })
  }

  async down() {
    this.schema.dropTable('data_collection_rows')
    this.schema.dropTable('data_collection_submissions')
    this.schema.dropTable('data_collections')
  }
}
