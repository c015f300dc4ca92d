import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Every status change of a data collection submission made by an administrator (processing,
 * in review, completed, rejected) with the message for the submitter, and when the submitter
 * was told by mail: the mail job sends one mail per change, whatever the number of times it
 * runs. Statuses stay strings on the submission (`submitted` is the first step, pending).
 *
 * Administrators list every team's submissions by status, newest first: an index for it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('data_collection_status_changes', (table) => {
      table.increments('id')
      table
        .integer('submission_id')
        .unsigned()
        .notNullable()
        .references('data_collection_submissions.id')
        .onDelete('CASCADE')
        .index()
      table.string('from_status', 20).notNullable()
      table.string('to_status', 20).notNullable()
      table.text('message').nullable()
      table.integer('changed_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
      // Set by the mail job when it takes the change (mail sent, or the submitter's account
      // disabled); null until then, and for a submission whose submitter has left.
      table.timestamp('notified_at').nullable()
    })

    this.schema.alterTable('data_collection_submissions', (table) => {
      table.index(['status', 'created_at'])
    })
  }

  async down() {
    this.schema.alterTable('data_collection_submissions', (table) => {
      table.dropIndex(['status', 'created_at'])
    })
    this.schema.dropTable('data_collection_status_changes')
  }
}
