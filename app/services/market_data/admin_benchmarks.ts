import db from '@adonisjs/lucid/services/db'
import { insertReturningId } from '#services/db/insert'
import { affectedRows } from '#services/db/affected_rows'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { errors } from '@vinejs/vine'
import { audit } from '#services/audit/audit'
import { fieldError } from '#services/http/field_error'
import { NotFoundForTeam, productBenchmarks, toIsoDate } from '#services/market_data/benchmarks'
import { productBenchmarkErrors } from '#shared/benchmark_validation'
import { PROVIDER_TYPES } from '#models/provider'

/*
|--------------------------------------------------------------------------
| The wizard: team → provider → contract
|--------------------------------------------------------------------------
*/

/**
 * Every team with its market data contract count, for the wizard's first step. Each team's
 * count reads its own entries of the contracts' team index, rather than joining and grouping
 * every contract.
 */
export async function teamsForWizard() {
  const rows = await db
    .from('teams')
    .leftJoin('currencies', 'currencies.id', 'teams.currency_id')
    .select(
      'teams.id',
      'teams.name',
      'currencies.code as currency',
      db.from('contracts').whereColumn('contracts.team_id', 'teams.id').count('*').as('contracts')
    )
    .orderBy('teams.name')
  return rows.map((row) => ({
    id: row.id as number,
    name: row.name as string,
    currency: (row.currency as string | null) ?? null,
    contracts: Number(row.contracts),
  }))
}

/** The wizard's team with its own currency: the default of a new product benchmark. */
export async function wizardTeamWithCurrency(teamId: number) {
  const team = await db
    .from('teams')
    .where('id', teamId)
    .select('id', 'name', 'currency_id')
    .first()
  if (!team) throw new NotFoundForTeam('Team not found')
  return {
    id: team.id as number,
    name: team.name as string,
    currencyId: (team.currency_id as number | null) ?? null,
  }
}

export async function wizardTeam(teamId: number) {
  const team = await db.from('teams').where('id', teamId).select('id', 'name').first()
  if (!team) throw new NotFoundForTeam('Team not found')
  return { id: team.id as number, name: team.name as string }
}

/**
 * All providers, those the team has contracts with first (with their contract count).
 */
export async function providersForWizard(teamId: number) {
  const rows = await db
    .from('providers')
    .whereIn('providers.provider_type', [...PROVIDER_TYPES])
    .leftJoin('contracts', (join) =>
      join.on('contracts.provider_id', 'providers.id').andOnVal('contracts.team_id', teamId)
    )
    .groupBy('providers.id', 'providers.provider_key', 'providers.name', 'providers.provider_type')
    .select('providers.id', 'providers.provider_key', 'providers.name', 'providers.provider_type')
    .count('contracts.id as contracts')
    .orderBy('providers.name')
  return rows
    .map((row) => ({
      id: row.id as number,
      providerKey: row.provider_key as string,
      name: row.name as string,
      type: row.provider_type as string,
      contracts: Number(row.contracts),
    }))
    .sort((a, b) => Number(b.contracts > 0) - Number(a.contracts > 0))
}

export async function wizardProvider(providerKey: string) {
  const row = await db
    .from('providers')
    .where('provider_key', providerKey)
    .whereIn('provider_type', [...PROVIDER_TYPES])
    .select('id', 'provider_key', 'name', 'provider_type')
    .first()
  if (!row) throw new NotFoundForTeam('Provider not found')
  return {
    id: row.id as number,
    providerKey: row.provider_key as string,
    name: row.name as string,
    type: row.provider_type as string,
  }
}

/** The team's contracts with the provider, with their benchmark and document counts. */
export async function contractsForWizard(teamId: number, providerId: number) {
  const documents = db
    .from('contract_documents')
    .whereColumn('contract_documents.contract_id', 'contracts.id')
    .count('*')
    .as('documents')
  const rows = await db
    .from('contracts')
    .join('license_types', 'license_types.id', 'contracts.license_type_id')
    .leftJoin('product_benchmarks', 'product_benchmarks.contract_id', 'contracts.id')
    .where({ 'contracts.team_id': teamId, 'contracts.provider_id': providerId })
    .groupBy(
      'contracts.id',
      'contracts.reference',
      'contracts.start_date',
      'contracts.end_date',
      'contracts.license_type_id',
      'license_types.name'
    )
    .select(
      'contracts.id',
      'contracts.reference',
      'contracts.start_date',
      'contracts.end_date',
      'contracts.license_type_id',
      'license_types.name as license_type'
    )
    .select(documents)
    .count('product_benchmarks.id as benchmarks')
    .orderBy('contracts.start_date', 'desc')
  return rows.map((row) => ({
    id: row.id as number,
    reference: row.reference as string,
    startDate: toIsoDate(row.start_date),
    endDate: toIsoDate(row.end_date),
    licenseTypeId: row.license_type_id as number,
    licenseType: row.license_type as string,
    benchmarks: Number(row.benchmarks),
    documents: Number(row.documents),
  }))
}

