import { amountError, isBlankAmount } from './amounts.js'
import { aumRangeLabel } from './money.js'

/**
 * The rules of one rate card cell (a product in an AUM range), shared by the editor page and
 * the server, so that both name the product and the range the same way.
 */
export interface RateCardCell {
  min_benchmark: unknown
  avg_benchmark: unknown
  max_benchmark: unknown
}

const LABELS = {
  min_benchmark: 'Min',
  avg_benchmark: 'Avg',
  max_benchmark: 'Max',
} as const

/** Where a cell is, as the page shows it: 'Terminal, 0bn - 5bn'. */
export function rateCardCellPlace(
  productName: string,
  range: { min_aum: number; max_aum: number | null }
) {
  return `${productName}, ${aumRangeLabel({ minAum: range.min_aum, maxAum: range.max_aum })}`
}

/** True when none of the three benchmarks is filled: the cell is not part of the card. */
export function isEmptyRateCardCell(cell: RateCardCell) {
  return (
    isBlankAmount(cell.min_benchmark) &&
    isBlankAmount(cell.avg_benchmark) &&
    isBlankAmount(cell.max_benchmark)
  )
}

/**
 * The problems of a cell, keyed by field, each message starting with the cell's place.
 */
export function rateCardCellProblems(cell: RateCardCell, place: string) {
  const problems: { field: keyof RateCardCell; message: string }[] = []
  for (const field of Object.keys(LABELS) as (keyof RateCardCell)[]) {
    const message = isBlankAmount(cell[field])
      ? `${LABELS[field]} is required when the range has benchmarks.`
      : amountError(cell[field], { column: 'money', label: LABELS[field], nonNegative: true })
    if (message) problems.push({ field, message: `${place}: ${message}` })
  }
  if (problems.length === 0) {
    const [min, avg, max] = [cell.min_benchmark, cell.avg_benchmark, cell.max_benchmark].map(Number)
    if (!(min <= avg && avg <= max)) {
      problems.push({
        field: 'avg_benchmark',
        message: `${place}: benchmarks must satisfy min ≤ avg ≤ max.`,
      })
    }
  }
  return problems
}
