import {
  ProviderPage,
  type ProviderLists,
  type ProviderRecord,
} from '~/components/market_data/provider_page'
import { Card } from '~/components/ui/card'
import { CurrencySelect } from '~/components/market_data/currency_select'
import { useDisplayCurrency } from '~/hooks/use_display_currency'
import { useDates } from '~/hooks/use_dates'
import { abbreviateAmount, aumRangeLabel } from '@shared/money'
import { convert, type ExchangeRate } from '@shared/currency_conversion'

interface RateCard {
  id: number
  asOfDate: string
  providerComment: string | null
  currency: { id: number; code: string }
  aumRanges: { id: number; minAum: number; maxAum: number | null }[]
  categories: {
    id: number
    name: string
    comment: string | null
    products: {
      id: number
      name: string
      ranges: {
        aumRangeId: number
        min: number
        avg: number
        max: number
        comment: string | null
        assumptions: string[]
      }[]
    }[]
  }[]
}

interface Props {
  provider: ProviderRecord
  providers: ProviderLists
  rateCard: RateCard | null
  currencies: { id: number; code: string; name: string }[]
  selectedCurrencyId: number | null
  exchangeRates: ExchangeRate[]
}

export default function RateCardPage({
  provider,
  providers,
  rateCard,
  currencies,
  selectedCurrencyId,
  exchangeRates,
}: Props) {
  const [currencyId, setCurrencyId] = useDisplayCurrency(selectedCurrencyId)
  const dates = useDates()
  const shown = currencies.find((entry) => entry.id === currencyId) ?? rateCard?.currency ?? null
  /** A rate card amount in the display currency (its own currency when no rate is stored). */
  const amount = (value: number) => {
    if (!rateCard || !shown) return abbreviateAmount(value)
    const converted = convert(value, rateCard.currency.id, shown.id, exchangeRates)
    return converted === null
      ? abbreviateAmount(value, rateCard.currency.code)
      : abbreviateAmount(converted)
  }
  return (
    <ProviderPage
      title={`${provider.name} rate card`}
      provider={provider}
      providers={providers}
      current="rate-card"
      showRateCard={provider.hasRateCard}
    >
      <div className="mb-4 flex justify-end">
        <CurrencySelect currencies={currencies} value={currencyId} onChange={setCurrencyId} />
      </div>
      {!rateCard ? (
        <Card>
          <p className="text-sm text-slate-600">
            There is no rate card for {provider.name} for firms like yours yet.
          </p>
        </Card>
      ) : (
        <div className="space-y-6">
          <Card padding="sm">
            <dl className="grid gap-4 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-500">As of</dt>
                <dd className="font-medium">{dates.date(rateCard.asOfDate)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Currency</dt>
                <dd className="font-medium">
                  {shown?.code ?? rateCard.currency.code}
                  {shown && shown.id !== rateCard.currency.id
                    ? ` (converted from ${rateCard.currency.code} at the stored rate)`
                    : ''}
                </dd>
              </div>
              <div className="sm:col-span-3">
                <dt className="text-slate-500">Provider comment</dt>
                <dd>{rateCard.providerComment ?? '—'}</dd>
              </div>
            </dl>
          </Card>
          {rateCard.categories.map((category) => (
            <section key={category.id}>
              <h2 className="text-lg font-semibold text-slate-900">{category.name}</h2>
              {category.comment ? (
                <p className="mb-3 text-sm text-slate-600">{category.comment}</p>
              ) : null}
              <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
                <table
                  className="min-w-full divide-y divide-slate-200 text-sm"
                  data-testid="rate-card-table"
                >
                  <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
                    <tr>
                      <th scope="col" className="px-4 py-3">
                        Product
                      </th>
                      {rateCard.aumRanges.map((range) => (
                        <th key={range.id} scope="col" className="px-4 py-3 text-right normal-case">
                          {aumRangeLabel(range)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {category.products.map((product) => (
                      <tr key={product.id} className="align-top">
                        <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900">
                          {product.name}
                        </th>
                        {rateCard.aumRanges.map((range) => {
                          const cell = product.ranges.find((entry) => entry.aumRangeId === range.id)
                          return (
                            <td key={range.id} className="px-3 py-3 text-right">
                              {cell ? (
                                <>
                                  <div className="font-mono font-semibold">{amount(cell.avg)}</div>
                                  <div className="font-mono text-xs whitespace-nowrap text-slate-500">
                                    {amount(cell.min)} – {amount(cell.max)}
                                  </div>
                                  <div className="mt-1 text-xs text-slate-500">
                                    {cell.assumptions.join(', ')}
                                  </div>
                                  {cell.comment ? (
                                    <p
                                      className="mt-1 text-left text-xs text-slate-700 italic"
                                      data-testid="rate-card-comment"
                                    >
                                      {cell.comment}
                                    </p>
                                  ) : null}
                                </>
                              ) : (
                                <span className="text-slate-500">—</span>
                              )}
                            </td>
                          )
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ))}
          <p className="text-xs text-slate-500">
            Average with the min–max range of observed prices, in{' '}
            {shown?.code ?? rateCard.currency.code}, per assets under management.
          </p>
        </div>
      )}
    </ProviderPage>
  )
}