/**
 * What the editor offers for a provider: its products, drivers with options, and currencies,
 * in three queries.
 */
export async function editorCatalogue(providerId: number) {
  const [products, drivers, currencies] = await Promise.all([
    providerProducts(providerId),
    // One row per driver and option (a numeric driver: one row without an option).
    db
      .from('drivers')
      .leftJoin('driver_options', 'driver_options.driver_id', 'drivers.id')
      .where('drivers.provider_id', providerId)
      .select(
        'drivers.id',
        'drivers.name',
        'drivers.is_numeric',
        'driver_options.id as option_id',
        'driver_options.label as option_label',
        'driver_options.value as option_value'
      )
      .orderBy('drivers.name')
      .orderBy('drivers.id')
      .orderBy('driver_options.value'),
    currencyCodes(),
  ])
  const byDriver = new Map<
    number,
    {
      id: number
      name: string
      is_numeric: boolean
      driver_options: { id: number; label: string; value: number }[]
    }
  >()
  for (const row of drivers) {
    const driver = byDriver.get(row.id) ?? {
      id: row.id as number,
      name: row.name as string,
      is_numeric: Boolean(row.is_numeric),
      driver_options: [],
    }
    if (row.option_id !== null) {
      driver.driver_options.push({
        id: row.option_id as number,
        label: row.option_label as string,
        value: Number(row.option_value),
      })
    }
    byDriver.set(row.id, driver)
  }
  return { products, drivers: [...byDriver.values()], currencies }
}

/** A provider's products by name, for the editors. */
export async function providerProducts(providerId: number) {
  const rows = await db
    .from('provider_products')
    .where('provider_id', providerId)
    .select('id', 'name', 'product_type_id')
    .orderBy('name')
  return rows.map((row) => ({
    id: row.id as number,
    name: row.name as string,
    product_type_id: row.product_type_id as number,
  }))
}

/** Every currency by code, for the editors' currency choices. */
export async function currencyCodes() {
  const rows = await db.from('currencies').select('id', 'code').orderBy('code')
  return rows.map((row) => ({ id: row.id as number, code: row.code as string }))
}

/*
|--------------------------------------------------------------------------
| Product benchmarks
|--------------------------------------------------------------------------
*/

export async function contractForAdmin(contractId: number) {
  const row = await db
    .from('contracts')
    .where('id', contractId)
    .select('id', 'team_id', 'provider_id', 'reference', 'start_date', 'end_date')
    .first()
  if (!row) throw new NotFoundForTeam('Contract not found')
  return {
    id: row.id as number,
    teamId: row.team_id as number,
    providerId: row.provider_id as number,
    reference: row.reference as string,
    startDate: toIsoDate(row.start_date),
    endDate: toIsoDate(row.end_date),
  }
}

/**
 * The contract's product benchmarks in the spec's shape (the client pages' shape).
 */
export async function contractProductBenchmarks(contractId: number) {
  const contract = await contractForAdmin(contractId)
  const { productBenchmarks: rows } = await productBenchmarks({
    teamId: contract.teamId,
    contractId: contract.id,
  })
  return rows
}

interface DriverValue {
  id: number
  pivot?: { value?: number | null; driver_option_id?: number | null; has_note?: boolean }
}

export interface ProductBenchmarkPayload {
  contract_id: number
  product_id?: number | null
  start_date?: string | null
  end_date?: string | null
  payment?: unknown
  benchmark_price?: unknown
  currency_id?: number | null
  division?: string | null
  drivers?: DriverValue[]
  sub_product_benchmarks?: {
    id?: number | null
    uuid?: string | null
    name?: string | null
    benchmark_price?: unknown
    currency_id?: number | null
    start_date?: string | null
    end_date?: string | null
    drivers?: DriverValue[]
  }[]
  removed_sub_product_benchmark_ids?: number[]
}

