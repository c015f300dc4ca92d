import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Invitations to join a team, the teams' own password and registration policies, and the
 * administrator's "change your password at next sign-in" flag.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('team_invitations', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.string('email', 254).notNullable()
      table.string('role', 32).notNullable().defaultTo('member')
      table
        .integer('invited_by_id')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
        .index()
      /** Changes on every send, so that only the latest link works. */
      table.string('nonce', 64).notNullable()
      table.timestamp('expires_at').notNullable()
      table.timestamp('last_sent_at').notNullable()
      table.integer('send_count').notNullable().defaultTo(1)
      table.timestamp('accepted_at').nullable()
      table
        .integer('accepted_by_id')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
        .index()
      table.timestamp('revoked_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['team_id', 'email'])
      table.index(['email'])
    })

    this.schema.alterTable('teams', (table) => {
      /** Members' passwords must be at least this long (never below the product minimum). */
      table.integer('password_min_length').notNullable().defaultTo(12)
      /** People with an address at one of the allowed domains may register without invitation. */
      table.boolean('allow_self_registration').notNullable().defaultTo(false)
    })

    this.schema.alterTable('users', (table) => {
      table.timestamp('password_reset_required_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('password_reset_required_at')
    })
    this.schema.alterTable('teams', (table) => {
      table.dropColumn('allow_self_registration')
      table.dropColumn('password_min_length')
    })
    this.schema.dropTable('team_invitations')
  }
}
