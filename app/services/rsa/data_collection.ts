import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import {
  addListValidation,
  cellDate,
  cellNumber,
  cellText,
  columnLetter,
  dataValidations,
  isFormula,
  normalise,
  styleHeader,
} from '#services/data_collection/workbook'
import { RowReport, rowsHave } from '#services/data_collection/row_report'
import { insertInChunks, storeSubmission } from '#services/data_collection/submissions'
import { dateText } from '#services/rsa/view'
import { MAX_SUBMISSION_ROWS } from '#shared/data_collection'
import {
  CONTRACT_YEARS,
  LISTS_SHEET,
  MAX_AMOUNT,
  MAX_BPS,
  MAX_COUNT,
  MAX_TEXT,
  PROFILE_HEADER,
  PROFILE_ITEMS,
  RSA_SHEETS,
  RSA_SHEET_KEYS,
  RSA_TEMPLATE_VERSION,
  reportKey,
  type RsaSheetKey,
  type TemplateField,
} from '#shared/rsa_collection'

/*
 * Research Spend Analytics data collection: the template (four sheets pre-filled with the team's
 * latest profile and budget lines, drop-downs for every enumeration, a version cell) and the
 * checks of an upload, all-or-nothing, reported cell by cell. The collection, submission, file and
 * report machinery is shared with market data (app/services/data_collection).
 */

/** How many rows of each sheet carry the drop-downs (as many as a file may hold). */
const VALIDATED_ROWS = MAX_SUBMISSION_ROWS + 1

/*
|--------------------------------------------------------------------------
| The template
|--------------------------------------------------------------------------
*/

/** What the template is pre-filled with: one query each. */
async function templateData(teamId: number) {
  const [profile, lines, providers, currencies] = await Promise.all([
    db
      .from('rsa_team_profiles')
      .join('currencies', 'currencies.id', 'rsa_team_profiles.currency_id')
      .where('rsa_team_profiles.team_id', teamId)
      .select('rsa_team_profiles.*', 'currencies.code as currency')
      .orderBy('rsa_team_profiles.year', 'desc')
      .first(),
    // The lines of the team's latest budget, with what was paid against each.
    db
      .from('rsa_budget_lines')
      .join('providers', 'providers.id', 'rsa_budget_lines.provider_id')
      .join('currencies', 'currencies.id', 'rsa_budget_lines.currency_id')
      .where('rsa_budget_lines.team_id', teamId)
      .where('rsa_budget_lines.year', db.from('rsa_budgets').where('team_id', teamId).max('year'))
      .select(
        'providers.name as provider',
        'rsa_budget_lines.service_type',
        'rsa_budget_lines.price_type',
        'rsa_budget_lines.access_type',
        'rsa_budget_lines.seats',
        'rsa_budget_lines.contract_start',
        'rsa_budget_lines.contract_end',
        'rsa_budget_lines.renewal_notice_days',
        'rsa_budget_lines.budget_amount',
        'rsa_budget_lines.contracted_price',
        'rsa_budget_lines.payment_frequency',
        'rsa_budget_lines.research_share_bps',
        'rsa_budget_lines.notes',
        'currencies.code as currency',
        db
          .from('rsa_payments')
          .whereColumn('rsa_payments.budget_line_id', 'rsa_budget_lines.id')
          .sum('rsa_payments.amount')
          .as('paid')
      )
      .orderBy([
        { column: 'providers.name', order: 'asc' },
        { column: 'rsa_budget_lines.service_type', order: 'asc' },
      ]),
    db
      .from('providers')
      .where({ provider_type: 'research', is_active: true })
      .select('name')
      .orderBy('name'),
    db.from('currencies').select('code').orderBy('code'),
  ])
  return { profile, lines, providers, currencies }
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value))
const label = (values: Record<string, string> | undefined, key: unknown) =>
  key === null || key === undefined ? null : (values?.[String(key)] ?? String(key))

/**
 * The collection's template: Profile, Providers, Interactions summary and Assessment, header rows
 * frozen, the enumerations, providers and currencies as drop-downs (from a hidden Lists sheet),
 * and the template version on the Profile sheet.
 */
