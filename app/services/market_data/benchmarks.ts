import db from '@adonisjs/lucid/services/db'
import { providerLogoUrl } from '#services/market_data/provider_logos'
import { DateTime } from 'luxon'
import { tabWindow, type BenchmarkTab } from '#shared/benchmark_tabs'
import type { ProviderType } from '#models/provider'
import type { BenchmarkSource } from '#shared/market_data_contracts'

/**
 * Unknown ids and other teams' ids alike: answered 404, never with data.
 */
export class NotFoundForTeam extends Error {
  status = 404
}

export const toIsoDate = (value: unknown) =>
  value instanceof Date
    ? DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()!
    : String(value).slice(0, 10)
const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))

export function todayIso() {
  return DateTime.now().toISODate()!
}

export interface ProviderListItem {
  id: number
  provider_key: string
  name: string
  logo: string | null
  has_rate_card: boolean
}

/**
 * The team's providers of a type: active ones have a contract ending today or later, inactive
 * ones only past contracts. With the rate-card module, rate-card providers the team has no
 * contract with are listed as inactive too. One query whatever the data size.
 */
export async function providersForTeam(
  teamId: number,
  type: ProviderType,
  withRateCards: boolean,
  today = todayIso()
) {
  // Providers with a contract of the team (their latest end), and with rate cards, the active
  // rate-card providers without one (no end).
  const rows: (ProviderListItem & { last_end: unknown })[] = await db
    .from('providers')
    .leftJoin('contracts', (join) =>
      join.on('contracts.provider_id', 'providers.id').andOnVal('contracts.team_id', teamId)
    )
    .where('providers.provider_type', type)
    .where((query) => {
      query.whereNotNull('contracts.id')
      if (withRateCards) {
        query.orWhere((rateCard) =>
          rateCard.where('providers.has_rate_card', true).where('providers.is_active', true)
        )
      }
    })
    .groupBy(
      'providers.id',
      'providers.provider_key',
      'providers.name',
      'providers.logo',
      'providers.has_rate_card'
    )
    .select(
      'providers.id',
      'providers.provider_key',
      'providers.name',
      'providers.logo',
      'providers.has_rate_card'
    )
    .max('contracts.end_date as last_end')
    .orderBy('providers.name')

  const item = (row: ProviderListItem) => ({
    id: row.id,
    provider_key: row.provider_key,
    name: row.name,
    // The logo's signed-in address, never its storage key.
    logo: providerLogoUrl(row.provider_key, row.logo),
    has_rate_card: Boolean(row.has_rate_card),
  })
  const withContract = rows.filter((row) => row.last_end !== null && row.last_end !== undefined)
  const active = withContract.filter((row) => toIsoDate(row.last_end) >= today).map(item)
  const inactive = withContract.filter((row) => toIsoDate(row.last_end) < today).map(item)
  if (withRateCards) {
    inactive.push(
      ...rows.filter((row) => row.last_end === null || row.last_end === undefined).map(item)
    )
  }
  return { active, inactive }
}

export interface ProviderRecord {
  id: number
  providerKey: string
  name: string
  description: string | null
  hasRateCard: boolean
}

/**
 * A provider of the given type by its key; unknown keys are not found.
 */
export async function providerByKey(
  providerKey: string,
  type: ProviderType
): Promise<ProviderRecord> {
  const row = await db
    .from('providers')
    .where({ provider_key: providerKey, provider_type: type })
    .select('id', 'provider_key', 'name', 'description', 'has_rate_card')
    .first()
  if (!row) throw new NotFoundForTeam('Provider not found')
  return {
    id: row.id,
    providerKey: row.provider_key,
    name: row.name,
    description: row.description ?? null,
    hasRateCard: Boolean(row.has_rate_card),
  }
}

