import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Research documents administered in the product (issue: research discovery administration):
 * - `processing_status`: where a document is in its pipeline — uploaded → text_extracted →
 *   themes_tagged → completed, or failed with `processing_error` (a sentence for the
 *   administrator). Documents already in the catalogue are completed.
 * - `status` keeps the publication state: draft (not yet shown to clients), published, withdrawn.
 *   Only a completed document is ever published; `publish_when_processed` publishes a new one as
 *   soon as its processing completes.
 * - Who added and last changed a document, and when; when it was withdrawn.
 * The administrators' list filters on processing status and sorts by date, title or provider.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('research_documents', (table) => {
      table.string('processing_status', 16).notNullable().defaultTo('completed')
      table.text('processing_error').nullable()
      table.boolean('publish_when_processed').notNullable().defaultTo(false)
      table.timestamp('processed_at').nullable()
      table.timestamp('updated_at').nullable()
      table.timestamp('withdrawn_at').nullable()
      table.integer('created_by').unsigned().nullable()
      table.integer('updated_by').unsigned().nullable()
      table.index(['processing_status', 'published_at'])
      // On SQLite a foreign key added to an existing table makes knex rebuild the table, which
      // drops its data-version triggers: the references are declared on PostgreSQL only (a
      // removed user's id there becomes null; on SQLite the page finds no name for it).
      if (this.db.dialect.name === 'postgres') {
        table.foreign('created_by').references('users.id').onDelete('SET NULL')
        table.foreign('updated_by').references('users.id').onDelete('SET NULL')
      }
    })
  }

  async down() {
    this.schema.alterTable('research_documents', (table) => {
      table.dropIndex(['processing_status', 'published_at'])
      if (this.db.dialect.name === 'postgres') {
        table.dropForeign(['created_by'])
        table.dropForeign(['updated_by'])
      }
      table.dropColumns(
        'processing_status',
        'processing_error',
        'publish_when_processed',
        'processed_at',
        'updated_at',
        'withdrawn_at',
        'created_by',
        'updated_by'
      )
    })
  }
}
