import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Research requests handled by the research team: the administrator assigned, the response the
 * client reads under "My requests" (an answer, or the reason for a decline), the documents the
 * answer links, and each status change, which the requester is mailed about once
 * (`notified_at`, claimed by the mail job).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('research_requests', (table) => {
      table.integer('assignee_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.text('response').nullable()
      table.timestamp('responded_at').nullable()
      table.index(['status', 'created_at'])
      table.index(['assignee_id'])
    })

    this.schema.createTable('research_request_documents', (table) => {
      table
        .integer('request_id')
        .unsigned()
        .notNullable()
        .references('research_requests.id')
        .onDelete('CASCADE')
      table
        .integer('document_id')
        .unsigned()
        .notNullable()
        .references('research_documents.id')
        .onDelete('CASCADE')
      table.integer('position').notNullable()
      table.primary(['request_id', 'document_id'])
      table.index(['document_id'])
    })

    this.schema.createTable('research_request_status_changes', (table) => {
      table.increments('id')
      table
        .integer('request_id')
        .unsigned()
        .notNullable()
        .references('research_requests.id')
        .onDelete('CASCADE')
      table.string('from_status', 16).notNullable()
      table.string('to_status', 16).notNullable()
      table.text('message').nullable()
      table.integer('changed_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('notified_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['request_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('research_request_status_changes')
    this.schema.dropTable('research_request_documents')
    this.schema.alterTable('research_requests', (table) => {
      table.dropIndex(['status', 'created_at'])
      table.dropIndex(['assignee_id'])
      table.dropForeign(['assignee_id'])
      table.dropColumn('assignee_id')
      table.dropColumn('response')
      table.dropColumn('responded_at')
    })
  }
}
