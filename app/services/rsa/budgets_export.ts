import {
  BUDGET_COLUMNS,
  BUDGET_TABLE_COLUMNS,
  PRICE_STATUS_LABELS,
  budgetTotals,
  filterBudgetRows,
  type BudgetColumn,
  type BudgetStatusFilter,
} from '#shared/rsa'
import type { BudgetPage, BudgetRow } from '#services/rsa/budgets'
import type { ColumnType, ExportTable } from '#services/market_data/export'

type Cell = string | number | null

/**
 * The budgets table as the user sees it: the rows the filter keeps, the visible columns in
 * their order (the default eight otherwise), sorted as on screen, amounts in the page's
 * currency, with the totals row of those rows.
 */
export function budgetsExportTable(
  page: BudgetPage,
  options: {
    columns?: BudgetColumn[]
    sort?: BudgetColumn
    direction?: 'asc' | 'desc'
    q?: string
    status?: BudgetStatusFilter
  }
) {
  const columns = options.columns ?? [...BUDGET_COLUMNS]
  const code = page.currency.code
  const money = new Set<BudgetColumn>([
    'budgetAmount',
    'totalBenchmark',
    'totalPayment',
    'myPrice',
    'benchmarkDiff',
  ])
  const header = columns.map((column) =>
    money.has(column) ? `${BUDGET_TABLE_COLUMNS[column]} (${code})` : BUDGET_TABLE_COLUMNS[column]
  )
  const types = columns.map((column): ColumnType =>
    money.has(column) ? 'money' : column === 'benchmarkPercentage' ? 'percent' : 'text'
  )
  const valueOf = (row: BudgetRow, column: BudgetColumn): Cell => {
    switch (column) {
      case 'provider':
        return row.provider
      case 'providerType':
        return row.providerTypeLabel
      case 'status':
        return row.status ? PRICE_STATUS_LABELS[row.status] : null
      case 'priceType':
      case 'accessType':
        return row[column]
      case 'benchmarkPercentage':
        return row.benchmarkPercentage
      default:
        return row[column] === null ? null : Math.round(row[column] as number)
    }
  }
  const rows = filterBudgetRows(page.rows, options)
  const totals = budgetTotals(rows)
  if (options.sort) {
    const key = options.sort
    const sign = options.direction === 'desc' ? -1 : 1
    rows.sort((a, b) => {
      const left = valueOf(a, key)
      const right = valueOf(b, key)
      if (left === right) return 0
      if (left === null) return 1
      if (right === null) return -1
      return (left < right ? -1 : 1) * sign
    })
  }
  const body = rows.map((row) => columns.map((column) => valueOf(row, column)))
  const footer = columns.map((column): Cell => {
    if (column === 'provider') return 'Total'
    if (column === 'benchmarkPercentage') return totals.benchmarkPercentage
    if (!money.has(column)) return null
    // No benchmark or difference when the rows' lines are not all benchmarked: blank, not 0.
    const total = totals[column as 'budgetAmount' | 'totalBenchmark' | 'benchmarkDiff']
    return total === null ? null : Math.round(total)
  })
  return { header, types, currency: code, body, footer } satisfies ExportTable
}
