import { createReadStream } from 'node:fs'
import { open, stat, type FileHandle } from 'node:fs/promises'
import { constants as zlibConstants, inflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import { listZipEntries, ZipArchiveError, type ZipEntry } from '#services/files/zip_reader'
import { DateTime } from 'luxon'
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_CELL_CHARS,
  MAX_IMPORT_LINE_CHARS,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_SIZE_LABEL,
  MAX_XLSX_IMPORT_ROWS,
} from '#shared/rsa_imports'

/**
 * Reads an import file row by row without holding it in memory: CSV (RFC 4180, UTF-8) as a
 * stream of text, XLSX (first sheet) through the streaming workbook reader. A file that is not
 * what its name says — empty, binary, another encoding, too large — is refused as a whole with
 * an ImportFileError whose message a user can act on.
 */

export class ImportFileError extends Error {}

/** The size limit of an import file (tests lower it to try the refusal without 512 MB). */
export const importLimits = { defaultMaxBytes: MAX_IMPORT_BYTES, maxBytes: MAX_IMPORT_BYTES }

export function sizeLimitLabel() {
  return importLimits.maxBytes === MAX_IMPORT_BYTES
    ? MAX_IMPORT_SIZE_LABEL
    : `${Math.round(importLimits.maxBytes / 1024)} KB`
}

export interface RawRow {
  /** The row number a user sees in the file (the header is row 1). */
  rowNumber: number
  values: string[]
  /** Columns (0-based) whose cell holds a formula rather than a value. */
  formulas?: number[]
}

export type FileType = 'csv' | 'xlsx'

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE = [0xd0, 0xcf, 0x11, 0xe0]
const PDF = [0x25, 0x50, 0x44, 0x46]

const UTF16_LE = [0xff, 0xfe]
const UTF16_BE = [0xfe, 0xff]

const startsWith = (bytes: Buffer, magic: number[]) => magic.every((byte, i) => bytes[i] === byte)

const UTF16_MESSAGE =
  'The file is UTF-16 text (Excel’s “Unicode Text”), not UTF-8: in Excel choose Save As → “CSV UTF-8 (Comma delimited)” and upload that file.'

/**
 * What the file's first bytes say it is, checked against its name: a renamed workbook, PDF or
 * other binary is refused before anything is parsed.
 */
export async function checkFileType(path: string, declared: string): Promise<FileType> {
  const info = await stat(path)
  if (info.size === 0) throw new ImportFileError('The file is empty.')
  if (info.size > importLimits.maxBytes) {
    throw new ImportFileError(
      `The file is larger than ${sizeLimitLabel()}; split it into several files.`
    )
  }
  const handle = await open(path, 'r')
  const head = Buffer.alloc(8192)
  let length = 0
  try {
    ;({ bytesRead: length } = await handle.read(head, 0, head.length, 0))
  } finally {
    await handle.close()
  }
  const kind = declared.toLowerCase().replace(/^\./, '')
  if (startsWith(head, OLE)) {
    throw new ImportFileError(
      'The file is an old Excel (.xls) workbook: save it as .xlsx or as CSV UTF-8.'
    )
  }
  if (startsWith(head, PDF)) throw new ImportFileError('The file is a PDF, not a CSV or XLSX file.')
  if (kind === 'xlsx') {
    if (!startsWith(head, ZIP)) {
      throw new ImportFileError('The file is not an Excel workbook (.xlsx), whatever its name.')
    }
    return 'xlsx'
  }
  if (kind === 'csv') {
    if (startsWith(head, ZIP)) {
      throw new ImportFileError(
        'The file is an Excel workbook named .csv: upload it as .xlsx, or save it as CSV UTF-8.'
      )
    }
    if (startsWith(head, UTF16_LE) || startsWith(head, UTF16_BE)) {
      throw new ImportFileError(UTF16_MESSAGE)
    }
    if (head.subarray(0, length).includes(0)) {
      throw new ImportFileError(
        'The file holds binary data, not CSV text. Upload a CSV (UTF-8) or XLSX file.'
      )
    }
    return 'csv'
  }
  throw new ImportFileError('Upload a CSV or XLSX file.')
}

