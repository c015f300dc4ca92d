import { BaseSchema } from '@adonisjs/lucid/schema'
import { addVersionTriggers, removeVersionTriggers } from '#database/data_version_triggers'

/**
 * The editors' hand on the weekly theme ranking (`themeRanking`). A week is a trending snapshot,
 * named by the end of the trailing week it ranks (`period_end`, unique): a recomputation of the
 * same week replaces the snapshot row, never what the editors did with it.
 *
 * - `research_trending_overrides`: the editors' pending changes to a week (pin to a position,
 *   hide, move to a position), one per theme, each with its note. Clients never read them.
 * - `research_trending_publications`: the weeks published, by whom (null: the ranking job
 *   published a week no editor had touched).
 * - `research_trending_published_ranks`: the ranking clients see for a published week, fixed at
 *   publication: the computed order with the overrides applied, hidden themes left out, and
 *   whether a pin changed the theme's place (shown as "Editor's pick").
 *
 * Weeks computed before this feature were already in clients' hands: each is published as
 * computed (by the job), so clients keep seeing what they saw.
 */
const AREA = 'research'
const VERSIONED = ['research_trending_publications', 'research_trending_published_ranks']

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('research_trending_overrides', (table) => {
      table.increments('id')
      table.timestamp('period_end').notNullable()
      table
        .integer('theme_id')
        .unsigned()
        .notNullable()
        .references('research_themes.id')
        .onDelete('CASCADE')
      // 'pin' | 'hide' | 'move'
      table.string('kind', 8).notNullable()
      // 1 = first; null for 'hide'.
      table.integer('position').nullable()
      table.text('note').notNullable()
      table.integer('user_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.unique(['period_end', 'theme_id'])
    })

    this.schema.createTable('research_trending_publications', (table) => {
      table.timestamp('period_end').primary()
      table.timestamp('published_at').notNullable()
      table.integer('user_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.integer('override_count').notNullable().defaultTo(0)
    })

    this.schema.createTable('research_trending_published_ranks', (table) => {
      table
        .timestamp('period_end')
        .notNullable()
        .references('research_trending_publications.period_end')
        .onDelete('CASCADE')
      table
        .integer('theme_id')
        .unsigned()
        .notNullable()
        .references('research_themes.id')
        .onDelete('CASCADE')
      table.integer('rank').notNullable()
      table.boolean('editors_pick').notNullable().defaultTo(false)
      table.primary(['period_end', 'theme_id'])
      table.index(['period_end', 'rank'])
    })

    this.defer(async (db) => {
      await db.rawQuery(
        `INSERT INTO research_trending_publications (period_end, published_at, user_id, override_count)
         SELECT period_end, computed_at, NULL, 0 FROM research_trending_snapshots`
      )
      await db.rawQuery(
        `INSERT INTO research_trending_published_ranks (period_end, theme_id, rank, editors_pick)
         SELECT s.period_end, e.theme_id, e.rank, ? FROM research_trending_entries e
         JOIN research_trending_snapshots s ON s.id = e.snapshot_id WHERE e.rank IS NOT NULL`,
        [false]
      )
    })

    // The client pages keep the trending ranking in the cache under the research version.
    addVersionTriggers(this, AREA, VERSIONED)
  }

  async down() {
    removeVersionTriggers(this, AREA, VERSIONED)
    this.schema.dropTable('research_trending_published_ranks')
    this.schema.dropTable('research_trending_publications')
    this.schema.dropTable('research_trending_overrides')
  }
}
