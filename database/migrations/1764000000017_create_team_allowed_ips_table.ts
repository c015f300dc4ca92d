import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * IP ranges (IPv4 or IPv6 CIDR) a team's members must come from; a team without any has no
 * restriction.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('team_allowed_ips', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.string('cidr', 64).notNullable()
      table.timestamp('created_at').notNullable()
      table.unique(['team_id', 'cidr'])
    })
  }

  async down() {
    this.schema.dropTable('team_allowed_ips')
  }
}
