import ExcelJS from 'exceljs'
import type { HttpContext } from '@adonisjs/core/http'
import { fieldError } from '#services/http/field_error'
import { convert, type ExchangeRate } from '#shared/currency_conversion'
import type { productBenchmarks } from '#services/market_data/benchmarks'
import { driverText } from '#shared/driver_text'
import {
  annualise,
  BENCHMARK_SOURCE_LABELS,
  groupByContract,
  runRateOn,
  totalsOf,
  type ContractFigureRow,
  type ContractSummary,
  type FigureTotals,
} from '#shared/market_data_contracts'
import type { ScenarioDetail } from '#services/market_data/scenarios'
import { costChangeLabel } from '#shared/scenario_pricing'

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
 * each sub product and its price. Given the contracts, rows come contract by contract, each
 * contract closed by its subtotal (over the rows' periods and per year), and the last row is
 * the one sum that means something across contracts: what a year costs for the rows in force
 * today. Without them (one contract's export), a totals row.
 */
export function benchmarkTable(
  rows: Rows,
  currency: { id: number; code: string },
  rates: ExchangeRate[],
  grouping?: { contracts: ContractSummary[]; today: string }
) {
  const inCurrency = (amount: number | null, fromId: number | null) =>
    convert(amount, fromId, currency.id, rates)
  const whole = (amount: number | null) => (amount === null ? null : Math.round(amount))
  const percent = (difference: number, benchmark: number) =>
    benchmark ? Number(((difference / benchmark) * 100).toFixed(1)) : null
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
    ['Contract', 'text'],
    [`Payment per year (${code})`, 'money'],
    [`Benchmark per year (${code})`, 'money'],
    ['Benchmark source', 'text'],
    ['Benchmark as of', 'date'],
  ]
  const figures = (row: Rows[number]): ContractFigureRow => ({
    contractId: row.contract_id,
    startDate: row.start_date,
    endDate: row.end_date,
    payment: inCurrency(row.payment, row.currency_id),
    benchmark: inCurrency(row.benchmark_price, row.currency_id),
  })
  const line = (row: Rows[number], reference: string | null): Cell[] => {
    const { payment, benchmark } = figures(row)
    const difference = payment !== null && benchmark !== null ? payment - benchmark : null
    return [
      row.product.name,
      row.division,
      calendarDate(row.start_date),
      calendarDate(row.end_date),
      row.contract.license_type,
      whole(payment),
      whole(benchmark),
      whole(difference),
      difference !== null && benchmark !== null ? percent(difference, benchmark) : null,
      row.drivers.map(driverText).join('; '),
      row.sub_product_benchmarks
        .map((sub) => {
          const price = whole(inCurrency(sub.benchmark_price, sub.currency.id))
          const drivers = sub.drivers.map(driverText).join(', ')
          return `${sub.name}: ${price ?? `${sub.benchmark_price} ${sub.currency.code}`}${drivers ? ` (${drivers})` : ''}`
        })
        .join('; '),
      reference,
      whole(annualise(payment, row.start_date, row.end_date)),
      whole(annualise(benchmark, row.start_date, row.end_date)),
      BENCHMARK_SOURCE_LABELS[row.source],
      calendarDate(row.as_of),
    ]
  }
  const totalsLine = (label: string, totals: FigureTotals, contract?: ContractSummary): Cell[] => [
    label,
    null,
    contract ? calendarDate(contract.start_date) : null,
    contract ? calendarDate(contract.end_date) : null,
    contract?.license_type ?? null,
    Math.round(totals.payment),
    Math.round(totals.benchmark),
    Math.round(totals.difference),
    percent(totals.difference, totals.benchmark),
    null,
    null,
    contract?.reference ?? null,
    Math.round(totals.annualPayment),
    Math.round(totals.annualBenchmark),
    null,
    null,
  ]

  if (!grouping) {
    return {
      header: columns.map(([label]) => label),
      types: columns.map(([, type]) => type),
      currency: code,
      body: rows.map((row) => line(row, null)),
      footer: totalsLine('Total', totalsOf(rows.map(figures))),
    } satisfies ExportTable
  }
  const body: Cell[][] = []
  for (const group of groupByContract(rows, grouping.contracts, figures)) {
    for (const row of group.rows) body.push(line(row, group.contract.reference))
    body.push(totalsLine(`Subtotal ${group.contract.reference}`, group.totals, group.contract))
  }
  const runRate = runRateOn(rows.map(figures), grouping.today)
  const footer: Cell[] = columns.map(() => null)
  footer[0] = runRate
    ? `Per year, in force on ${grouping.today}`
    : `No benchmark in force on ${grouping.today}: contracts are not added up`
  if (runRate) {
    footer[12] = Math.round(runRate.annualPayment)
    footer[13] = Math.round(runRate.annualBenchmark)
  }
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

/** Sends a table as a CSV or XLSX download. */
export async function sendTable(
  response: HttpContext['response'],
  input: { table: ExportTable; format: 'xlsx' | 'csv'; fileName: string; sheetTitle: string }
) {
  const fileName = input.fileName.replace(/[^\w.-]+/g, '-')
  response.header('Content-Disposition', `attachment; filename="${fileName}.${input.format}"`)
  if (input.format === 'csv') {
    response.header('Content-Type', 'text/csv; charset=utf-8')
    return toCsv(input.table)
  }
  response.header(
    'Content-Type',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  )
  return toXlsx(input.sheetTitle, input.table)
}

/**
 * Sends a benchmark table download: always in one currency (the requested one, else the
 * session's display currency); an unknown currency is refused, never a mixed-currency file.
 */
export async function sendBenchmarkExport(
  response: HttpContext['response'],
  input: {
    rows: Rows
    /** Rows grouped under these contracts, with subtotals (several contracts' exports). */
    contracts?: ContractSummary[]
    today?: string
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
  const grouping =
    input.contracts && input.today ? { contracts: input.contracts, today: input.today } : undefined
  return sendTable(response, {
    table: benchmarkTable(input.rows, target, input.rates, grouping),
    format: input.format,
    fileName: input.fileName,
    sheetTitle: input.sheetTitle,
  })
}

/**
 * A saved scenario as a table: one row per product of its contract period with the drivers it
 * changed, the benchmark and scenario price, then the totals over the period and per year.
 */
export function scenarioTable(detail: ScenarioDetail, code: string) {
  const columns: [string, ColumnType][] = [
    ['Product', 'text'],
    ['Division', 'text'],
    ['Start', 'date'],
    ['End', 'date'],
    ['Drivers (benchmark → scenario)', 'text'],
    [`Benchmark (${code})`, 'money'],
    [`Scenario (${code})`, 'money'],
    [`Change (${code})`, 'money'],
    ['Change %', 'percent'],
    ['Cost change', 'text'],
    ['Note', 'text'],
  ]
  const percent = (change: number, base: number) =>
    base ? Number(((change / base) * 100).toFixed(1)) : null
  const body: Cell[][] = detail.rows.map((row) => [
    row.product,
    row.division,
    calendarDate(row.startDate),
    calendarDate(row.endDate),
    row.drivers
      .map((driver) =>
        driver.changed
          ? `${driver.name}: ${driver.original} → ${driver.scenario}`
          : `${driver.name}: ${driver.original}`
      )
      .join('; '),
    Math.round(row.original),
    Math.round(row.scenario),
    Math.round(row.change),
    percent(row.change, row.original),
    costChangeText(row.change),
    row.status === 'invalid' ? `Original price kept: ${row.reason}` : null,
  ])
  const { totals } = detail
  const contract = detail.contract
  body.push([
    contract
      ? `Contract ${contract.reference} (${contract.license_type}), period from ${detail.periodStart}`
      : 'No benchmarks left to price',
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
  ])
  const footer: Cell[] = [
    'Total',
    null,
    null,
    null,
    null,
    totals.original,
    totals.scenario,
    totals.change,
    percent(totals.change, totals.original),
    costChangeText(totals.change),
    `Per year: ${totals.annualOriginal} → ${totals.annualScenario} ${code}`,
  ]
  return {
    header: columns.map(([label]) => label),
    types: columns.map(([, type]) => type),
    currency: code,
    body,
    footer,
  } satisfies ExportTable
}

/** The cost-change label as the page shows it ("No change", "Potential Saving"). */
function costChangeText(change: number) {
  const label = costChangeLabel(change)
  return label.charAt(0).toUpperCase() + label.slice(1)
}
