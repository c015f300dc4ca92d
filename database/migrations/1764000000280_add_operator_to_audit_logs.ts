import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Who ran a command-line import: the administrator named with `--as`, or the system user and
 * host running the command. Kept on each audit entry the command wrote, shown in the trail.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('audit_logs', (table) => {
      table.string('operator', 160).nullable()
    })
  }

  async down() {
    this.schema.alterTable('audit_logs', (table) => {
      table.dropColumn('operator')
    })
  }
}
