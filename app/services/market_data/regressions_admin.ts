import db from '@adonisjs/lucid/services/db'
import { insertReturningId } from '#services/db/insert'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { errors } from '@vinejs/vine'
import { audit } from '#services/audit/audit'
import { cell, missingHeaders, type TableRow } from '#services/imports/table_file'
import { amountError, isBlankAmount } from '#shared/amounts'
import { MAX_REPORTED_ROW_ERRORS, ROW_ERROR_PREFIX } from '#shared/data_collection'

export const REGRESSION_COLUMNS = [
  'Product',
  'License type',
  'Intercept',
  'Driver',
  'Coefficient',
  'Min',
  'Max',
] as const

export interface CoefficientInput {
  driver_id: number
  coefficient_value: number
  min_driver_value: number | null
  max_driver_value: number | null
}

export interface RegressionInput {
  product_id: number
  license_type_id: number
  intercept: number
  coefficients: CoefficientInput[]
}

/**
 * Every product × license type of a provider with its regression (if any), the product
 * benchmarks it prices, and what is missing: drivers without a coefficient, or no regression
 * at all for benchmarks that need one. Six queries whatever the size.
 */
export async function regressionsOverview(providerId: number) {
  const [products, licenseTypes, drivers, regressions, coefficients, usage] = await Promise.all([
    db
      .from('provider_products')
      .join('product_types', 'product_types.id', 'provider_products.product_type_id')
      .where('provider_products.provider_id', providerId)
      .select('provider_products.id', 'provider_products.name', 'product_types.name as type')
      .orderBy('provider_products.name'),
    db.from('license_types').select('id', 'name').orderBy('id'),
    db
      .from('drivers')
      .where('provider_id', providerId)
      .select('id', 'name', 'is_numeric')
      .orderBy('name'),
    db
      .from('regressions')
      .join('provider_products', 'provider_products.id', 'regressions.product_id')
      .where('provider_products.provider_id', providerId)
      .select(
        'regressions.id',
        'regressions.product_id',
        'regressions.license_type_id',
        'regressions.intercept'
      ),
    db
      .from('regression_coefficients')
      .join('regressions', 'regressions.id', 'regression_coefficients.regression_id')
      .join('provider_products', 'provider_products.id', 'regressions.product_id')
      .where('provider_products.provider_id', providerId)
      .select(
        'regression_coefficients.regression_id',
        'regression_coefficients.driver_id',
        'regression_coefficients.coefficient_value',
        'regression_coefficients.min_driver_value',
        'regression_coefficients.max_driver_value'
      ),
    db
      .from('product_benchmarks')
      .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
      .where('contracts.provider_id', providerId)
      .groupBy('product_benchmarks.product_id', 'contracts.license_type_id')
      .select('product_benchmarks.product_id', 'contracts.license_type_id')
      .count('product_benchmarks.id as benchmarks')
      .countDistinct('contracts.team_id as teams'),
  ])

  const rows = products.flatMap((product) =>
    licenseTypes.map((licenseType) => {
      const regression = regressions.find(
        (entry) => entry.product_id === product.id && entry.license_type_id === licenseType.id
      )
      const used = usage.find(
        (entry) => entry.product_id === product.id && entry.license_type_id === licenseType.id
      )
      const own = regression
        ? coefficients.filter((entry) => entry.regression_id === regression.id)
        : []
      return {
        product: {
          id: product.id as number,
          name: product.name as string,
          type: product.type as string,
        },
        licenseType: { id: licenseType.id as number, name: licenseType.name as string },
        regression: regression
          ? {
              id: regression.id as number,
              intercept: Number(regression.intercept),
              coefficients: own.map((entry) => ({
                driver_id: entry.driver_id as number,
                coefficient_value: Number(entry.coefficient_value),
                min_driver_value:
                  entry.min_driver_value === null ? null : Number(entry.min_driver_value),
                max_driver_value:
                  entry.max_driver_value === null ? null : Number(entry.max_driver_value),
              })),
            }
          : null,
        benchmarks: Number(used?.benchmarks ?? 0),
        teams: Number(used?.teams ?? 0),
        missingDrivers: regression
          ? drivers
              .filter((driver) => !own.some((entry) => entry.driver_id === driver.id))
              .map((driver) => driver.name as string)
          : [],
      }
    })
  )
  return {
    drivers: drivers.map((driver) => ({
      id: driver.id as number,
      name: driver.name as string,
      is_numeric: Boolean(driver.is_numeric),
    })),
    rows,
  }
}

