import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Providers / analyst mapping: the sell-side analysts of the research providers, what each
 * covered in each year (GICS sector, region), their moves between providers, and the statistics
 * computed from them per provider × year × sector × region.
 *
 * A move row counts as a joiner for `to_provider_id` and as a leaver for `from_provider_id`
 * (when the two differ): a move between two providers is one row, a joiner for one and a leaver
 * for the other. `internal_move` (same provider, new sector or role) changes no headcount.
 *
 * `provider_year_stats` is computed by app/services/providers/statistics.ts after every change,
 * never typed in. Besides each sector × region cell it holds the roll-ups (sector_id 0 = every
 * sector, region_code 'ALL' = every region) so that an analyst covering two cells is counted
 * once in the roll-up.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('sectors', (table) => {
      table.increments('id')
      table.string('name', 64).notNullable().unique()
      // GICS sector code (10 Energy … 60 Real Estate).
      table.string('gics_code', 4).notNullable().unique()
      // An icon name the interface knows (inertia/components/providers/sector_icon.tsx).
      table.string('icon', 32).notNullable()
      table.integer('sort_order').notNullable().defaultTo(0)
    })

    this.schema.createTable('regions', (table) => {
      table.increments('id')
      table.string('code', 8).notNullable().unique()
      table.string('name', 64).notNullable()
      table.integer('sort_order').notNullable().defaultTo(0)
    })

    this.schema.createTable('analysts', (table) => {
      table.increments('id')
      // The source's identifier (the import's analyst_id).
      table.string('external_id', 64).notNullable().unique()
      table.string('full_name', 160).notNullable()
      // Current employer; null once the analyst left the industry or the tracked universe.
      table
        .integer('provider_id')
        .unsigned()
        .nullable()
        .references('providers.id')
        .onDelete('SET NULL')
      table.string('title', 120).nullable()
      table.string('seniority', 24).notNullable()
      table.integer('industry_start_year').notNullable()
      table.date('role_start_date').nullable()
      table.string('asset_class', 32).notNullable().defaultTo('equity')
      table.string('status', 16).notNullable().defaultTo('active')
      table.boolean('is_ranked').notNullable().defaultTo(false)
      table.string('source', 80).nullable()
      table.timestamp('last_verified_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['provider_id', 'status'])
      table.index(['status', 'last_verified_at'])
      table.index(['full_name'])
    })

    this.schema.createTable('analyst_coverages', (table) => {
      table.increments('id')
      table
        .integer('analyst_id')
        .unsigned()
        .notNullable()
        .references('analysts.id')
        .onDelete('CASCADE')
      table.integer('year').notNullable()
      table.integer('sector_id').unsigned().notNullable().references('sectors.id')
      table.string('region_code', 8).notNullable().references('regions.code')
      table.boolean('is_lead').notNullable().defaultTo(false)
      table.unique(['analyst_id', 'year', 'sector_id', 'region_code'])
      table.index(['year', 'sector_id'])
    })

    this.schema.createTable('analyst_moves', (table) => {
      table.increments('id')
      table
        .integer('analyst_id')
        .unsigned()
        .notNullable()
        .references('analysts.id')
        .onDelete('CASCADE')
      table.date('event_date').notNullable()
      // Calendar year of event_date, for the statistics and the heat maps.
      table.integer('year').notNullable()
      table.string('type', 16).notNullable()
      table
        .integer('from_provider_id')
        .unsigned()
        .nullable()
        .references('providers.id')
        .onDelete('SET NULL')
      table
        .integer('to_provider_id')
        .unsigned()
        .nullable()
        .references('providers.id')
        .onDelete('SET NULL')
      table.integer('experience_years').notNullable()
      table.string('source', 80).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.unique(['analyst_id', 'event_date', 'type'])
      table.index(['to_provider_id', 'year'])
      table.index(['from_provider_id', 'year'])
      table.index(['event_date'])
    })

    // What the analyst covered when the move happened (sectors × regions).
    this.schema.createTable('analyst_move_coverages', (table) => {
      table
        .integer('move_id')
        .unsigned()
        .notNullable()
        .references('analyst_moves.id')
        .onDelete('CASCADE')
      table.integer('sector_id').unsigned().notNullable().references('sectors.id')
      table.string('region_code', 8).notNullable().references('regions.code')
      table.primary(['move_id', 'sector_id', 'region_code'])
    })

    // Computed with the statistics: each analyst's employer on 1 January and on 31 December of
    // each year, so that figures for any set of sectors count every analyst once.
    this.schema.createTable('analyst_year_employers', (table) => {
      table
        .integer('analyst_id')
        .unsigned()
        .notNullable()
        .references('analysts.id')
        .onDelete('CASCADE')
      table.integer('year').notNullable()
      table.integer('start_provider_id').unsigned().nullable()
      table.integer('end_provider_id').unsigned().nullable()
      table.primary(['analyst_id', 'year'])
      table.index(['year', 'start_provider_id'])
      table.index(['year', 'end_provider_id'])
    })

    this.schema.createTable('provider_year_stats', (table) => {
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
      table.integer('year').notNullable()
      // 0 = every sector.
      table.integer('sector_id').notNullable()
      // 'ALL' = every region.
      table.string('region_code', 8).notNullable()
      table.integer('headcount_start').notNullable()
      table.integer('headcount_end').notNullable()
      table.integer('joiners').notNullable()
      table.integer('leavers').notNullable()
      table.integer('experience_gained').notNullable()
      table.integer('experience_lost').notNullable()
      // Σ experience years of the analysts there at year end (average = sum ÷ headcount_end).
      table.integer('experience_end_sum').notNullable()
      // Analysts there at year end with ≥ 10 years of experience.
      table.integer('senior_end').notNullable()
      table.primary(['provider_id', 'year', 'sector_id', 'region_code'])
      table.index(['year', 'sector_id', 'region_code'])
    })

    // When the statistics were last computed (one row per run).
    this.schema.createTable('provider_stat_runs', (table) => {
      table.increments('id')
      table.string('trigger', 40).notNullable()
      table.integer('providers').notNullable()
      table.integer('rows').notNullable()
      table.integer('duration_ms').notNullable()
      table.timestamp('computed_at').notNullable().index()
    })
  }

  async down() {
    for (const name of [
      'provider_stat_runs',
      'provider_year_stats',
      'analyst_year_employers',
      'analyst_move_coverages',
      'analyst_moves',
      'analyst_coverages',
      'analysts',
      'regions',
      'sectors',
    ]) {
      this.schema.dropTable(name)
    }
  }
}
