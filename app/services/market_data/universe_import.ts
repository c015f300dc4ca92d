import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { audit } from '#services/audit/audit'
import { insertReturningId } from '#services/db/insert'
import { isReservedProviderKey } from '#shared/modules'
import { PROVIDER_TYPES } from '#models/provider'
import { cellText } from '#services/imports/table_file'
import { amountError } from '#shared/amounts'
import { driverKindChangeMessage, driversInUse } from '#services/market_data/driver_rules'
import { MAX_REPORTED_ROW_ERRORS } from '#shared/data_collection'

/**
 * The universe workbook: providers, their product classification and their drivers, one sheet
 * each. Rows add or change; what the workbook does not mention is left alone.
 */
export const UNIVERSE_SHEETS = {
  Providers: ['Provider key', 'Name', 'Type', 'Active', 'Rate card', 'Description'],
  Products: ['Provider key', 'Category', 'Type', 'Product'],
  Drivers: ['Provider key', 'Driver', 'Numeric', 'Unit', 'Option', 'Option value'],
} as const

type SheetName = keyof typeof UNIVERSE_SHEETS
const REQUIRED: Record<SheetName, string[]> = {
  Providers: ['Provider key', 'Name', 'Type'],
  Products: ['Provider key', 'Category', 'Type', 'Product'],
  Drivers: ['Provider key', 'Driver', 'Numeric'],
}

export interface UniverseProblem {
  sheet: string
  row: number | null
  message: string
}

interface ProviderRow {
  key: string
  name: string
  type: 'market_data' | 'alternative_data'
  active: boolean
  rateCard: boolean
  description: string | null
}
interface ProductRow {
  providerKey: string
  category: string
  type: string
  product: string
}
interface DriverRow {
  providerKey: string
  driver: string
  numeric: boolean
  unit: string | null
  option: string | null
  optionValue: number | null
}

export interface UniversePlanLine {
  entity: 'provider' | 'category' | 'type' | 'product' | 'driver' | 'option'
  name: string
  action: 'create' | 'change' | 'unchanged'
  detail?: string
}

const lower = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase()

function yesNo(value: string): boolean | null {
  const normal = value.trim().toLowerCase()
  if (['yes', 'y', 'true', '1'].includes(normal)) return true
  if (['no', 'n', 'false', '0', ''].includes(normal)) return false
  return null
}

/**
 * Reads and checks the workbook; returns its rows or every problem by sheet and row.
 */