export async function providerOfType(providerId: number, type: ProviderType) {
  const provider = await db
    .from('providers')
    .where({ id: providerId, provider_type: type })
    .select('id')
    .first()
  if (!provider) throw new NotFoundForTeam('Provider not found')
  return provider.id as number
}

/**
 * The team's contracts with a provider, newest first.
 */
export async function contractsForProvider(teamId: number, providerId: number) {
  const rows = await db
    .from('contracts')
    .join('license_types', 'license_types.id', 'contracts.license_type_id')
    .where({ 'contracts.team_id': teamId, 'contracts.provider_id': providerId })
    .select(
      'contracts.id',
      'contracts.reference',
      'contracts.start_date',
      'contracts.end_date',
      'contracts.license_type_id',
      'license_types.name as license_type'
    )
    .orderBy('contracts.start_date', 'desc')
  return rows.map((row) => ({
    id: row.id as number,
    reference: row.reference as string,
    start_date: toIsoDate(row.start_date),
    end_date: toIsoDate(row.end_date),
    license_type_id: row.license_type_id as number,
    license_type: row.license_type as string,
  }))
}

export interface BenchmarkFilter {
  teamId: number
  providerId?: number
  contractId?: number
  tab?: BenchmarkTab
  today?: string
}

/**
 * Product benchmarks in the spec's shape, with their drivers (and options) and sub products,
 * in three queries whatever the number of rows. Scoped to the team: another team's contract
 * yields nothing.
 */
