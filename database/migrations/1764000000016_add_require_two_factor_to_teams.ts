import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A team can require two-factor authentication of all its members.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('teams', (table) => {
      table.boolean('require_two_factor').notNullable().defaultTo(false)
    })
  }

  async down() {
    this.schema.alterTable('teams', (table) => {
      table.dropColumn('require_two_factor')
    })
  }
}
