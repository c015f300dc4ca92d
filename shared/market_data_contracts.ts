/**
 * Market data figures tied to the contract they belong to: contract terms, annualised amounts,
 * per-contract subtotals, the run rate that may be added across contracts, and the one contract
 * period a scenario prices. Dates are calendar dates (YYYY-MM-DD). Pure: shared by the pages,
 * exports and the server.
 */
import { annualised, periodMonths } from './market_data_overview.js'

/** A contract of the team with a provider, as the contracts call returns it. */
export interface ContractSummary {
  id: number
  reference: string
  start_date: string
  end_date: string
  license_type_id: number
  license_type: string
}

/**
 * The contracts of benchmark rows (each row carries its contract), newest first: what a page or
 * export of those rows groups them under.
 */
export function contractsOfRows(
  rows: {
    contract_id: number
    contract: Omit<ContractSummary, 'id'>
  }[]
): ContractSummary[] {
  const byId = new Map<number, ContractSummary>()
  for (const row of rows) {
    if (!byId.has(row.contract_id))
      byId.set(row.contract_id, { id: row.contract_id, ...row.contract })
  }
  return [...byId.values()].sort((a, b) => b.start_date.localeCompare(a.start_date) || b.id - a.id)
}

/** A term's length in words: "3 years", "1 year", "18 months", "1 month". */
export function termLength(start: string, end: string) {
  const months = periodMonths(start, end)
  if (months % 12 === 0) return months === 12 ? '1 year' : `${months / 12} years`
  return months === 1 ? '1 month' : `${months} months`
}

/**
 * What an amount for a whole term costs per year (a three-year payment of 300 is 100 a year),
 * by the overview's rule: amount × 12 ÷ the term's whole months. Null stays null.
 */
export function annualise(amount: number | null, start: string, end: string) {
  if (amount === null) return null
  return annualised(amount, start, end)
}

/** A row's amounts (already in the display currency) and its own period. */
export interface ContractFigureRow {
  contractId: number
  startDate: string
  endDate: string
  payment: number | null
  benchmark: number | null
}

export interface FigureTotals {
  payment: number
  benchmark: number
  difference: number
  /** Difference over benchmark, in percent; null without a benchmark. */
  differencePercent: number | null
  annualPayment: number
  annualBenchmark: number
  annualDifference: number
  rows: number
}

/**
 * Totals of rows: the amounts over each row's own period, and the same per year (each row
 * annualised over its own period before adding, so a one-year row and a three-year row add up
 * to what a year costs).
 */
export function totalsOf(rows: ContractFigureRow[]): FigureTotals {
  let payment = 0
  let benchmark = 0
  let annualPayment = 0
  let annualBenchmark = 0
  for (const row of rows) {
    payment += row.payment ?? 0
    benchmark += row.benchmark ?? 0
    annualPayment += annualise(row.payment, row.startDate, row.endDate) ?? 0
    annualBenchmark += annualise(row.benchmark, row.startDate, row.endDate) ?? 0
  }
  return {
    payment,
    benchmark,
    difference: payment - benchmark,
    differencePercent: benchmark ? ((payment - benchmark) / benchmark) * 100 : null,
    annualPayment,
    annualBenchmark,
    annualDifference: annualPayment - annualBenchmark,
    rows: rows.length,
  }
}

export interface ContractGroup<T> {
  contract: ContractSummary
  rows: T[]
  totals: FigureTotals
}

/**
 * Rows grouped under their contract, in the contracts' order (newest first), each with its
 * subtotal. Contracts without rows are left out; rows of a contract not listed are too.
 */
export function groupByContract<T>(
  rows: T[],
  contracts: ContractSummary[],
  figures: (row: T) => ContractFigureRow
): ContractGroup<T>[] {
  return contracts.flatMap((contract) => {
    const own = rows.filter((row) => figures(row).contractId === contract.id)
    if (own.length === 0) return []
    return [{ contract, rows: own, totals: totalsOf(own.map(figures)) }]
  })
}

