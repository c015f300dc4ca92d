import ExcelJS from 'exceljs'
import { convert, type ExchangeRate } from '#shared/currency_conversion'
import type { productBenchmarks } from '#services/market_data/benchmarks'

type Rows = Awaited<ReturnType<typeof productBenchmarks>>['productBenchmarks']
type Cell = string | number | null

function driverText(driver: Rows[number]['drivers'][number]) {
  if (driver.is_numeric) return `${driver.name}: ${driver.pivot.value ?? '—'}`
  const option = driver.driver_options.find((entry) => entry.id === driver.pivot.driver_option_id)
  return `${driver.name}: ${option?.label ?? '—'}`
}

/**
 * The benchmark table as the page shows it, amounts converted into the chosen currency.
 */
export function benchmarkTable(
  rows: Rows,
  currency: { id: number; code: string } | null,
  rates: ExchangeRate[]
) {
  const inCurrency = (amount: number | null, fromId: number | null) =>
    currency === null ? amount : convert(amount, fromId, currency.id, rates)
  const code = currency?.code ?? 'original currency'
  const header = [
    'Product',
    'Division',
    'Start',
    'End',
    'License type',
    `Payment (${code})`,
    `Benchmark (${code})`,
    `Difference (${code})`,
    'Difference %',
    'Drivers',
    'Sub products',
  ]
  const body: Cell[][] = rows.map((row) => {
    const payment = inCurrency(row.payment, row.currency_id)
    const benchmark = inCurrency(row.benchmark_price, row.currency_id)
    const difference = payment !== null && benchmark !== null ? payment - benchmark : null
    return [
      row.product.name,
      row.division,
      row.start_date,
      row.end_date,
      row.contract.license_type,
      payment === null ? null : Math.round(payment),
      benchmark === null ? null : Math.round(benchmark),
      difference === null ? null : Math.round(difference),
      difference !== null && benchmark ? Number(((difference / benchmark) * 100).toFixed(1)) : null,
      row.drivers.map(driverText).join('; '),
      row.sub_product_benchmarks.map((sub) => sub.name).join('; '),
    ]
  })
  return { header, body }
}

export function toCsv({ header, body }: { header: string[]; body: Cell[][] }) {
  return [header, ...body]
    .map((row) =>
      row
        .map((cell) => {
          const text = cell === null ? '' : String(cell)
          // Quote separators, and neutralise spreadsheet formulas in text cells.
          const safe = /^[=+\-@]/.test(text) && typeof cell === 'string' ? `'${text}` : text
          return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
        })
        .join(',')
    )
    .join('\n')
}

export async function toXlsx(
  title: string,
  { header, body }: { header: string[]; body: Cell[][] }
) {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Spendlens'
  const sheet = workbook.addWorksheet(title.slice(0, 31))
  sheet.addRow(header).font = { bold: true }
  for (const row of body) sheet.addRow(row)
  sheet.columns.forEach((column, index) => {
    column.width = index === 9 ? 48 : index === 0 ? 28 : 16
  })
  sheet.views = [{ state: 'frozen', ySplit: 1 }]
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