/*
|--------------------------------------------------------------------------
| CSV
|--------------------------------------------------------------------------
*/

/**
 * One row of RFC 4180 CSV starting at `start`, whose quoted fields may hold commas, quotes ("")
 * and line breaks: its fields and where the next row starts, or null when the text ends before
 * the row does.
 */
function quotedRow(text: string, start: number, final: boolean) {
  const fields: string[] = []
  let index = start
  while (true) {
    let field = ''
    if (text[index] === '"') {
      index++
      while (true) {
        const quote = text.indexOf('"', index)
        if (quote === -1) {
          if (final) throw new ImportFileError('The CSV file has an unclosed quote.')
          return null
        }
        field += text.slice(index, quote)
        if (text[quote + 1] === '"') {
          field += '"'
          index = quote + 2
          continue
        }
        if (quote + 1 >= text.length && !final) return null
        index = quote + 1
        break
      }
      // Anything between a closing quote and the separator is kept, as spreadsheets do.
      while (index < text.length && !',\r\n'.includes(text[index])) field += text[index++]
    } else {
      while (index < text.length && !',\r\n'.includes(text[index])) field += text[index++]
    }
    fields.push(field)
    if (index >= text.length) {
      if (!final) return null
      return { fields, next: index }
    }
    const char = text[index]
    if (char === ',') {
      index++
      continue
    }
    // A line break ends the row (\r\n counts as one).
    if (char === '\r' && index + 1 >= text.length && !final) return null
    index += char === '\r' && text[index + 1] === '\n' ? 2 : 1
    return { fields, next: index }
  }
}

/**
 * An RFC 4180 parser fed chunk by chunk. A line without quotes is split as it is (most rows of
 * a large export); a row with quotes is read field by field, across lines if a field holds
 * line breaks. Returns the rows completed by each chunk; the rest waits for the next.
 */
export class CsvRowParser {
  #pending = ''
  #started = false

  /** Characters read but not yet a whole row (a line without its end, an open quote). */
  get pendingLength() {
    return this.#pending.length
  }

  push(text: string): string[][] {
    let source = this.#pending + text
    if (!this.#started && source.length > 0) {
      source = source.replace(/^\uFEFF/, '')
      this.#started = true
    }
    const rows: string[][] = []
    const position = this.#read(source, rows, false)
    this.#pending = source.slice(position)
    return rows
  }

  end(): string[][] {
    const rows: string[][] = []
    this.#read(this.#pending, rows, true)
    this.#pending = ''
    return rows
  }

  #read(source: string, rows: string[][], final: boolean) {
    let position = 0
    while (position < source.length) {
      const newline = source.indexOf('\n', position)
      if (newline === -1 && !final) break
      const end = newline === -1 ? source.length : newline
      let line = source.slice(position, end)
      if (!line.includes('"')) {
        if (line.endsWith('\r')) line = line.slice(0, -1)
        // A lone \r also ends a line (old Mac files).
        if (line.includes('\r')) {
          const parts = line.split('\r')
          for (const part of parts) rows.push(part.split(','))
        } else rows.push(line.split(','))
        position = end + 1
        continue
      }
      const row = quotedRow(source, position, final)
      if (!row) break
      rows.push(row.fields)
      position = row.next
    }
    return position
  }
}

/** How far a reading has got, in bytes of the file (CSV; a workbook is not read in order). */
export interface ReadMeter {
  bytes: number
}

const limit = (value: number) => value.toLocaleString('en-GB')

/** A row with a cell longer than a cell may be: refused (no table cell is this long). */
function checkCells(values: string[], rowNumber: number) {
  for (const [index, value] of values.entries()) {
    if (value.length > MAX_IMPORT_CELL_CHARS) {
      throw new ImportFileError(
        `Row ${rowNumber}, column ${index + 1}: a cell of more than ${limit(MAX_IMPORT_CELL_CHARS)} characters. No column of this import takes that much; check that this is the right file.`
      )
    }
  }
}