function validation(problems: { field: string; message: string }[]) {
  return new errors.E_VALIDATION_ERROR(
    problems.map((problem) => ({ ...problem, rule: 'regression' }))
  )
}

async function writeRegression(
  trx: TransactionClientContract,
  input: RegressionInput
): Promise<{ id: number; before: unknown }> {
  const existing = await trx
    .from('regressions')
    .where({ product_id: input.product_id, license_type_id: input.license_type_id })
    .select('id', 'intercept')
    .first()
  let id: number
  let before: unknown = null
  if (existing) {
    id = existing.id
    before = {
      intercept: Number(existing.intercept),
      coefficients: await trx
        .from('regression_coefficients')
        .where('regression_id', id)
        .select('driver_id', 'coefficient_value', 'min_driver_value', 'max_driver_value')
        .orderBy('driver_id'),
    }
    await trx.from('regressions').where('id', id).update({ intercept: input.intercept })
    await trx.from('regression_coefficients').where('regression_id', id).delete()
  } else {
    id = await insertReturningId(trx, 'regressions', {
      product_id: input.product_id,
      license_type_id: input.license_type_id,
      intercept: input.intercept,
    })
  }
  if (input.coefficients.length) {
    await trx
      .table('regression_coefficients')
      .multiInsert(input.coefficients.map((coefficient) => ({ ...coefficient, regression_id: id })))
  }
  return { id, before }
}

/**
 * Saves one regression (intercept and its coefficients), replacing the previous one.
 */
export async function saveRegression(userId: number, providerId: number, input: RegressionInput) {
  const [product, drivers] = await Promise.all([
    db.from('provider_products').where({ id: input.product_id, provider_id: providerId }).first(),
    db.from('drivers').where('provider_id', providerId).select('id'),
  ])
  const problems: { field: string; message: string }[] = []
  if (!product)
    problems.push({ field: 'product_id', message: 'Choose one of the provider products.' })
  const license = await db.from('license_types').where('id', input.license_type_id).first()
  if (!license) problems.push({ field: 'license_type_id', message: 'Choose a license type.' })
  const seen = new Set<number>()
  input.coefficients.forEach((coefficient, index) => {
    if (
      !drivers.some((driver) => driver.id === coefficient.driver_id) ||
      seen.has(coefficient.driver_id)
    ) {
      problems.push({
        field: `coefficients.${index}.driver_id`,
        message: 'Each coefficient needs a distinct driver of the provider.',
      })
    }
    seen.add(coefficient.driver_id)
    if (
      coefficient.min_driver_value !== null &&
      coefficient.max_driver_value !== null &&
      coefficient.min_driver_value > coefficient.max_driver_value
    ) {
      problems.push({
        field: `coefficients.${index}.max_driver_value`,
        message: 'The maximum must not be below the minimum.',
      })
    }
  })
  if (problems.length) throw validation(problems)

  await db.transaction(async (trx) => {
    const { id, before } = await writeRegression(trx, input)
    await audit(trx, {
      userId,
      entityType: 'regression',
      entityId: id,
      action: before ? 'update' : 'create',
      summary: `Saved the ${product.name} / ${license.name} regression`,
      before: before ?? undefined,
      after: {
        intercept: input.intercept,
        coefficients: [...input.coefficients].sort((a, b) => a.driver_id - b.driver_id),
      },
    })
  })
}

/**
 * Checks a regression file (one row per driver coefficient; the intercept repeated on each
 * row of its product and license type) against the provider, and returns the regressions it
 * holds or every problem, row by row.
 */
