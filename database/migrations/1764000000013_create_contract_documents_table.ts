import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Signed contract PDFs with their metadata, kept on the uploads disk; the team's users can
 * read them, administrators upload and remove them.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('contract_documents', (table) => {
      table.increments('id')
      table
        .integer('contract_id')
        .unsigned()
        .notNullable()
        .references('contracts.id')
        .onDelete('CASCADE')
        .index()
      table.string('title', 160).notNullable()
      table.date('document_date').nullable()
      table.string('file_key', 120).notNullable()
      table.string('original_name', 255).notNullable()
      table.integer('file_size').notNullable()
      table.integer('uploaded_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('contract_documents')
  }
}
