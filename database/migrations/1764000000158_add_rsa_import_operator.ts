import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * `rsa_imports.operator`: who ran a command-line import when no user was named (`--as`): the
 * system user and host, as the log says.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('rsa_imports', (table) => {
      table.string('operator', 160).nullable()
    })
  }

  async down() {
    this.schema.alterTable('rsa_imports', (table) => {
      table.dropColumn('operator')
    })
  }
}
