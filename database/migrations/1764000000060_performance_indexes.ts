import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Indexes for orderings the admin lists page through, found by reading the query plans at the
 * large generated scale (docs/performance/query-plans.md):
 * - the users list sorts every user by name (and id) to show 25 of them;
 * - the audit trail filtered by entity type sorts every entry of that type by date.
 * With these, both read only the rows of the page, on SQLite and PostgreSQL alike.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.index(['name', 'id'], 'users_name_id_index')
    })
    this.schema.alterTable('audit_logs', (table) => {
      table.index(['entity_type', 'created_at'], 'audit_logs_entity_type_created_at_index')
    })
  }

  async down() {
    this.schema.alterTable('audit_logs', (table) => {
      table.dropIndex(['entity_type', 'created_at'], 'audit_logs_entity_type_created_at_index')
    })
    this.schema.alterTable('users', (table) => {
      table.dropIndex(['name', 'id'], 'users_name_id_index')
    })
  }
}
