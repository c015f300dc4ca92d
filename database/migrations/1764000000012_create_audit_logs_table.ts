import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Every administrative write: who, when, what (entity and action) and the values before and
 * after, as JSON.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('audit_logs', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.string('entity_type', 64).notNullable()
      table.integer('entity_id').nullable()
      // create | update | delete | import
      table.string('action', 20).notNullable()
      table.string('summary', 255).notNullable()
      table.text('before').nullable()
      table.text('after').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['entity_type', 'entity_id'])
      table.index(['user_id', 'created_at'])
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable('audit_logs')
  }
}
