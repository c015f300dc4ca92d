import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The members told that their team was asked for data: one row per collection and member,
 * written with the round that opens the collection and claimed (`notified_at`) by the mail job
 * before its mail goes out, so a member gets one mail however often the job runs.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('data_collection_notices', (table) => {
      table.increments('id')
      table
        .integer('data_collection_id')
        .unsigned()
        .notNullable()
        .references('data_collections.id')
        .onDelete('CASCADE')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('users.id')
        .onDelete('CASCADE')
        .index()
      table.timestamp('notified_at').nullable()
      table.timestamp('created_at').notNullable()
      table.unique(['data_collection_id', 'user_id'])
    })
  }

  async down() {
    this.schema.dropTable('data_collection_notices')
  }
}
