import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * When each user last opened My themes, and the visit before: the unread counts of the starred
 * themes are of the documents published since (app/services/research/themes.ts).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('research_theme_visits', (table) => {
      table.integer('user_id').unsigned().primary().references('users.id').onDelete('CASCADE')
      table.timestamp('visited_at').notNullable()
      table.timestamp('previous_visited_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('research_theme_visits')
  }
}
