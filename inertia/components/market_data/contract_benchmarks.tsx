import { useMemo, useState, type ReactNode } from 'react'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { Card } from '~/components/ui/card'
import { CurrencySelect } from '~/components/market_data/currency_select'
import { ExchangeRateNote } from '~/components/market_data/exchange_rate_note'
import type { ProductBenchmark } from '~/components/market_data/benchmarks_view'
import { useDisplayCurrency } from '~/hooks/use_display_currency'
import { useDates } from '~/hooks/use_dates'
import { convert, type DatedExchangeRate } from '@shared/currency_conversion'
import { abbreviateAmount } from '@shared/money'
import { driverText } from '@shared/driver_text'
import {
  annualise,
  BENCHMARK_SOURCE_LABELS,
  groupByContract,
  runRateOn,
  termLength,
  type BenchmarkSource,
  type ContractFigureRow,
  type ContractSummary,
  type FigureTotals,
} from '@shared/market_data_contracts'

export type ContractBenchmark = ProductBenchmark & { source: BenchmarkSource; as_of: string }

interface Line {
  row: ContractBenchmark
  payment: number | null
  benchmark: number | null
  difference: number | null
  percent: number | null
  annualPayment: number | null
  /** The sub products with their benchmark price in the display currency and their drivers. */
  subProducts: { id: number; name: string; price: number | null; drivers: string }[]
}

/** Which rows the difference filter keeps. */
const DIFFERENCE_FILTERS = [
  { key: 'all', label: 'Any difference' },
  { key: 'above', label: 'Paying above benchmark' },
  { key: 'above-10', label: 'More than 10% above' },
  { key: 'below', label: 'Paying below benchmark' },
] as const
type DifferenceFilter = (typeof DIFFERENCE_FILTERS)[number]['key']

function keepsDifference(filter: DifferenceFilter, percent: number | null) {
  if (filter === 'all') return true
  if (percent === null) return false
  if (filter === 'above') return percent > 0
  if (filter === 'above-10') return percent > 10
  return percent < 0
}

/**
 * The market data benchmark tables, contract by contract: each contract named (reference,
 * license type, term) with its own subtotal over its rows' periods and per year; across
 * contracts only the yearly cost of what is in force today is added up. Rows sort by any
 * column and filter by product, division and difference; amounts abbreviate or show in full.
 */
