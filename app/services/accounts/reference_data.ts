import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { MODULES } from '#shared/modules'
import { ALL_PERMISSIONS, PERMISSION_DESCRIPTIONS, PERMISSIONS } from '#shared/permissions'
import { REGIONS, SECTORS } from '#shared/providers'

export const CURRENCIES = [
  { code: 'GBP', name: 'British Pound', symbol: '£', usdPerUnit: '1.2700' },
  { code: 'USD', name: 'US Dollar', symbol: '$', usdPerUnit: '1.0000' },
  { code: 'EUR', name: 'Euro', symbol: '€', usdPerUnit: '1.0800' },
  { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', usdPerUnit: '1.1300' },
  { code: 'JPY', name: 'Japanese Yen', symbol: '¥', usdPerUnit: '0.0066' },
] as const

/**
 * The date the reference rates above apply from (exchange_rates.as_of, shown with amounts). Other
 * dated sets may be stored beside it (one per year in the demo); a year's figures use its own.
 */
export const EXCHANGE_RATES_AS_OF = '2024-12-31'

export const TEAM_TYPES = [
  { key: 'asset_manager', name: 'Asset manager' },
  { key: 'hedge_fund', name: 'Hedge fund' },
  { key: 'wealth_manager', name: 'Wealth manager' },
  { key: 'asset_owner', name: 'Asset owner' },
] as const

export const PRODUCTS = [
  {
    key: 'research-spend-analytics',
    name: 'Research Spend Analytics',
    description: 'Research budgets per broker, benchmarked against peers.',
    modules: [{ internalName: MODULES.rsaBudgets, name: 'Budgets and benchmarks' }],
  },
  {
    key: 'research-insights',
    name: 'Research Insights',
    description: 'Discover research by trending themes and providers.',
    modules: [{ internalName: MODULES.trendingThemes, name: 'Trending themes' }],
  },
  {
    key: 'market-data',
    name: 'Market Data Spend Analytics',
    description: 'Market data contracts benchmarked against fair prices, with renewal scenarios.',
    modules: [
      { internalName: MODULES.marketDataContracts, name: 'Contracts and benchmarks' },
      { internalName: MODULES.marketDataRateCard, name: 'Rate cards' },
      { internalName: MODULES.marketDataDataCollection, name: 'Data collection templates' },
    ],
  },
  {
    key: 'alternative-data',
    name: 'Alternative Data',
    description: 'Alternative data contracts and benchmarks.',
    modules: [{ internalName: MODULES.alternativeData, name: 'Alternative data contracts' }],
  },
  {
    key: 'insights-reports',
    name: 'Insights Reports',
    description: 'Periodic insights reports prepared for your team.',
    modules: [{ internalName: MODULES.insightsReports, name: 'Insights reports' }],
  },
  {
    key: 'provider-intelligence',
    name: 'Provider Intelligence',
    description: 'Provider league tables, analyst coverage and headcount movements.',
    modules: [{ internalName: MODULES.analystMapping, name: 'Analyst mapping' }],
  },
  {
    key: 'single-sign-on',
    name: 'Single Sign-On',
    description: 'SAML single sign-on for your team.',
    modules: [{ internalName: MODULES.ssoManagement, name: 'SSO management' }],
  },
] as const

/** The built-in role holding every permission; it cannot be edited or deleted. */
export const SUPER_ADMINISTRATOR_ROLE = 'Super administrator'

export const ROLES = [
  {
    name: SUPER_ADMINISTRATOR_ROLE,
    description: 'Every administration area',
    permissions: ALL_PERMISSIONS,
  },
  {
    name: 'Market data administrator',
    description: 'Market data and provider administration',
    permissions: [PERMISSIONS.viewMarketData, PERMISSIONS.viewResearchProviders],
  },
  {
    name: 'Research administrator',
    description: 'Research spend imports and submissions, research providers, research discovery',
    permissions: [
      PERMISSIONS.viewResearchSpendAnalytics,
      PERMISSIONS.viewResearchProviders,
      PERMISSIONS.viewResearchDiscovery,
    ],
  },
  {
    name: 'Client services',
    description: 'Accounts, insights reports and feedback',
    permissions: [
      PERMISSIONS.viewAccounts,
      PERMISSIONS.viewInsightsReport,
      PERMISSIONS.viewFeedback,
    ],
  },
] as const

/**
 * Inserts the reference data the application needs (currencies and rates, team types,
 * products and modules, permissions and roles). Safe to run again: existing rows are kept.
 */
export async function ensureReferenceData(trx: TransactionClientContract) {
  // Raw inserts use the dialect's own timestamp format so that models read them back.
  const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)

  for (const currency of CURRENCIES) {
    await trx
      .insertQuery()
      .table('currencies')
      .insert({
        code: currency.code,
        name: currency.name,
        symbol: currency.symbol,
        created_at: now,
      })
      .knexQuery.onConflict('code')
      .ignore()
  }
  const currencies: { id: number; code: string }[] = await trx
    .from('currencies')
    .select('id', 'code')
  const idOf = (code: string) => currencies.find((row) => row.code === code)!.id
  for (const from of CURRENCIES) {
    for (const to of CURRENCIES) {
      const rate =
        from.code === to.code ? '1' : (Number(from.usdPerUnit) / Number(to.usdPerUnit)).toFixed(10)
      await trx
        .insertQuery()
        .table('exchange_rates')
        .insert({
          from_currency_id: idOf(from.code),
          to_currency_id: idOf(to.code),
          exchange_rate: rate,
          as_of: EXCHANGE_RATES_AS_OF,
          created_at: now,
        })
        .knexQuery.onConflict(['from_currency_id', 'to_currency_id', 'as_of'])
        .ignore()
    }
  }
  // Rates inserted before rates carried a date take the reference date.
  await trx.from('exchange_rates').whereNull('as_of').update({ as_of: EXCHANGE_RATES_AS_OF })

  for (const type of TEAM_TYPES) {
    await trx
      .insertQuery()
      .table('team_types')
      .insert({ ...type, created_at: now })
      .knexQuery.onConflict('key')
      .ignore()
  }

  for (const [index, product] of PRODUCTS.entries()) {
    await trx
      .insertQuery()
      .table('products')
      .insert({
        key: product.key,
        name: product.name,
        description: product.description,
        sort_order: index,
        created_at: now,
      })
      .knexQuery.onConflict('key')
      .ignore()
    const row = await trx.from('products').where('key', product.key).select('id').firstOrFail()
    for (const module of product.modules) {
      await trx
        .insertQuery()
        .table('modules')
        .insert({
          product_id: row.id,
          internal_name: module.internalName,
          name: module.name,
          created_at: now,
        })
        .knexQuery.onConflict('internal_name')
        .ignore()
    }
  }

  // Analyst mapping: GICS sectors and the regions analysts cover.
  for (const [index, sector] of SECTORS.entries()) {
    await trx
      .insertQuery()
      .table('sectors')
      .insert({
        name: sector.name,
        gics_code: sector.gicsCode,
        icon: sector.icon,
        sort_order: index,
      })
      .knexQuery.onConflict('name')
      .ignore()
  }
  for (const [index, region] of REGIONS.entries()) {
    await trx
      .insertQuery()
      .table('regions')
      .insert({ code: region.code, name: region.name, sort_order: index })
      .knexQuery.onConflict('code')
      .ignore()
  }

  for (const name of ALL_PERMISSIONS) {
    await trx
      .insertQuery()
      .table('permissions')
      .insert({ name, description: PERMISSION_DESCRIPTIONS[name], created_at: now })
      .knexQuery.onConflict('name')
      .ignore()
  }
  const permissions: { id: number; name: string }[] = await trx
    .from('permissions')
    .select('id', 'name')
  for (const role of ROLES) {
    const existing = await trx.from('roles').where('name', role.name).select('id').first()
    // Administrators edit roles in Account Management: an existing role keeps its permissions,
    // except the super administrator role, which always holds every permission.
    if (existing && role.name !== SUPER_ADMINISTRATOR_ROLE) continue
    await trx
      .insertQuery()
      .table('roles')
      .insert({ name: role.name, description: role.description, created_at: now })
      .knexQuery.onConflict('name')
      .ignore()
    const row = await trx.from('roles').where('name', role.name).select('id').firstOrFail()
    for (const permission of role.permissions) {
      await trx
        .insertQuery()
        .table('role_permissions')
        .insert({
          role_id: row.id,
          permission_id: permissions.find((entry) => entry.name === permission)!.id,
        })
        .knexQuery.onConflict(['role_id', 'permission_id'])
        .ignore()
    }
  }
}
