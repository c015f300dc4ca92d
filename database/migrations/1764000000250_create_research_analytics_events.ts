import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * What the research discovery analytics (`researchDiscoveryAnalytics`) reads besides the reads,
 * stars, bookmarks, requests and digest runs already kept:
 *
 * - `research_searches`: each text search a client ran on All research or My research (its
 *   first page: turning pages is not a new search), with the number of documents it found.
 * - `research_digest_clicks`: each link of a weekly digest followed, with the digest's ISO week
 *   (the digest run is the user's run of that week) and what the link opened.
 *
 * The figures are aggregated over a date range: the reads, searches, clicks and documents are
 * read by their date first.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('research_searches', (table) => {
      table.bigIncrements('id')
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.string('term', 200).notNullable()
      table.integer('result_count').notNullable()
      table.timestamp('searched_at').notNullable()
      table.index(['searched_at', 'result_count'])
    })

    this.schema.createTable('research_digest_clicks', (table) => {
      table.bigIncrements('id')
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table.string('week', 10).notNullable()
      // 'document', 'theme' or 'trending'.
      table.string('target', 16).notNullable()
      table
        .integer('document_id')
        .unsigned()
        .nullable()
        .references('research_documents.id')
        .onDelete('SET NULL')
      table.timestamp('clicked_at').notNullable()
      table.index(['user_id', 'week'])
    })

    // Reads over a date range, per team and reader; documents ingested over a range.
    this.schema.alterTable('research_read_events', (table) => {
      table.index(['opened_at', 'team_id', 'user_id'])
    })
    this.schema.alterTable('research_documents', (table) => {
      table.index(['created_at', 'provider_id'])
    })
    this.schema.alterTable('research_digest_runs', (table) => {
      table.index(['sent_at'])
    })
  }

  async down() {
    this.schema.alterTable('research_digest_runs', (table) => {
      table.dropIndex(['sent_at'])
    })
    this.schema.alterTable('research_documents', (table) => {
      table.dropIndex(['created_at', 'provider_id'])
    })
    this.schema.alterTable('research_read_events', (table) => {
      table.dropIndex(['opened_at', 'team_id', 'user_id'])
    })
    this.schema.dropTable('research_digest_clicks')
    this.schema.dropTable('research_searches')
  }
}
