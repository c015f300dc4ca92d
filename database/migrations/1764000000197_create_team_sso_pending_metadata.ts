import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Identity provider metadata a team's manager uploaded that is not used yet: its signing
 * certificate must first be confirmed (its fingerprint, as the identity provider shows it) or
 * the document signed with the certificate the team already trusts. One per team; a new
 * upload replaces it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('team_sso_pending_metadata', (table) => {
      table.increments('id')
      table
        .integer('team_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('teams.id')
        .onDelete('CASCADE')
      table.text('metadata_xml').notNullable()
      table.string('idp_entity_id', 1024).notNullable()
      table.string('idp_sso_url', 2048).notNullable()
      table.string('certificate_subject', 1024).notNullable()
      table.timestamp('certificate_expires_at').notNullable()
      table
        .integer('uploaded_by_id')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
        .index()
      table.timestamp('created_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('team_sso_pending_metadata')
  }
}