export async function readUniverseWorkbook(path: string) {
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.readFile(path)
  } catch {
    return {
      problems: [
        {
          sheet: '',
          row: null,
          message: 'The file could not be read as an Excel workbook (.xlsx).',
        },
      ],
    }
  }
  const problems: UniverseProblem[] = []
  const sheets = {} as Record<SheetName, { row: number; cells: Record<string, string> }[]>
  for (const name of Object.keys(UNIVERSE_SHEETS) as SheetName[]) {
    const sheet = workbook.getWorksheet(name)
    if (!sheet) {
      problems.push({ sheet: name, row: null, message: `The workbook has no '${name}' sheet.` })
      continue
    }
    const headers: string[] = []
    sheet.getRow(1).eachCell((cell, column) => (headers[column] = lower(cellText(cell.value))))
    const missing = REQUIRED[name].filter((header) => !headers.includes(lower(header)))
    if (missing.length) {
      problems.push({
        sheet: name,
        row: null,
        message: `The '${name}' sheet lacks ${missing.map((header) => `'${header}'`).join(', ')}.`,
      })
      continue
    }
    if (sheet.actualRowCount > 20_001) {
      problems.push({
        sheet: name,
        row: null,
        message: `The '${name}' sheet has more than 20000 rows.`,
      })
      continue
    }
    const rows: { row: number; cells: Record<string, string> }[] = []
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      if (rowNumber === 1) return
      const cells: Record<string, string> = {}
      headers.forEach((header, column) => {
        if (header) cells[header] = cellText(row.getCell(column).value)
      })
      if (Object.values(cells).some((value) => value !== '')) rows.push({ row: rowNumber, cells })
    })
    sheets[name] = rows
  }
  if (problems.length) return { problems }

  let failing = 0
  const report = (sheet: SheetName, row: number, errors: string[]) => {
    failing++
    if (failing <= MAX_REPORTED_ROW_ERRORS) {
      problems.push({ sheet, row, message: `${sheet} row ${row}: ${errors.join('; ')}.` })
    }
  }
  const cell = (cells: Record<string, string>, header: string) => cells[lower(header)] ?? ''

  const providers: ProviderRow[] = []
  const seenProviders = new Map<string, number>()
  for (const { row, cells } of sheets.Providers) {
    const errors: string[] = []
    const key = cell(cells, 'Provider key').toLowerCase()
    if (!/^[a-z0-9-]{2,80}$/.test(key))
      errors.push('Provider key must be 2–80 lower-case letters, digits or dashes')
    else if (isReservedProviderKey(key))
      errors.push(`Provider key '${key}' is reserved by the application`)
    else if (seenProviders.has(key))
      errors.push(`Provider key '${key}' repeats row ${seenProviders.get(key)}`)
    const name = cell(cells, 'Name')
    if (!name) errors.push('Name is required')
    const type = cell(cells, 'Type').toLowerCase().replace(/\s+/g, '_')
    if (type !== 'market_data' && type !== 'alternative_data')
      errors.push("Type must be 'market_data' or 'alternative_data'")
    const active = yesNo(cell(cells, 'Active') || 'yes')
    const rateCard = yesNo(cell(cells, 'Rate card'))
    if (active === null) errors.push('Active must be yes or no')
    if (rateCard === null) errors.push('Rate card must be yes or no')
    if (errors.length) report('Providers', row, errors)
    else {
      seenProviders.set(key, row)
      providers.push({
        key,
        name: name.slice(0, 160),
        type: type as ProviderRow['type'],
        active: active!,
        rateCard: rateCard!,
        description: cell(cells, 'Description') || null,
      })
    }
  }

  const stored = await db.from('providers').select('provider_key')
  const knownKeys = new Set(stored.map((row) => row.provider_key as string))
  const providerExists = (key: string) => seenProviders.has(key) || knownKeys.has(key)

  const products: ProductRow[] = []
  const seenProducts = new Map<string, number>()
  for (const { row, cells } of sheets.Products) {
    const errors: string[] = []
    const providerKey = cell(cells, 'Provider key').toLowerCase()
    if (!providerExists(providerKey))
      errors.push(`Provider '${providerKey}' is neither in the Providers sheet nor known`)
    const [category, type, product] = ['Category', 'Type', 'Product'].map((header) =>
      cell(cells, header)
    )
    if (!category) errors.push('Category is required')
    if (!type) errors.push('Type is required')
    if (!product) errors.push('Product is required')
    const key = [providerKey, category, type, product].map(lower).join('|')
    if (seenProducts.has(key)) errors.push(`Repeats row ${seenProducts.get(key)}`)
    if (errors.length) report('Products', row, errors)
    else {
      seenProducts.set(key, row)
      products.push({ providerKey, category, type, product })
    }
  }

  const drivers: DriverRow[] = []
  const seenOptions = new Map<string, number>()
  const driverKinds = new Map<string, boolean>()
  for (const { row, cells } of sheets.Drivers) {
    const errors: string[] = []
    const providerKey = cell(cells, 'Provider key').toLowerCase()
    if (!providerExists(providerKey))
      errors.push(`Provider '${providerKey}' is neither in the Providers sheet nor known`)
    const driver = cell(cells, 'Driver')
    if (!driver) errors.push('Driver is required')
    const numeric = yesNo(cell(cells, 'Numeric'))
    if (numeric === null) errors.push('Numeric must be yes or no')
    const option = cell(cells, 'Option') || null
    const optionValue = cell(cells, 'Option value')
    if (numeric === true && option) errors.push('A numeric driver has no options')
    if (numeric === false && !option) errors.push('An option driver needs an Option on each row')
    const valueProblem = option
      ? amountError(optionValue, { column: 'figure', label: 'Option value' })
      : null
    if (valueProblem) errors.push(valueProblem.replace(/\.$/, ''))
    const driverKey = `${providerKey}|${lower(driver)}`
    if (numeric !== null && driverKinds.has(driverKey) && driverKinds.get(driverKey) !== numeric) {
      errors.push(`Driver '${driver}' is numeric on one row and not on another`)
    }
    const optionKey = `${driverKey}|${lower(option ?? '')}`
    if (seenOptions.has(optionKey)) errors.push(`Repeats row ${seenOptions.get(optionKey)}`)
    if (errors.length) report('Drivers', row, errors)
    else {
      driverKinds.set(driverKey, numeric!)
      seenOptions.set(optionKey, row)
      drivers.push({
        providerKey,
        driver,
        numeric: numeric!,
        unit: cell(cells, 'Unit') || null,
        option,
        optionValue: option ? Number(optionValue) : null,
      })
    }
  }

  if (failing > MAX_REPORTED_ROW_ERRORS) {
    problems.push({
      sheet: '',
      row: null,
      message: `…and ${failing - MAX_REPORTED_ROW_ERRORS} more rows with problems.`,
    })
  }
  if (failing) {
    problems.unshift({
      sheet: '',
      row: null,
      message: `${failing} row${failing > 1 ? 's have' : ' has'} problems; nothing was imported.`,
    })
  } else if (!providers.length && !products.length && !drivers.length) {
    problems.push({ sheet: '', row: null, message: 'The workbook has no rows to import.' })
  }
  return problems.length ? { problems } : { problems: [], rows: { providers, products, drivers } }
}

