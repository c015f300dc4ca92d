import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import { insertReturningId } from '#services/db/insert'
import { SUBMISSIONS_PREFIX } from '#services/market_data/data_collection'
import { AUM_RANGES } from '#database/demo/rate_cards'
import type { ProviderType } from '#models/provider'

/*
 * Small market data records built row by row, so that a test controls exactly how many of each
 * kind exist (the demo universe is larger and fixed). Every helper inserts through the default
 * connection, inside the test's global transaction.
 */

let sequence = 0
const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${(sequence++).toString(36)}`

export function timestamp(value = DateTime.now()) {
  return value.toFormat(db.connection().dialect.dateTimeFormat)
}

/** An ISO date this many days from today (negative: in the past). */
export function daysFromToday(days: number) {
  return DateTime.now().plus({ days }).toISODate()!
}

async function idOf(
  table: string,
  where: Record<string, unknown>,
  values: Record<string, unknown>
) {
  const row = await db.from(table).where(where).select('id').first()
  return row ? (row.id as number) : insertReturningId(db.connection(), table, values)
}

/** The license types contracts and regressions use (the demo's first two), created once. */
export async function licenseTypeIds(): Promise<number[]> {
  return [
    await idOf('license_types', { key: 'enterprise' }, { key: 'enterprise', name: 'Enterprise' }),
    await idOf('license_types', { key: 'site' }, { key: 'site', name: 'Site' }),
  ]
}

/** The AUM ranges of rate cards (the demo's), created once. */
export async function aumRangeIds(): Promise<number[]> {
  const ids = []
  for (const range of AUM_RANGES) {
    ids.push(await idOf('aum_ranges', { sort_order: range.sort_order }, range))
  }
  return ids
}

export async function currencyId(code: string) {
  const row = await db.from('currencies').where('code', code).select('id').firstOrFail()
  return row.id as number
}

export interface ProviderFixture {
  id: number
  key: string
  name: string
  type: ProviderType
  categoryIds: number[]
  productIds: number[]
  /** A numeric driver (users, whole numbers) and a driver with options (tier). */
  usersDriverId: number
  tierDriverId: number
  tierOptionIds: number[]
}

/**
 * A provider with one category of `products` products, a numeric driver and a driver with two
 * options, and a regression per product and license type.
 */
export async function makeProvider(
  options: { type?: ProviderType; rateCard?: boolean; products?: number; logo?: boolean } = {}
): Promise<ProviderFixture> {
  const key = unique('vendor')
  const type = options.type ?? 'market_data'
  const logo = options.logo ? `logos/${key}.png` : null
  if (logo) await drive.use().put(logo, Buffer.from('89504e470d0a1a0a', 'hex'))
  const id = await insertReturningId(db.connection(), 'providers', {
    provider_key: key,
    name: `Vendor ${key}`,
    logo,
    provider_type: type,
    is_active: true,
    has_rate_card: options.rateCard ?? false,
    description: 'A provider of the query budget tests.',
    created_at: timestamp(),
  })
  const usersDriverId = await insertReturningId(db.connection(), 'drivers', {
    provider_id: id,
    name: 'Users',
    is_numeric: true,
    unit: 'users',
    whole_numbers: true,
  })
  const tierDriverId = await insertReturningId(db.connection(), 'drivers', {
    provider_id: id,
    name: 'Data tier',
    is_numeric: false,
    unit: null,
    whole_numbers: false,
  })
  const tierOptionIds = [
    await insertReturningId(db.connection(), 'driver_options', {
      driver_id: tierDriverId,
      label: 'Core',
      value: 1,
    }),
    await insertReturningId(db.connection(), 'driver_options', {
      driver_id: tierDriverId,
      label: 'Professional',
      value: 2,
    }),
  ]
  const provider: ProviderFixture = {
    id,
    key,
    name: `Vendor ${key}`,
    type,
    categoryIds: [],
    productIds: [],
    usersDriverId,
    tierDriverId,
    tierOptionIds,
  }
  await addCategory(provider, options.products ?? 1)
  return provider
}

/**
 * Grows a provider's catalogue: a new category with one product type of `products` products,
 * each with a regression per license type.
 */
export async function addCategory(provider: ProviderFixture, products = 1) {
  const categoryId = await insertReturningId(db.connection(), 'product_categories', {
    provider_id: provider.id,
    name: unique('Category'),
    sort_order: provider.categoryIds.length,
  })
  const typeId = await insertReturningId(db.connection(), 'product_types', {
    category_id: categoryId,
    name: unique('Type'),
  })
  provider.categoryIds.push(categoryId)
  const licenseTypes = await licenseTypeIds()
  for (let index = 0; index < products; index++) {
    const productId = await insertReturningId(db.connection(), 'provider_products', {
      provider_id: provider.id,
      product_type_id: typeId,
      name: unique('Product'),
    })
    provider.productIds.push(productId)
    for (const licenseTypeId of licenseTypes) {
      const regressionId = await insertReturningId(db.connection(), 'regressions', {
        product_id: productId,
        license_type_id: licenseTypeId,
        intercept: 5000,
      })
      await db.table('regression_coefficients').multiInsert([
        {
          regression_id: regressionId,
          driver_id: provider.usersDriverId,
          coefficient_value: 1200,
          min_driver_value: 1,
          max_driver_value: 500,
        },
        {
          regression_id: regressionId,
          driver_id: provider.tierDriverId,
          coefficient_value: 3000,
          min_driver_value: null,
          max_driver_value: null,
        },
      ])
    }
  }
  return categoryId
}

export interface ContractFixture {
  id: number
  reference: string
  benchmarkIds: number[]
}

/**
 * A contract of the team with the provider (by default running from a year ago to a year from
 * now) with a product benchmark per product of the provider, its two driver values and a sub
 * product.
 */
export async function makeContract(
  teamId: number,
  provider: ProviderFixture,
  options: {
    startDays?: number
    endDays?: number
    licenseTypeIndex?: number
    currency?: string
  } = {}
): Promise<ContractFixture> {
  const licenseTypes = await licenseTypeIds()
  const licenseTypeId = licenseTypes[options.licenseTypeIndex ?? 0]
  const reference = unique('CONTRACT')
  const start = daysFromToday(options.startDays ?? -365)
  const end = daysFromToday(options.endDays ?? 365)
  const id = await insertReturningId(db.connection(), 'contracts', {
    team_id: teamId,
    provider_id: provider.id,
    license_type_id: licenseTypeId,
    reference,
    start_date: start,
    end_date: end,
    created_at: timestamp(),
  })
  const benchmarkIds = await addBenchmarks(id, provider, provider.productIds, {
    start,
    end,
    currency: options.currency,
  })
  return { id, reference, benchmarkIds }
}

/**
 * Product benchmarks of a contract for the given products, each with its two driver values and
 * a sub product (with a driver value of its own).
 */
export async function addBenchmarks(
  contractId: number,
  provider: ProviderFixture,
  productIds: number[],
  period: { start: string; end: string; currency?: string }
) {
  const currency = await currencyId(period.currency ?? 'GBP')
  const benchmarkIds = []
  for (const productId of productIds) {
    const benchmarkId = await insertReturningId(db.connection(), 'product_benchmarks', {
      contract_id: contractId,
      product_id: productId,
      division: 'Investment management',
      start_date: period.start,
      end_date: period.end,
      payment: 52_000,
      benchmark_price: 50_000,
      currency_id: currency,
      created_at: timestamp(),
    })
    benchmarkIds.push(benchmarkId)
    await db.table('product_benchmark_drivers').multiInsert([
      {
        product_benchmark_id: benchmarkId,
        driver_id: provider.usersDriverId,
        value: 25,
        driver_option_id: null,
        has_note: false,
      },
      {
        product_benchmark_id: benchmarkId,
        driver_id: provider.tierDriverId,
        value: null,
        driver_option_id: provider.tierOptionIds[0],
        has_note: false,
      },
    ])
    const subId = await insertReturningId(db.connection(), 'sub_product_benchmarks', {
      product_benchmark_id: benchmarkId,
      name: 'Reference data',
      benchmark_price: 10_000,
      currency_id: currency,
      start_date: period.start,
      end_date: period.end,
    })
    await db.table('sub_product_benchmark_drivers').insert({
      sub_product_benchmark_id: subId,
      driver_id: provider.usersDriverId,
      value: 5,
      driver_option_id: null,
    })
  }
  return benchmarkIds
}

/** A signed contract document, stored on the uploads disk. */
export async function makeContractDocument(contractId: number, uploadedBy: number | null) {
  const key = `contracts/${contractId}/${unique('document')}.pdf`
  await drive.use().put(key, '%PDF-1.4 query budget')
  return insertReturningId(db.connection(), 'contract_documents', {
    contract_id: contractId,
    title: 'Signed order form',
    document_date: daysFromToday(-30),
    file_key: key,
    original_name: 'order-form.pdf',
    file_size: 21,
    uploaded_by: uploadedBy,
    created_at: timestamp(),
  })
}

/** A saved scenario changing the users of every benchmark of the contract. */
export async function makeScenario(
  teamId: number,
  provider: ProviderFixture,
  userId: number | null,
  contract: ContractFixture
) {
  const values = Object.fromEntries(
    contract.benchmarkIds.map((benchmarkId) => [
      String(benchmarkId),
      [{ driverId: provider.usersDriverId, value: 30, optionId: null }],
    ])
  )
  return insertReturningId(db.connection(), 'scenarios', {
    team_id: teamId,
    provider_id: provider.id,
    user_id: userId,
    name: unique('Scenario'),
    driver_values: JSON.stringify(values),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
}

/** A vendor proposal with a line per product of the provider. */
export async function makeProposal(teamId: number, provider: ProviderFixture) {
  const [licenseTypeId] = await licenseTypeIds()
  const id = await insertReturningId(db.connection(), 'proposals', {
    team_id: teamId,
    provider_id: provider.id,
    license_type_id: licenseTypeId,
    reference: unique('Proposal'),
    received_on: daysFromToday(-10),
    valid_until: daysFromToday(50),
    start_date: daysFromToday(60),
    end_date: daysFromToday(60 + 365),
    status: 'under_review',
    comment: 'Renewal offer.',
    created_at: timestamp(),
  })
  const currency = await currencyId('GBP')
  await db.table('proposal_items').multiInsert(
    provider.productIds.map((productId) => ({
      proposal_id: id,
      product_id: productId,
      proposed_price: 55_000,
      currency_id: currency,
    }))
  )
  return id
}

/**
 * A rate card for the provider and team type: every category, and per product and AUM range a
 * min/avg/max with an assumption per driver.
 */
export async function makeRateCard(
  provider: ProviderFixture,
  teamTypeId: number,
  options: { active?: boolean; currency?: string; asOfDays?: number } = {}
) {
  const ranges = await aumRangeIds()
  const id = await insertReturningId(db.connection(), 'rate_cards', {
    provider_id: provider.id,
    team_type_id: teamTypeId,
    currency_id: await currencyId(options.currency ?? 'USD'),
    as_of_date: daysFromToday(options.asOfDays ?? -5),
    provider_comment: 'Prices observed across peers.',
    active: options.active ?? true,
    created_at: timestamp(),
  })
  await db.table('rate_card_categories').multiInsert(
    provider.categoryIds.map((categoryId) => ({
      rate_card_id: id,
      category_id: categoryId,
      comment: 'Observed ranges.',
    }))
  )
  for (const productId of provider.productIds) {
    for (const rangeId of ranges) {
      const entryId = await insertReturningId(db.connection(), 'rate_card_product_benchmarks', {
        rate_card_id: id,
        product_id: productId,
        aum_range_id: rangeId,
        min_benchmark: 40_000,
        avg_benchmark: 50_000,
        max_benchmark: 60_000,
        comment: null,
      })
      await db.table('rate_card_assumptions').multiInsert([
        {
          rate_card_product_benchmark_id: entryId,
          driver_id: provider.usersDriverId,
          driver_option_id: null,
          value: 20,
        },
        {
          rate_card_product_benchmark_id: entryId,
          driver_id: provider.tierDriverId,
          driver_option_id: provider.tierOptionIds[1],
          value: null,
        },
      ])
    }
  }
  return id
}

/** An open data collection of the team. */
export async function makeDataCollection(teamId: number) {
  return insertReturningId(db.connection(), 'data_collections', {
    team_id: teamId,
    name: unique('Collection'),
    due_date: daysFromToday(30),
    status: 'open',
    created_at: timestamp(),
  })
}

/** A submitted file of a data collection, stored on the uploads disk. */
export async function makeSubmission(
  teamId: number,
  collectionId: number,
  userId: number | null,
  status = 'submitted'
) {
  const storedName = `${unique('submission')}.xlsx`
  await drive.use().put(`${SUBMISSIONS_PREFIX}/${storedName}`, 'workbook')
  return insertReturningId(db.connection(), 'data_collection_submissions', {
    data_collection_id: collectionId,
    team_id: teamId,
    user_id: userId,
    original_file_name: 'contracts.xlsx',
    stored_file_name: storedName,
    file_size: 8,
    additional_comments: null,
    delivery_date: daysFromToday(0),
    status,
    row_count: 1,
    created_at: timestamp(),
  })
}

/**
 * An audit trail entry whose values name a product, a provider and a currency, as the
 * administrators' writes record them.
 */
export async function makeAuditEntry(
  userId: number | null,
  provider: ProviderFixture,
  entityType = 'product_benchmark'
) {
  return insertReturningId(db.connection(), 'audit_logs', {
    user_id: userId,
    entity_type: entityType,
    entity_id: provider.productIds[0],
    action: 'update',
    summary: 'Changed a benchmark',
    before: JSON.stringify({ product_id: provider.productIds[0], payment: 1 }),
    after: JSON.stringify({
      product_id: provider.productIds[0],
      provider_id: provider.id,
      currency_id: await currencyId('GBP'),
      payment: 2,
    }),
    source: 'web',
    created_at: timestamp(),
  })
}
