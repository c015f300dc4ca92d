import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Research Spend Analytics: what a team pays its research providers, what it receives from
 * them, and the anonymised peer statistics computed from every team's figures.
 *
 * Money is NUMERIC (never floating point), in the currency of the row. Peer statistics are
 * stored in the benchmark currency (USD) and converted for display.
 */
export default class extends BaseSchema {
  async up() {
    // Research providers are providers of type `research`, classified for peer grouping.
    this.schema.alterTable('providers', (table) => {
      table.string('research_provider_type', 40).nullable().index()
      table.boolean('is_independent').notNullable().defaultTo(false)
      table.string('parent_group', 160).nullable()
      table.string('hq_region', 16).nullable()
    })

    // Other spellings of a provider's name, for matching imported rows (stored lower-cased).
    this.schema.createTable('provider_aliases', (table) => {
      table.increments('id')
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
        .index()
      table.string('alias', 160).notNullable().unique()
      table.timestamp('created_at').notNullable()
    })

    // The date a rate set applies from, shown next to converted amounts.
    this.schema.alterTable('exchange_rates', (table) => {
      table.date('as_of').nullable()
    })

    // Who the team is, per year: what peer groups are formed from.
    this.schema.createTable('rsa_team_profiles', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.integer('year').notNullable()
      table.integer('currency_id').unsigned().notNullable().references('currencies.id')
      table.decimal('total_aum', 20, 2).notNullable()
      table.decimal('active_aum', 20, 2).notNullable()
      table.string('aum_tier', 16).notNullable()
      table.string('firm_type', 32).notNullable()
      table.string('payment_method', 32).notNullable()
      table.string('domicile', 16).notNullable()
      table.integer('portfolio_managers').notNullable().defaultTo(0)
      table.integer('analysts').notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.unique(['team_id', 'year'])
      table.index(['year', 'aum_tier'])
    })

