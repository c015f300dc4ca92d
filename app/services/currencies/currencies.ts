import Currency from '#models/currency'

export async function listCurrencies() {
  return Currency.query().orderBy('code', 'asc')
}

/**
 * The currency amounts are shown in: the one chosen in this session, else the team's own.
 */
export function selectedCurrencyFor(
  currencies: Currency[],
  sessionCurrencyId: unknown,
  teamCurrencyId: number | undefined
) {
  const chosen = Number(sessionCurrencyId)
  return (
    currencies.find((currency) => currency.id === chosen) ??
    currencies.find((currency) => currency.id === teamCurrencyId) ??
    null
  )
}
