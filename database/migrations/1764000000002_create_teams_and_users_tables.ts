import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('teams', (table) => {
      table.increments('id')
      table.string('name', 160).notNullable().unique()
      table.integer('currency_id').unsigned().notNullable().references('currencies.id').index()
      table.integer('team_type_id').unsigned().notNullable().references('team_types.id').index()
      table.string('region', 16).notNullable().defaultTo('EMEA')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('team_modules', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table
        .integer('module_id')
        .unsigned()
        .notNullable()
        .references('modules.id')
        .onDelete('CASCADE')
        .index()
      table.timestamp('created_at').notNullable()
      table.unique(['team_id', 'module_id'])
    })

    this.schema.createTable('users', (table) => {
      table.increments('id')
      table.string('name', 160).notNullable()
      table.string('email', 254).notNullable().unique()
      table.string('password').notNullable()
      table.timestamp('password_changed_at').notNullable()
      table.timestamp('email_verified_at').nullable()
      table.boolean('is_administrator').notNullable().defaultTo(false).index()
      table.boolean('should_show_main_nav_user_tour').notNullable().defaultTo(true)
      table.timestamp('disabled_at').nullable()
      table
        .integer('current_team_id')
        .unsigned()
        .nullable()
        .references('teams.id')
        .onDelete('SET NULL')
        .index()
      table.timestamp('last_login_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('team_user', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('users.id')
        .onDelete('CASCADE')
        .index()
      table.string('role', 32).notNullable().defaultTo('member')
      table.timestamp('created_at').notNullable()
      table.unique(['team_id', 'user_id'])
    })
  }

  async down() {
    this.schema.dropTable('team_user')
    this.schema.dropTable('users')
    this.schema.dropTable('team_modules')
    this.schema.dropTable('teams')
  }
}