async function* csvRows(path: string, meter?: ReadMeter): AsyncGenerator<RawRow> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const parser = new CsvRowParser()
  let rowNumber = 0
  let line = 1
  const tooLong = () =>
    new ImportFileError(
      `Row ${rowNumber + 1} is longer than ${limit(MAX_IMPORT_LINE_CHARS)} characters (a line without its end, or a quote left open): this is not a table this import reads. Check the file’s line endings and quotes.`
    )
  // 256 KB at a time: a line past the limit is found before much of it is held.
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    const bytes = chunk as Buffer
    if (meter) meter.bytes += bytes.length
    if (bytes.includes(0)) {
      throw new ImportFileError(
        'The file holds binary data, not CSV text. Upload a CSV (UTF-8) or XLSX file.'
      )
    }
    let text: string
    try {
      text = decoder.decode(bytes, { stream: true })
    } catch {
      throw new ImportFileError(
        `The file is not UTF-8 text (invalid characters after line ${line}). Save it as “CSV UTF-8” and upload it again.`
      )
    }
    for (const values of parser.push(text)) {
      rowNumber++
      line = rowNumber
      checkCells(values, rowNumber)
      yield { rowNumber, values }
    }
    if (parser.pendingLength > MAX_IMPORT_LINE_CHARS) throw tooLong()
  }
  try {
    decoder.decode()
  } catch {
    throw new ImportFileError(
      'The file is not UTF-8 text (it ends in the middle of a character). Save it as “CSV UTF-8”.'
    )
  }
  for (const values of parser.end()) {
    rowNumber++
    checkCells(values, rowNumber)
    yield { rowNumber, values }
  }
}

/*
|--------------------------------------------------------------------------
| XLSX
|--------------------------------------------------------------------------
*/

function xlsxCell(value: unknown): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false }
  if (value instanceof Date) {
    return { text: DateTime.fromJSDate(value, { zone: 'utc' }).toISODate() ?? '', formula: false }
  }
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>
    if ('formula' in cell || 'sharedFormula' in cell) return { text: '', formula: true }
    if ('richText' in cell && Array.isArray(cell.richText)) {
      return {
        text: (cell.richText as { text: string }[])
          .map((part) => part.text)
          .join('')
          .trim(),
        formula: false,
      }
    }
    if ('text' in cell) return { text: String(cell.text).trim(), formula: false }
    if ('error' in cell) return { text: String(cell.error), formula: false }
    return { text: '', formula: false }
  }
  return { text: String(value).trim(), formula: false }
}

const tooManyXlsxRows = () =>
  new ImportFileError(
    `The workbook’s sheet has more than ${limit(MAX_XLSX_IMPORT_ROWS)} rows: save it as CSV UTF-8 (large files are read as CSV), or split it.`
  )

/** The most a workbook's text or sheet part may unpack to. */
const MAX_XLSX_PART_BYTES = 256 * 1024 * 1024

/**
 * The last row a sheet declares (its `<dimension ref="A1:P3000000"/>`), read from the first
 * kilobytes of the sheet inflated; null when it declares none.
 */
async function declaredLastRow(handle: FileHandle, localOffset: number) {
  const header = Buffer.alloc(30)
  await handle.read(header, 0, 30, localOffset)
  if (header.readUInt32LE(0) !== 0x04034b50) return null
  const method = header.readUInt16LE(8)
  const start = localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
  const compressed = Buffer.alloc(16 * 1024)
  const { bytesRead } = await handle.read(compressed, 0, compressed.length, start)
  let text: string
  try {
    text =
      method === 0
        ? compressed.subarray(0, bytesRead).toString('utf8')
        : inflateRawSync(compressed.subarray(0, bytesRead), {
            finishFlush: zlibConstants.Z_SYNC_FLUSH,
          }).toString('utf8')
  } catch {
    return null
  }
  const match = /<dimension ref="[A-Z]+\d+:[A-Z]+(\d+)"/.exec(text.slice(0, 4096))
  return match ? Number(match[1]) : null
}

/**
 * The sizes of a workbook's parts, from the zip's central directory (nothing is inflated). A
 * part that inflates to far more than its compressed size (a cell of one character repeated
 * millions of times compresses to almost nothing) or past a bound is refused before the reader
 * would hold it in memory.
 */