type Rows = { providers: ProviderRow[]; products: ProductRow[]; drivers: DriverRow[] }

/**
 * Plans (dry run) or applies the import in one transaction; the plan says what is created,
 * changed or left unchanged. A dry run rolls everything back.
 */
export async function applyUniverse(
  rows: Rows,
  options: { dryRun: boolean; userId: number | null }
) {
  const plan: UniversePlanLine[] = []
  const before: Record<string, unknown>[] = []
  const DRY_RUN = Symbol('dry run')
  try {
    await db.transaction(async (trx) => {
      await write(trx, rows, plan, before)
      const counts = summarise(plan)
      await audit(trx, {
        userId: options.userId,
        entityType: 'universe',
        entityId: null,
        action: 'import',
        summary: `Imported the universe: ${counts.create} created, ${counts.change} changed, ${counts.unchanged} unchanged${options.userId === null ? ' (command line)' : ''}`,
        before,
        after: plan.filter((line) => line.action !== 'unchanged'),
      })
      if (options.dryRun) throw DRY_RUN
    })
  } catch (error) {
    if (error !== DRY_RUN) throw error
  }
  return { plan, counts: summarise(plan) }
}

export function summarise(plan: UniversePlanLine[]) {
  return {
    create: plan.filter((line) => line.action === 'create').length,
    change: plan.filter((line) => line.action === 'change').length,
    unchanged: plan.filter((line) => line.action === 'unchanged').length,
  }
}

/**
 * Writes the rows, recording each step in `plan` and, for what it changes, the previous
 * values in `before`.
 */
