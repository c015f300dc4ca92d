import { readFile, stat } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import { DateTime } from 'luxon'
import { ImportFileError, checkWorkbookParts } from '#services/rsa/imports/reader'

/**
 * A tabular upload (CSV or the first sheet of an XLSX workbook) as text cells keyed by their
 * header, with the file's own row numbers, so that errors can name the row a user sees.
 */
export interface TableRow {
  rowNumber: number
  cells: Record<string, string>
}

export class TableFileError extends Error {}

export const MAX_TABLE_ROWS = 20_000
const MAX_TABLE_BYTES = 20 * 1024 * 1024

const normalise = (header: string) => header.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * A cell's text whatever ExcelJS made of it: rich text, a hyperlink, a formula's result, or a
 * date as YYYY-MM-DD.
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: 'utc' }).toISODate() ?? ''
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim()
    if ('text' in value) return String(value.text).trim()
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue)
    return ''
  }
  return String(value).trim()
}

/**
 * RFC 4180 CSV: quoted fields may hold separators, quotes ("") and line breaks.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const source = text.replace(/^\uFEFF/, '')
  for (let index = 0; index < source.length; index++) {
    const char = source[index]
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"'
        index++
      } else if (char === '"') quoted = false
      else field += char
      continue
    }
    if (char === '"' && field === '') quoted = true
    else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += char
  }
  if (quoted) throw new TableFileError('The CSV file has an unclosed quote.')
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

function toTable(matrix: { rowNumber: number; values: string[] }[]) {
  const [header, ...body] = matrix
  if (!header) throw new TableFileError('The file is empty.')
  const headers = header.values.map(normalise)
  if (body.length > MAX_TABLE_ROWS) {
    throw new TableFileError(`The file has more than ${MAX_TABLE_ROWS} rows; split it.`)
  }
  const rows: TableRow[] = body
    .filter((line) => line.values.some((value) => value.trim() !== ''))
    .map((line) => ({
      rowNumber: line.rowNumber,
      cells: Object.fromEntries(
        headers.map((name, index) => [name, (line.values[index] ?? '').trim()])
      ),
    }))
  return { headers, rows }
}

/**
 * Reads a CSV or XLSX file. Anything else, or a file that cannot be read, is a TableFileError
 * with a message for the user.
 */
export async function readTableFile(path: string, extension: string) {
  const kind = extension.toLowerCase().replace(/^\./, '')
  // These tables are read whole: a file far larger than 20,000 rows could be is refused first.
  const { size } = await stat(path)
  if (size > MAX_TABLE_BYTES) {
    throw new TableFileError(
      `The file is larger than ${MAX_TABLE_BYTES / 1024 / 1024} MB; a table of ${MAX_TABLE_ROWS.toLocaleString('en-GB')} rows is far smaller. Check that this is the right file, or split it.`
    )
  }
  if (kind === 'csv') {
    const text = await readFile(path, 'utf8')
    return toTable(parseCsv(text).map((values, index) => ({ rowNumber: index + 1, values })))
  }
  if (kind === 'xlsx') {
    // A workbook that unpacks to far more than its size (one huge cell) is refused unread.
    try {
      await checkWorkbookParts(path)
    } catch (error) {
      if (error instanceof ImportFileError) throw new TableFileError(error.message)
      throw error
    }
    const workbook = new ExcelJS.Workbook()
    try {
      await workbook.xlsx.readFile(path)
    } catch {
      throw new TableFileError('The file could not be read as an Excel workbook (.xlsx).')
    }
    const sheet = workbook.worksheets[0]
    if (!sheet) throw new TableFileError('The workbook has no sheet.')
    if (sheet.actualRowCount > MAX_TABLE_ROWS + 1) {
      throw new TableFileError(`The file has more than ${MAX_TABLE_ROWS} rows; split it.`)
    }
    const matrix: { rowNumber: number; values: string[] }[] = []
    const width = sheet.columnCount
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const values: string[] = []
      for (let column = 1; column <= width; column++)
        values.push(cellText(row.getCell(column).value))
      matrix.push({ rowNumber, values })
    })
    return toTable(matrix)
  }
  throw new TableFileError('Upload a CSV or XLSX file.')
}

/**
 * The required headers a table lacks, by their display names.
 */
export function missingHeaders(headers: string[], required: readonly string[]) {
  return required.filter((name) => !headers.includes(normalise(name)))
}

export const cell = (row: TableRow, header: string) => row.cells[normalise(header)] ?? ''