export async function productBenchmarks(filter: BenchmarkFilter) {
  const query = db
    .from('product_benchmarks')
    .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
    .join('provider_products', 'provider_products.id', 'product_benchmarks.product_id')
    .join('license_types', 'license_types.id', 'contracts.license_type_id')
    .leftJoin('currencies', 'currencies.id', 'product_benchmarks.currency_id')
    // The regression of the product and license type, if any: what the benchmark is drawn from.
    .leftJoin('regressions', (join) =>
      join
        .on('regressions.product_id', 'product_benchmarks.product_id')
        .andOn('regressions.license_type_id', 'contracts.license_type_id')
    )
    .where('contracts.team_id', filter.teamId)
    .select(
      'product_benchmarks.id',
      'product_benchmarks.contract_id',
      'product_benchmarks.division',
      'product_benchmarks.start_date',
      'product_benchmarks.end_date',
      'product_benchmarks.payment',
      'product_benchmarks.benchmark_price',
      'product_benchmarks.currency_id',
      'product_benchmarks.created_at',
      'product_benchmarks.updated_at',
      'regressions.id as regression_id',
      'provider_products.id as product_id',
      'provider_products.name as product_name',
      'provider_products.product_type_id',
      'contracts.license_type_id',
      'contracts.reference as contract_reference',
      'contracts.start_date as contract_start',
      'contracts.end_date as contract_end',
      'license_types.name as license_type',
      'currencies.name as currency_name',
      'currencies.code as currency_code'
    )
    .orderBy('product_benchmarks.start_date', 'desc')
    .orderBy('provider_products.name')
  if (filter.providerId !== undefined) query.where('contracts.provider_id', filter.providerId)
  if (filter.contractId !== undefined) query.where('contracts.id', filter.contractId)
  if (filter.tab) {
    // The tabs select on the benchmark's own period (the dates the table shows): a year of a
    // running contract that has ended is history, not part of what the team pays now.
    const window = tabWindow(filter.tab, filter.today ?? todayIso())
    query.where('product_benchmarks.end_date', '>=', window.endOnOrAfter)
    if (window.startOnOrBefore) {
      query.where('product_benchmarks.start_date', '<=', window.startOnOrBefore)
    }
    if (window.endOnOrBefore) query.where('product_benchmarks.end_date', '<=', window.endOnOrBefore)
  }
  const rows = await query
  const ids = rows.map((row) => row.id as number)
  if (ids.length === 0) return { productBenchmarks: [], mostFrequentCurrency: null }

  const [pivotRows, subProducts] = await Promise.all([
    // One row per driver value and option of its driver (none for a numeric driver).
    db
      .from('product_benchmark_drivers')
      .join('drivers', 'drivers.id', 'product_benchmark_drivers.driver_id')
      .leftJoin('driver_options', 'driver_options.driver_id', 'drivers.id')
      .whereIn('product_benchmark_drivers.product_benchmark_id', ids)
      .select(
        'product_benchmark_drivers.product_benchmark_id',
        'product_benchmark_drivers.value',
        'product_benchmark_drivers.driver_option_id',
        'product_benchmark_drivers.has_note',
        'drivers.id as driver_id',
        'drivers.name',
        'drivers.is_numeric',
        'drivers.whole_numbers',
        'driver_options.id as option_id',
        'driver_options.label as option_label',
        'driver_options.value as option_value'
      )
      .orderBy('drivers.name')
      .orderBy('driver_options.value'),
    db
      .from('sub_product_benchmarks')
      .join('currencies', 'currencies.id', 'sub_product_benchmarks.currency_id')
      // One row per sub product and driver value (a sub product without drivers: one row).
      .leftJoin(
        'sub_product_benchmark_drivers',
        'sub_product_benchmark_drivers.sub_product_benchmark_id',
        'sub_product_benchmarks.id'
      )
      .leftJoin('drivers', 'drivers.id', 'sub_product_benchmark_drivers.driver_id')
      .leftJoin(
        'driver_options',
        'driver_options.id',
        'sub_product_benchmark_drivers.driver_option_id'
      )
      .whereIn('sub_product_benchmarks.product_benchmark_id', ids)
      .select(
        'sub_product_benchmarks.*',
        'currencies.code as currency_code',
        'drivers.id as driver_id',
        'drivers.name as driver_name',
        'drivers.is_numeric as driver_is_numeric',
        'sub_product_benchmark_drivers.value as driver_value',
        'driver_options.id as driver_option_id',
        'driver_options.label as driver_option_label'
      )
      .orderBy('sub_product_benchmarks.name')
      .orderBy('sub_product_benchmarks.id')
      .orderBy('drivers.name'),
  ])
  const pivots: typeof pivotRows = []
  const seenPivots = new Set<string>()
  const options = new Map<number, { id: number; label: string; value: number }[]>()
  const seenOptions = new Set<number>()
  for (const row of pivotRows) {
    const key = `${row.product_benchmark_id}:${row.driver_id}`
    if (!seenPivots.has(key)) {
      seenPivots.add(key)
      pivots.push(row)
    }
    if (row.option_id !== null && !seenOptions.has(row.option_id)) {
      seenOptions.add(row.option_id)
      const list = options.get(row.driver_id) ?? []
      list.push({ id: row.option_id, label: row.option_label, value: Number(row.option_value) })
      options.set(row.driver_id, list)
    }
  }

  const currencyCounts = new Map<number, number>()
  const currencyNames = new Map<number, { id: number; name: string; code: string }>()
  const productBenchmarksList = rows.map((row) => {
    const payment = toNumber(row.payment)
    const benchmarkPrice = toNumber(row.benchmark_price)
    if (row.currency_id) {
      currencyCounts.set(row.currency_id, (currencyCounts.get(row.currency_id) ?? 0) + 1)
      currencyNames.set(row.currency_id, {
        id: row.currency_id,
        name: row.currency_name,
        code: row.currency_code,
      })
    }
    return {
      id: row.id as number,
      contract_id: row.contract_id as number,
      product: {
        id: row.product_id as number,
        name: row.product_name as string,
        product_type_id: row.product_type_id as number,
      },
      division: row.division as string | null,
      start_date: toIsoDate(row.start_date),
      end_date: toIsoDate(row.end_date),
      payment,
      benchmark_price: benchmarkPrice,
      benchmark_difference:
        payment !== null && benchmarkPrice !== null ? payment - benchmarkPrice : null,
      currency_id: row.currency_id as number | null,
      source: (row.regression_id === null ? 'analyst' : 'regression') as BenchmarkSource,
      // The day the benchmark price was last set.
      as_of: toIsoDate(row.updated_at ?? row.created_at),
      contract: {
        license_type_id: row.license_type_id as number,
        license_type: row.license_type as string,
        reference: row.contract_reference as string,
        start_date: toIsoDate(row.contract_start),
        end_date: toIsoDate(row.contract_end),
      },
      drivers: pivots
        .filter((pivot) => pivot.product_benchmark_id === row.id)
        .map((pivot) => ({
          id: pivot.driver_id as number,
          name: pivot.name as string,
          is_numeric: Boolean(pivot.is_numeric),
          whole_numbers: Boolean(pivot.whole_numbers),
          driver_options: (options.get(pivot.driver_id) ?? []).map((option) => ({ ...option })),
          pivot: {
            value: toNumber(pivot.value),
            driver_option_id: pivot.driver_option_id as number | null,
            has_note: Boolean(pivot.has_note),
          },
        })),
      sub_product_benchmarks: subProducts
        .filter(
          (sub, index) =>
            sub.product_benchmark_id === row.id && subProducts[index - 1]?.id !== sub.id
        )
        .map((sub) => ({
          id: sub.id as number,
          name: sub.name as string,
          benchmark_price: Number(sub.benchmark_price),
          start_date: sub.start_date ? toIsoDate(sub.start_date) : null,
          end_date: sub.end_date ? toIsoDate(sub.end_date) : null,
          currency: { id: sub.currency_id as number, code: sub.currency_code as string },
          drivers: subProducts
            .filter((entry) => entry.id === sub.id && entry.driver_id !== null)
            .map((entry) => subProductDriver(entry)),
        })),
    }
  })

  const [mostFrequentId] = [...currencyCounts.entries()].sort(
    (a, b) => b[1] - a[1] || a[0] - b[0]
  )[0] ?? [null]
  const mostFrequentCurrency = mostFrequentId ? (currencyNames.get(mostFrequentId) ?? null) : null
  return { productBenchmarks: productBenchmarksList, mostFrequentCurrency }
}

