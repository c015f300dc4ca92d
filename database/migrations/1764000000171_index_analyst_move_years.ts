import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The years the analyst pages offer start with the first year with coverage or a move: the
 * moves' year gets an index of its own, so that its minimum is read without a scan.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('analyst_moves', (table) => {
      table.index(['year'])
    })
  }

  async down() {
    this.schema.alterTable('analyst_moves', (table) => {
      table.dropIndex(['year'])
    })
  }
}
