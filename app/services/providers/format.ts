/**
 * Money and currency symbols as the Providers pages and alerts write them. A number format is
 * costly to build (it loads the locale's data), so one is kept per currency.
 */
const formats = new Map<string, Intl.NumberFormat>()
const symbols = new Map<string, string>()

function formatFor(code: string) {
  let format = formats.get(code)
  if (!format) {
    format = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: code,
      maximumFractionDigits: 0,
    })
    formats.set(code, format)
  }
  return format
}

export function moneyFormatter(code: string) {
  const format = formatFor(code)
  return (amount: number) => format.format(amount)
}

export function currencySymbol(code: string) {
  let symbol = symbols.get(code)
  if (symbol === undefined) {
    symbol =
      formatFor(code)
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? code
    symbols.set(code, symbol)
  }
  return symbol
}
