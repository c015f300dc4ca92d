import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Bulk downloads of research documents: an administrator's filters, the background job's
 * progress and the ZIP it built (the PDFs and a manifest), downloadable by that administrator
 * for a day.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('research_document_exports', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table.text('filters').notNullable()
      table.string('status', 16).notNullable().defaultTo('queued')
      table.integer('document_count').notNullable()
      table.bigInteger('byte_size').nullable()
      table.string('file_key', 255).nullable()
      table.text('error').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('completed_at').nullable()
      table.timestamp('expires_at').nullable()
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('research_document_exports')
  }
}