/** A sub product's driver value in the shape of a product benchmark's (its chosen option only). */
function subProductDriver(row: Record<string, unknown>) {
  const optionId = (row.driver_option_id as number | null) ?? null
  return {
    id: row.driver_id as number,
    name: row.driver_name as string,
    is_numeric: Boolean(row.driver_is_numeric),
    driver_options:
      optionId === null ? [] : [{ id: optionId, label: row.driver_option_label as string }],
    pivot: { value: toNumber(row.driver_value), driver_option_id: optionId },
  }
}

/** The provider type of one of the team's contracts; other teams' contracts are not found. */
export async function contractProviderType(
  teamId: number,
  contractId: number
): Promise<ProviderType> {
  const row = await db
    .from('contracts')
    .join('providers', 'providers.id', 'contracts.provider_id')
    .where({ 'contracts.id': contractId, 'contracts.team_id': teamId })
    .select('providers.provider_type')
    .first()
  if (!row) throw new NotFoundForTeam('Contract not found')
  return row.provider_type as ProviderType
}

/** One of the team's contracts with the provider; anything else is not found. */
export async function contractOfProvider(teamId: number, providerId: number, contractId: number) {
  const row = await db
    .from('contracts')
    .where({ id: contractId, team_id: teamId, provider_id: providerId })
    .select('id', 'reference')
    .first()
  if (!row) throw new NotFoundForTeam('Contract not found')
  return { id: row.id as number, reference: row.reference as string }
}

export async function contractBelongsToTeam(teamId: number, contractId: number) {
  const row = await db
    .from('contracts')
    .where({ id: contractId, team_id: teamId })
    .select('id')
    .first()
  if (!row) throw new NotFoundForTeam('Contract not found')
}

