import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Bulk imports of research documents: a ZIP of PDFs and a metadata table (CSV or XLSX), checked
 * by a background job (the preview, with a row-by-row report) and then committed as a whole by
 * another, or refused as a whole.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('research_document_imports', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.string('source', 16).notNullable()
      table.string('operator', 160).nullable()
      table.string('status', 16).notNullable()
      table.string('archive_name', 255).notNullable()
      table.string('archive_key', 255).nullable()
      table.bigInteger('archive_size').notNullable()
      table.string('metadata_name', 255).notNullable()
      table.string('metadata_key', 255).nullable()
      table.string('metadata_type', 8).notNullable()
      table.boolean('publish_when_processed').notNullable().defaultTo(false)
      table.integer('row_count').notNullable().defaultTo(0)
      table.integer('rejected_rows').notNullable().defaultTo(0)
      table.integer('processed_rows').notNullable().defaultTo(0)
      table.integer('document_count').notNullable().defaultTo(0)
      table.text('report').nullable()
      table.text('preview').nullable()
      table.text('error').nullable()
      table.string('job_id', 64).nullable()
      table
        .integer('committed_by')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.timestamp('previewed_at').nullable()
      table.timestamp('committed_at').nullable()
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable('research_document_imports')
  }
}
