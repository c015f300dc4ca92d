import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A numeric driver that counts things (users, datasets, years) takes whole numbers only; a
 * measure (assets in billions) takes fractions. Existing drivers keep accepting fractions
 * until an administrator says otherwise.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('drivers', (table) => {
      table.boolean('whole_numbers').notNullable().defaultTo(false)
    })
  }

  async down() {
    this.schema.alterTable('drivers', (table) => {
      table.dropColumn('whole_numbers')
    })
  }
}
