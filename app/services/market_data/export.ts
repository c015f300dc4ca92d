import ExcelJS from 'exceljs'
import type { HttpContext } from '@adonisjs/core/http'
import { fieldError } from '#services/http/field_error'
import { convert, type ExchangeRate } from '#shared/currency_conversion'
import type { productBenchmarks } from '#services/market_data/benchmarks'
import { driverText } from '#shared/driver_text'

type Rows = Awaited<ReturnType<typeof productBenchmarks>>['productBenchmarks']
type Cell = string | number | Date | null

/**
 * What a column holds, so that a spreadsheet shows it as such: amounts with thousands
 * separators and the table's currency, percentages as percentages (the table holds percentage
 * points, 12.5 for 12.5%), dates as dates, and text as text.
 */
export type ColumnType = 'text' | 'date' | 'money' | 'percent'

export interface ExportTable {
  header: string[]
  /** One per header column. */
  types: ColumnType[]
  /** The currency of every money column (an export never mixes currencies). */
  currency?: string
  body: Cell[][]
  footer?: Cell[]
}

/** A calendar date (YYYY-MM-DD) as a spreadsheet date: midnight UTC of that day. */
function calendarDate(value: string) {
  return new Date(`${value.slice(0, 10)}T00:00:00Z`)
}

/**
 * The benchmark table as the page shows it, amounts converted into the chosen currency, with
 * each sub product and its price, and a totals row.
 */
export function benchmarkTable(
  rows: Rows,
  currency: { id: number; code: string },
  rates: ExchangeRate[]
) {
  const inCurrency = (amount: number | null, fromId: number | null) =>
    convert(amount, fromId, currency.id, rates)
  const whole = (amount: number | null) => (amount === null ? null : Math.round(amount))
  const code = currency.code
  const columns: [string, ColumnType][] = [
    ['Product', 'text'],
    ['Division', 'text'],
    ['Start', 'date'],
    ['End', 'date'],
    ['License type', 'text'],
    [`Payment (${code})`, 'money'],
    [`Benchmark (${code})`, 'money'],
    [`Difference (${code})`, 'money'],
    ['Difference %', 'percent'],
    ['Drivers', 'text'],
    [`Sub products (${code})`, 'text'],
  ]
  const totals = { payment: 0, benchmark: 0 }
  const body: Cell[][] = rows.map((row) => {
    const payment = inCurrency(row.payment, row.currency_id)
    const benchmark = inCurrency(row.benchmark_price, row.currency_id)
    const difference = payment !== null && benchmark !== null ? payment - benchmark : null
    totals.payment += payment ?? 0
    totals.benchmark += benchmark ?? 0
    return [
      row.product.name,
      row.division,
      calendarDate(row.start_date),
      calendarDate(row.end_date),
      row.contract.license_type,
      whole(payment),
      whole(benchmark),
      whole(difference),
      difference !== null && benchmark ? Number(((difference / benchmark) * 100).toFixed(1)) : null,
      row.drivers.map(driverText).join('; '),
      row.sub_product_benchmarks
        .map((sub) => {
          const price = whole(inCurrency(sub.benchmark_price, sub.currency.id))
          return `${sub.name}: ${price ?? `${sub.benchmark_price} ${sub.currency.code}`}`
        })
        .join('; '),
    ]
  })
  const difference = totals.payment - totals.benchmark
  const footer: Cell[] = [
    'Total',
    null,
    null,
    null,
    null,
    Math.round(totals.payment),
    Math.round(totals.benchmark),
    Math.round(difference),
    totals.benchmark ? Number(((difference / totals.benchmark) * 100).toFixed(1)) : null,
    null,
    null,
  ]
  return {
    header: columns.map(([label]) => label),
    types: columns.map(([, type]) => type),
    currency: code,
    body,
    footer,
  } satisfies ExportTable
}

type Table = { header: string[]; body: Cell[][]; footer?: Cell[] }

