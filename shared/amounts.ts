/**
 * The one rule for every amount an administrator writes (forms, JSON calls, imports, the pages
 * before sending): a finite number that fits its column's NUMERIC precision and scale, and not
 * negative when it is a price. The column sizes are those of the migrations.
 */
export const NUMERIC_COLUMNS = {
  /** Payments, benchmark prices, sub product prices, rate card benchmarks: NUMERIC(18,2). */
  money: { precision: 18, scale: 2 },
  /** Regression intercepts, coefficients and bounds, driver and option values: NUMERIC(20,6). */
  figure: { precision: 20, scale: 6 },
} as const

export type AmountColumn = keyof typeof NUMERIC_COLUMNS

export interface AmountRule {
  column: AmountColumn
  /** The field's name as the page shows it ('Payment', 'Intercept'). */
  label: string
  /** Prices and payments: zero or more. */
  nonNegative?: boolean
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/
/** A number typed in scientific notation ('1e308', '2.5E-3'), as number inputs accept it. */
const EXPONENT_TEXT = /^-?(\d+(\.\d*)?|\.\d+)e[+-]?\d+$/i

/** The amount as plain decimal text, or null when it is not a number at all. */
function decimalText(value: unknown): string | null {
  if (typeof value === 'string') {
    const text = value.trim()
    if (NUMBER_TEXT.test(text)) return text
    // A number all the same, only written short: judged by its size like any other.
    return EXPONENT_TEXT.test(text) ? decimalText(Number(text)) : null
  }
  if (typeof value !== 'number' || Number.isNaN(value)) return null
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return '1'.padEnd(40, '0')
  const text = String(value)
  // Tiny numbers print as 1e-7: more decimals than any column keeps.
  return text.includes('e') ? value.toFixed(40) : text
}

/**
 * What is wrong with an amount, in the page's words; null when it may be stored.
 */
export function amountError(value: unknown, rule: AmountRule): string | null {
  const { precision, scale } = NUMERIC_COLUMNS[rule.column]
  const text = decimalText(value)
  if (text === null) return `${rule.label} must be a number.`
  const negative = text.startsWith('-')
  const [whole, fraction = ''] = text.replace('-', '').split('.')
  const wholeDigits = whole.replace(/^0+/, '').length
  const decimals = fraction.replace(/0+$/, '').length
  if (negative && rule.nonNegative && (wholeDigits > 0 || decimals > 0)) {
    return `${rule.label} must not be negative.`
  }
  if (wholeDigits > precision - scale) {
    return `${rule.label} is too large: at most ${precision - scale} digits before the decimal point.`
  }
  if (decimals > scale) {
    return `${rule.label} can have at most ${scale} decimal places.`
  }
  return null
}

/** True when the value is blank: nothing typed. */
export function isBlankAmount(value: unknown) {
  return value === null || value === undefined || (typeof value === 'string' && !value.trim())
}
