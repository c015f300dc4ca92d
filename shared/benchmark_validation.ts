import { amountError } from './amounts.js'

/**
 * The validation rules of the admin product benchmark editor, shared by the page (before
 * saving) and the server (before writing): one rule set, one set of messages.
 */

export interface SubProductDraft {
  name: string | null | undefined
  benchmark_price: unknown
  currency_id: number | null | undefined
}

export interface ProductBenchmarkDraft {
  product_id: number | null | undefined
  /** The chosen product's name; blank when no product is chosen. */
  product_name: string | null | undefined
  start_date: string | null | undefined
  end_date: string | null | undefined
  payment: unknown
  benchmark_price: unknown
  currency_id: number | null | undefined
  sub_product_benchmarks: SubProductDraft[]
}

export const BENCHMARK_MESSAGES = {
  product: 'Choose a product.',
  payment: 'Payment must be a number.',
  benchmarkPrice: 'Benchmark price must be a number.',
  currency: 'Choose the currency of the amounts.',
  startDate: 'Start date must be a date.',
  endDate: 'End date must be a date on or after the start date.',
  subName: 'Sub product name is required.',
  subPrice: 'Sub product price must be a whole number.',
  subCurrency: 'Choose the sub product currency.',
  additionalYearNeedsEnd: 'Set the end date first: the additional year starts the day after it.',
} as const

/** A number, or a string holding one ('1200', '1200.50'); blanks are not numeric. */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value)
  if (typeof value !== 'string') return false
  const text = value.trim()
  return text !== '' && /^-?\d+(\.\d+)?$/.test(text)
}

function isSet(value: unknown) {
  return (
    value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '')
  )
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/**
 * The problems of one product benchmark, keyed by field (`sub_product_benchmarks.{i}.{field}`
 * for sub products); empty when it may be saved.
 */
export function productBenchmarkErrors(draft: ProductBenchmarkDraft): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!draft.product_id || !draft.product_name?.trim())
    errors.product_id = BENCHMARK_MESSAGES.product
  const payment = amountError(draft.payment, {
    column: 'money',
    label: 'Payment',
    nonNegative: true,
  })
  if (payment) errors.payment = payment
  const price = amountError(draft.benchmark_price, {
    column: 'money',
    label: 'Benchmark price',
    nonNegative: true,
  })
  if (price) errors.benchmark_price = price
  if ((isSet(draft.payment) || isSet(draft.benchmark_price)) && !draft.currency_id) {
    errors.currency_id = BENCHMARK_MESSAGES.currency
  }
  if (!isIsoDate(draft.start_date)) errors.start_date = BENCHMARK_MESSAGES.startDate
  if (
    !isIsoDate(draft.end_date) ||
    (isIsoDate(draft.start_date) && draft.end_date < draft.start_date)
  ) {
    errors.end_date = BENCHMARK_MESSAGES.endDate
  }
  draft.sub_product_benchmarks.forEach((sub, index) => {
    const key = `sub_product_benchmarks.${index}`
    if (!sub.name?.trim()) errors[`${key}.name`] = BENCHMARK_MESSAGES.subName
    const subPrice = isNumeric(sub.benchmark_price)
      ? amountError(sub.benchmark_price, {
          column: 'money',
          label: 'Sub product price',
          nonNegative: true,
        })
      : null
    if (subPrice) errors[`${key}.benchmark_price`] = subPrice
    else if (!isNumeric(sub.benchmark_price) || !Number.isInteger(Number(sub.benchmark_price))) {
      errors[`${key}.benchmark_price`] = BENCHMARK_MESSAGES.subPrice
    }
    if (!sub.currency_id) errors[`${key}.currency_id`] = BENCHMARK_MESSAGES.subCurrency
  })
  return errors
}

/**
 * 'Additional year': the next period starts the day after the previous end date and lasts a
 * year; prices are reset (payment, benchmark price, sub product prices).
 */
export function additionalYearDates(previousEndDate: string | null | undefined) {
  // A blank or partial end date: there is no 'after' to start from.
  if (!isIsoDate(previousEndDate)) return null
  const start = new Date(`${previousEndDate}T00:00:00Z`)
  start.setUTCDate(start.getUTCDate() + 1)
  const end = new Date(start)
  end.setUTCFullYear(end.getUTCFullYear() + 1)
  end.setUTCDate(end.getUTCDate() - 1)
  return { start_date: start.toISOString().slice(0, 10), end_date: end.toISOString().slice(0, 10) }
}

/**
 * How a benchmark period overruns its contract's term, or null when it lies within it (or its
 * dates are not complete yet).
 */
export function outsideTerm(
  period: { start_date: string | null | undefined; end_date: string | null | undefined },
  term: { startDate: string; endDate: string }
) {
  if (!isIsoDate(period.start_date) || !isIsoDate(period.end_date)) return null
  const before = period.start_date < term.startDate
  const after = period.end_date > term.endDate
  if (!before && !after) return null
  return {
    startDate: before ? period.start_date : term.startDate,
    endDate: after ? period.end_date : term.endDate,
    message: `${period.start_date} → ${period.end_date} lies outside the contract term (${term.startDate} → ${term.endDate}).`,
  }
}

export function saveFailureMessage(failures: number) {
  return `Failed to save ${failures} product benchmark(s).`
}
