import db from '@adonisjs/lucid/services/db'

/**
 * Areas of stored data whose tables replace their version in `data_versions` on every insert,
 * update or delete, by database triggers (migrations `…120_create_data_versions`,
 * `…130_create_research_data_version`, `…140_create_research_spend_data_version` and
 * `…240_create_research_trending_editorial`), whoever
 * writes: the administration, imports, commands, seeders. Figures computed from those tables
 * are kept under the version read before them.
 */
export const DATA_VERSION_TABLES = {
  market_data: [
    'providers',
    'provider_products',
    'product_types',
    'product_categories',
    'license_types',
    'drivers',
    'driver_options',
    'currencies',
    'exchange_rates',
    'team_types',
    'contracts',
    'contract_documents',
    'product_benchmarks',
    'product_benchmark_drivers',
    'sub_product_benchmarks',
    'regressions',
    'regression_coefficients',
    'rate_cards',
    'rate_card_categories',
    'rate_card_assumptions',
    'rate_card_product_benchmarks',
    'aum_ranges',
    'proposals',
    'proposal_items',
  ],
  research: [
    'providers',
    'research_documents',
    'research_document_themes',
    'research_entitlements',
    'research_themes',
    'research_theme_groups',
    'research_theme_synonyms',
    'research_trending_snapshots',
    'research_trending_entries',
    'research_trending_publications',
    'research_trending_published_ranks',
  ],
  research_spend: [
    'rsa_budgets',
    'rsa_budget_lines',
    'rsa_payments',
    'rsa_team_profiles',
    'providers',
    'currencies',
  ],
} as const

export type DataArea = keyof typeof DATA_VERSION_TABLES

/** The names of the triggers that replace an area's version when `table` is written. */
export function versionTriggerNames(area: DataArea, table: string, dialect: string) {
  // The market data triggers came first and carry no area in their names.
  const base = area === 'market_data' ? `data_version_${table}` : `data_version_${area}_${table}`
  return dialect === 'postgres' ? [base] : ['insert', 'update', 'delete'].map((e) => `${base}_${e}`)
}

/** The area's current version, or null when its row is missing (nothing may be kept then). */
export async function dataVersion(area: DataArea): Promise<string | null> {
  const row = await db.from('data_versions').where('area', area).select('version').first()
  return row ? String(row.version) : null
}
