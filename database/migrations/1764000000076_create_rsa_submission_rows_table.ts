import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * What an accepted research spend data collection upload held, row by row, as read and checked
 * on upload (the admin reviews a submission and imports its rows into budget lines, interactions
 * and assessments later). `sheet` is the template sheet's key (profile, providers, interactions,
 * assessment); `row_number` the row in that sheet (0 for the Profile sheet, read as one record);
 * `payload` the row as JSON, with enumerations as keys and providers and currencies resolved.
 */
export default class extends BaseSchema {
  protected tableName = 'rsa_submission_rows'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('submission_id')
        .unsigned()
        .notNullable()
        .references('data_collection_submissions.id')
        .onDelete('CASCADE')
      table.string('sheet', 16).notNullable()
      table.integer('row_number').notNullable()
      table.text('payload').notNullable()
      table.index(['submission_id', 'sheet', 'row_number'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
