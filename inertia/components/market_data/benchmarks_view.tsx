import { useMemo, type ReactNode } from 'react'
import { useDisplayCurrency } from '~/hooks/use_display_currency'
import { Card } from '~/components/ui/card'
import { CurrencySelect } from '~/components/market_data/currency_select'
import { cn } from '~/lib/cn'
import { convert, type ExchangeRate } from '@shared/currency_conversion'
import { abbreviateAmount } from '@shared/money'
import { driverText, type DisplayDriver } from '@shared/driver_text'
import { useDates } from '~/hooks/use_dates'

export interface Driver {
  id: number
  name: string
  is_numeric: boolean
  driver_options: { id: number; label: string; value: number }[]
  pivot: { value: number | null; driver_option_id: number | null; has_note: boolean }
}

export interface ProductBenchmark {
  id: number
  contract_id: number
  product: { id: number; name: string; product_type_id: number }
  division: string | null
  start_date: string
  end_date: string
  payment: number | null
  benchmark_price: number | null
  benchmark_difference: number | null
  currency_id: number | null
  contract: { license_type_id: number; license_type: string }
  drivers: Driver[]
  sub_product_benchmarks: {
    id: number
    name: string
    benchmark_price: number
    currency: { id: number; code: string }
    drivers: DisplayDriver[]
  }[]
}

interface BenchmarksViewProps {
  productBenchmarks: ProductBenchmark[]
  currencies: { id: number; code: string; name: string }[]
  exchangeRates: ExchangeRate[]
  /** The session's display currency (the page's `selectedCurrencyId`). */
  selectedCurrencyId: number | null
  /** Where the visible table downloads from, for the chosen currency. */
  exportHref?: (format: 'xlsx' | 'csv', currencyId: number | null) => string
  emptyText: string
  /** Filters shown above the table (tabs, contract chips). */
  filters?: ReactNode
}

/**
 * The benchmark table shared by market data and alternative data: amounts converted into the
 * chosen currency with the stored rates, abbreviated, totalled and exportable as shown.
 */
export function BenchmarksView({
  productBenchmarks,
  currencies,
  exchangeRates,
  selectedCurrencyId,
  exportHref,
  emptyText,
  filters,
}: BenchmarksViewProps) {
  const dates = useDates()
  const [currencyId, setCurrencyId] = useDisplayCurrency(selectedCurrencyId)
  const currency = currencies.find((entry) => entry.id === currencyId) ?? null

  const rows = useMemo(
    () =>
      productBenchmarks.map((row) => {
        const inCurrency = (amount: number | null) =>
          currencyId === null ? amount : convert(amount, row.currency_id, currencyId, exchangeRates)
        const payment = inCurrency(row.payment)
        const benchmark = inCurrency(row.benchmark_price)
        const difference = payment !== null && benchmark !== null ? payment - benchmark : null
        const percentage = difference !== null && benchmark ? (difference / benchmark) * 100 : null
        return { row, payment, benchmark, difference, percentage }
      }),
    [productBenchmarks, currencyId, exchangeRates]
  )

  const totals = rows.reduce(
    (sum, entry) => ({
      payment: sum.payment + (entry.payment ?? 0),
      benchmark: sum.benchmark + (entry.benchmark ?? 0),
    }),
    { payment: 0, benchmark: 0 }
  )

  const money = (amount: number | null) => (amount === null ? '—' : abbreviateAmount(amount))

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
        <div>{filters}</div>
        <div className="flex items-center gap-3">
          <CurrencySelect currencies={currencies} value={currencyId} onChange={setCurrencyId} />
          {exportHref ? (
            <>
              <a
                href={exportHref('xlsx', currencyId)}
                className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Export XLSX
              </a>
              <a
                href={exportHref('csv', currencyId)}
                className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Export CSV
              </a>
            </>
          ) : null}
        </div>
      </div>
      {rows.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">{emptyText}</p>
        </Card>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table
            className="min-w-full divide-y divide-slate-200 text-sm"
            data-testid="benchmarks-table"
          >
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-3">
                  Product
                </th>
                <th scope="col" className="px-3 py-3">
                  Term
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  Payment
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  Benchmark
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  Difference
                </th>
                <th scope="col" className="px-3 py-3">
                  Drivers
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map(({ row, payment, benchmark, difference, percentage }) => (
                <tr key={row.id} className="align-top">
                  <td className="px-3 py-3">
                    <div className="font-medium text-slate-900">{row.product.name}</div>
                    {row.division ? (
                      <div className="text-xs text-slate-500">{row.division}</div>
                    ) : null}
                    {row.sub_product_benchmarks.length > 0 ? (
                      <ul className="mt-1 text-xs text-slate-500">
                        {row.sub_product_benchmarks.map((sub) => (
                          <li key={sub.id}>
                            {sub.name}:{' '}
                            {money(
                              currencyId === null
                                ? sub.benchmark_price
                                : convert(
                                    sub.benchmark_price,
                                    sub.currency.id,
                                    currencyId,
                                    exchangeRates
                                  )
                            )}
                            {sub.drivers.length > 0 ? (
                              <span className="block pl-2">
                                {sub.drivers.map(driverText).join(' · ')}
                              </span>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                  <td className="px-3 py-3 text-slate-700">
                    <div className="whitespace-nowrap">{dates.date(row.start_date)} →</div>
                    <div className="whitespace-nowrap">{dates.date(row.end_date)}</div>
                    <div className="text-xs text-slate-500">{row.contract.license_type}</div>
                  </td>
                  <td className="px-3 py-3 text-right font-mono">{money(payment)}</td>
                  <td className="px-3 py-3 text-right font-mono">{money(benchmark)}</td>
                  <td
                    className={cn(
                      'px-4 py-3 text-right font-mono whitespace-nowrap',
                      difference !== null && difference > 0 ? 'text-red-700' : 'text-emerald-700'
                    )}
                  >
                    {money(difference)}
                    {percentage !== null ? (
                      <div className="text-xs">{percentage.toFixed(1)}%</div>
                    ) : null}
                  </td>
                  <td className="px-3 py-3 text-xs text-slate-600">
                    {row.drivers.map((driver) => (
                      <div key={driver.id}>{driverText(driver)}</div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="bg-slate-50 font-semibold">
              <tr>
                <td className="px-3 py-3" colSpan={2}>
                  Total in {currency?.code ?? 'original currencies'}
                </td>
                <td className="px-3 py-3 text-right font-mono">{money(totals.payment)}</td>
                <td className="px-3 py-3 text-right font-mono">{money(totals.benchmark)}</td>
                <td className="px-3 py-3 text-right font-mono">
                  {money(totals.payment - totals.benchmark)}
                </td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  )
}