/**
 * Checks a payload against the editor's rules (the same module the page uses) and against the
 * contract's provider (product, drivers, options, currencies). Throws field errors; reads only.
 */
async function checkPayload(payload: ProductBenchmarkPayload) {
  const contract = await contractForAdmin(payload.contract_id).catch(() => {
    throw fieldError('contract_id', 'The contract does not exist.')
  })
  const product = payload.product_id
    ? await db
        .from('provider_products')
        .where({ id: payload.product_id, provider_id: contract.providerId })
        .select('id', 'name')
        .first()
    : null
  const subs = payload.sub_product_benchmarks ?? []
  const problems = productBenchmarkErrors({
    product_id: product?.id ?? null,
    product_name: product?.name ?? null,
    start_date: payload.start_date,
    end_date: payload.end_date,
    payment: payload.payment,
    benchmark_price: payload.benchmark_price,
    currency_id: payload.currency_id,
    sub_product_benchmarks: subs.map((sub) => ({
      name: sub.name,
      benchmark_price: sub.benchmark_price,
      currency_id: sub.currency_id,
    })),
  })

  const currencyIds = [payload.currency_id, ...subs.map((sub) => sub.currency_id)].filter(
    (id): id is number => typeof id === 'number'
  )
  const [currencies, drivers, options] = await Promise.all([
    currencyIds.length ? db.from('currencies').whereIn('id', currencyIds).select('id') : [],
    db.from('drivers').where('provider_id', contract.providerId).select('id', 'is_numeric'),
    db
      .from('driver_options')
      .join('drivers', 'drivers.id', 'driver_options.driver_id')
      .where('drivers.provider_id', contract.providerId)
      .select('driver_options.id', 'driver_options.driver_id'),
  ])
  const knownCurrency = new Set(currencies.map((row) => row.id as number))
  if (payload.currency_id && !knownCurrency.has(payload.currency_id)) {
    problems.currency_id = 'Choose the currency of the amounts.'
  }
  subs.forEach((sub, index) => {
    if (sub.currency_id && !knownCurrency.has(sub.currency_id)) {
      problems[`sub_product_benchmarks.${index}.currency_id`] = 'Choose the sub product currency.'
    }
  })
  // The drivers of the benchmark and of each sub product: the provider's, with their options.
  const checkDrivers = (values: DriverValue[], prefix: string) => {
    const seen = new Set<number>()
    values.forEach((driver, index) => {
      const known = drivers.find((row) => row.id === driver.id)
      if (!known) {
        problems[`${prefix}${index}.id`] = 'This driver is not one of the provider drivers.'
        return
      }
      if (seen.has(driver.id)) {
        problems[`${prefix}${index}.id`] = 'This driver is given twice.'
        return
      }
      seen.add(driver.id)
      const optionId = driver.pivot?.driver_option_id
      if (optionId && !options.some((row) => row.id === optionId && row.driver_id === driver.id)) {
        problems[`${prefix}${index}.pivot.driver_option_id`] = 'Choose one of the driver options.'
      }
    })
  }
  checkDrivers(payload.drivers ?? [], 'drivers.')
  subs.forEach((sub, index) =>
    checkDrivers(sub.drivers ?? [], `sub_product_benchmarks.${index}.drivers.`)
  )

  const entries = Object.entries(problems)
  if (entries.length > 0) {
    throw new errors.E_VALIDATION_ERROR(
      entries.map(([field, message]) => ({ field, message, rule: 'productBenchmark' }))
    )
  }
  return { contract, product: product! }
}

function benchmarkRow(payload: ProductBenchmarkPayload, now: string) {
  return {
    contract_id: payload.contract_id,
    product_id: payload.product_id!,
    division: payload.division?.trim() || null,
    start_date: payload.start_date!,
    end_date: payload.end_date!,
    payment: Number(payload.payment),
    benchmark_price: Number(payload.benchmark_price),
    currency_id: payload.currency_id!,
    updated_at: now,
  }
}

/** A driver with neither a value nor an option says nothing: it is not stored. */
const given = (driver: DriverValue) =>
  (driver.pivot?.value ?? null) !== null || (driver.pivot?.driver_option_id ?? null) !== null