export async function rsaTemplateWorkbook(
  team: { id: number; name: string },
  collection: { name: string; dueDate: string | null; year: number | null }
) {
  const data = await templateData(team.id)
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Spendlens'
  workbook.created = new Date()

  const sheets = Object.fromEntries(
    RSA_SHEET_KEYS.map((key) => [
      key,
      workbook.addWorksheet(RSA_SHEETS[key].name, { views: [{ state: 'frozen', ySplit: 1 }] }),
    ])
  ) as Record<RsaSheetKey, ExcelJS.Worksheet>
  const lists = workbook.addWorksheet(LISTS_SHEET, { state: 'hidden' })

  // The lists behind the drop-downs: one column each.
  const sources = new Map<string, string>()
  const addList = (name: string, values: string[]) => {
    const position = sources.size + 1
    const letter = columnLetter(position)
    lists.getCell(1, position).value = name
    values.forEach((value, index) => (lists.getCell(index + 2, position).value = value))
    sources.set(name, `'${LISTS_SHEET}'!$${letter}$2:$${letter}$${Math.max(2, values.length + 1)}`)
  }
  addList(
    'Providers',
    data.providers.map((row) => row.name as string)
  )
  addList(
    'Currencies',
    data.currencies.map((row) => row.code as string)
  )
  const enumSource = (field: TemplateField) => {
    const name = field.header
    if (!sources.has(name)) addList(name, Object.values(field.values ?? {}))
    return sources.get(name)!
  }
  const validate = (sheet: ExcelJS.Worksheet, range: string, field: TemplateField) => {
    if (field.kind === 'enum') {
      addListValidation(sheet, range, enumSource(field), {
        strict: true,
        title: field.header,
        message: `Choose a ${field.header.toLowerCase()} from the list.`,
      })
    } else if (field.kind === 'currency') {
      addListValidation(sheet, range, sources.get('Currencies')!, {
        strict: true,
        title: 'Currency',
        message: 'Choose a three-letter currency code from the list.',
      })
    } else if (field.kind === 'provider') {
      // Other spellings are matched on upload: the list helps, it does not refuse.
      addListValidation(sheet, range, sources.get('Providers')!, { strict: false })
    } else if (field.kind === 'score') {
      dataValidations(sheet).add(range, {
        type: 'whole',
        operator: 'between',
        allowBlank: true,
        formulae: [1, 5],
        showErrorMessage: true,
        errorTitle: 'Score',
        error: 'A score is a whole number from 1 to 5.',
      })
    } else if (field.kind === 'integer') {
      dataValidations(sheet).add(range, {
        type: 'whole',
        operator: 'greaterThanOrEqual',
        allowBlank: true,
        formulae: [0],
        showErrorMessage: true,
        errorTitle: field.header,
        error: 'A whole number, 0 or more.',
      })
    }
  }

  // Profile: an item per row, its value in column B.
  const profileSheet = sheets.profile
  profileSheet.columns = [
    { header: PROFILE_HEADER[0], key: 'item', width: 30 },
    { header: PROFILE_HEADER[1], key: 'value', width: 26 },
    { header: PROFILE_HEADER[2], key: 'hint', width: 70 },
  ]
  styleHeader(profileSheet.getRow(1))
  const profile = data.profile
  const prefilled: Record<string, unknown> = {
    templateVersion: RSA_TEMPLATE_VERSION,
    currency: profile?.currency ?? null,
    firmType: profile ? label(PROFILE_ITEMS[2].values, profile.firm_type) : null,
    activeAum: profile ? num(profile.active_aum) : null,
    portfolioManagers: profile ? num(profile.portfolio_managers) : null,
    analysts: profile ? num(profile.analysts) : null,
    paymentMethod: profile
      ? label(
          PROFILE_ITEMS.find((item) => item.key === 'paymentMethod')!.values,
          profile.payment_method
        )
      : null,
    domicile: profile?.domicile ?? null,
  }
  const collectionLine = `${collection.name}${collection.dueDate ? `, due ${collection.dueDate}` : ''}`
  for (const [index, item] of PROFILE_ITEMS.entries()) {
    const field = item as TemplateField
    let hint = field.hint ?? ''
    if (item.key === 'templateVersion') hint = `${hint} ${collectionLine}, for ${team.name}.`
    if (item.key === 'aumEquity' && profile) {
      hint = `${hint} Total AUM last reported (${profile.year}): ${Number(profile.total_aum).toLocaleString('en-GB')} ${profile.currency}; split it by asset class.`
    }
    const row = profileSheet.addRow({
      item: item.header,
      value: prefilled[item.key] ?? null,
      hint: hint.trim(),
    })
    row.getCell(1).font = { bold: true }
    if (field.kind === 'amount') row.getCell(2).numFmt = '#,##0'
    validate(profileSheet, `B${index + 2}`, field)
  }

  // The tables: a header row, then rows; the Providers sheet is pre-filled with the budget.
  const table = (key: Exclude<RsaSheetKey, 'profile'>) => {
    const sheet = sheets[key]
    const fields = RSA_SHEETS[key].fields as readonly TemplateField[]
    sheet.columns = fields.map((field) => ({
      header: field.header,
      key: field.key,
      width: field.width ?? 16,
    }))
    styleHeader(sheet.getRow(1))
    fields.forEach((field, index) => {
      const letter = columnLetter(index + 1)
      validate(sheet, `${letter}2:${letter}${VALIDATED_ROWS}`, field)
      if (field.kind === 'amount') sheet.getColumn(index + 1).numFmt = '#,##0.00'
    })
    return sheet
  }
  const providersSheet = table('providers')
  const values = (key: string) =>
    (RSA_SHEETS.providers.fields as readonly TemplateField[]).find((field) => field.key === key)
      ?.values
  for (const line of data.lines) {
    providersSheet.addRow({
      provider: line.provider,
      serviceType: label(values('serviceType'), line.service_type),
      priceType: label(values('priceType'), line.price_type),
      accessType: label(values('accessType'), line.access_type),
      seats: num(line.seats),
      contractStart: dateText(line.contract_start),
      contractEnd: dateText(line.contract_end),
      renewalNoticeDays: num(line.renewal_notice_days),
      budgetAmount: num(line.budget_amount),
      contractedPrice: num(line.contracted_price),
      paidAmount: num(line.paid) ?? 0,
      currency: line.currency,
      paymentFrequency: label(values('paymentFrequency'), line.payment_frequency),
      researchShareBps: num(line.research_share_bps),
      notes: line.notes ?? null,
    })
  }
  table('interactions')
  table('assessment')

  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/*
|--------------------------------------------------------------------------
| Reading an upload
|--------------------------------------------------------------------------
*/

export interface RsaReference {
  /** Research providers by lower-cased name, key and alias. */
  providers: Map<string, { id: number; name: string }>
  /** Every spelling known, for the closest-name suggestion. */
  spellings: { spelling: string; name: string }[]
  currencies: Map<string, { id: number; code: string }>
}

/**
 * What an upload's names resolve against: research providers with their aliases, currencies.
 * Two queries.
 */
export async function loadRsaReference(): Promise<RsaReference> {
  const [providerRows, currencyRows] = await Promise.all([
    db
      .from('providers')
      .leftJoin('provider_aliases', 'provider_aliases.provider_id', 'providers.id')
      .where('providers.provider_type', 'research')
      .select('providers.id', 'providers.name', 'providers.provider_key', 'provider_aliases.alias')
      .orderBy('providers.id'),
    db.from('currencies').select('id', 'code'),
  ])
  const providers: RsaReference['providers'] = new Map()
  const spellings: RsaReference['spellings'] = []
  const add = (spelling: string | null, provider: { id: number; name: string }) => {
    if (!spelling) return
    const key = normalise(spelling)
    if (!providers.has(key)) providers.set(key, provider)
    spellings.push({ spelling: key, name: provider.name })
  }
  for (const row of providerRows) {
    const provider = { id: row.id as number, name: row.name as string }
    if (!providers.has(normalise(row.name))) {
      add(row.name, provider)
      add(row.provider_key, provider)
    }
    add(row.alias, provider)
  }
  return {
    providers,
    spellings,
    currencies: new Map(
      currencyRows.map((row) => [normalise(row.code), { id: row.id, code: row.code }])
    ),
  }
}

/** Edit distance between two strings (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string) {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)
      )
    }
    previous = current
  }
  return previous[b.length]
}

/** The provider whose name or alias is nearest to what was typed. */
export function closestProvider(reference: RsaReference, typed: string) {
  const target = normalise(typed)
  let best: { name: string; distance: number } | null = null
  for (const entry of reference.spellings) {
    const distance = editDistance(target, entry.spelling)
    if (!best || distance < best.distance) best = { name: entry.name, distance }
  }
  // Only a near miss is worth offering: a name that shares nothing is no suggestion.
  return best && best.distance <= Math.max(2, Math.floor(target.length / 4)) ? best.name : null
}

export interface RsaRecord {
  sheet: RsaSheetKey
  rowNumber: number
  payload: Record<string, unknown>
}

/** Reads an enumeration cell: its label or key, in any case. */
function enumKey(values: Record<string, string>, text: string) {
  const wanted = normalise(text)
  for (const [key, title] of Object.entries(values)) {
    if (normalise(key) === wanted || normalise(title) === wanted) return key
  }
  return null
}

const formatAmount = (value: number) => value.toLocaleString('en-GB')

/**
 * Checks one cell against its field and returns its value, or an error message. Blank cells are
 * null (required fields are checked by the caller).
 */
function readCell(
  field: TemplateField,
  value: ExcelJS.CellValue,
  reference: RsaReference
): { value: unknown; error?: string } {
  const text = cellText(value)
  if (text === '') return { value: null }
  switch (field.kind) {
    case 'text':
    case 'version':
      return text.length > MAX_TEXT
        ? { value: null, error: `${field.header} is longer than ${MAX_TEXT} characters.` }
        : { value: text }
    case 'provider': {
      const provider = reference.providers.get(normalise(text))
      if (provider) return { value: provider }
      const closest = closestProvider(reference, text)
      return {
        value: null,
        error: `Provider '${text}' is not known.${closest ? ` Did you mean '${closest}'?` : ''}`,
      }
    }
    case 'enum': {
      const key = enumKey(field.values!, text)
      return key
        ? { value: key }
        : {
            value: null,
            error: `${field.header} '${text}' is not one of: ${Object.values(field.values!).join(', ')}.`,
          }
    }
    case 'currency': {
      const currency = reference.currencies.get(normalise(text))
      return currency
        ? { value: currency }
        : { value: null, error: `Currency '${text}' is not a known ISO 4217 code.` }
    }
    case 'amount': {
      const number = cellNumber(value)
      if (number === null) return { value: null, error: `${field.header} must be a number.` }
      if (number < 0) return { value: null, error: `${field.header} must not be negative.` }
      if (number >= MAX_AMOUNT) {
        return {
          value: null,
          error: `${field.header} is too large (at most ${formatAmount(MAX_AMOUNT - 1)}).`,
        }
      }
      return { value: Math.round(number * 100) / 100 }
    }
    case 'bps': {
      const number = cellNumber(value)
      if (number === null || number < 0 || number > MAX_BPS) {
        return {
          value: null,
          error: `${field.header} must be a number from 0 to ${formatAmount(MAX_BPS)}.`,
        }
      }
      return { value: Math.round(number * 100) / 100 }
    }
    case 'integer':
    case 'score': {
      const number = cellNumber(value)
      const [min, max] = field.kind === 'score' ? [1, 5] : [0, MAX_COUNT]
      if (number === null || !Number.isInteger(number) || number < min || number > max) {
        return {
          value: null,
          error:
            field.kind === 'score'
              ? `${field.header.replace(/ \(.*\)$/, '')} must be a whole number from 1 to 5.`
              : `${field.header} must be a whole number, 0 or more.`,
        }
      }
      return { value: number }
    }
    case 'date': {
      const date = cellDate(value)
      if (!date) return { value: null, error: `${field.header} must be a date (YYYY-MM-DD).` }
      const year = Number(date.slice(0, 4))
      if (year < CONTRACT_YEARS.min || year > CONTRACT_YEARS.max) {
        return {
          value: null,
          error: `${field.header} must be between ${CONTRACT_YEARS.min}-01-01 and ${CONTRACT_YEARS.max}-12-31.`,
        }
      }
      return { value: date }
    }
  }
}

/** Collects the problems of one row, one message per cell. */
class RowProblems {
  private cells = new Map<string, string[]>()

  add(column: string, message: string) {
    const list = this.cells.get(column) ?? []
    list.push(message)
    this.cells.set(column, list)
  }

  has(column: string) {
    return this.cells.has(column)
  }

  get empty() {
    return this.cells.size === 0
  }

  flushInto(report: RowReport, sheet: RsaSheetKey, row: number) {
    const fields = RSA_SHEETS[sheet].fields as readonly TemplateField[]
    const place = (column: string) => {
      const index = fields.findIndex((field) => field.key === column)
      return index === -1 ? fields.length : index
    }
    const cells = [...this.cells].sort(([a], [b]) => place(a) - place(b))
    for (const [column, messages] of cells) {
      report.add({
        field: reportKey(sheet, row, column),
        message: messages.join(' '),
        sheet: RSA_SHEETS[sheet].name,
        row,
        column: fields.find((field) => field.key === column)?.header ?? column,
      })
    }
  }
}

/** The cell of a row holding a formula, if any: its field key, else its column letter. */
function formulaCells(row: ExcelJS.Row, keyOf: (column: number) => string | undefined) {
  const found: string[] = []
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    if (isFormula(cell.value)) found.push(keyOf(column) ?? columnLetter(column))
  })
  return found
}