async function write(
  trx: TransactionClientContract,
  rows: Rows,
  plan: UniversePlanLine[],
  before: Record<string, unknown>[]
) {
  const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
  for (const provider of rows.providers) {
    const existing = await trx.from('providers').where('provider_key', provider.key).first()
    const values = {
      name: provider.name,
      provider_type: provider.type,
      is_active: provider.active,
      has_rate_card: provider.rateCard,
      description: provider.description,
    }
    if (!existing) {
      await insertReturningId(trx, 'providers', {
        ...values,
        provider_key: provider.key,
        logo: null,
        created_at: now,
      })
      plan.push({ entity: 'provider', name: provider.name, action: 'create' })
      continue
    }
    const changed = (Object.keys(values) as (keyof typeof values)[]).filter((field) => {
      const stored = existing[field]
      const wanted = values[field]
      return typeof wanted === 'boolean' ? Boolean(stored) !== wanted : (stored ?? null) !== wanted
    })
    if (changed.length) {
      before.push({
        entity: 'provider',
        name: existing.name,
        ...Object.fromEntries(changed.map((field) => [field, existing[field]])),
      })
      await trx
        .from('providers')
        .where('id', existing.id)
        .update({ ...values, updated_at: now })
    }
    plan.push({
      entity: 'provider',
      name: provider.name,
      action: changed.length ? 'change' : 'unchanged',
      detail: changed.length ? changed.join(', ') : undefined,
    })
  }

  const providerId = async (key: string) => {
    const row = await trx.from('providers').where('provider_key', key).select('id').firstOrFail()
    return row.id as number
  }
  const findByName = (
    table: string,
    where: Record<string, unknown>,
    name: string,
    column = 'name'
  ) =>
    trx
      .from(table)
      .where(where)
      .whereRaw(`lower(${column}) = ?`, [lower(name)])
      .first()

  for (const row of rows.products) {
    const provider = await providerId(row.providerKey)
    let category = await findByName('product_categories', { provider_id: provider }, row.category)
    if (!category) {
      const count = await trx
        .from('product_categories')
        .where('provider_id', provider)
        .count('* as total')
        .firstOrFail()
      category = {
        id: await insertReturningId(trx, 'product_categories', {
          provider_id: provider,
          name: row.category,
          sort_order: Number(count.total),
        }),
      }
      plan.push({
        entity: 'category',
        name: `${row.providerKey}: ${row.category}`,
        action: 'create',
      })
    }
    let type = await findByName('product_types', { category_id: category.id }, row.type)
    if (!type) {
      type = {
        id: await insertReturningId(trx, 'product_types', {
          category_id: category.id,
          name: row.type,
        }),
      }
      plan.push({
        entity: 'type',
        name: `${row.providerKey}: ${row.category} › ${row.type}`,
        action: 'create',
      })
    }
    const product = await findByName('provider_products', { product_type_id: type.id }, row.product)
    if (!product) {
      await insertReturningId(trx, 'provider_products', {
        provider_id: provider,
        product_type_id: type.id,
        name: row.product,
      })
    }
    plan.push({
      entity: 'product',
      name: `${row.providerKey}: ${row.product}`,
      action: product ? 'unchanged' : 'create',
    })
  }

  const plannedDrivers = new Set<string>()
  for (const row of rows.drivers) {
    const provider = await providerId(row.providerKey)
    let driver = await findByName('drivers', { provider_id: provider }, row.driver)
    const driverName = `${row.providerKey}: ${row.driver}`
    if (!driver) {
      driver = {
        id: await insertReturningId(trx, 'drivers', {
          provider_id: provider,
          name: row.driver,
          is_numeric: row.numeric,
          unit: row.unit,
        }),
      }
      plan.push({ entity: 'driver', name: driverName, action: 'create' })
      plannedDrivers.add(driverName)
    } else if (!plannedDrivers.has(driverName)) {
      plannedDrivers.add(driverName)
      const kindChanged = Boolean(driver.is_numeric) !== row.numeric
      const used = kindChanged ? await driversInUse(trx, [driver.id]) : new Set<number>()
      if (used.size > 0) {
        throw new UniverseConflict(
          `${row.providerKey}: ${driverKindChangeMessage(driver.name, Boolean(driver.is_numeric))}`
        )
      }
      const unitChanged = (driver.unit ?? null) !== row.unit
      const changed = [kindChanged && 'numeric', unitChanged && 'unit'].filter(Boolean)
      if (changed.length) {
        before.push({
          entity: 'driver',
          name: driverName,
          is_numeric: Boolean(driver.is_numeric),
          unit: driver.unit ?? null,
        })
        await trx
          .from('drivers')
          .where('id', driver.id)
          .update({ unit: row.unit, is_numeric: row.numeric })
      }
      // Unused, so are its options: a numeric driver has none.
      if (kindChanged && row.numeric) {
        await trx.from('driver_options').where('driver_id', driver.id).delete()
      }
      plan.push({
        entity: 'driver',
        name: driverName,
        action: changed.length ? 'change' : 'unchanged',
        detail: changed.length ? changed.join(', ') : undefined,
      })
    }
    if (row.option) {
      const option = await findByName(
        'driver_options',
        { driver_id: driver.id },
        row.option,
        'label'
      )
      if (!option) {
        await insertReturningId(trx, 'driver_options', {
          driver_id: driver.id,
          label: row.option,
          value: row.optionValue,
        })
        plan.push({ entity: 'option', name: `${driverName} = ${row.option}`, action: 'create' })
      } else {
        const changed = Number(option.value) !== row.optionValue
        if (changed) {
          before.push({
            entity: 'option',
            name: `${driverName} = ${row.option}`,
            value: Number(option.value),
          })
          await trx.from('driver_options').where('id', option.id).update({ value: row.optionValue })
        }
        plan.push({
          entity: 'option',
          name: `${driverName} = ${row.option}`,
          action: changed ? 'change' : 'unchanged',
          detail: changed ? 'value' : undefined,
        })
      }
    }
  }
}