/** Replaces a sub product's driver values with the payload's. */
async function writeSubProductDrivers(
  trx: TransactionClientContract,
  subId: number,
  drivers: DriverValue[]
) {
  await trx.from('sub_product_benchmark_drivers').where('sub_product_benchmark_id', subId).delete()
  const values = drivers.filter(given)
  if (values.length === 0) return
  await trx.table('sub_product_benchmark_drivers').multiInsert(
    values.map((driver) => ({
      sub_product_benchmark_id: subId,
      driver_id: driver.id,
      value: driver.pivot?.value ?? null,
      driver_option_id: driver.pivot?.driver_option_id ?? null,
    }))
  )
}

/** Deletes sub products with their driver values. */
async function deleteSubProducts(trx: TransactionClientContract, subIds: number[]) {
  if (subIds.length === 0) return 0
  await trx
    .from('sub_product_benchmark_drivers')
    .whereIn('sub_product_benchmark_id', subIds)
    .delete()
  return affectedRows(await trx.from('sub_product_benchmarks').whereIn('id', subIds).delete())
}

async function writeDriversAndSubs(
  trx: TransactionClientContract,
  benchmarkId: number,
  payload: ProductBenchmarkPayload
) {
  await trx.from('product_benchmark_drivers').where('product_benchmark_id', benchmarkId).delete()
  const drivers = payload.drivers ?? []
  if (drivers.length > 0) {
    await trx.table('product_benchmark_drivers').multiInsert(
      drivers.map((driver) => ({
        product_benchmark_id: benchmarkId,
        driver_id: driver.id,
        value: driver.pivot?.value ?? null,
        driver_option_id: driver.pivot?.driver_option_id ?? null,
        has_note: Boolean(driver.pivot?.has_note),
      }))
    )
  }
  for (const sub of payload.sub_product_benchmarks ?? []) {
    const values = {
      name: sub.name!.trim(),
      benchmark_price: Number(sub.benchmark_price),
      currency_id: sub.currency_id!,
      start_date: sub.start_date || payload.start_date,
      end_date: sub.end_date || payload.end_date,
    }
    let subId: number
    if (sub.id) {
      const updated = await trx
        .from('sub_product_benchmarks')
        .where({ id: sub.id, product_benchmark_id: benchmarkId })
        .update(values)
      if (!affectedRows(updated))
        throw fieldError(
          'sub_product_benchmarks',
          'A sub product does not belong to this product benchmark.'
        )
      subId = sub.id
    } else {
      subId = await insertReturningId(trx, 'sub_product_benchmarks', {
        ...values,
        product_benchmark_id: benchmarkId,
      })
    }
    await writeSubProductDrivers(trx, subId, sub.drivers ?? [])
  }
}

async function snapshot(trx: TransactionClientContract, benchmarkId: number) {
  const [row, drivers, subs, subDrivers] = await Promise.all([
    trx.from('product_benchmarks').where('id', benchmarkId).first(),
    trx
      .from('product_benchmark_drivers')
      .where('product_benchmark_id', benchmarkId)
      .select('driver_id', 'value', 'driver_option_id', 'has_note')
      .orderBy('driver_id'),
    trx
      .from('sub_product_benchmarks')
      .where('product_benchmark_id', benchmarkId)
      .select('id', 'name', 'benchmark_price', 'currency_id')
      .orderBy('id'),
    trx
      .from('sub_product_benchmark_drivers')
      .join(
        'sub_product_benchmarks',
        'sub_product_benchmarks.id',
        'sub_product_benchmark_drivers.sub_product_benchmark_id'
      )
      .where('sub_product_benchmarks.product_benchmark_id', benchmarkId)
      .select(
        'sub_product_benchmark_drivers.sub_product_benchmark_id',
        'sub_product_benchmark_drivers.driver_id',
        'sub_product_benchmark_drivers.value',
        'sub_product_benchmark_drivers.driver_option_id'
      )
      .orderBy('sub_product_benchmark_drivers.driver_id'),
  ])
  if (!row) return null
  return {
    ...row,
    drivers,
    sub_product_benchmarks: subs.map((sub) => ({
      ...sub,
      drivers: subDrivers
        .filter((driver) => driver.sub_product_benchmark_id === sub.id)
        .map(({ driver_id: driverId, value, driver_option_id: optionId }) => ({
          driver_id: driverId,
          value,
          driver_option_id: optionId,
        })),
    })),
  }
}

