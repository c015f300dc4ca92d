import { randomUUID } from 'node:crypto'
import { insertReturningId } from '#services/db/insert'
import drive from '@adonisjs/drive/services/main'
import ExcelJS from 'exceljs'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import env from '#start/env'
import { fieldError } from '#services/http/field_error'
import { cellText } from '#services/imports/table_file'
import { toIsoDate, todayIso } from '#services/market_data/benchmarks'
import {
  CONTRACTS_SHEET,
  INSTRUCTIONS_SHEET,
  MAX_REPORTED_ROW_ERRORS,
  MAX_SUBMISSION_ROWS,
  REFERENCE_SHEET,
  ROW_ERROR_PREFIX,
  SUBMISSION_STATUS_LABELS,
  TEMPLATE_COLUMNS,
  type SubmissionStatus,
  type TemplateColumnKey,
} from '#shared/data_collection'

export const SUBMISSIONS_PER_PAGE = 25

/** Submissions are kept on the uploads disk under this prefix. */
export const SUBMISSIONS_PREFIX = 'data-collection'

/** Where submissions are on the local (fs) uploads disk. */
export function uploadsDirectory() {
  return app.makePath(env.get('UPLOADS_PATH') || 'storage/uploads', SUBMISSIONS_PREFIX)
}

/**
 * The team's market data collections still accepting uploads, soonest due first (research
 * spend collections, kind 'rsa', have their own pages).
 */
export async function openCollections(teamId: number) {
  const rows = await db
    .from('data_collections')
    .where({ team_id: teamId, status: 'open', kind: 'market_data' })
    .select('id', 'name', 'due_date')
    .orderBy('due_date', 'asc')
    .orderBy('id', 'asc')
  return rows.map((row) => ({
    id: row.id as number,
    name: row.name as string,
    dueDate: row.due_date ? toIsoDate(row.due_date) : null,
  }))
}

/**
 * An open collection of the team. Another team's id, an unknown id and a closed collection read
 * the same: the form field is rejected, nothing is revealed.
 */
export async function openCollectionOfTeam(teamId: number, collectionId: number) {
  const row = await db
    .from('data_collections')
    .where({ id: collectionId, team_id: teamId, status: 'open', kind: 'market_data' })
    .select('id', 'name', 'due_date')
    .first()
  if (!row) {
    throw fieldError('dataCollectionId', 'Choose one of the data collections open for your team.')
  }
  return { id: row.id as number, name: row.name as string, dueDate: row.due_date }
}

/**
 * The team's submissions with a status, newest first, one page at a time, with the count per
 * status for the filter. Three queries whatever the number of submissions.
 */
export async function submissionsForTeam(
  teamId: number,
  status: SubmissionStatus | 'all',
  page: number
) {
  const query = db
    .from('data_collection_submissions')
    .join(
      'data_collections',
      'data_collections.id',
      'data_collection_submissions.data_collection_id'
    )
    .leftJoin('users', 'users.id', 'data_collection_submissions.user_id')
    .where('data_collection_submissions.team_id', teamId)
    .select(
      'data_collection_submissions.id',
      'data_collection_submissions.original_file_name',
      'data_collection_submissions.stored_file_name',
      'data_collection_submissions.file_size',
      'data_collection_submissions.additional_comments',
      'data_collection_submissions.delivery_date',
      'data_collection_submissions.status',
      'data_collection_submissions.status_comment',
      'data_collection_submissions.row_count',
      'data_collection_submissions.created_at',
      'data_collections.name as collection_name',
      'users.name as submitted_by'
    )
    .orderBy('data_collection_submissions.created_at', 'desc')
    .orderBy('data_collection_submissions.id', 'desc')
  if (status !== 'all') query.where('data_collection_submissions.status', status)

  const [result, counts] = await Promise.all([
    query.paginate(page, SUBMISSIONS_PER_PAGE),
    db
      .from('data_collection_submissions')
      .where('team_id', teamId)
      .groupBy('status')
      .select('status')
      .count('* as total'),
  ])
  const { total, lastPage, currentPage } = result.getMeta() as {
    total: number
    lastPage: number
    currentPage: number
  }
  return {
    submissions: result.all().map((row) => ({
      id: row.id as number,
      collection: row.collection_name as string,
      fileName: row.original_file_name as string,
      hasFile: Boolean(row.stored_file_name),
      fileSize: Number(row.file_size),
      additionalComments: (row.additional_comments as string | null) ?? null,
      deliveryDate: toIsoDate(row.delivery_date),
      status: row.status as SubmissionStatus,
      statusLabel: SUBMISSION_STATUS_LABELS[row.status as SubmissionStatus] ?? row.status,
      statusComment: (row.status_comment as string | null) ?? null,
      rowCount: Number(row.row_count),
      submittedBy: (row.submitted_by as string | null) ?? 'Former member',
      submittedAt: new Date(row.created_at).toISOString(),
    })),
    pagination: { total: Number(total), lastPage, currentPage },
    counts: Object.fromEntries(counts.map((row) => [row.status, Number(row.total)])) as Partial<
      Record<SubmissionStatus, number>
    >,
  }
}