/** CSV with a byte-order mark, so that spreadsheet programs read it as UTF-8. */
export function toCsv({ header, body, footer }: Table) {
  const lines = [header, ...body, ...(footer ? [footer] : [])]
    .map((row) =>
      row
        .map((cell) => {
          const text =
            cell === null
              ? ''
              : cell instanceof Date
                ? cell.toISOString().slice(0, 10)
                : String(cell)
          // Quote separators, and neutralise spreadsheet formulas in text cells.
          const safe = /^[=+\-@]/.test(text) && typeof cell === 'string' ? `'${text}` : text
          return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
        })
        .join(',')
    )
    .join('\n')
  return `\uFEFF${lines}`
}

/** A worksheet name Excel accepts: no []:*?/\ characters, at most 31, no edge spaces. */
export function sheetName(title: string) {
  return (
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
      .trim() || 'Sheet1'
  )
}

/** The number format of a column type; money shows its currency code before the amount. */
export function numberFormat(type: ColumnType, currency?: string) {
  switch (type) {
    case 'date':
      return 'yyyy-mm-dd'
    case 'money': {
      const code = currency ? `"${currency.replace(/"/g, '')} "` : ''
      return `${code}#,##0;${code}-#,##0`
    }
    case 'percent':
      return '0.0%'
    default:
      return '@'
  }
}

const COLUMN_WIDTHS: Record<ColumnType, number> = {
  text: 12,
  date: 12,
  money: 18,
  percent: 13,
}

export async function toXlsx(
  title: string,
  { header, types, currency, body, footer }: ExportTable
) {
  if (types.length !== header.length) {
    throw new Error(`${header.length} columns but ${types.length} column types`)
  }
  // The table holds percentage points; a spreadsheet percentage is a fraction.
  const cells = (row: Cell[]) =>
    row.map((cell, index) =>
      types[index] === 'percent' && typeof cell === 'number' ? cell / 100 : cell
    )
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Spendlens'
  const sheet = workbook.addWorksheet(sheetName(title))
  // Wide enough for the header and the longest text, within reason.
  const longest = (index: number) =>
    Math.max(
      header[index].length,
      ...body.map((row) => (typeof row[index] === 'string' ? (row[index] as string).length : 0))
    )
  sheet.columns = types.map((type, index) => ({
    key: String(index),
    width: Math.max(COLUMN_WIDTHS[type], Math.min(48, longest(index) + 2)),
    style: { numFmt: numberFormat(type, currency) },
  }))
  const headerRow = sheet.addRow(header)
  headerRow.font = { bold: true }
  // The header is text whatever its column holds.
  headerRow.eachCell((cell) => (cell.numFmt = '@'))
  for (const row of body) sheet.addRow(cells(row))
  if (footer) sheet.addRow(cells(footer)).font = { bold: true }
  sheet.views = [{ state: 'frozen', ySplit: 1 }]
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/**
 * Sends a benchmark table download: always in one currency (the requested one, else the
 * session's display currency); an unknown currency is refused, never a mixed-currency file.
 */
export async function sendBenchmarkExport(
  response: HttpContext['response'],
  input: {
    rows: Rows
    currencies: { id: number; code: string }[]
    currencyId: number | null
    rates: ExchangeRate[]
    format: 'xlsx' | 'csv'
    fileName: string
    sheetTitle: string
  }
) {
  const target = input.currencies.find((entry) => entry.id === input.currencyId)
  if (!target) throw fieldError('currency', 'Choose one of the listed currencies for the export.')
  const table = benchmarkTable(input.rows, target, input.rates)
  response.header('Content-Disposition', `attachment; filename="${input.fileName}.${input.format}"`)
  if (input.format === 'csv') {
    response.header('Content-Type', 'text/csv; charset=utf-8')
    return toCsv(table)
  }
  response.header(
    'Content-Type',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  )
  return toXlsx(input.sheetTitle, table)
}
