import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A requested change of a user's email address, waiting for the link mailed to the new
 * address. One per user: a newer request replaces the older one (and its link, via the nonce).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('email_changes', (table) => {
      table.integer('user_id').unsigned().primary().references('users.id').onDelete('CASCADE')
      table.string('email', 254).notNullable()
      table.string('nonce', 64).notNullable()
      table.timestamp('requested_at').notNullable()
      table.timestamp('expires_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('email_changes')
  }
}
