import { open } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import { DateTime } from 'luxon'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { HttpContext } from '@adonisjs/core/http'
import { fieldError } from '#services/http/field_error'
import { cellText } from '#services/imports/table_file'

/*
 * Reading and writing data-collection workbooks, whatever the collection (market data contracts,
 * research spend): the upload's content check, cell readers, and the template's styling and
 * drop-down lists.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * Sends a collection's template as an XLSX attachment named after the collection (letters,
 * digits, spaces, `_` and `-` kept), or `fallbackName` when nothing of its name is left.
 */
export function sendTemplateWorkbook(
  response: HttpContext['response'],
  buffer: Buffer,
  collectionName: string,
  fallbackName: string
) {
  const name = `${collectionName.replace(/[^A-Za-z0-9 _-]+/g, '').trim() || fallbackName}.xlsx`
  response.header('Content-Type', XLSX_CONTENT_TYPE)
  response.header('Content-Disposition', `attachment; filename="${name}"`)
  response.send(buffer)
}

export const UNREADABLE_WORKBOOK =
  'The file could not be read as an Excel workbook (.xlsx). Start from the downloaded template.'

/** An XLSX file is a ZIP archive: it starts with a local file header. */
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04])

async function startsLikeZip(path: string) {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(4)
    const { bytesRead } = await handle.read(head, 0, 4, 0)
    return bytesRead === 4 && head.equals(ZIP_SIGNATURE)
  } finally {
    await handle.close()
  }
}

/**
 * Reads an uploaded workbook. The file's kind is judged by its content, never its name: the
 * upload validator already refused what the content says is something else (or is empty); a
 * text file long enough to pass on its name, or a ZIP that is no workbook, is refused here.
 * Anything that is not a readable XLSX file is a field error on `fileToUpload`.
 */
export async function readUploadedWorkbook(file: Pick<MultipartFile, 'tmpPath' | 'size'>) {
  const refuse = () => fieldError('fileToUpload', UNREADABLE_WORKBOOK)
  if (!file.tmpPath || file.size === 0) throw refuse()
  if (!(await startsLikeZip(file.tmpPath).catch(() => false))) throw refuse()
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.readFile(file.tmpPath)
  } catch {
    throw refuse()
  }
  return workbook
}

/** Names and codes as compared on upload: trimmed, single spaces, lower case. */
export function normalise(value: string) {
  return value.trim().replace(/\s+/g, ' ').toLowerCase()
}

/** Whether the cell holds a formula (its value is then whatever Excel last computed). */
export function isFormula(value: ExcelJS.CellValue) {
  return (
    value !== null &&
    typeof value === 'object' &&
    !(value instanceof Date) &&
    ('formula' in value || 'sharedFormula' in value)
  )
}

/** A date cell, or a YYYY-MM-DD text, as YYYY-MM-DD; null for anything else. */
export function cellDate(value: ExcelJS.CellValue): string | null {
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: 'utc' }).toISODate()
  if (value && typeof value === 'object' && 'result' in value) {
    return cellDate(value.result as ExcelJS.CellValue)
  }
  const text = cellText(value)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null
  const date = DateTime.fromISO(text, { zone: 'utc' })
  return date.isValid ? date.toISODate() : null
}

/** A number cell, or a plain decimal text (thousands separators allowed); null otherwise. */
export function cellNumber(value: ExcelJS.CellValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (value && typeof value === 'object' && 'result' in value) {
    return cellNumber(value.result as ExcelJS.CellValue)
  }
  const text = cellText(value).replace(/[,\s]/g, '')
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null
  return Number(text)
}

export { cellText }

/*
|--------------------------------------------------------------------------
| Templates
|--------------------------------------------------------------------------
*/

export const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FF0F766E' },
}

/** A header row in the templates' style: white bold text on the product's teal. */
export function styleHeader(row: ExcelJS.Row) {
  row.font = { bold: true, color: { argb: 'FFFFFFFF' } }
  row.eachCell((cell) => (cell.fill = HEADER_FILL))
}

interface DataValidations {
  add(range: string, validation: ExcelJS.DataValidation): void
}

/** The worksheet's data validations (typed loosely by ExcelJS). */
export function dataValidations(sheet: ExcelJS.Worksheet) {
  return (sheet as unknown as { dataValidations: DataValidations }).dataValidations
}

/** The column letter of a 1-based column number (A, B … Z, AA …). */
export function columnLetter(position: number) {
  let letter = ''
  let rest = position
  while (rest > 0) {
    const remainder = (rest - 1) % 26
    letter = String.fromCharCode(65 + remainder) + letter
    rest = Math.floor((rest - 1) / 26)
  }
  return letter
}

/** The drop-down list behind a cell range, taken from a range of another sheet. */
export function addListValidation(
  sheet: ExcelJS.Worksheet,
  range: string,
  source: string,
  options: { strict: boolean; title?: string; message?: string }
) {
  dataValidations(sheet).add(range, {
    type: 'list',
    allowBlank: true,
    formulae: [source],
    showErrorMessage: options.strict,
    errorStyle: options.strict ? 'stop' : 'warning',
    errorTitle: options.title,
    error: options.message,
  })
}