const FORMULA = 'The cell holds a formula: type its value instead.'

function readProfile(sheet: ExcelJS.Worksheet, reference: RsaReference, report: RowReport) {
  // Items are found by their label in column A, in any order.
  const rows = new Map<string, number>()
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return
    const text = normalise(cellText(row.getCell(1).value))
    const item = PROFILE_ITEMS.find((entry) => normalise(entry.header) === text)
    if (item && !rows.has(item.key)) rows.set(item.key, rowNumber)
  })

  const versionRow = rows.get('templateVersion')
  const version = versionRow ? cellText(sheet.getRow(versionRow).getCell(2).value) : ''
  if (!versionRow) {
    report.file(
      `The '${RSA_SHEETS.profile.name}' sheet has no template_version row. Start from the downloaded template.`
    )
    return null
  }
  if (version !== RSA_TEMPLATE_VERSION) {
    report.add({
      field: reportKey('profile', versionRow, 'templateVersion'),
      message: `The file was made from template version '${version || 'none'}', not ${RSA_TEMPLATE_VERSION}: download the current template and copy your figures into it.`,
      sheet: RSA_SHEETS.profile.name,
      row: versionRow,
      column: 'template_version',
    })
    return null
  }

  const payload: Record<string, unknown> = { templateVersion: version }
  let anyAmount = false
  for (const item of PROFILE_ITEMS) {
    const field = item as TemplateField
    if (field.kind === 'version') continue
    const rowNumber = rows.get(item.key)
    const problems = new RowProblems()
    if (!rowNumber) {
      if (field.required) {
        report.file(
          `The '${RSA_SHEETS.profile.name}' sheet has no '${item.header}' row. Start from the downloaded template.`
        )
      }
      payload[item.key] = null
      continue
    }
    const cell = sheet.getRow(rowNumber).getCell(2)
    if (isFormula(cell.value)) problems.add(item.key, FORMULA)
    else {
      const result = readCell(field, cell.value, reference)
      if (result.error) problems.add(item.key, result.error)
      else if (result.value === null && field.required) {
        problems.add(item.key, `${item.header} is required.`)
      }
      if (field.kind === 'amount' && result.value !== null) anyAmount = true
      payload[item.key] = result.value
    }
    problems.flushInto(report, 'profile', rowNumber)
  }

  const currency = payload.currency as { id: number; code: string } | null
  payload.currency = currency?.code ?? null
  payload.currencyId = currency?.id ?? null
  const currencyRow = rows.get('currency')
  if (anyAmount && !currency && currencyRow && !cellText(sheet.getCell(currencyRow, 2).value)) {
    report.add({
      field: reportKey('profile', currencyRow, 'currency'),
      message: 'Currency is required when an amount is given.',
      sheet: RSA_SHEETS.profile.name,
      row: currencyRow,
      column: 'Currency',
    })
  }
  const aumKeys = ['aumEquity', 'aumFixedIncome', 'aumMultiAsset', 'aumOther']
  const aum = aumKeys.map((key) => (payload[key] as number | null) ?? 0)
  payload.totalAum = Math.round(aum.reduce((sum, value) => sum + value, 0) * 100) / 100
  const activeRow = rows.get('activeAum')
  if (
    activeRow &&
    typeof payload.activeAum === 'number' &&
    payload.activeAum > (payload.totalAum as number)
  ) {
    // Name the rows to fill: the template comes with Active AUM filled from the last profile
    // and the AUM rows blank (the profile keeps only the total).
    const aumRows = PROFILE_ITEMS.filter((item) => aumKeys.includes(item.key))
      .map((item) => ({ header: item.header, row: rows.get(item.key) }))
      .filter((item) => item.row !== undefined)
    const blank = aumKeys.every((key) => payload[key] === null || payload[key] === undefined)
    const where = aumRows.map((item) => `${item.header} (row ${item.row})`).join(', ')
    report.add({
      field: reportKey('profile', activeRow, 'activeAum'),
      message: blank
        ? `Fill in the AUM rows — ${where} — with your assets under management by asset class: Active AUM (${formatAmount(payload.activeAum)}) must not exceed their total, and they are blank.`
        : `Active AUM (${formatAmount(payload.activeAum)}) must not exceed the total of the AUM rows (${formatAmount(payload.totalAum as number)}): check ${where}.`,
      sheet: RSA_SHEETS.profile.name,
      row: activeRow,
      column: 'Active AUM',
    })
  }
  return payload
}

