/** Money and currency symbols as the Providers pages and alerts write them. */
export function moneyFormatter(code: string) {
  const format = new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: code,
    maximumFractionDigits: 0,
  })
  return (amount: number) => format.format(amount)
}

export function currencySymbol(code: string) {
  return (
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: code })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? code
  )
}