/**
 * The one figure that may be added across contracts: what a year costs for the rows in force on
 * a day (each annualised over its own period). Adding whole contract totals would count an
 * upcoming renewal on top of the contract it replaces, and a three-year term against a one-year
 * one. Null when no row is in force that day.
 */
export function runRateOn(rows: ContractFigureRow[], day: string) {
  const inForce = rows.filter((row) => row.startDate <= day && row.endDate >= day)
  if (inForce.length === 0) return null
  const totals = totalsOf(inForce)
  return {
    day,
    rows: inForce.length,
    contracts: new Set(inForce.map((row) => row.contractId)).size,
    annualPayment: totals.annualPayment,
    annualBenchmark: totals.annualBenchmark,
    annualDifference: totals.annualDifference,
  }
}

/** A benchmark row as scenario analysis selects it. */
export interface PeriodRow {
  id: number
  contract_id: number
  product: { id: number }
  division: string | null
  start_date: string
  end_date: string
}

export interface ContractPeriod {
  /** The day the period starts: its rows are those in force that day. */
  start: string
  /** The latest end among its rows. */
  end: string
}

/**
 * The row of each product (and division) in force on a day, within one contract: a product
 * renewed by year within a contract has a row per year, and a scenario counts it once. When
 * rows overlap, the one that started last is the one in force.
 */
export function rowsInForce<T extends PeriodRow>(rows: T[], contractId: number, day: string): T[] {
  const chosen = new Map<string, T>()
  for (const row of rows) {
    if (row.contract_id !== contractId) continue
    if (row.start_date > day || row.end_date < day) continue
    const key = `${row.product.id}|${row.division ?? ''}`
    const current = chosen.get(key)
    if (!current || row.start_date > current.start_date) chosen.set(key, row)
  }
  return rows.filter((row) => chosen.get(`${row.product.id}|${row.division ?? ''}`) === row)
}

/**
 * A contract's periods: one per day on which one of its rows starts, each with the rows in
 * force that day. Oldest first.
 */
export function contractPeriods<T extends PeriodRow>(
  rows: T[],
  contractId: number
): ContractPeriod[] {
  const starts = [
    ...new Set(rows.filter((row) => row.contract_id === contractId).map((row) => row.start_date)),
  ].sort()
  return starts.map((start) => {
    const inForce = rowsInForce(rows, contractId, start)
    return {
      start,
      end:
        inForce
          .map((row) => row.end_date)
          .sort()
          .at(-1) ?? start,
    }
  })
}

/**
 * The period a contract's scenario opens on: the one in force today (the latest started), else
 * the next to start, else the last.
 */
export function defaultPeriod(periods: ContractPeriod[], today: string) {
  const started = periods.filter((period) => period.start <= today && period.end >= today)
  if (started.length) return started.at(-1)!
  return periods.find((period) => period.start > today) ?? periods.at(-1) ?? null
}

/**
 * The contract and period a set of benchmark rows was priced on (a saved scenario's rows): the
 * contract holding most of them, and the latest start among its rows. Null for no rows.
 */
export function basisOfRows<T extends PeriodRow>(rows: T[]) {
  if (rows.length === 0) return null
  const counts = new Map<number, number>()
  for (const row of rows) counts.set(row.contract_id, (counts.get(row.contract_id) ?? 0) + 1)
  const [contractId] = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]
  const start = rows
    .filter((row) => row.contract_id === contractId)
    .map((row) => row.start_date)
    .sort()
    .at(-1)!
  return { contractId, periodStart: start }
}

/**
 * Where a benchmark price comes from: the regression fitted on peer contracts for the product
 * and license type, or an analyst's review where no regression exists.
 */
export type BenchmarkSource = 'regression' | 'analyst'

export const BENCHMARK_SOURCE_LABELS: Record<BenchmarkSource, string> = {
  regression: 'Regression on peer contracts',
  analyst: 'Analyst review',
}
