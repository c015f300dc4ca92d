import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The security log: sign-ins (and failed attempts), sign-outs, password and two-factor
 * changes, with the IP address and browser they came from.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('security_events', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      // The address typed on a failed sign-in, when no account matched.
      table.string('email', 254).nullable()
      table.string('event', 40).notNullable()
      table.string('ip', 64).nullable()
      table.string('user_agent', 255).nullable()
      table.text('details').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['user_id', 'created_at'])
      table.index(['event', 'created_at'])
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable('security_events')
  }
}
