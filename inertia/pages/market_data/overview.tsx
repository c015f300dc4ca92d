import { Link } from '@inertiajs/react'
import { AppShell } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { CurrencySelect } from '~/components/market_data/currency_select'
import { useDisplayCurrency } from '~/hooks/use_display_currency'
import { useDates } from '~/hooks/use_dates'
import { useSharedProps } from '~/hooks/use_shared_props'
import { abbreviateAmount } from '@shared/money'
import type { ExchangeRate } from '@shared/currency_conversion'
import { MODULES } from '@shared/modules'
import {
  overviewFigures,
  type OverviewFigures,
  type OverviewProvider,
} from '@shared/market_data_overview'

interface Props {
  providers: OverviewProvider[]
  /** The team holds the contracts module: its providers and figures are shown. */
  withContracts: boolean
  rateCardProviders: { id: number; providerKey: string; name: string }[]
  currencies: { id: number; code: string; name: string }[]
  selectedCurrencyId: number | null
  exchangeRates: ExchangeRate[]
}

type Row = OverviewProvider & { figures: OverviewFigures | null }

const gapTone = (gap: number | null) =>
  gap === null || Math.abs(gap) < 0.5
    ? 'text-slate-700'
    : gap > 0
      ? 'text-red-700'
      : 'text-emerald-700'

function gapAmount(figures: OverviewFigures | null, code: string) {
  if (!figures || figures.gap === null) return '—'
  return `${figures.gap > 0.5 ? '+' : ''}${abbreviateAmount(figures.gap, code)}`
}

function gapPercent(figures: OverviewFigures | null) {
  if (!figures || figures.gapPercent === null) return null
  return `${figures.gapPercent > 0.05 ? '+' : ''}${figures.gapPercent.toFixed(1)}%`
}

function gapText(figures: OverviewFigures | null, code: string) {
  const percent = gapPercent(figures)
  return percent ? `${gapAmount(figures, code)} (${percent})` : gapAmount(figures, code)
}

/** The gap with its percentage below it, as a table cell. */
function GapCell({ figures, code }: { figures: OverviewFigures | null; code: string }) {
  const percent = gapPercent(figures)
  return (
    <span className={gapTone(figures?.gap ?? null)}>
      {gapAmount(figures, code)}
      {percent ? <span className="block text-xs">{percent}</span> : null}
    </span>
  )
}