/**
 * The regressions pricing the given (product, license type) pairs, keyed
 * "productId:licenseTypeId", with their coefficients in one query.
 */
export async function regressionsFor(pairs: { productId: number; licenseTypeId: number }[]) {
  const productIds = [...new Set(pairs.map((pair) => pair.productId))]
  if (productIds.length === 0) return {}
  // One row per regression and coefficient (a regression without any: one row of nulls).
  const rows = await db
    .from('regressions')
    .leftJoin('regression_coefficients', 'regression_coefficients.regression_id', 'regressions.id')
    .whereIn('regressions.product_id', productIds)
    .select(
      'regressions.id',
      'regressions.product_id',
      'regressions.license_type_id',
      'regressions.intercept',
      'regression_coefficients.driver_id',
      'regression_coefficients.coefficient_value',
      'regression_coefficients.min_driver_value',
      'regression_coefficients.max_driver_value'
    )
    .orderBy('regressions.id')
    .orderBy('regression_coefficients.id')
  const wanted = new Set(pairs.map((pair) => `${pair.productId}:${pair.licenseTypeId}`))
  const result: Record<
    string,
    {
      intercept: number
      coefficients: {
        driverId: number
        coefficientValue: number
        minDriverValue: number | null
        maxDriverValue: number | null
      }[]
    }
  > = {}
  for (const row of rows) {
    const key = `${row.product_id}:${row.license_type_id}`
    if (!wanted.has(key)) continue
    result[key] ??= { intercept: Number(row.intercept), coefficients: [] }
    if (row.driver_id === null) continue
    result[key].coefficients.push({
      driverId: row.driver_id as number,
      coefficientValue: Number(row.coefficient_value),
      minDriverValue: toNumber(row.min_driver_value),
      maxDriverValue: toNumber(row.max_driver_value),
    })
  }
  return result
}

/**
 * The provider's classification (categories → types → products) with the team's product
 * benchmarks under each product, filtered by tab or contract. Empty branches are kept so the
 * page can show what the provider offers that the team does not buy.
 */
export async function categoriesWithBenchmarks(filter: BenchmarkFilter & { providerId: number }) {
  const [tree, benchmarks] = await Promise.all([
    db
      .from('product_categories')
      .join('product_types', 'product_types.category_id', 'product_categories.id')
      .join('provider_products', 'provider_products.product_type_id', 'product_types.id')
      .where('product_categories.provider_id', filter.providerId)
      .select(
        'product_categories.id as category_id',
        'product_categories.name as category_name',
        'product_types.id as type_id',
        'product_types.name as type_name',
        'provider_products.id as product_id',
        'provider_products.name as product_name'
      )
      .orderBy([
        { column: 'product_categories.sort_order', order: 'asc' },
        { column: 'product_types.name', order: 'asc' },
        { column: 'provider_products.name', order: 'asc' },
      ]),
    productBenchmarks(filter),
  ])

  type Product = {
    id: number
    name: string
    productBenchmarks: typeof benchmarks.productBenchmarks
  }
  type Type = { id: number; name: string; products: Product[] }
  const categories: { id: number; name: string; types: Type[] }[] = []
  for (const row of tree) {
    let category = categories.find((entry) => entry.id === row.category_id)
    if (!category) {
      category = { id: row.category_id, name: row.category_name, types: [] }
      categories.push(category)
    }
    let type = category.types.find((entry) => entry.id === row.type_id)
    if (!type) {
      type = { id: row.type_id, name: row.type_name, products: [] }
      category.types.push(type)
    }
    type.products.push({
      id: row.product_id,
      name: row.product_name,
      productBenchmarks: benchmarks.productBenchmarks.filter(
        (benchmark) => benchmark.product.id === row.product_id
      ),
    })
  }
  return { categories, mostFrequentCurrency: benchmarks.mostFrequentCurrency }
}
