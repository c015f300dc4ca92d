import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('insights_reports', (table) => {
      table.increments('id')
      // null: published to every team holding the insights-reports module.
      table.integer('team_id').unsigned().nullable().references('teams.id').onDelete('CASCADE')
      table.string('title', 200).notNullable()
      table.string('file_name', 255).notNullable()
      table.string('insights_category', 80).notNullable()
      table.string('insights_tag', 80).nullable()
      table.boolean('is_private').notNullable().defaultTo(false)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['team_id', 'created_at'])
      table.index(['created_at'])
    })

    this.schema.createTable('insights_report_reads', (table) => {
      table.increments('id')
      table
        .integer('insights_report_id')
        .unsigned()
        .notNullable()
        .references('insights_reports.id')
        .onDelete('CASCADE')
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table.timestamp('read_at').notNullable()
      table.unique(['user_id', 'insights_report_id'])
      table.index(['insights_report_id'])
    })

    this.schema.createTable('user_consents', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table.string('version', 32).notNullable()
      table.string('ip', 64).nullable()
      table.timestamp('accepted_at').notNullable()
      table.unique(['user_id', 'version'])
    })
  }

  async down() {
    this.schema.dropTable('user_consents')
    this.schema.dropTable('insights_report_reads')
    this.schema.dropTable('insights_reports')
  }
}