export function ContractBenchmarks({
  rows,
  contracts,
  currencies,
  exchangeRates,
  selectedCurrencyId,
  today,
  toolbar,
  emptyText,
}: {
  rows: ContractBenchmark[]
  contracts: ContractSummary[]
  currencies: { id: number; code: string; name: string }[]
  exchangeRates: DatedExchangeRate[]
  selectedCurrencyId: number | null
  today: string
  /** Export links, shown beside the currency picker. */
  toolbar?: (currencyId: number | null) => ReactNode
  emptyText: string
}) {
  const dates = useDates()
  const [currencyId, setCurrencyId] = useDisplayCurrency(selectedCurrencyId)
  const currency = currencies.find((entry) => entry.id === currencyId) ?? null
  const [fullAmounts, setFullAmounts] = useState(false)
  const [search, setSearch] = useState('')
  const [division, setDivision] = useState('')
  const [difference, setDifference] = useState<DifferenceFilter>('all')

  const lines = useMemo<Line[]>(
    () =>
      rows.map((row) => {
        const inCurrency = (amount: number | null) =>
          currencyId === null ? amount : convert(amount, row.currency_id, currencyId, exchangeRates)
        const payment = inCurrency(row.payment)
        const benchmark = inCurrency(row.benchmark_price)
        const diff = payment !== null && benchmark !== null ? payment - benchmark : null
        return {
          row,
          payment,
          benchmark,
          difference: diff,
          percent: diff !== null && benchmark ? (diff / benchmark) * 100 : null,
          annualPayment: annualise(payment, row.start_date, row.end_date),
          subProducts: row.sub_product_benchmarks.map((sub) => ({
            id: sub.id,
            name: sub.name,
            price:
              currencyId === null
                ? sub.benchmark_price
                : convert(sub.benchmark_price, sub.currency.id, currencyId, exchangeRates),
            drivers: sub.drivers.map(driverText).join(' · '),
          })),
        }
      }),
    [rows, currencyId, exchangeRates]
  )
  const divisions = useMemo(
    () => [...new Set(rows.map((row) => row.division).filter(Boolean) as string[])].sort(),
    [rows]
  )
  const needle = search.trim().toLowerCase()
  const shown = lines.filter(
    (line) =>
      (!needle || line.row.product.name.toLowerCase().includes(needle)) &&
      (!division || line.row.division === division) &&
      keepsDifference(difference, line.percent)
  )
  const filtered = shown.length !== lines.length
  const figures = (line: Line): ContractFigureRow => ({
    contractId: line.row.contract_id,
    startDate: line.row.start_date,
    endDate: line.row.end_date,
    payment: line.payment,
    benchmark: line.benchmark,
  })
  const groups = groupByContract(shown, contracts, figures)
  const runRate = runRateOn(shown.map(figures), today)

  const { money, amountCell, differenceTone } = useMemo(() => {
    const format = (amount: number | null) => {
      if (amount === null) return '—'
      return fullAmounts
        ? amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
        : abbreviateAmount(amount)
    }
    // The full amount is always a hover away.
    const title = (amount: number | null) =>
      amount === null
        ? undefined
        : `${currency?.code ?? ''} ${amount.toLocaleString('en-GB', { maximumFractionDigits: 2 })}`
    return {
      money: format,
      amountCell: (amount: number | null) => <span title={title(amount)}>{format(amount)}</span>,
      differenceTone: (amount: number | null) =>
        amount === null ? '' : amount > 0 ? 'text-red-700' : 'text-emerald-700',
    }
  }, [fullAmounts, currency?.code])

  const columns = useColumns(amountCell, differenceTone, dates.date, dates.range)
  // Each contract's table closes with its own subtotal.
  const columnsFor = (label: string, totals: FigureTotals): DataTableColumn<Line>[] =>
    columns.map((column) => {
      const footer = SUBTOTAL_CELLS[column.id]
      if (column.id === 'product') return { ...column, footer: label }
      if (!footer) return column
      return {
        ...column,
        footer: (
          <span className={footer.tone ? differenceTone(totals.difference) : undefined}>
            {footer.value(totals, money)}
          </span>
        ),
      }
    })

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filter benchmarks">
          <label className="text-sm">
            <span className="block text-slate-600">Product</span>
            <input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search products"
              className="mt-1 w-44 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            />
          </label>
          <label className="text-sm">
            <span className="block text-slate-600">Division</span>
            <select
              value={division}
              onChange={(event) => setDivision(event.target.value)}
              className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              <option value="">All divisions</option>
              {divisions.map((entry) => (
                <option key={entry} value={entry}>
                  {entry}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="block text-slate-600">Difference</span>
            <select
              value={difference}
              onChange={(event) => setDifference(event.target.value as DifferenceFilter)}
              className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              {DIFFERENCE_FILTERS.map((entry) => (
                <option key={entry.key} value={entry.key}>
                  {entry.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 pb-1.5 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={fullAmounts}
              onChange={(event) => setFullAmounts(event.target.checked)}
              className="size-4 rounded border-slate-300"
            />
            Full amounts
          </label>
        </div>
        <div className="flex flex-col items-end gap-1">
          <div className="flex flex-wrap items-center justify-end gap-3">
            <CurrencySelect currencies={currencies} value={currencyId} onChange={setCurrencyId} />
            {toolbar?.(currencyId)}
          </div>
          <ExchangeRateNote
            currencies={currencies}
            rates={exchangeRates}
            displayId={currencyId}
            fromIds={rows.map((row) => row.currency_id)}
          />
        </div>
      </div>

      {groups.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">
            {filtered && lines.length > 0 ? 'No benchmark matches these filters.' : emptyText}
          </p>
        </Card>
      ) : (
        <div className="space-y-6">
          {groups.map((group) => (
            <section
              key={group.contract.id}
              aria-labelledby={`contract-${group.contract.id}`}
              data-testid="contract-group"
            >
              <ContractHeading
                contract={group.contract}
                totals={group.totals}
                money={money}
                currencyCode={currency?.code}
                range={dates.range}
              />
              <DataTable
                data={group.rows}
                columns={columnsFor(
                  filtered ? `Subtotal of the ${group.rows.length} shown` : 'Subtotal',
                  group.totals
                )}
                caption={`Benchmarks of contract ${group.contract.reference}`}
                getRowId={(line) => String(line.row.id)}
                storageKey="market-data-benchmarks"
                defaultVisibleColumns={DEFAULT_COLUMNS}
                verticalAlign="top"
                density="compact"
                keyboardNavigation={false}
              />
            </section>
          ))}
          <GrandTotal
            runRate={runRate}
            contractCount={groups.length}
            today={dates.date(today)}
            money={money}
            currencyCode={currency?.code}
          />
        </div>
      )}
    </div>
  )
}

function ContractHeading({
  contract,
  totals,
  money,
  currencyCode,
  range,
}: {
  contract: ContractSummary
  totals: FigureTotals
  money: (amount: number | null) => string
  currencyCode?: string
  range: (start: string, end: string) => string
}) {
  return (
    <div className="mb-2 flex flex-wrap items-end justify-between gap-2">
      <div>
        <h2
          id={`contract-${contract.id}`}
          className="text-base font-semibold text-slate-900"
          data-testid="contract-reference"
        >
          {contract.reference}
        </h2>
        <p className="text-xs text-slate-600">
          {contract.license_type} · {range(contract.start_date, contract.end_date)} (
          {termLength(contract.start_date, contract.end_date)})
        </p>
      </div>
      <dl className="flex gap-4 text-right text-xs text-slate-600">
        <div>
          <dt>Subtotal</dt>
          <dd
            className="font-mono text-sm font-semibold text-slate-900"
            data-testid="contract-total"
          >
            {currencyCode} {money(totals.payment)}
          </dd>
        </div>
        <div>
          <dt>Per year</dt>
          <dd className="font-mono text-sm font-semibold text-slate-900">
            {currencyCode} {money(totals.annualPayment)}
          </dd>
        </div>
      </dl>
    </div>
  )
}

function GrandTotal({
  runRate,
  contractCount,
  today,
  money,
  currencyCode,
}: {
  runRate: ReturnType<typeof runRateOn>
  contractCount: number
  today: string
  money: (amount: number | null) => string
  currencyCode?: string
}) {
  return (
    <Card padding="sm">
      <div data-testid="run-rate">
        {runRate ? (
          <>
            <p className="text-sm font-semibold text-slate-900">
              Per year, in force on {today}: {currencyCode} {money(runRate.annualPayment)} against a
              benchmark of {currencyCode} {money(runRate.annualBenchmark)} (
              <span className={runRate.annualDifference > 0 ? 'text-red-700' : 'text-emerald-700'}>
                {runRate.annualDifference > 0 ? '+' : ''}
                {money(runRate.annualDifference)}
              </span>
              )
            </p>
            <p className="mt-1 text-xs text-slate-600">
              The yearly cost of the {runRate.rows} benchmark{runRate.rows === 1 ? '' : 's'} in
              force today across {runRate.contracts} contract
              {runRate.contracts === 1 ? '' : 's'}, each annualised over its own period. Contract
              totals are not added up: terms differ, and an upcoming renewal replaces the contract
              it follows.
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-600">
            No benchmark here is in force on {today}, so the {contractCount} contract
            {contractCount === 1 ? '' : 's'} are not added up: each has its own total above.
          </p>
        )}
      </div>
    </Card>
  )
}

/** The benchmark columns: sortable by product, division, amounts and difference %. */
function useColumns(
  amountCell: (amount: number | null) => ReactNode,
  differenceTone: (amount: number | null) => string,
  date: (value: string) => string,
  range: (start: string, end: string) => string
): DataTableColumn<Line>[] {
  return useMemo(
    () => [
      {
        id: 'product',
        header: 'Product',
        enableHiding: false,
        accessor: (line) => line.row.product.name,
        cell: (line) => (
          <div className="min-w-40">
            <div className="font-medium text-slate-900">{line.row.product.name}</div>
            <div className="text-xs whitespace-nowrap text-slate-600">
              {range(line.row.start_date, line.row.end_date)}
            </div>
            {line.subProducts.length > 0 ? (
              <ul className="mt-1 space-y-0.5 text-xs text-slate-600" data-testid="sub-products">
                {line.subProducts.map((sub) => (
                  <li key={sub.id}>
                    {sub.name}: {amountCell(sub.price)}
                    {sub.drivers ? <span className="block pl-2">{sub.drivers}</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ),
      },
      {
        id: 'division',
        header: 'Division',
        accessor: (line) => line.row.division,
        cell: (line) => line.row.division ?? '—',
      },
      {
        id: 'period',
        header: 'Period start',
        accessor: (line) => line.row.start_date,
        cell: (line) => (
          <div className="text-xs whitespace-nowrap text-slate-700">
            <div>{date(line.row.start_date)} →</div>
            <div>{date(line.row.end_date)}</div>
          </div>
        ),
      },
      {
        id: 'payment',
        header: 'Payment',
        align: 'right',
        sortDescFirst: true,
        accessor: (line) => line.payment,
        cell: (line) => amountCell(line.payment),
      },
      {
        id: 'benchmark',
        header: 'Benchmark',
        align: 'right',
        sortDescFirst: true,
        accessor: (line) => line.benchmark,
        cell: (line) => amountCell(line.benchmark),
      },
      {
        id: 'difference',
        header: 'Difference',
        align: 'right',
        sortDescFirst: true,
        accessor: (line) => line.difference,
        cell: (line) => (
          <span className={differenceTone(line.difference)}>{amountCell(line.difference)}</span>
        ),
      },
      {
        id: 'percent',
        header: 'Difference %',
        align: 'right',
        sortDescFirst: true,
        accessor: (line) => (line.percent === null ? null : Number(line.percent.toFixed(1))),
        cell: (line) => (
          <span className={differenceTone(line.difference)}>
            {line.percent === null
              ? '—'
              : `${line.percent > 0 ? '+' : ''}${line.percent.toFixed(1)}%`}
          </span>
        ),
      },
      {
        id: 'annual',
        header: 'Payment per year',
        description: 'The payment over its period, annualised: amount × 12 ÷ the months it covers.',
        align: 'right',
        // The header may wrap so that the table fits beside the providers at 1440 px.
        headerClassName: 'whitespace-normal!',
        sortDescFirst: true,
        accessor: (line) => line.annualPayment,
        cell: (line) => amountCell(line.annualPayment),
      },
      {
        id: 'source',
        header: 'Source',
        description:
          'Where the benchmark comes from: the regression fitted on peer contracts for the product and license type, or an analyst review where there is none; and the day it was set.',
        accessor: (line) => line.row.as_of,
        cell: (line) => (
          <div className="text-xs text-slate-600">
            <div>{BENCHMARK_SOURCE_LABELS[line.row.source]}</div>
            <div className="whitespace-nowrap">as of {date(line.row.as_of)}</div>
          </div>
        ),
      },
      {
        id: 'drivers',
        header: 'Drivers',
        cell: (line) => (
          <div className="text-xs text-slate-600">
            {line.row.drivers.map((driver) => (
              <div key={driver.id}>{driverText(driver)}</div>
            ))}
          </div>
        ),
      },
    ],
    [amountCell, differenceTone, date, range]
  )
}

/** Shown unless the reader chooses otherwise: the row's period is under its product. */
const DEFAULT_COLUMNS = [
  'division',
  'payment',
  'benchmark',
  'difference',
  'percent',
  'annual',
  'source',
]

/** What each amount column's subtotal shows. */
const SUBTOTAL_CELLS: Record<
  string,
  { value: (totals: FigureTotals, money: (amount: number | null) => string) => string; tone?: true }
> = {
  payment: { value: (totals, money) => money(totals.payment) },
  benchmark: { value: (totals, money) => money(totals.benchmark) },
  difference: { value: (totals, money) => money(totals.difference), tone: true },
  percent: {
    value: (totals) =>
      totals.differencePercent === null
        ? '—'
        : `${totals.differencePercent > 0 ? '+' : ''}${totals.differencePercent.toFixed(1)}%`,
    tone: true,
  },
  annual: { value: (totals, money) => money(totals.annualPayment) },
}
