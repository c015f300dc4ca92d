import { useDates } from '~/hooks/use_dates'
import type { DatedExchangeRate } from '@shared/currency_conversion'

/** The stored rate converting `fromId` into `toId` (direct, else the inverse), with its date. */
function datedRate(rates: DatedExchangeRate[], fromId: number, toId: number) {
  const direct = rates.find(
    (rate) => rate.from_currency_id === fromId && rate.to_currency_id === toId
  )
  if (direct) return { rate: direct.exchange_rate, asOf: direct.as_of }
  const inverse = rates.find(
    (rate) => rate.from_currency_id === toId && rate.to_currency_id === fromId
  )
  if (inverse && inverse.exchange_rate !== 0)
    return { rate: 1 / inverse.exchange_rate, asOf: inverse.as_of }
  return null
}

/**
 * Beside the currency picker: the rate each amount shown was converted with, and the date its
 * set applies from ("1 USD = 0.7900 GBP, rates of 20 Nov 2026").
 */
export function ExchangeRateNote({
  currencies,
  rates,
  displayId,
  fromIds,
}: {
  currencies: { id: number; code: string }[]
  rates: DatedExchangeRate[]
  displayId: number | null
  /** The currencies of the amounts on the page. */
  fromIds: (number | null)[]
}) {
  const dates = useDates()
  const display = currencies.find((entry) => entry.id === displayId)
  if (!display) return null
  const others = [...new Set(fromIds)].filter(
    (id): id is number => id !== null && id !== display.id
  )
  if (others.length === 0) return null
  return (
    <p className="text-xs text-slate-600" data-testid="exchange-rates">
      {others.map((id, index) => {
        const code = currencies.find((entry) => entry.id === id)?.code ?? '?'
        const found = datedRate(rates, id, display.id)
        return (
          <span key={id} className="whitespace-nowrap">
            {index > 0 ? ' · ' : ''}
            {found
              ? `1 ${code} = ${found.rate.toLocaleString('en-GB', { maximumFractionDigits: 4, minimumFractionDigits: 4 })} ${display.code}${found.asOf ? `, rate of ${dates.date(found.asOf)}` : ''}`
              : `No stored rate from ${code} to ${display.code}`}
          </span>
        )
      })}
    </p>
  )
}
