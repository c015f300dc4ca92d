import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Two-factor authentication (TOTP): the encrypted secret, when it was confirmed, the hashed
 * single-use recovery codes, and the last time step used (a code is never accepted twice).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.text('two_factor_secret').nullable()
      table.timestamp('two_factor_confirmed_at').nullable()
      table.text('two_factor_recovery_codes').nullable()
      table.bigInteger('two_factor_last_step').nullable()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('two_factor_secret')
      table.dropColumn('two_factor_confirmed_at')
      table.dropColumn('two_factor_recovery_codes')
      table.dropColumn('two_factor_last_step')
    })
  }
}