export async function parseRegressionTable(
  providerId: number,
  table: { headers: string[]; rows: TableRow[] }
) {
  const missing = missingHeaders(table.headers, REGRESSION_COLUMNS)
  if (missing.length) {
    return {
      regressions: [] as RegressionInput[],
      problems: [
        {
          field: 'file',
          message: `The file lacks the column${missing.length > 1 ? 's' : ''} ${missing.map((name) => `'${name}'`).join(', ')}.`,
        },
      ],
    }
  }
  const [products, licenseTypes, drivers] = await Promise.all([
    db.from('provider_products').where('provider_id', providerId).select('id', 'name'),
    db.from('license_types').select('id', 'name', 'key'),
    db.from('drivers').where('provider_id', providerId).select('id', 'name'),
  ])
  const lower = (value: string) => value.trim().toLowerCase()
  const groups = new Map<string, RegressionInput & { rowNumber: number }>()
  const problems: { field: string; message: string }[] = []
  let failing = 0

  for (const row of table.rows) {
    const errs: string[] = []
    const productName = cell(row, 'Product')
    const matches = products.filter((product) => lower(product.name) === lower(productName))
    if (!productName) errs.push('Product is required')
    else if (matches.length === 0)
      errs.push(`Product '${productName}' is not a product of this provider`)
    else if (matches.length > 1) errs.push(`Product '${productName}' is ambiguous`)
    const licenseName = cell(row, 'License type')
    const license = licenseTypes.find(
      (entry) => lower(entry.name) === lower(licenseName) || lower(entry.key) === lower(licenseName)
    )
    if (!license)
      errs.push(
        licenseName ? `License type '${licenseName}' is not known` : 'License type is required'
      )
    const driverName = cell(row, 'Driver')
    const driver = drivers.find((entry) => lower(entry.name) === lower(driverName))
    if (!driver)
      errs.push(
        driverName
          ? `Driver '${driverName}' is not a driver of this provider`
          : 'Driver is required'
      )
    const intercept = cell(row, 'Intercept')
    const coefficient = cell(row, 'Coefficient')
    const min = cell(row, 'Min')
    const max = cell(row, 'Max')
    const figures = [
      [intercept, 'Intercept', true],
      [coefficient, 'Coefficient', true],
      [min, 'Min', false],
      [max, 'Max', false],
    ] as const
    const badFigures = figures.map(([value, label, required]) =>
      !required && isBlankAmount(value)
        ? null
        : amountError(value, { column: 'figure', label: label })
    )
    // Messages end with the row's full stop.
    badFigures.forEach((message) => message && errs.push(message.replace(/\.$/, '')))
    if (!isBlankAmount(min) && !isBlankAmount(max) && !badFigures[2] && !badFigures[3]) {
      if (Number(min) > Number(max)) errs.push('Min must not exceed Max')
    }

    if (errs.length === 0) {
      const key = `${matches[0].id}:${license!.id}`
      const group = groups.get(key) ?? {
        product_id: matches[0].id as number,
        license_type_id: license!.id as number,
        intercept: Number(intercept),
        coefficients: [],
        rowNumber: row.rowNumber,
      }
      if (group.intercept !== Number(intercept)) {
        errs.push(
          `Intercept differs from row ${group.rowNumber} for the same product and license type`
        )
      } else if (group.coefficients.some((entry) => entry.driver_id === driver!.id)) {
        errs.push(`Driver '${driver!.name}' appears twice for the same product and license type`)
      } else {
        group.coefficients.push({
          driver_id: driver!.id,
          coefficient_value: Number(coefficient),
          min_driver_value: min ? Number(min) : null,
          max_driver_value: max ? Number(max) : null,
        })
        groups.set(key, group)
      }
    }
    if (errs.length) {
      failing++
      if (failing <= MAX_REPORTED_ROW_ERRORS) {
        problems.push({
          field: `${ROW_ERROR_PREFIX}${row.rowNumber}`,
          message: `Row ${row.rowNumber}: ${errs.join('; ')}.`,
        })
      }
    }
  }
  if (failing > MAX_REPORTED_ROW_ERRORS) {
    problems.push({
      field: `${ROW_ERROR_PREFIX}more`,
      message: `…and ${failing - MAX_REPORTED_ROW_ERRORS} more rows with problems.`,
    })
  }
  if (failing) {
    problems.unshift({
      field: 'file',
      message: `${failing} row${failing > 1 ? 's have' : ' has'} problems; nothing was imported.`,
    })
  } else if (groups.size === 0) {
    problems.push({ field: 'file', message: 'The file has no regression rows.' })
  }
  return {
    regressions: [...groups.values()].map(({ rowNumber: _row, ...regression }) => regression),
    problems,
  }
}

/**
 * Imports parsed regressions in one transaction: each replaces the regression of its product
 * and license type; regressions not in the file are left alone.
 */
export async function importRegressions(
  userId: number | null,
  provider: { id: number; name: string },
  regressions: RegressionInput[]
) {
  await db.transaction(async (trx) => {
    const before: unknown[] = []
    for (const regression of regressions) {
      const written = await writeRegression(trx, regression)
      if (written.before) {
        before.push({
          product_id: regression.product_id,
          license_type_id: regression.license_type_id,
          ...(written.before as object),
        })
      }
    }
    await audit(trx, {
      userId,
      entityType: 'regression',
      entityId: null,
      action: 'import',
      summary: `Imported ${regressions.length} regression${regressions.length === 1 ? '' : 's'} for ${provider.name}${userId === null ? ' (command line)' : ''}`,
      before,
      after: regressions,
    })
  })
  return regressions.length
}

export function regressionProblems(problems: { field: string; message: string }[]) {
  return validation(problems)
}
