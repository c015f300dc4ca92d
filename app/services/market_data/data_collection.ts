import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { toIsoDate, todayIso } from '#services/market_data/benchmarks'
import {
  cellDate,
  cellNumber,
  cellText,
  columnLetter,
  dataValidations,
  normalise,
  readUploadedWorkbook,
  styleHeader,
} from '#services/data_collection/workbook'
import { RowReport, rowsHave } from '#services/data_collection/row_report'
import * as collections from '#services/data_collection/collections'
import * as submissions from '#services/data_collection/submissions'
import {
  CONTRACTS_SHEET,
  INSTRUCTIONS_SHEET,
  MAX_SUBMISSION_ROWS,
  REFERENCE_SHEET,
  ROW_ERROR_PREFIX,
  TEMPLATE_COLUMNS,
  type SubmissionStatus,
  type TemplateColumnKey,
} from '#shared/data_collection'

/*
 * Market data collection (the Templates page): the contracts template and the reading of its
 * Contracts sheet. What every data collection shares (collections, submissions, the stored
 * file, the upload's content check, the row report) is in app/services/data_collection; the
 * functions below name the market data kind.
 */

export {
  SUBMISSIONS_PER_PAGE,
  SUBMISSIONS_PREFIX,
  uploadsDirectory,
} from '#services/data_collection/submissions'

const KIND = 'market_data' as const

/** The team's market data collections still accepting uploads, soonest due first. */
export async function openCollections(teamId: number) {
  const rows = await collections.openCollections(teamId, KIND)
  return rows.map(({ id, name, dueDate }) => ({ id, name, dueDate }))
}

/**
 * One of the team's market data collections (404 otherwise), for its template.
 */
export function collectionOfTeam(teamId: number, collectionId: number) {
  return collections.collectionOfTeam(teamId, KIND, collectionId)
}

/**
 * An open market data collection of the team, for an upload: another team's id, an unknown id
 * and a research spend collection are not found; a closed one is a field error.
 */
export function openCollectionOfTeam(teamId: number, collectionId: number) {
  return collections.openCollectionOfTeam(teamId, KIND, collectionId)
}

/** The team's market data submissions with a status, newest first, a page at a time. */
export function submissionsForTeam(teamId: number, status: SubmissionStatus | 'all', page: number) {
  return submissions.submissionsForTeam(teamId, KIND, status, page)
}

/*
|--------------------------------------------------------------------------
| The template
|--------------------------------------------------------------------------
*/

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
  styleHeader(sheet.getRow(1))
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
    columnLetter(TEMPLATE_COLUMNS.findIndex((column) => column.key === key) + 1)
  const validations = dataValidations(sheet)
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

/**
 * Reads an uploaded workbook, judged by its content; anything that is not a readable XLSX file
 * is a field error.
 */
export function readWorkbook(file: Pick<MultipartFile, 'tmpPath' | 'size'>) {
  return readUploadedWorkbook(file)
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
  const report = new RowReport()
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
      report.add({
        field: `${ROW_ERROR_PREFIX}${rowNumber}`,
        message: `Row ${rowNumber}: ${errors.join('; ')}.`,
        sheet: CONTRACTS_SHEET,
        row: rowNumber,
      })
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

  if (report.hasProblems) {
    const count = report.rowCount
    problems.push(
      ...report.problems({
        summary: `${rowsHave(count)} problems; nothing was saved. Correct ${count > 1 ? 'them' : 'it'} and upload the file again.`,
        more: (more) => `…and ${more} more rows with problems.`,
      })
    )
  } else if (rows.length === 0) {
    problems.push({
      field: 'fileToUpload',
      message: `The '${CONTRACTS_SHEET}' sheet has no contract lines to submit.`,
    })
  }
  return { rows, problems }
}

/**
 * Stores an accepted upload: the submission and its contract lines in one transaction, the file
 * with them. If anything fails nothing is kept, file included.
 */
export function storeSubmission(input: {
  teamId: number
  userId: number
  collectionId: number
  file: MultipartFile
  additionalComments: string | null
  deliveryDate: string
  rows: ParsedRow[]
}) {
  const { rows, ...submission } = input
  return submissions.storeSubmission({
    ...submission,
    rowCount: rows.length,
    writeRows: (trx, submissionId) =>
      submissions.insertInChunks(
        trx,
        'data_collection_rows',
        rows.map((row) => ({
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
      ),
  })
}