/** A row that contradicts the stored universe (reported like a row problem). */
export class UniverseConflict extends Error {}

/**
 * The stored universe as a workbook in the import's own layout: a starting point to edit and
 * upload back.
 */
export async function universeWorkbook() {
  const [providers, products, drivers] = await Promise.all([
    // Market data and alternative data providers: research providers are not in this workbook.
    db
      .from('providers')
      .whereIn('provider_type', [...PROVIDER_TYPES])
      .select('provider_key', 'name', 'provider_type', 'is_active', 'has_rate_card', 'description')
      .orderBy('name'),
    db
      .from('provider_products')
      .join('providers', 'providers.id', 'provider_products.provider_id')
      .join('product_types', 'product_types.id', 'provider_products.product_type_id')
      .join('product_categories', 'product_categories.id', 'product_types.category_id')
      .select(
        'providers.provider_key',
        'product_categories.name as category',
        'product_types.name as type',
        'provider_products.name as product'
      )
      .orderBy([
        'providers.provider_key',
        'product_categories.sort_order',
        'product_types.name',
        'provider_products.name',
      ]),
    db
      .from('drivers')
      .join('providers', 'providers.id', 'drivers.provider_id')
      .leftJoin('driver_options', 'driver_options.driver_id', 'drivers.id')
      .select(
        'providers.provider_key',
        'drivers.name',
        'drivers.is_numeric',
        'drivers.unit',
        'driver_options.label',
        'driver_options.value'
      )
      .orderBy(['providers.provider_key', 'drivers.name', 'driver_options.value']),
  ])
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Spendlens'
  const add = (name: SheetName, rows: unknown[][]) => {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] })
    sheet.addRow([...UNIVERSE_SHEETS[name]]).font = { bold: true }
    for (const row of rows) sheet.addRow(row)
    sheet.columns.forEach((column) => (column.width = 22))
  }
  const yes = (value: unknown) => (value ? 'yes' : 'no')
  add(
    'Providers',
    providers.map((row) => [
      row.provider_key,
      row.name,
      row.provider_type,
      yes(row.is_active),
      yes(row.has_rate_card),
      row.description ?? '',
    ])
  )
  add(
    'Products',
    products.map((row) => [row.provider_key, row.category, row.type, row.product])
  )
  add(
    'Drivers',
    drivers.map((row) => [
      row.provider_key,
      row.name,
      yes(row.is_numeric),
      row.unit ?? '',
      row.label ?? '',
      row.value === null ? '' : Number(row.value),
    ])
  )
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
