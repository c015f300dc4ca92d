import { convert, type ExchangeRate } from './currency_conversion.js'

/**
 * The Market Data overview: every market data provider the team holds a contract with, and what
 * its product benchmarks in force today cost a year against their benchmarks.
 */

/** Annual figures of one provider in one currency (the stored amounts, annualised). */
export interface OverviewAmounts {
  currencyId: number
  /** Annualised payments of the rows in force that carry a payment. */
  spend: number
  /** Annualised benchmark prices of the rows in force that carry one. */
  benchmark: number
  /** The same two over the rows carrying both: what the gap compares. */
  comparedSpend: number
  comparedBenchmark: number
}

export interface OverviewProvider {
  id: number
  providerKey: string
  name: string
  logo: string | null
  /** Every contract of the team with the provider, and those in force today. */
  contracts: number
  contractsInForce: number
  /** The first end date on or after today; null when every contract has ended. */
  nextEndDate: string | null
  /** The latest end date of all (when every contract has ended, the day the last one did). */
  lastEndDate: string
  /** The product benchmarks in force today. */
  benchmarksInForce: number
  amounts: OverviewAmounts[]
}

/**
 * The months a benchmark period covers, to the nearest whole month (at least one): a row from
 * 1 January to 31 December is twelve months, a three-year row thirty-six. The overview's SQL
 * computes the same from the dates (`services/market_data/overview.ts`).
 */
export const DAYS_PER_MONTH = 30.4375

export function periodMonths(startDate: string, endDate: string) {
  const days =
    (Date.parse(`${endDate.slice(0, 10)}T00:00:00Z`) -
      Date.parse(`${startDate.slice(0, 10)}T00:00:00Z`)) /
      86_400_000 +
    1
  return Math.max(1, Math.round(days / DAYS_PER_MONTH))
}

/** An amount for a period as a year of it: amount × 12 ÷ the period's months. */
export function annualised(amount: number, startDate: string, endDate: string) {
  return (amount * 12) / periodMonths(startDate, endDate)
}

export interface OverviewFigures {
  spend: number
  benchmark: number
  /** Spend above (positive) or below the benchmark, over the rows carrying both. */
  gap: number | null
  /** The gap as a share of the compared benchmark, × 100. */
  gapPercent: number | null
  /** Ids of currencies without a stored rate to the display currency, left out of the sums. */
  unconverted: number[]
}

/**
 * A provider's (or several providers') annual figures in the display currency, converted with
 * the stored rates. Amounts in a currency without a rate are left out and named.
 */
export function overviewFigures(
  amounts: readonly OverviewAmounts[],
  currencyId: number,
  rates: ExchangeRate[]
): OverviewFigures {
  let spend = 0
  let benchmark = 0
  let comparedSpend = 0
  let comparedBenchmark = 0
  let compared = false
  const unconverted: number[] = []
  for (const entry of amounts) {
    const at = (value: number) => convert(value, entry.currencyId, currencyId, rates)
    const values = [
      at(entry.spend),
      at(entry.benchmark),
      at(entry.comparedSpend),
      at(entry.comparedBenchmark),
    ]
    if (values.some((value) => value === null)) {
      if (!unconverted.includes(entry.currencyId)) unconverted.push(entry.currencyId)
      continue
    }
    const [s, b, cs, cb] = values as number[]
    spend += s
    benchmark += b
    comparedSpend += cs
    comparedBenchmark += cb
    if (entry.comparedBenchmark !== 0 || entry.comparedSpend !== 0) compared = true
  }
  const gap = compared ? comparedSpend - comparedBenchmark : null
  return {
    spend,
    benchmark,
    gap,
    gapPercent: gap !== null && comparedBenchmark !== 0 ? (gap / comparedBenchmark) * 100 : null,
    unconverted,
  }
}