/**
 * The stored file of one of the team's submissions, or null.
 */
export async function submissionFile(teamId: number, submissionId: number) {
  const row = await db
    .from('data_collection_submissions')
    .where({ id: submissionId, team_id: teamId })
    .whereNotNull('stored_file_name')
    .select('original_file_name', 'stored_file_name')
    .first()
  if (!row) return null
  return {
    key: `${SUBMISSIONS_PREFIX}/${row.stored_file_name}`,
    name: row.original_file_name as string,
  }
}

/*
|--------------------------------------------------------------------------
| The template
|--------------------------------------------------------------------------
*/

const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FF0F766E' },
}

/**
 * The collection's template: instructions, the team's current and upcoming contract lines
 * pre-filled on the Contracts sheet, and the providers, products, license types and currencies
 * it accepts on the Reference sheet (lists behind the license type and currency columns).
 */
export async function templateWorkbook(
  team: { id: number; name: string },
  collection: { name: string; dueDate: unknown },
  today = todayIso()
) {
  const [lines, catalogue, licenseTypes, currencies] = await Promise.all([
    db
      .from('product_benchmarks')
      .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
      .join('providers', 'providers.id', 'contracts.provider_id')
      .join('provider_products', 'provider_products.id', 'product_benchmarks.product_id')
      .join('license_types', 'license_types.id', 'contracts.license_type_id')
      .leftJoin('currencies', 'currencies.id', 'product_benchmarks.currency_id')
      .where('contracts.team_id', team.id)
      .where('product_benchmarks.end_date', '>=', today)
      .select(
        'providers.name as provider',
        'contracts.reference',
        'license_types.name as license_type',
        'provider_products.name as product',
        'product_benchmarks.division',
        'product_benchmarks.start_date',
        'product_benchmarks.end_date',
        'product_benchmarks.payment',
        'currencies.code as currency'
      )
      .orderBy([
        { column: 'providers.name', order: 'asc' },
        { column: 'contracts.start_date', order: 'asc' },
        { column: 'provider_products.name', order: 'asc' },
      ]),
    db
      .from('provider_products')
      .join('providers', 'providers.id', 'provider_products.provider_id')
      .join('product_types', 'product_types.id', 'provider_products.product_type_id')
      .join('product_categories', 'product_categories.id', 'product_types.category_id')
      .where('providers.is_active', true)
      .select(
        'providers.name as provider',
        'product_categories.name as category',
        'product_types.name as type',
        'provider_products.name as product'
      )
      .orderBy([
        { column: 'providers.name', order: 'asc' },
        { column: 'product_categories.sort_order', order: 'asc' },
        { column: 'provider_products.name', order: 'asc' },
      ]),
    db.from('license_types').select('name').orderBy('name'),
    db.from('currencies').select('code').orderBy('code'),
  ])

  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Spendlens'
  workbook.created = new Date()

  const instructions = workbook.addWorksheet(INSTRUCTIONS_SHEET)
  instructions.getColumn(1).width = 110
  const due = collection.dueDate ? ` (due ${toIsoDate(collection.dueDate)})` : ''
  const text = [
    `${collection.name}${due}`,
    `Prepared for ${team.name} on ${today}.`,
    '',
    `1. On the ${CONTRACTS_SHEET} sheet, check each pre-filled line against your current contracts: correct the annual payment, dates and license type where they changed.`,
    '2. Add a line for each product you license that is missing, and delete lines for products you no longer license.',
    `3. Use the provider and product names from the ${REFERENCE_SHEET} sheet; dates as YYYY-MM-DD; the annual payment as a number; the currency as a three-letter code.`,
    `4. Required columns: ${TEMPLATE_COLUMNS.filter((column) => column.required)
      .map((column) => column.header)
      .join(', ')}. Keep the header row as it is.`,
    '5. Upload the completed file on the Templates page. A file with problems is refused as a whole, with the problems listed by row; nothing is kept until every row is valid.',
  ]
  for (const line of text) instructions.addRow([line])
  instructions.getRow(1).font = { bold: true, size: 14 }

  const sheet = workbook.addWorksheet(CONTRACTS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = TEMPLATE_COLUMNS.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.width,
  }))
  const header = sheet.getRow(1)
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } }
  header.eachCell((cell) => (cell.fill = HEADER_FILL))
  for (const line of lines) {
    sheet.addRow({
      provider: line.provider,
      contractReference: line.reference,
      licenseType: line.license_type,
      product: line.product,
      division: line.division ?? '',
      startDate: toIsoDate(line.start_date),
      endDate: toIsoDate(line.end_date),
      annualPayment: line.payment === null ? null : Number(line.payment),
      currency: line.currency ?? '',
      comments: '',
    } satisfies Record<TemplateColumnKey, unknown>)
  }
  sheet.getColumn('annualPayment').numFmt = '#,##0.00'

  const reference = workbook.addWorksheet(REFERENCE_SHEET)
  reference.columns = [
    { header: 'Provider', key: 'provider', width: 24 },
    { header: 'Category', key: 'category', width: 24 },
    { header: 'Type', key: 'type', width: 24 },
    { header: 'Product', key: 'product', width: 32 },
    { header: '', key: 'gap', width: 4 },
    { header: 'License types', key: 'licenseType', width: 18 },
    { header: 'Currencies', key: 'currency', width: 12 },
  ]
  reference.getRow(1).font = { bold: true }
  catalogue.forEach((row, index) => {
    const cells = reference.getRow(index + 2)
    cells.getCell(1).value = row.provider
    cells.getCell(2).value = row.category
    cells.getCell(3).value = row.type
    cells.getCell(4).value = row.product
  })
  licenseTypes.forEach((row, index) => (reference.getCell(index + 2, 6).value = row.name))
  currencies.forEach((row, index) => (reference.getCell(index + 2, 7).value = row.code))

  // Lists behind the license type and currency columns, for as many rows as a file may hold.
  const lastRow = MAX_SUBMISSION_ROWS + 1
  const listColumn = (key: TemplateColumnKey) =>
    String.fromCharCode(65 + TEMPLATE_COLUMNS.findIndex((column) => column.key === key))
  const validations = (sheet as unknown as { dataValidations: DataValidations }).dataValidations
  validations.add(`${listColumn('licenseType')}2:${listColumn('licenseType')}${lastRow}`, {
    type: 'list',
    allowBlank: true,
    formulae: [`${REFERENCE_SHEET}!$F$2:$F$${licenseTypes.length + 1}`],
  })
  validations.add(`${listColumn('currency')}2:${listColumn('currency')}${lastRow}`, {
    type: 'list',
    allowBlank: false,
    formulae: [`${REFERENCE_SHEET}!$G$2:$G$${currencies.length + 1}`],
    showErrorMessage: true,
    errorTitle: 'Currency',
    error: `Choose a currency code from the ${REFERENCE_SHEET} sheet.`,
  })

  return Buffer.from(await workbook.xlsx.writeBuffer())
}

