import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Email domains a team's members must use; a team without any accepts every domain.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('team_allowed_domains', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.string('domain', 253).notNullable()
      table.timestamp('created_at').notNullable()
      table.unique(['team_id', 'domain'])
    })
  }

  async down() {
    this.schema.dropTable('team_allowed_domains')
  }
}