/** The identity of a row within its sheet: duplicates are refused. */
const IDENTITY: Record<Exclude<RsaSheetKey, 'profile'>, [string, string]> = {
  providers: ['provider', 'serviceType'],
  interactions: ['provider', 'interactionType'],
  assessment: ['provider', 'category'],
}

const DUPLICATE: Record<Exclude<RsaSheetKey, 'profile'>, string> = {
  providers: 'provider and service type',
  interactions: 'provider and interaction type',
  assessment: 'provider and category',
}

function readTable(
  key: Exclude<RsaSheetKey, 'profile'>,
  sheet: ExcelJS.Worksheet,
  reference: RsaReference,
  report: RowReport
): RsaRecord[] | null {
  const fields = RSA_SHEETS[key].fields as readonly TemplateField[]
  const name = RSA_SHEETS[key].name
  const positions = new Map<string, number>()
  sheet.getRow(1).eachCell((cell, column) => {
    const header = normalise(cellText(cell.value))
    const match = fields.find((field) => normalise(field.header) === header)
    if (match && !positions.has(match.key)) positions.set(match.key, column)
  })
  const missing = fields.filter((field) => field.required && !positions.has(field.key))
  if (missing.length > 0) {
    report.file(
      `The '${name}' sheet lacks the required column${missing.length > 1 ? 's' : ''} ${missing.map((field) => `'${field.header}'`).join(', ')}.`
    )
    return null
  }
  if (sheet.actualRowCount - 1 > MAX_SUBMISSION_ROWS) {
    report.file(
      `The '${name}' sheet has more than ${MAX_SUBMISSION_ROWS} rows; split it into several files.`
    )
    return null
  }
  const keyAt = new Map([...positions].map(([fieldKey, column]) => [column, fieldKey]))

  const records: RsaRecord[] = []
  const seen = new Map<string, number>()
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return
    const raw = (field: TemplateField) => {
      const position = positions.get(field.key)
      return position ? row.getCell(position).value : null
    }
    const formulas = formulaCells(row, (column) => keyAt.get(column))
    // A row with nothing in it (formatting only) is skipped.
    if (formulas.length === 0 && fields.every((field) => cellText(raw(field)) === '')) return

    const problems = new RowProblems()
    for (const column of formulas) problems.add(column, FORMULA)
    const payload: Record<string, unknown> = {}
    for (const field of fields) {
      if (problems.has(field.key)) continue
      const result = readCell(field, raw(field), reference)
      if (result.error) problems.add(field.key, result.error)
      else if (result.value === null && field.required) {
        problems.add(field.key, `${field.header.replace(/ \(.*\)$/, '')} is required.`)
      }
      payload[field.key] = result.value
    }

    const provider = payload.provider as { id: number; name: string } | null
    if (provider) {
      payload.providerId = provider.id
      payload.provider = provider.name
    }
    if (key === 'providers') {
      const currency = payload.currency as { id: number; code: string } | null
      payload.currency = currency?.code ?? null
      payload.currencyId = currency?.id ?? null
      const amounts = ['budgetAmount', 'contractedPrice', 'paidAmount']
      if (
        !currency &&
        !problems.has('currency') &&
        amounts.some((amount) => payload[amount] !== null && payload[amount] !== undefined)
      ) {
        problems.add('currency', 'Currency is required when an amount is given.')
      }
      const start = payload.contractStart as string | null
      const end = payload.contractEnd as string | null
      if (start && end && end <= start) {
        problems.add('contractEnd', 'Contract end must be after the contract start.')
      }
    }

    const [, second] = IDENTITY[key]
    if (payload.providerId && payload[second]) {
      const identity = `${payload.providerId}\u0000${payload[second]}`
      const earlier = seen.get(identity)
      if (earlier !== undefined) {
        problems.add(second, `Same ${DUPLICATE[key]} as row ${earlier}: one row each.`)
      } else seen.set(identity, rowNumber)
    }

    if (!problems.empty) {
      problems.flushInto(report, key, rowNumber)
      return
    }
    records.push({ sheet: key, rowNumber, payload })
  })
  return records
}

