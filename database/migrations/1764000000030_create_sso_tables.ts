import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * SAML single sign-on: each team's identity provider, the sign-in requests sent to it (so
 * that a response is accepted only for a request we made), and the assertions already used
 * (so that a response cannot be played twice).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('team_sso_configs', (table) => {
      table.increments('id')
      table
        .integer('team_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('teams.id')
        .onDelete('CASCADE')
      table.string('idp_entity_id', 1024).notNullable()
      table.string('idp_sso_url', 2048).notNullable()
      /** Base64 body of the identity provider's signing certificate (DER). */
      table.text('idp_certificate').notNullable()
      table.timestamp('idp_certificate_expires_at').notNullable()
      table.text('metadata_xml').notNullable()
      table.boolean('enabled').notNullable().defaultTo(false)
      /** Members may then sign in only through the identity provider. */
      table.boolean('required').notNullable().defaultTo(false)
      table
        .integer('updated_by_id')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
        .index()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('sso_requests', (table) => {
      table.increments('id')
      table.string('request_id', 128).notNullable().unique()
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.timestamp('created_at').notNullable()
      table.timestamp('expires_at').notNullable().index()
      table.timestamp('consumed_at').nullable()
      table.index(['team_id', 'request_id'])
    })

    this.schema.createTable('sso_assertions', (table) => {
      table.increments('id')
      table.string('assertion_id', 256).notNullable().unique()
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.timestamp('expires_at').notNullable().index()
      table.timestamp('created_at').notNullable()
      table.index(['team_id'])
    })
  }

  async down() {
    this.schema.dropTable('sso_assertions')
    this.schema.dropTable('sso_requests')
    this.schema.dropTable('team_sso_configs')
  }
}
