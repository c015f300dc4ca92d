import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The summary dashboard's facets (spec §1, §3; DOMAIN §2 summary-dashboard filters).
 *
 * - `summary_facet_values`: the dictionaries of the facets that have no table of their own
 *   (provider types, geographies, factors, research styles, asset classes, indices, price types,
 *   ranking priorities). Ids are fixed per category and never change (the spec names
 *   `researchstyle_id-4` = Top Down Macro); administrators may rename. `code` ties a value to
 *   what stored rows say (a provider's type, a budget line's price type, a licence type).
 *   Providers, industries (GICS sectors) and themes use their own tables' ids.
 * - `summary_facet_tags`: the facet values a provider or a product carries. An asset carries
 *   its provider's tags and, for market and alternative data, its product's.
 * - `team_provider_priorities`: the team's own ranking priority tier per provider, set on the
 *   dashboard.
 */
const VALUES: [string, number, string, string | null][] = [
  ['providertypes', 1, 'Bulge-bracket bank', 'bulge_bracket'],
  ['providertypes', 2, 'Regional broker', 'regional_broker'],
  ['providertypes', 3, 'Premium research broker', 'premium_broker'],
  ['providertypes', 4, 'Independent research provider', 'independent'],
  ['providertypes', 5, 'Expert network', 'expert_network'],
  ['providertypes', 6, 'Macro consultancy', 'macro_consultancy'],
  ['providertypes', 7, 'Data vendor', 'data_vendor'],
  ['providertypes', 8, 'Market data vendor', 'market_data'],
  ['providertypes', 9, 'Alternative data', 'alternative_data'],
  ['geographies', 1, 'Global', 'global'],
  ['geographies', 2, 'North America', 'north_america'],
  ['geographies', 3, 'Europe ex-UK', 'europe_ex_uk'],
  ['geographies', 4, 'UK', 'uk'],
  ['geographies', 5, 'Japan', 'japan'],
  ['geographies', 6, 'Asia ex-Japan', 'asia_ex_japan'],
  ['geographies', 7, 'China', 'china'],
  ['geographies', 8, 'Emerging markets', 'emerging_markets'],
  ['geographies', 9, 'LatAm', 'latam'],
  ['factors', 1, 'Value', 'value'],
  ['factors', 2, 'Growth', 'growth'],
  ['factors', 3, 'Momentum', 'momentum'],
  ['factors', 4, 'Quality', 'quality'],
  ['factors', 5, 'Size', 'size'],
  ['factors', 6, 'Low volatility', 'low_volatility'],
  ['factors', 7, 'Yield', 'yield'],
  ['factors', 8, 'ESG', 'esg'],
  ['researchstyles', 1, 'Bottom-up fundamental', 'bottom_up'],
  ['researchstyles', 2, 'Quantitative', 'quantitative'],
  ['researchstyles', 3, 'Technical', 'technical'],
  ['researchstyles', 4, 'Top Down Macro', 'top_down_macro'],
  ['researchstyles', 5, 'Thematic', 'thematic'],
  ['researchstyles', 6, 'Policy / political', 'policy'],
  ['assetclasses', 1, 'Equities', 'equities'],
  ['assetclasses', 2, 'Government bonds / rates', 'rates'],
  ['assetclasses', 3, 'Credit', 'credit'],
  ['assetclasses', 4, 'FX', 'fx'],
  ['assetclasses', 5, 'Commodities', 'commodities'],
  ['assetclasses', 6, 'Multi-asset', 'multi_asset'],
  ['assetclasses', 7, 'Economics', 'economics'],
  ['indices', 1, 'MSCI World', 'msci_world'],
  ['indices', 2, 'MSCI Emerging Markets', 'msci_em'],
  ['indices', 3, 'S&P 500', 'sp500'],
  ['indices', 4, 'STOXX Europe 600', 'stoxx600'],
  ['indices', 5, 'FTSE 100', 'ftse100'],
  ['indices', 6, 'Bloomberg Global Aggregate', 'bbg_global_agg'],
  ['pricetypes', 0, 'All price types', 'all'],
  ['pricetypes', 1, 'Fixed fee', 'fixed_fee'],
  ['pricetypes', 2, 'Tiered subscription', 'tiered_subscription'],
  ['pricetypes', 3, 'Pay per use', 'pay_per_use'],
  ['pricetypes', 4, 'Retainer + top-ups', 'retainer'],
  ['pricetypes', 5, 'Vote in arrears', 'vote_in_arrears'],
  ['pricetypes', 6, 'Bundled / joint payment', 'joint_payment'],
  ['pricetypes', 7, 'Free / minor non-monetary benefit', 'free'],
  ['pricetypes', 8, 'Enterprise licence', 'licence:enterprise'],
  ['pricetypes', 9, 'Site licence', 'licence:site'],
  ['pricetypes', 10, 'Named-user licence', 'licence:named-user'],
  ['pricetypes', 11, 'Redistribution licence', 'licence:redistribution'],
  ['rankingpriorities', 1, 'Core', 'core'],
  ['rankingpriorities', 2, 'Secondary', 'secondary'],
  ['rankingpriorities', 3, 'Tail', 'tail'],
]

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('summary_facet_values', (table) => {
      table.string('category', 32).notNullable()
      table.integer('id').notNullable()
      table.string('name', 120).notNullable()
      table.string('code', 64).nullable()
      table.integer('sort_order').notNullable().defaultTo(0)
      table.timestamp('updated_at').nullable()
      table.primary(['category', 'id'])
      table.unique(['category', 'code'])
      table.unique(['category', 'name'])
    })
    this.schema.createTable('summary_facet_tags', (table) => {
      table.string('subject_type', 16).notNullable()
      table.integer('subject_id').notNullable()
      table.string('category', 32).notNullable()
      table.integer('value_id').notNullable()
      table.primary(['subject_type', 'subject_id', 'category', 'value_id'])
      table.index(['category', 'value_id'])
    })
    this.schema.createTable('team_provider_priorities', (table) => {
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table
        .integer('provider_id')
        .unsigned()
        .notNullable()
        .references('providers.id')
        .onDelete('CASCADE')
      table.integer('rankingpriority_id').notNullable()
      table
        .integer('updated_by_id')
        .unsigned()
        .nullable()
        .references('users.id')
        .onDelete('SET NULL')
      table.timestamp('updated_at').notNullable()
      table.primary(['team_id', 'provider_id'])
    })
    // The dashboard counts a team's reads of research documents in a year.
    this.schema.alterTable('research_read_events', (table) => {
      table.index(['team_id', 'opened_at'])
    })
    this.defer(async (client) => {
      await client.table('summary_facet_values').multiInsert(
        VALUES.map(([category, id, name, code], index) => ({
          category,
          id,
          name,
          code,
          sort_order: index,
        }))
      )
    })
  }

  async down() {
    this.schema.alterTable('research_read_events', (table) => {
      table.dropIndex(['team_id', 'opened_at'])
    })
    this.schema.dropTable('team_provider_priorities')
    this.schema.dropTable('summary_facet_tags')
    this.schema.dropTable('summary_facet_values')
  }
}