/**
 * Checks the whole workbook (sheets, version, columns, then every row of every sheet) and
 * returns its records, or a report of every problem: a file is accepted only without any.
 */
export function parseRsaWorkbook(workbook: ExcelJS.Workbook, reference: RsaReference) {
  const report = new RowReport()
  const missing = RSA_SHEET_KEYS.filter((key) => !workbook.getWorksheet(RSA_SHEETS[key].name))
  if (missing.length > 0) {
    report.file(
      `The workbook lacks the ${missing.map((key) => `'${RSA_SHEETS[key].name}'`).join(', ')} sheet${missing.length > 1 ? 's' : ''}. Start from the downloaded template.`
    )
    return { records: [] as RsaRecord[], report }
  }
  const profile = readProfile(workbook.getWorksheet(RSA_SHEETS.profile.name)!, reference, report)
  if (!profile) return { records: [], report }

  const records: RsaRecord[] = [{ sheet: 'profile', rowNumber: 0, payload: profile }]
  for (const key of ['providers', 'interactions', 'assessment'] as const) {
    const rows = readTable(key, workbook.getWorksheet(RSA_SHEETS[key].name)!, reference, report)
    if (rows) records.push(...rows)
  }
  if (!report.hasProblems && !records.some((record) => record.sheet === 'providers')) {
    report.file(`The '${RSA_SHEETS.providers.name}' sheet has no provider lines to submit.`)
  }
  return { records: report.hasProblems ? [] : records, report }
}

