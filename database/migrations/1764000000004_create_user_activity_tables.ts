import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('user_tours', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table.string('tour_name', 64).notNullable()
      table.timestamp('completed_at').notNullable()
      table.unique(['user_id', 'tour_name'])
    })

    this.schema.createTable('feedback', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
        .index()
      table
        .integer('team_id')
        .unsigned()
        .nullable()
        .references('teams.id')
        .onDelete('SET NULL')
        .index()
      table.smallint('rating').notNullable().defaultTo(0)
      table.text('feedback_text').nullable()
      table.string('route', 255).nullable()
      table.timestamp('created_at').notNullable().index()
    })

    this.schema.createTable('email_subscriptions', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table.string('subscription', 64).notNullable().index()
      table.timestamp('created_at').notNullable()
      table.unique(['user_id', 'subscription'])
    })

    this.schema.createTable('analytics_events', (table) => {
      table.bigIncrements('id')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
        .index()
      table
        .integer('team_id')
        .unsigned()
        .nullable()
        .references('teams.id')
        .onDelete('SET NULL')
        .index()
      table.string('category', 64).notNullable()
      table.string('action', 128).notNullable()
      table.string('label', 255).nullable()
      table.string('route', 255).nullable()
      table.text('properties').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['category', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('analytics_events')
    this.schema.dropTable('email_subscriptions')
    this.schema.dropTable('feedback')
    this.schema.dropTable('user_tours')
  }
}
