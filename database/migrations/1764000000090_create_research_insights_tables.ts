import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Research Insights (research discovery): the theme taxonomy (groups nested two levels, themes),
 * research documents with their themes and the teams entitled to read them, the people's stars,
 * bookmarks and reads, the weekly trending-theme snapshots and research requests.
 *
 * Entitlement: a document is `open` (every team with Research Insights), `mnmb` (a minor
 * non-monetary benefit, equally open) or `paid_provider_only` (the teams holding an entitlement
 * to its provider, `research_entitlements`). Every list joins that rule in SQL.
 *
 * Full-text search: `research_document_search` holds each document's title, abstract and the
 * text extracted from its PDF. On SQLite it is an FTS5 table (porter stemming, rowid = document
 * id); on PostgreSQL a table with a stored, weighted `tsvector` behind a GIN index. One service
 * (app/services/research/search.ts) speaks to both.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('research_theme_groups', (table) => {
      table.increments('id')
      table.string('name', 120).notNullable()
      table
        .integer('parent_id')
        .unsigned()
        .nullable()
        .references('research_theme_groups.id')
        .onDelete('CASCADE')
        .index()
      table.integer('sort_order').notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      table.unique(['parent_id', 'name'])
    })

    this.schema.createTable('research_themes', (table) => {
      table.increments('id')
      table
        .integer('group_id')
        .unsigned()
        .notNullable()
        .references('research_theme_groups.id')
        .onDelete('CASCADE')
        .index()
      table.string('name', 120).notNullable().unique()
      table.text('description').nullable()
      table.string('status', 16).notNullable().defaultTo('active')
      table.timestamp('created_at').notNullable()
    })

    this.schema.createTable('research_documents', (table) => {
      table.increments('id')
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
      table.string('title', 300).notNullable()
      table.text('abstract').notNullable()
      // JSON lists: analyst names, asset classes, regions, GICS sectors.
      table.text('authors').notNullable().defaultTo('[]')
      table.string('document_type', 32).notNullable()
      table.text('asset_classes').notNullable().defaultTo('[]')
      table.text('regions').notNullable().defaultTo('[]')
      table.text('sectors').notNullable().defaultTo('[]')
      table.string('language', 8).notNullable().defaultTo('en')
      table.integer('page_count').notNullable()
      table.string('file_key', 255).notNullable()
      table.string('sha256', 64).notNullable().unique()
      table.bigInteger('file_size').notNullable()
      table.string('entitlement', 24).notNullable()
      table.string('status', 16).notNullable().defaultTo('published')
      table.timestamp('published_at').notNullable()
      table.timestamp('created_at').notNullable()
      // The lists, newest first, and their counts read from indexes alone: what the
      // readability rule needs (status, entitlement, provider) sits next to the date, and next
      // to the id for the documents a search matched.
      table.index(['status', 'published_at', 'entitlement', 'provider_id'])
      table.index(['id', 'status', 'published_at', 'entitlement', 'provider_id'])
      table.index(['provider_id', 'published_at'])
    })

    this.schema.createTable('research_document_themes', (table) => {
      table
        .integer('document_id')
        .unsigned()
        .notNullable()
        .references('research_documents.id')
        .onDelete('CASCADE')
      table
        .integer('theme_id')
        .unsigned()
        .notNullable()
        .references('research_themes.id')
        .onDelete('CASCADE')
      table.boolean('is_primary').notNullable().defaultTo(false)
      table.float('relevance').notNullable()
      table.primary(['document_id', 'theme_id'])
      table.index(['theme_id', 'document_id'])
    })

    this.schema.createTable('research_entitlements', (table) => {
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
      table.timestamp('created_at').notNullable()
      table.primary(['team_id', 'provider_id'])
    })

    this.schema.createTable('research_starred_themes', (table) => {
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table
        .integer('theme_id')
        .unsigned()
        .notNullable()
        .references('research_themes.id')
        .onDelete('CASCADE')
      table.timestamp('starred_at').notNullable()
      table.primary(['user_id', 'theme_id'])
    })

    this.schema.createTable('research_bookmarks', (table) => {
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table
        .integer('document_id')
        .unsigned()
        .notNullable()
        .references('research_documents.id')
        .onDelete('CASCADE')
      table.timestamp('created_at').notNullable()
      table.primary(['user_id', 'document_id'])
    })

    this.schema.createTable('research_read_events', (table) => {
      table.bigIncrements('id')
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table
        .integer('document_id')
        .unsigned()
        .notNullable()
        .references('research_documents.id')
        .onDelete('CASCADE')
      table.string('channel', 16).notNullable()
      table.timestamp('opened_at').notNullable()
      table.index(['user_id', 'document_id'])
      table.index(['document_id', 'opened_at'])
    })

    this.schema.createTable('research_trending_snapshots', (table) => {
      table.increments('id')
      // The trailing week ranked: [period_start, period_end).
      table.timestamp('period_start').notNullable()
      table.timestamp('period_end').notNullable().unique()
      table.integer('document_count').notNullable()
      table.timestamp('computed_at').notNullable()
    })

    this.schema.createTable('research_trending_entries', (table) => {
      table
        .integer('snapshot_id')
        .unsigned()
        .notNullable()
        .references('research_trending_snapshots.id')
        .onDelete('CASCADE')
      table
        .integer('theme_id')
        .unsigned()
        .notNullable()
        .references('research_themes.id')
        .onDelete('CASCADE')
      // Null when the theme had documents but too few providers to be ranked.
      table.integer('rank').nullable()
      table.float('score').notNullable()
      table.integer('document_count').notNullable()
      table.integer('provider_count').notNullable()
      table.integer('previous_rank').nullable()
      table.primary(['snapshot_id', 'theme_id'])
      table.index(['theme_id', 'snapshot_id'])
    })

    this.schema.createTable('research_requests', (table) => {
      table.increments('id')
      table.string('reference', 16).notNullable().unique()
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.integer('user_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.string('topic', 160).notNullable()
      table.text('description').notNullable()
      table.string('asset_class', 32).notNullable()
      table.string('region', 32).notNullable()
      table.text('theme_ids').notNullable().defaultTo('[]')
      table.date('needed_by').notNullable()
      table.string('status', 16).notNullable().defaultTo('submitted')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['team_id', 'user_id', 'created_at'])
    })

    this.schema.createTable('research_digest_runs', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table.string('week', 10).notNullable()
      table.timestamp('sent_at').nullable()
      table.string('suppressed_reason', 64).nullable()
      table.timestamp('created_at').notNullable()
      table.unique(['user_id', 'week'])
    })

    if (this.db.dialect.name === 'postgres') {
      this.schema.raw(`
        CREATE TABLE research_document_search (
          document_id integer PRIMARY KEY REFERENCES research_documents(id) ON DELETE CASCADE,
          title text NOT NULL,
          abstract text NOT NULL,
          body text NOT NULL,
          search_vector tsvector GENERATED ALWAYS AS (
            setweight(to_tsvector('english', title), 'A') ||
            setweight(to_tsvector('english', abstract), 'B') ||
            setweight(to_tsvector('english', body), 'C')
          ) STORED
        )`)
      this.schema.raw(
        'CREATE INDEX research_document_search_vector ON research_document_search USING GIN (search_vector)'
      )
    } else {
      this.schema.raw(
        `CREATE VIRTUAL TABLE research_document_search USING fts5(title, abstract, body, tokenize = 'porter unicode61')`
      )
    }
  }

  async down() {
    this.schema.raw('DROP TABLE IF EXISTS research_document_search')
    for (const table of [
      'research_digest_runs',
      'research_requests',
      'research_trending_entries',
      'research_trending_snapshots',
      'research_read_events',
      'research_bookmarks',
      'research_starred_themes',
      'research_entitlements',
      'research_document_themes',
      'research_documents',
      'research_themes',
      'research_theme_groups',
    ]) {
      this.schema.dropTable(table)
    }
  }
}