    // The research budget of a team for a year, set before the year starts.
    this.schema.createTable('rsa_budgets', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.integer('year').notNullable()
      table.integer('currency_id').unsigned().notNullable().references('currencies.id')
      // draft | approved
      table.string('status', 16).notNullable().defaultTo('draft')
      table.decimal('total_budget', 18, 2).notNullable().defaultTo(0)
      table.date('period_start').notNullable()
      table.date('period_end').notNullable()
      table.timestamp('approved_at').nullable()
      table
        .integer('approved_by_id')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.unique(['team_id', 'year'])
    })

    // One line per provider and service: the row behind the budgets table.
    this.schema.createTable('rsa_budget_lines', (table) => {
      table.increments('id')
      table
        .integer('budget_id')
        .unsigned()
        .notNullable()
        .references('rsa_budgets.id')
        .onDelete('CASCADE')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.integer('year').notNullable()
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
      table.string('service_type', 32).notNullable()
      table.string('price_type', 32).notNullable()
      table.string('access_type', 32).notNullable()
      table.integer('seats').nullable()
      table.date('contract_start').nullable()
      table.date('contract_end').nullable()
      table.integer('renewal_notice_days').nullable()
      table.decimal('budget_amount', 18, 2).notNullable().defaultTo(0)
      // Annualised: what twelve months of the service cost.
      table.decimal('contracted_price', 18, 2).nullable()
      table.integer('currency_id').unsigned().notNullable().references('currencies.id')
      table.string('payment_frequency', 16).nullable()
      table.decimal('research_share_bps', 8, 2).nullable()
      table.text('pricing_rationale').nullable()
      table.text('notes').nullable()
      table.integer('import_id').unsigned().nullable().index()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.unique(['budget_id', 'provider_id', 'service_type'])
      table.index(['team_id', 'year'])
      table.index(['year', 'provider_id'])
      table.index(['provider_id'])
    })

    // Cash actually paid against a budget line.
    this.schema.createTable('rsa_payments', (table) => {
      table.increments('id')
      table
        .integer('budget_line_id')
        .unsigned()
        .notNullable()
        .references('rsa_budget_lines.id')
        .onDelete('CASCADE')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.date('paid_on').notNullable()
      table.decimal('amount', 18, 2).notNullable()
      table.integer('currency_id').unsigned().notNullable().references('currencies.id')
      table.string('invoice_ref', 80).nullable()
      // rpa | p_and_l | csa_sweep | joint
      table.string('source', 16).notNullable()
      table.integer('import_id').unsigned().nullable().index()
      table.timestamp('created_at').notNullable()
      table.index(['budget_line_id', 'paid_on'])
      table.index(['team_id', 'paid_on'])
    })

    // What the team's people received from providers (calls, meetings, reads, models…).
    this.schema.createTable('rsa_interactions', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
      table.date('occurred_on').notNullable()
      table.string('interaction_type', 32).notNullable()
      table.string('analyst_name', 160).nullable()
      table.integer('analyst_id').unsigned().nullable()
      table.string('user_email', 254).nullable()
      table.integer('user_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.integer('duration_min').nullable()
      table.string('sector', 64).nullable()
      table.string('region', 16).nullable()
      table.string('asset_class', 32).nullable()
      table.string('source_system', 40).notNullable().defaultTo('manual')
      table.string('external_ref', 80).nullable()
      table.boolean('valued').notNullable().defaultTo(true)
      table.integer('import_id').unsigned().nullable().index()
      table.timestamp('created_at').notNullable()
      table.unique(['team_id', 'source_system', 'external_ref'])
      table.index(['team_id', 'occurred_on', 'provider_id'])
      table.index(['provider_id', 'occurred_on'])
    })

    // The team's own assessment (vote) of each provider, per year and category.
    this.schema.createTable('rsa_assessments', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.integer('year').notNullable()
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
      table.string('category', 32).notNullable()
      // 1–5
      table.decimal('score', 4, 2).notNullable()
      table
        .integer('voter_user_id')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
      table.text('comment').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['team_id', 'year', 'provider_id'])
    })

    /*
     * Peer price benchmarks, recomputed from every team's budget lines (rsa:benchmarks). One
     * row per cell and level of the fallback ladder. `contributions` holds each contributing
     * team's value so that the viewer's own value can be left out at read time; it is never
     * sent to a client.
     */
    this.schema.createTable('rsa_benchmarks', (table) => {
      table.increments('id')
      table.integer('year').notNullable()
      // provider | provider_wider_tier | provider_type | provider_type_all_tiers
      table.string('level', 32).notNullable()
      table
        .integer('provider_id')
        .unsigned()
        .nullable()
        .references('providers.id')
        .onDelete('CASCADE')
      table.string('research_provider_type', 40).notNullable()
      table.string('service_type', 32).notNullable()
      table.string('price_type', 32).notNullable()
      table.string('access_type', 32).notNullable()
      // null: every tier
      table.string('aum_tier', 16).nullable()
      table.integer('currency_id').unsigned().notNullable().references('currencies.id')
      table.integer('n').notNullable()
      table.decimal('min', 18, 2).nullable()
      table.decimal('p25', 18, 2).nullable()
      table.decimal('median', 18, 2).nullable()
      table.decimal('p75', 18, 2).nullable()
      table.decimal('max', 18, 2).nullable()
      table.decimal('mean', 18, 2).nullable()
      table.boolean('suppressed').notNullable().defaultTo(false)
      table.string('suppression_reason', 64).nullable()
      table.text('contributions').notNullable()
      table.date('as_of').notNullable()
      table.timestamp('computed_at').notNullable()
      table.index(['year', 'provider_id', 'service_type', 'level'])
      table.index(['year', 'research_provider_type', 'level'])
    })

    // Per team and year: the figures peer groups compare (computed with the benchmarks).
    this.schema.createTable('rsa_team_metrics', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.integer('year').notNullable()
      table.string('aum_tier', 16).notNullable()
      table.string('firm_type', 32).notNullable()
      table.string('payment_method', 32).notNullable()
      table.string('domicile', 16).notNullable()
      // In the benchmark currency.
      table.decimal('spend', 18, 2).notNullable()
      table.decimal('budget', 18, 2).notNullable()
      table.decimal('research_bps', 12, 4).nullable()
      table.decimal('spend_per_professional', 18, 2).nullable()
      table.integer('providers_paid').notNullable()
      table.decimal('top5_share', 8, 4).nullable()
      table.decimal('irp_share', 8, 4).nullable()
      table.decimal('yoy_change', 10, 4).nullable()
      table.integer('interactions').notNullable().defaultTo(0)
      table.decimal('weighted_interactions', 14, 2).notNullable().defaultTo(0)
      table.timestamp('computed_at').notNullable()
      table.unique(['team_id', 'year'])
      table.index(['year', 'aum_tier'])
    })

    // Per team, year and provider: spend and interactions (peer interactions compare these).
    this.schema.createTable('rsa_team_provider_stats', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.integer('year').notNullable()
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
      table.string('research_provider_type', 40).nullable()
      // In the benchmark currency.
      table.decimal('spend', 18, 2).notNullable().defaultTo(0)
      table.integer('interactions').notNullable().defaultTo(0)
      table.decimal('weighted_interactions', 14, 2).notNullable().defaultTo(0)
      // JSON: interactions per interaction type.
      table.text('by_type').notNullable()
      table.timestamp('computed_at').notNullable()
      table.unique(['team_id', 'year', 'provider_id'])
      table.index(['year', 'provider_id'])
    })

    // When the peer statistics were last recomputed, and what came out.
    this.schema.createTable('rsa_benchmark_runs', (table) => {
      table.increments('id')
      table.integer('year').notNullable()
      table.string('trigger', 32).notNullable()
      table.integer('cells').notNullable().defaultTo(0)
      table.integer('suppressed_cells').notNullable().defaultTo(0)
      table.integer('teams').notNullable().defaultTo(0)
      table.timestamp('started_at').notNullable()
      table.timestamp('finished_at').notNullable()
      table.index(['year', 'finished_at'])
    })

    // A team's acknowledgement of an outlier, with its note.
    this.schema.createTable('rsa_outlier_acknowledgements', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.integer('year').notNullable()
      table.string('rule', 32).notNullable()
      table.string('subject', 64).notNullable()
      table.text('note').notNullable()
      table
        .integer('acknowledged_by_id')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
      table.timestamp('acknowledged_at').notNullable()
      table.unique(['team_id', 'year', 'rule', 'subject'])
    })

    // Frozen committee packs.
    this.schema.createTable('rsa_snapshots', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.integer('year').notNullable()
      table
        .integer('generated_by_id')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
      table.integer('currency_id').unsigned().notNullable().references('currencies.id')
      table.text('payload').notNullable()
      table.string('stored_file_name', 80).notNullable()
      table.integer('file_size').notNullable().defaultTo(0)
      table.timestamp('generated_at').notNullable()
      table.index(['team_id', 'year', 'generated_at'])
    })

    // The published market trends reports (PDF) behind the market trends page.
    this.schema.createTable('rsa_market_trends_reports', (table) => {
      table.increments('id')
      table.integer('year').notNullable()
      table.string('title', 200).notNullable()
      table.text('summary').nullable()
      table.string('stored_file_name', 80).notNullable()
      table.integer('file_size').notNullable().defaultTo(0)
      table.timestamp('published_at').notNullable().index()
      table.timestamp('created_at').notNullable()
    })

    // Data collections serve market data and research spend alike.
    this.schema.alterTable('data_collections', (table) => {
      // market_data | rsa
      table.string('kind', 16).notNullable().defaultTo('market_data')
      table.integer('year').nullable()
      table.index(['team_id', 'kind'])
    })
  }

  async down() {
    this.schema.alterTable('data_collections', (table) => {
      table.dropIndex(['team_id', 'kind'])
      table.dropColumn('kind')
      table.dropColumn('year')
    })
    for (const name of [
      'rsa_market_trends_reports',
      'rsa_snapshots',
      'rsa_outlier_acknowledgements',
      'rsa_benchmark_runs',
      'rsa_team_provider_stats',
      'rsa_team_metrics',
      'rsa_benchmarks',
      'rsa_assessments',
      'rsa_interactions',
      'rsa_payments',
      'rsa_budget_lines',
      'rsa_budgets',
      'rsa_team_profiles',
      'provider_aliases',
    ]) {
      this.schema.dropTable(name)
    }
    this.schema.alterTable('exchange_rates', (table) => {
      table.dropColumn('as_of')
    })
    this.schema.alterTable('providers', (table) => {
      table.dropIndex(['research_provider_type'])
      table.dropColumn('research_provider_type')
      table.dropColumn('is_independent')
      table.dropColumn('parent_group')
      table.dropColumn('hq_region')
    })
  }
}