/** The refusal of a file with problems, as a validation error (422, or errors on the page). */
export function refusal(report: RowReport) {
  const rows = report.rowCount
  return report.toError({
    summary: `${rowsHave(rows)} problems; nothing was saved. Correct ${rows > 1 ? 'them' : 'it'} and upload the file again.`,
    more: (count) => `…and ${count} more problems.`,
  })
}

/** Counts per sheet, for the thank-you message. */
export function recordCounts(records: RsaRecord[]) {
  const count = (sheet: RsaSheetKey) => records.filter((record) => record.sheet === sheet).length
  return {
    providers: count('providers'),
    interactions: count('interactions'),
    assessment: count('assessment'),
  }
}

/**
 * Stores an accepted upload: the submission (status submitted, row_count = records kept) and
 * every record in `rsa_submission_rows`, with the file; nothing else (the admin imports them).
 */
export function storeRsaSubmission(input: {
  teamId: number
  userId: number
  collectionId: number
  file: MultipartFile
  additionalComments: string | null
  deliveryDate: string
  records: RsaRecord[]
}) {
  const { records, ...submission } = input
  return storeSubmission({
    ...submission,
    rowCount: records.length,
    writeRows: (trx, submissionId) =>
      insertInChunks(
        trx,
        'rsa_submission_rows',
        records.map((record) => ({
          submission_id: submissionId,
          sheet: record.sheet,
          row_number: record.rowNumber,
          payload: JSON.stringify(record.payload),
        }))
      ),
  })
}