export default function MarketDataOverview({
  providers,
  withContracts,
  rateCardProviders,
  currencies,
  selectedCurrencyId,
  exchangeRates,
}: Props) {
  const dates = useDates()
  const { team } = useSharedProps()
  const withTemplates = (team?.moduleNames ?? []).includes(MODULES.marketDataDataCollection)
  const [currencyId, setCurrencyId] = useDisplayCurrency(selectedCurrencyId)
  const currency = currencies.find((entry) => entry.id === currencyId) ?? null
  const code = currency?.code ?? ''
  const codeOf = (id: number) => currencies.find((entry) => entry.id === id)?.code ?? `#${id}`

  const rows: Row[] = providers.map((provider) => ({
    ...provider,
    figures: currency ? overviewFigures(provider.amounts, currency.id, exchangeRates) : null,
  }))
  const totals = currency
    ? overviewFigures(
        providers.flatMap((provider) => provider.amounts),
        currency.id,
        exchangeRates
      )
    : null
  const inForce = providers.reduce((sum, provider) => sum + provider.contractsInForce, 0)
  const nextEnd = providers
    .map((provider) => ({ provider, date: provider.nextEndDate }))
    .filter((entry): entry is { provider: OverviewProvider; date: string } => entry.date !== null)
    .sort((a, b) => a.date.localeCompare(b.date))[0]
  const unconverted = [...new Set(rows.flatMap((row) => row.figures?.unconverted ?? []))]

  const amount = (value: number | undefined) =>
    value === undefined ? '—' : abbreviateAmount(value, code)

  const columns: DataTableColumn<Row>[] = [
    {
      id: 'provider',
      header: 'Provider',
      accessor: (row) => row.name,
      enableHiding: false,
      cell: (row) => (
        <Link
          href={`/market-data/${row.providerKey}`}
          className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline"
        >
          {row.logo ? (
            <img
              src={row.logo}
              alt=""
              className="h-5 w-5 shrink-0 rounded-sm object-contain"
              loading="lazy"
            />
          ) : null}
          {row.name}
        </Link>
      ),
      footer: 'All providers',
    },
    {
      id: 'contracts',
      header: 'In force',
      description: 'Contracts in force today, of all the team holds with the provider.',
      accessor: (row) => row.contractsInForce,
      sortDescFirst: true,
      align: 'right',
      cell: (row) => `${row.contractsInForce} of ${row.contracts}`,
      footer: `${inForce} of ${providers.reduce((sum, provider) => sum + provider.contracts, 0)}`,
    },
    {
      id: 'spend',
      header: 'Annual spend',
      description:
        'Payments of the products in force today, each as a year of its period (amount × 12 ÷ months).',
      accessor: (row) => row.figures?.spend ?? null,
      sortDescFirst: true,
      align: 'right',
      cell: (row) => (row.benchmarksInForce ? amount(row.figures?.spend) : '—'),
      footer: totals ? amount(totals.spend) : '—',
    },
    {
      id: 'benchmark',
      header: 'Annual benchmark',
      description: 'Benchmark prices of the same products, annualised the same way.',
      accessor: (row) => row.figures?.benchmark ?? null,
      sortDescFirst: true,
      align: 'right',
      cell: (row) => (row.benchmarksInForce ? amount(row.figures?.benchmark) : '—'),
      footer: totals ? amount(totals.benchmark) : '—',
    },
    {
      id: 'gap',
      header: 'Gap',
      description:
        'Annual spend above (+) or below (−) the benchmark, over the products that have both.',
      accessor: (row) => row.figures?.gap ?? null,
      sortDescFirst: true,
      align: 'right',
      cell: (row) => <GapCell figures={row.figures} code={code} />,
      footer: <GapCell figures={totals} code={code} />,
    },
    {
      id: 'nextEnd',
      header: 'Next end',
      description: 'The first contract end on or after today.',
      accessor: (row) => row.nextEndDate ?? `~${row.lastEndDate}`,
      align: 'right',
      cell: (row) =>
        row.nextEndDate ? (
          dates.date(row.nextEndDate)
        ) : (
          <span className="text-slate-600">
            <span className="block text-xs">Ended</span>
            {dates.date(row.lastEndDate)}
          </span>
        ),
      footer: nextEnd ? dates.date(nextEnd.date) : '—',
    },
  ]

  return (
    <AppShell title="Market data overview">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700">Market Data</p>
          <h1 className="text-2xl font-semibold text-slate-900">Overview</h1>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">
            {withContracts
              ? 'Every provider your team holds a contract with: what the products in force today cost a year against their benchmarks, and when the next contract ends.'
              : 'The rate cards providers publish for firms like yours.'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          {withTemplates ? (
            <Link
              href="/market-data/templates"
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              Data collection templates
            </Link>
          ) : null}
          {withContracts && currencies.length ? (
            <CurrencySelect currencies={currencies} value={currencyId} onChange={setCurrencyId} />
          ) : null}
        </div>
      </div>

      {!withContracts ? null : providers.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">
            Your team has no market data contracts yet. They appear here once your data has been
            collected.
          </p>
        </Card>
      ) : (
        <div className="space-y-6">
          <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Totals">
            <Summary term="Annual spend" value={amount(totals?.spend)} />
            <Summary term="Annual benchmark" value={amount(totals?.benchmark)} />
            <Summary
              term="Gap to benchmark"
              value={gapText(totals, code)}
              tone={gapTone(totals?.gap ?? null)}
            />
            <Summary
              term="Next end date"
              value={nextEnd ? dates.date(nextEnd.date) : '—'}
              detail={nextEnd ? nextEnd.provider.name : 'No contract in force'}
            />
          </dl>
          <DataTable
            data={rows}
            columns={columns}
            caption={`Market data providers, annual figures in ${code || 'their own currencies'}`}
            getRowId={(row) => String(row.id)}
            initialSorting={[{ id: 'spend', desc: true }]}
            storageKey="market-data-overview"
          />
          <p className="text-xs text-slate-600">
            Annual figures count the product benchmarks in force today, each payment and benchmark
            taken as a year of its own period, in {code || 'the display currency'} at the stored
            exchange rates. Upcoming renewals are not counted until they start.
            {unconverted.length
              ? ` Amounts in ${unconverted.map(codeOf).join(', ')} are left out: no rate to ${code} is stored.`
              : ''}
          </p>
        </div>
      )}

      {!withContracts && rateCardProviders.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">
            No provider publishes a rate card for firms like yours yet.
          </p>
        </Card>
      ) : null}
      {rateCardProviders.length ? (
        <section id="rate-cards" className="mt-8" aria-labelledby="rate-cards-heading">
          <h2 id="rate-cards-heading" className="text-lg font-semibold text-slate-900">
            Rate cards
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            What providers charge firms like yours, whether or not you hold a contract with them.
          </p>
          <ul className="mt-3 flex flex-wrap gap-3">
            {rateCardProviders.map((provider) => (
              <li key={provider.id}>
                <Link
                  href={`/market-data/${provider.providerKey}/rate-card`}
                  className="inline-block rounded-md border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow-sm hover:bg-slate-50"
                >
                  {provider.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AppShell>
  )
}

function Summary({
  term,
  value,
  detail,
  tone = 'text-slate-900',
}: {
  term: string
  value: string
  detail?: string
  tone?: string
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className={`mt-1 text-xl font-semibold tabular-nums ${tone}`}>{value}</dd>
      {detail ? <dd className="mt-0.5 truncate text-xs text-slate-600">{detail}</dd> : null}
    </div>
  )
}