interface DataValidations {
  add(range: string, validation: ExcelJS.DataValidation): void
}

/*
|--------------------------------------------------------------------------
| Reading an upload
|--------------------------------------------------------------------------
*/

export interface CollectionReference {
  /** Providers keyed by lower-cased name and key, with their products keyed by lower-cased name. */
  providers: Map<string, { id: number; name: string; products: Map<string, number> }>
  licenseTypes: Map<string, number>
  currencies: Map<string, number>
}

/**
 * What an upload's names resolve against, in three queries.
 */
export async function loadCollectionReference(): Promise<CollectionReference> {
  const [products, licenseTypes, currencies] = await Promise.all([
    db
      .from('providers')
      .leftJoin('provider_products', 'provider_products.provider_id', 'providers.id')
      .select(
        'providers.id as provider_id',
        'providers.provider_key',
        'providers.name as provider_name',
        'provider_products.id as product_id',
        'provider_products.name as product_name'
      ),
    db.from('license_types').select('id', 'key', 'name'),
    db.from('currencies').select('id', 'code'),
  ])
  const providers: CollectionReference['providers'] = new Map()
  for (const row of products) {
    let provider = providers.get(normalise(row.provider_name))
    if (!provider) {
      provider = { id: row.provider_id, name: row.provider_name, products: new Map() }
      providers.set(normalise(row.provider_name), provider)
      providers.set(normalise(row.provider_key), provider)
    }
    if (row.product_id) provider.products.set(normalise(row.product_name), row.product_id)
  }
  const licenseTypeMap = new Map<string, number>()
  for (const row of licenseTypes) {
    licenseTypeMap.set(normalise(row.name), row.id)
    licenseTypeMap.set(normalise(row.key), row.id)
  }
  return {
    providers,
    licenseTypes: licenseTypeMap,
    currencies: new Map(currencies.map((row) => [normalise(row.code), row.id as number])),
  }
}