export async function checkWorkbookParts(path: string) {
  let entries: ZipEntry[]
  try {
    // Lenient: ZIP64 sizes stay 0xFFFFFFFF (refused below as too large), and a damaged
    // directory is listed as far as it reads (the workbook reader has its say on the rest).
    entries = await listZipEntries(path, { lenient: true })
  } catch (error) {
    if (error instanceof ZipArchiveError) {
      throw new ImportFileError('The file could not be read as an Excel workbook (.xlsx).')
    }
    throw error
  }
  const handle = await open(path, 'r')
  try {
    for (const { name, compressedSize: compressed, size: inflated, localOffset } of entries) {
      if (!/^xl\/(sharedStrings|worksheets\/sheet\d+)\.xml$/i.test(name)) continue
      // 0xFFFFFFFF: a ZIP64 size, over 4 GB.
      const tooLarge = inflated === 0xffffffff || inflated > MAX_XLSX_PART_BYTES
      const bomb = inflated > 16 * 1024 * 1024 && inflated > compressed * 200
      if (tooLarge || bomb) {
        throw new ImportFileError(
          `The workbook holds more than a table this import reads (its ${name.includes('sharedStrings') ? 'text' : 'sheet'} unpacks to ${Math.round(inflated / 1024 / 1024)} MB${bomb ? ' from almost nothing: a cell far longer than any column takes' : ''}). Save the sheet as CSV UTF-8 and check its cells.`
        )
      }
      if (name.includes('worksheets')) {
        const lastRow = await declaredLastRow(handle, localOffset)
        if (lastRow !== null && lastRow > MAX_XLSX_IMPORT_ROWS + 1) throw tooManyXlsxRows()
      }
    }
  } finally {
    await handle.close()
  }
}

async function* xlsxRows(path: string): AsyncGenerator<RawRow> {
  await checkWorkbookParts(path)
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  })
  let sheets = 0
  try {
    for await (const sheet of reader) {
      sheets++
      if (sheets > 1) break
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const raw = (row.values ?? []) as unknown[]
        const values: string[] = []
        const formulas: number[] = []
        for (let column = 1; column < raw.length; column++) {
          const cell = xlsxCell(raw[column])
          values.push(cell.text)
          if (cell.formula) formulas.push(column - 1)
        }
        if (row.number > MAX_XLSX_IMPORT_ROWS + 1) throw tooManyXlsxRows()
        checkCells(values, row.number)
        yield { rowNumber: row.number, values, formulas: formulas.length ? formulas : undefined }
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error
    throw new ImportFileError('The file could not be read as an Excel workbook (.xlsx).')
  }
  if (sheets === 0) throw new ImportFileError('The workbook has no sheet.')
}

/*
|--------------------------------------------------------------------------
| Tables
|--------------------------------------------------------------------------
*/

export const normaliseHeader = (header: string) => header.trim().replace(/\s+/g, '_').toLowerCase()

/**
 * The rows of a file after its header: blank rows are skipped, and the file is refused when it
 * has no header or more rows than an import takes.
 */
export async function* tableRows(
  path: string,
  type: FileType,
  onHeader: (headers: string[]) => void,
  meter?: ReadMeter
): AsyncGenerator<RawRow> {
  let header: string[] | null = null
  let count = 0
  for await (const row of type === 'csv' ? csvRows(path, meter) : xlsxRows(path)) {
    if (header === null) {
      if (row.values.every((value) => value.trim() === '')) continue
      header = row.values.map(normaliseHeader)
      onHeader(header)
      continue
    }
    if (row.values.every((value) => value.trim() === '') && !row.formulas) continue
    count++
    if (count > MAX_IMPORT_ROWS) {
      throw new ImportFileError(
        `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows; split it.`
      )
    }
    yield row
  }
  if (header === null) throw new ImportFileError('The file is empty.')
}

/** A cell that a spreadsheet would run as a formula: refused, only values are imported. */
export function looksLikeFormula(value: string) {
  if (value.length < 2) return false
  const first = value[0]
  if (first === '=' || first === '@') return true
  // +1.5 and -20 are numbers; +A1 or -SUM( are formulas.
  if (first === '+' || first === '-') return !/^[+-]\s*[\d.]/.test(value)
  return false
}