async function saved(contractId: number, teamId: number, benchmarkId: number) {
  const { productBenchmarks: rows } = await productBenchmarks({ teamId, contractId })
  return rows.find((row) => row.id === benchmarkId)!
}

export async function storeProductBenchmark(userId: number, payload: ProductBenchmarkPayload) {
  const { contract, product } = await checkPayload(payload)
  const id = await db.transaction(async (trx) => {
    const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
    const benchmarkId = await insertReturningId(trx, 'product_benchmarks', {
      ...benchmarkRow(payload, now),
      created_at: now,
    })
    await writeDriversAndSubs(trx, benchmarkId, payload)
    await audit(trx, {
      userId,
      entityType: 'product_benchmark',
      entityId: benchmarkId,
      action: 'create',
      summary: `Added ${product.name} to contract ${contract.reference}`,
      after: await snapshot(trx, benchmarkId),
    })
    return benchmarkId
  })
  return saved(contract.id, contract.teamId, id)
}

export async function updateProductBenchmark(
  userId: number,
  benchmarkId: number,
  payload: ProductBenchmarkPayload
) {
  const existing = await db
    .from('product_benchmarks')
    .where('id', benchmarkId)
    .select('id', 'contract_id')
    .first()
  if (!existing) throw new NotFoundForTeam('Product benchmark not found')
  if (existing.contract_id !== payload.contract_id) {
    throw fieldError('contract_id', 'A product benchmark cannot move to another contract.')
  }
  const { contract, product } = await checkPayload(payload)
  await db.transaction(async (trx) => {
    const before = await snapshot(trx, benchmarkId)
    const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
    await trx.from('product_benchmarks').where('id', benchmarkId).update(benchmarkRow(payload, now))
    const removed = [...new Set(payload.removed_sub_product_benchmark_ids ?? [])]
    if (removed.length) {
      const owned = await trx
        .from('sub_product_benchmarks')
        .where('product_benchmark_id', benchmarkId)
        .whereIn('id', removed)
        .select('id')
      if (
        owned.length !== removed.length ||
        (await deleteSubProducts(trx, removed)) !== removed.length
      ) {
        throw fieldError(
          'sub_product_benchmarks',
          'A removed sub product does not belong to this product benchmark.'
        )
      }
    }
    await writeDriversAndSubs(trx, benchmarkId, payload)
    await audit(trx, {
      userId,
      entityType: 'product_benchmark',
      entityId: benchmarkId,
      action: 'update',
      summary: `Updated ${product.name} on contract ${contract.reference}`,
      before,
      after: await snapshot(trx, benchmarkId),
    })
  })
  return saved(contract.id, contract.teamId, benchmarkId)
}

export async function destroyProductBenchmark(userId: number, benchmarkId: number) {
  await db.transaction(async (trx) => {
    const before = await snapshot(trx, benchmarkId)
    if (!before) throw new NotFoundForTeam('Product benchmark not found')
    await trx.from('product_benchmark_drivers').where('product_benchmark_id', benchmarkId).delete()
    await deleteSubProducts(
      trx,
      before.sub_product_benchmarks.map((sub: { id: number }) => sub.id)
    )
    await trx.from('product_benchmarks').where('id', benchmarkId).delete()
    await audit(trx, {
      userId,
      entityType: 'product_benchmark',
      entityId: benchmarkId,
      action: 'delete',
      summary: `Deleted product benchmark ${benchmarkId} from contract ${before.contract_id}`,
      before,
    })
  })
  return { id: benchmarkId }
}

export async function destroySubProductBenchmark(userId: number, subId: number) {
  await db.transaction(async (trx) => {
    const before = await trx.from('sub_product_benchmarks').where('id', subId).first()
    if (!before) throw new NotFoundForTeam('Sub product benchmark not found')
    await deleteSubProducts(trx, [subId])
    await audit(trx, {
      userId,
      entityType: 'sub_product_benchmark',
      entityId: subId,
      action: 'delete',
      summary: `Deleted sub product ${before.name} of product benchmark ${before.product_benchmark_id}`,
      before,
    })
  })
  return { id: subId }
}