export interface ParsedRow {
  rowNumber: number
  providerId: number
  productId: number
  licenseTypeId: number | null
  contractReference: string | null
  division: string | null
  startDate: string
  endDate: string
  annualPayment: number
  currencyId: number
  comment: string | null
}

export interface ParseProblem {
  field: string
  message: string
}

function normalise(value: string) {
  return value.trim().replace(/\s+/g, ' ').toLowerCase()
}

function cellDate(value: ExcelJS.CellValue): string | null {
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()
  if (value && typeof value === 'object' && 'result' in value) {
    return cellDate(value.result as ExcelJS.CellValue)
  }
  const text = cellText(value)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null
  const date = DateTime.fromISO(text, { zone: 'utc' })
  return date.isValid ? date.toISODate() : null
}

function cellNumber(value: ExcelJS.CellValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (value && typeof value === 'object' && 'result' in value) {
    return cellNumber(value.result as ExcelJS.CellValue)
  }
  const text = cellText(value).replace(/[,\s]/g, '')
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null
  return Number(text)
}

/**
 * Reads an uploaded workbook; anything that is not a readable XLSX file is a field error.
 */
export async function readWorkbook(path: string) {
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.readFile(path)
  } catch {
    throw fieldError(
      'fileToUpload',
      'The file could not be read as an Excel workbook (.xlsx). Start from the downloaded template.'
    )
  }
  return workbook
}

/**
 * Checks the Contracts sheet as a whole (sheet, header, size), then every row, and returns the
 * valid rows or every problem found: a file is accepted only when it has no problem at all.
 */
