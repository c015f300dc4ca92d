import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Where an administrative write came from: the web admin or an operator's command-line import.
 * A deleted administrator's entries also lose their user, so the user alone cannot tell.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('audit_logs', (table) => {
      table.string('source', 20).notNullable().defaultTo('web')
    })
    this.defer(async (db) => {
      await db
        .from('audit_logs')
        .whereNull('user_id')
        .where('summary', 'like', '%(command line)')
        .update({ source: 'command_line' })
    })
  }

  async down() {
    this.schema.alterTable('audit_logs', (table) => {
      table.dropColumn('source')
    })
  }
}