export function parseContractsSheet(workbook: ExcelJS.Workbook, reference: CollectionReference) {
  const problems: ParseProblem[] = []
  const sheet = workbook.getWorksheet(CONTRACTS_SHEET)
  if (!sheet) {
    return {
      rows: [] as ParsedRow[],
      problems: [
        {
          field: 'fileToUpload',
          message: `The workbook has no '${CONTRACTS_SHEET}' sheet. Start from the downloaded template.`,
        },
      ],
    }
  }

  // Columns are found by their header, in any order.
  const positions = new Map<TemplateColumnKey, number>()
  sheet.getRow(1).eachCell((cell, column) => {
    const header = normalise(cellText(cell.value))
    const match = TEMPLATE_COLUMNS.find((entry) => normalise(entry.header) === header)
    if (match && !positions.has(match.key)) positions.set(match.key, column)
  })
  const missing = TEMPLATE_COLUMNS.filter((column) => column.required && !positions.has(column.key))
  if (missing.length > 0) {
    return {
      rows: [],
      problems: [
        {
          field: 'fileToUpload',
          message: `The '${CONTRACTS_SHEET}' sheet lacks the required column${missing.length > 1 ? 's' : ''} ${missing.map((column) => `'${column.header}'`).join(', ')}.`,
        },
      ],
    }
  }
  if (sheet.actualRowCount - 1 > MAX_SUBMISSION_ROWS) {
    return {
      rows: [],
      problems: [
        {
          field: 'fileToUpload',
          message: `The '${CONTRACTS_SHEET}' sheet has more than ${MAX_SUBMISSION_ROWS} rows; split it into several files.`,
        },
      ],
    }
  }

  const rows: ParsedRow[] = []
  let rowsWithProblems = 0
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return
    const value = (key: TemplateColumnKey) => {
      const position = positions.get(key)
      return position ? row.getCell(position).value : null
    }
    const text = (key: TemplateColumnKey) => cellText(value(key))
    // A row with nothing in it (formatting only) is skipped.
    if (TEMPLATE_COLUMNS.every((column) => text(column.key) === '')) return

    const errors: string[] = []
    const providerName = text('provider')
    const provider = providerName ? reference.providers.get(normalise(providerName)) : undefined
    if (!providerName) errors.push('Provider is required')
    else if (!provider) errors.push(`Provider '${providerName}' is not known`)

    const productName = text('product')
    const productId =
      provider && productName ? provider.products.get(normalise(productName)) : undefined
    if (!productName) errors.push('Product is required')
    else if (provider && !productId) {
      errors.push(`Product '${productName}' is not a ${provider.name} product`)
    }

    const licenseTypeName = text('licenseType')
    const licenseTypeId = licenseTypeName
      ? reference.licenseTypes.get(normalise(licenseTypeName))
      : undefined
    if (licenseTypeName && !licenseTypeId) {
      errors.push(`License type '${licenseTypeName}' is not known`)
    }

    const startDate = cellDate(value('startDate'))
    const endDate = cellDate(value('endDate'))
    if (!startDate) errors.push('Start date must be a date (YYYY-MM-DD)')
    if (!endDate) errors.push('End date must be a date (YYYY-MM-DD)')
    if (startDate && endDate && endDate < startDate) {
      errors.push('End date must not be before the start date')
    }

    const payment = cellNumber(value('annualPayment'))
    if (payment === null) errors.push('Annual payment must be a number')
    else if (payment < 0) errors.push('Annual payment must not be negative')
    else if (payment >= 1e13) errors.push('Annual payment is too large')

    const currencyCode = text('currency')
    const currencyId = currencyCode ? reference.currencies.get(normalise(currencyCode)) : undefined
    if (!currencyCode) errors.push('Currency is required')
    else if (!currencyId) errors.push(`Currency '${currencyCode}' is not known`)

    const contractReference = text('contractReference')
    const division = text('division')
    const comment = text('comments')
    if (contractReference.length > 120)
      errors.push('Contract reference is longer than 120 characters')
    if (division.length > 160) errors.push('Division is longer than 160 characters')
    if (comment.length > 2000) errors.push('Comments are longer than 2000 characters')

    if (errors.length > 0) {
      rowsWithProblems++
      if (rowsWithProblems <= MAX_REPORTED_ROW_ERRORS) {
        problems.push({
          field: `${ROW_ERROR_PREFIX}${rowNumber}`,
          message: `Row ${rowNumber}: ${errors.join('; ')}.`,
        })
      }
      return
    }
    rows.push({
      rowNumber,
      providerId: provider!.id,
      productId: productId!,
      licenseTypeId: licenseTypeId ?? null,
      contractReference: contractReference || null,
      division: division || null,
      startDate: startDate!,
      endDate: endDate!,
      annualPayment: payment!,
      currencyId: currencyId!,
      comment: comment || null,
    })
  })

  if (rowsWithProblems > MAX_REPORTED_ROW_ERRORS) {
    problems.push({
      field: `${ROW_ERROR_PREFIX}more`,
      message: `…and ${rowsWithProblems - MAX_REPORTED_ROW_ERRORS} more rows with problems.`,
    })
  }
  if (rowsWithProblems > 0) {
    problems.unshift({
      field: 'fileToUpload',
      message: `${rowsWithProblems} row${rowsWithProblems > 1 ? 's have' : ' has'} problems; nothing was saved. Correct ${rowsWithProblems > 1 ? 'them' : 'it'} and upload the file again.`,
    })
  } else if (rows.length === 0) {
    problems.push({
      field: 'fileToUpload',
      message: `The '${CONTRACTS_SHEET}' sheet has no contract lines to submit.`,
    })
  }
  return { rows, problems }
}

/**
 * Stores an accepted upload: the submission and its rows in one transaction, the file moved
 * into the uploads directory inside it. If anything fails nothing is kept, file included.
 */
export async function storeSubmission(input: {
  teamId: number
  userId: number
  collectionId: number
  file: MultipartFile
  additionalComments: string | null
  deliveryDate: string
  rows: ParsedRow[]
}) {
  const storedName = `${randomUUID()}.xlsx`
  const key = `${SUBMISSIONS_PREFIX}/${storedName}`
  let moved = false
  try {
    return await db.transaction(async (trx) => {
      const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
      const submissionId = await insertReturningId(trx, 'data_collection_submissions', {
        data_collection_id: input.collectionId,
        team_id: input.teamId,
        user_id: input.userId,
        original_file_name: (input.file.clientName || 'upload.xlsx').slice(0, 255),
        stored_file_name: storedName,
        file_size: input.file.size,
        additional_comments: input.additionalComments,
        delivery_date: input.deliveryDate,
        status: 'submitted',
        row_count: input.rows.length,
        created_at: now,
        updated_at: now,
      })
      const records = input.rows.map((row) => ({
        submission_id: submissionId,
        row_number: row.rowNumber,
        provider_id: row.providerId,
        product_id: row.productId,
        license_type_id: row.licenseTypeId,
        contract_reference: row.contractReference,
        division: row.division,
        start_date: row.startDate,
        end_date: row.endDate,
        annual_payment: row.annualPayment,
        currency_id: row.currencyId,
        comment: row.comment,
      }))
      // Chunks stay under SQLite's bound-parameter limit.
      for (let index = 0; index < records.length; index += 500) {
        await trx.table('data_collection_rows').multiInsert(records.slice(index, index + 500))
      }
      await input.file.moveToDisk(key)
      moved = true
      return submissionId
    })
  } catch (error) {
    if (moved)
      await drive
        .use()
        .delete(key)
        .catch(() => {})
    throw error
  }
}
