import { formatDate } from '@shared/dates'
import { useMemo, useRef, useState } from 'react'
import { Link } from '@inertiajs/react'
import { DataTable, type DataTableColumn, type DataTableHandle } from '~/components/ui/data_table'
import { Chart, type ChartOption, type ChartPalette } from '~/components/ui/chart'
import { Card } from '~/components/ui/card'
import { KeyFigure, RatesNote, RsaPage, StatusChip, percent } from '~/components/rsa/rsa_page'
import { abbreviateAmount } from '@shared/money'
import {
  BUDGET_COLUMNS,
  BUDGET_COLUMN_IDS,
  BUDGET_TABLE_COLUMNS,
  PRICE_STATUS_LABELS,
  aumTierLabel,
  budgetTotals,
  filterBudgetRows,
  type BudgetStatusFilter,
  type PriceStatus,
} from '@shared/rsa'
import type { PeerDataAge } from '@shared/peer_data_age'
import { useDates } from '~/hooks/use_dates'

interface BenchmarkFigure {
  level: string | null
  levelLabel: string | null
  /** Banded ("5–9"). */
  n: string
  median: number | null
  p25: number | null
  p75: number | null
  asOf: string | null
  cheaperThan: number | null
  position: string | null
  message: string | null
}

interface BudgetLine {
  id: number
  serviceTypeLabel: string
  priceTypeLabel: string
  accessTypeLabel: string
  seats: number | null
  contractStart: string | null
  contractEnd: string | null
  renewalNoticeDays: number | null
  budgetAmount: number
  myPrice: number
  priceGiven: boolean
  totalPayment: number
  benchmark: BenchmarkFigure
  benchmarkDiff: number | null
  benchmarkPercentage: number | null
  status: PriceStatus | null
}

interface BudgetRow {
  providerId: number
  providerKey: string
  provider: string
  providerTypeLabel: string
  isIndependent: boolean
  priceType: string
  accessType: string
  budgetAmount: number
  myPrice: number
  priceGiven: boolean
  totalPayment: number
  totalBenchmark: number | null
  benchmarkDiff: number | null
  benchmarkPercentage: number | null
  status: PriceStatus | null
  pricedLines: number
  benchmarkedLines: number
  benchmarkNote: string | null
  benchmarkBasis: {
    level: string
    levelLabel: string
    fallback: boolean
    mixed: boolean
    /** Banded: the fewest firms behind any of the row's lines. */
    n: string
  } | null
  chart: { p25: number | null; median: number | null; p75: number | null }
  lines: BudgetLine[]
}

interface Props {
  years: number[]
  /** How current the year's peer figures are. */
  peerData: PeerDataAge
  currencies: { id: number; code: string; name: string }[]
  page: {
    year: number
    currency: { id: number; code: string; name: string }
    budget: {
      status: string
      approvedAt: string | null
      approvedLate: boolean
      periodStart: string
      periodEnd: string
      currencyCode: string
    } | null
    profile: { aumTier: string; activeAum: number; professionals: number } | null
    cards: {
      totalBudget: number
      paid: number
      pacing: number | null
      varianceVsBudget: number | null
      researchBps: number | null
      spendPerProfessional: number | null
      providersPaid: number
      top5Share: number | null
      hhi: number | null
      irpShare: number | null
      potentialSaving: number
      potentialSavingOnFallback: number
      stretchSaving: number
      benchmarkCoverage: number | null
    }
    rows: BudgetRow[]
    exchangeRates: { from: string; to: string; rate: number; asOf: string | null }[]
  }
}

const DEFINITIONS: Record<string, string> = {
  provider: 'The research provider; expand a row for its budget lines.',
  priceType: 'How the provider is paid; "Mixed" when its lines differ.',
  accessType: 'What the team can use; "Mixed" when its lines differ.',
  budgetAmount: 'The amount budgeted for the provider this year.',
  totalBenchmark:
    'Sum of the peer median annual price of each line (same provider, service, price type, access type and AUM tier, or the next level of the fallback ladder), shown to three significant figures, with the level it rests on and the number of peers (as a band). A provider whose lines are not all benchmarked shows how many are, and is not compared.',
  totalPayment: 'Payments made against the year’s budget lines.',
  myPrice: 'The annualised contracted price: what twelve months of the service cost.',
  benchmarkDiff:
    'My price minus the peer benchmark, over the same lines, computed from the unrounded median. Positive: paying more than peers.',
  benchmarkPercentage:
    'The difference as a share of the peer benchmark, computed in the currency of the peer statistics before any rounding: the same whatever the display currency.',
  status: 'Below peers ≤ −10%, in line within ±10%, above up to +25%, outlier beyond.',
  providerType: 'Bank, broker, independent research provider, expert network…',
}

const share = (value: number | null) => (value === null ? 'n/a' : percent(value * 100))

/** How the number of peers behind a benchmark reads, everywhere on the page. */
/** A banded count ("5–9"); the fewest of several lines reads "n ≥ 5". */
function peerCount(band: string, options: { fewest?: boolean } = {}) {
  const lower = band.match(/^\d+/)?.[0]
  return options.fewest && lower ? `n ≥ ${lower}` : `n = ${band}`
}

/** The ladder's levels as a row has room for them. */
const SHORT_LEVELS: Record<string, string> = {
  provider: 'same provider and tier',
  provider_wider_tier: 'wider AUM tier',
  provider_type: 'provider type',
  provider_type_all_tiers: 'provider type, all tiers',
}

/** Months from the statistics' reference date to today: the age of the peer data. */
function dataAge(asOf: string | null, locale: string) {
  if (!asOf) return null
  const then = new Date(`${asOf}T00:00:00Z`)
  const now = new Date()
  const months =
    (now.getUTCFullYear() - then.getUTCFullYear()) * 12 + now.getUTCMonth() - then.getUTCMonth()
  const day = formatDate(asOf, locale)
  if (months <= 0) return `As of ${day}`
  return `As of ${day} · ${months} ${months === 1 ? 'month' : 'months'} old`
}

/** What a row's benchmark rests on, shown on the row: its level and its peers. */
function BasisNote({ basis }: { basis: BudgetRow['benchmarkBasis'] }) {
  if (!basis) return null
  const level = SHORT_LEVELS[basis.level] ?? basis.levelLabel
  const label = !basis.fallback
    ? 'Same provider and tier'
    : basis.mixed
      ? `Partly fallback, to ${level}`
      : `Fallback: ${level}`
  return (
    <span
      className={`block text-xs whitespace-normal ${basis.fallback ? 'text-amber-700' : 'text-slate-500'}`}
    >
      {label} ·{' '}
      <span className="whitespace-nowrap">{peerCount(basis.n, { fewest: basis.mixed })}</span>
    </span>
  )
}

export default function BudgetsPage({ years, currencies, page, peerData }: Props) {
  const code = page.currency.code
  const money = (value: number | null) => (value === null ? 'n/a' : abbreviateAmount(value, code))
  const table = useRef<DataTableHandle<BudgetRow>>(null)
  const [query, setQuery] = useState('')
  const [status, setStatus] = useState<BudgetStatusFilter | ''>('')
  const shown = useMemo(
    () => filterBudgetRows(page.rows, { q: query, status: status || undefined }),
    [page.rows, query, status]
  )

  const columns = useMemo<DataTableColumn<BudgetRow>[]>(() => {
    const amount = (
      id: 'budgetAmount' | 'totalBenchmark' | 'totalPayment' | 'myPrice' | 'benchmarkDiff'
    ): DataTableColumn<BudgetRow> => ({
      id,
      header: BUDGET_TABLE_COLUMNS[id],
      description: DEFINITIONS[id],
      accessor: (row) => row[id],
      cell: (row) =>
        id === 'totalBenchmark' ? (
          <>
            {row.totalBenchmark === null ? (
              <span className="block text-xs whitespace-normal text-slate-600">
                {row.benchmarkNote ?? 'n/a'}
              </span>
            ) : (
              money(row.totalBenchmark)
            )}
            <BasisNote basis={row.benchmarkBasis} />
          </>
        ) : id === 'myPrice' && !row.priceGiven ? (
          // No contracted price was given: not a price of 0.
          <span className="text-slate-500">n/a</span>
        ) : (
          money(row[id])
        ),
      exportValue: (row) =>
        row[id] === null || (id === 'myPrice' && !row.priceGiven) ? null : Math.round(row[id]),
      footer: (rows) => {
        const totals = budgetTotals([...rows])
        return id === 'totalBenchmark' && totals.benchmarkNote ? (
          <span className="block text-xs font-normal whitespace-normal text-slate-600">
            {totals.benchmarkNote}
          </span>
        ) : (
          money(totals[id])
        )
      },
      align: 'right',
      sortDescFirst: true,
    })
    return [
      {
        id: 'provider',
        header: BUDGET_TABLE_COLUMNS.provider,
        description: DEFINITIONS.provider,
        accessor: (row) => row.provider,
        enableHiding: false,
        cell: (row) => (
          <span className="font-medium text-slate-900">
            {row.provider}
            {row.isIndependent ? (
              <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-[11px] font-medium text-brand-700">
                IRP
              </span>
            ) : null}
          </span>
        ),
        footer: 'Total',
      },
      {
        id: 'providerType',
        header: BUDGET_TABLE_COLUMNS.providerType,
        description: DEFINITIONS.providerType,
        accessor: (row) => row.providerTypeLabel,
      },
      {
        id: 'priceType',
        header: BUDGET_TABLE_COLUMNS.priceType,
        description: DEFINITIONS.priceType,
        accessor: (row) => row.priceType,
      },
      {
        id: 'accessType',
        header: BUDGET_TABLE_COLUMNS.accessType,
        description: DEFINITIONS.accessType,
        accessor: (row) => row.accessType,
      },
      amount('budgetAmount'),
      amount('totalBenchmark'),
      amount('totalPayment'),
      amount('myPrice'),
      amount('benchmarkDiff'),
      {
        id: 'benchmarkPercentage',
        header: BUDGET_TABLE_COLUMNS.benchmarkPercentage,
        description: DEFINITIONS.benchmarkPercentage,
        accessor: (row) => row.benchmarkPercentage,
        cell: (row) => percent(row.benchmarkPercentage, { sign: true }),
        footer: (rows) => percent(budgetTotals([...rows]).benchmarkPercentage, { sign: true }),
        align: 'right',
        sortDescFirst: true,
      },
      {
        id: 'status',
        header: BUDGET_TABLE_COLUMNS.status,
        description: DEFINITIONS.status,
        accessor: (row) => (row.status ? PRICE_STATUS_LABELS[row.status] : null),
        cell: (row) => (
          <StatusChip
            status={row.status}
            label={row.status ? PRICE_STATUS_LABELS[row.status] : null}
          />
        ),
      },
    ]
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page])

  const exportHref = (format: 'xlsx' | 'csv') => {
    const params = new URLSearchParams({
      format,
      year: String(page.year),
      currency: String(page.currency.id),
    })
    const view = table.current?.getView()
    for (const id of view?.visibleColumnIds ?? BUDGET_COLUMNS) {
      if ((BUDGET_COLUMN_IDS as string[]).includes(id)) params.append('columns[]', id)
    }
    if (query.trim()) params.set('q', query.trim())
    if (status) params.set('status', status)
    const sort = view?.sorting[0]
    if (sort && (BUDGET_COLUMN_IDS as string[]).includes(sort.id)) {
      params.set('sort', sort.id)
      params.set('direction', sort.desc ? 'desc' : 'asc')
    }
    return `/rsa/budgets/export?${params.toString()}`
  }

  const { cards, budget, profile } = page
  return (
    <RsaPage
      peerData={peerData}
      title="Budgets"
      current="budgets"
      description="Your research budget by provider, each price compared with what peers of your size pay for the same service."
      year={{ value: page.year, options: years }}
      currency={{ selectedId: page.currency.id, currencies, reloadProps: ['page'] }}
    >
      {!budget ? (
        <Card>
          <p className="text-sm text-slate-600">
            No research budget is recorded for {page.year} yet, so nothing is shown for it (no other
            year&apos;s figures stand in). To budget {page.year}, fill in and upload its research
            spend collection on the{' '}
            <Link href="/rsa/data-collection" className="font-medium text-brand-700 underline">
              Data collection
            </Link>{' '}
            page; the budget appears here once your collection has been accepted and applied.
          </p>
        </Card>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600">
            Budget {page.year} ({budget.periodStart} to {budget.periodEnd}),{' '}
            {budget.status === 'approved' ? (
              <>
                approved {budget.approvedAt?.slice(0, 10)}
                {budget.approvedLate ? (
                  <span className="ml-1 font-medium text-amber-700">
                    — after the period started: the rules expect a budget set in advance.
                  </span>
                ) : null}
              </>
            ) : (
              'draft'
            )}
            {profile ? <> · AUM tier {aumTierLabel(profile.aumTier)}</> : null}
          </p>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-8">
            <KeyFigure label="Total budget" value={money(cards.totalBudget)} />
            <KeyFigure
              label="Paid"
              value={money(cards.paid)}
              hint={`${share(cards.varianceVsBudget)} vs budget`}
              tone={
                cards.varianceVsBudget !== null && cards.varianceVsBudget > 0 ? 'bad' : 'default'
              }
            />
            <KeyFigure
              label="Pacing"
              value={share(cards.pacing)}
              hint="Paid ÷ budget for the elapsed part of the year"
              tone={cards.pacing !== null && cards.pacing > 1 ? 'warn' : 'default'}
            />
            <KeyFigure
              label="Research intensity"
              value={cards.researchBps === null ? 'n/a' : `${cards.researchBps.toFixed(2)} bps`}
              hint="Paid ÷ active AUM"
            />
            <KeyFigure
              label="Providers paid"
              value={cards.providersPaid}
              hint={`IRP share ${share(cards.irpShare)}`}
            />
            <KeyFigure
              label="Top-5 concentration"
              value={share(cards.top5Share)}
              hint={cards.hhi === null ? undefined : `HHI ${cards.hhi.toLocaleString('en-GB')}`}
            />
            {/* Two columns wide: what the saving rests on is part of the figure. */}
            <div className="col-span-2 grid">
              <KeyFigure
                label="Potential saving"
                value={money(cards.potentialSaving)}
                hint={
                  <>
                    <span className="block">
                      To the peer median, over benchmarked lines ({share(cards.benchmarkCoverage)}{' '}
                      of spend)
                      {cards.potentialSavingOnFallback > 0 ? (
                        <span className="text-amber-700">
                          ; {money(cards.potentialSavingOnFallback)} of it against fallback levels
                        </span>
                      ) : null}
                    </span>
                    <span className="block">
                      Stretch {money(cards.stretchSaving)}: to p25 over the same lines, the median
                      where p25 is suppressed
                    </span>
                  </>
                }
                tone={cards.potentialSaving > 0 ? 'warn' : 'good'}
              />
            </div>
          </div>

          <div className="mt-6">
            <DataTable
              ref={table}
              caption={`Research budget ${page.year} by provider, in ${code}`}
              data={shown}
              columns={columns}
              getRowId={(row) => String(row.providerId)}
              defaultVisibleColumns={[...BUDGET_COLUMNS]}
              storageKey="rsa-budgets"
              initialSorting={[{ id: 'myPrice', desc: true }]}
              renderExpanded={(row) => <LinesTable row={row} money={money} />}
              expandLabel={(row) => `Show budget lines for ${row.provider}`}
              maxHeight="70vh"
              emptyMessage={
                page.rows.length ? 'No provider matches the filter.' : 'No budget lines this year.'
              }
              toolbar={
                <div className="flex flex-wrap items-center gap-2">
                  <label className="sr-only" htmlFor="budget-filter">
                    Filter providers
                  </label>
                  <input
                    id="budget-filter"
                    type="search"
                    value={query}
                    onChange={(event) => setQuery(event.target.value)}
                    placeholder="Filter providers"
                    maxLength={100}
                    className="w-44 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
                  />
                  <label className="sr-only" htmlFor="budget-status">
                    Status
                  </label>
                  <select
                    id="budget-status"
                    value={status}
                    onChange={(event) => setStatus(event.target.value as BudgetStatusFilter | '')}
                    className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
                  >
                    <option value="">All statuses</option>
                    {Object.entries(PRICE_STATUS_LABELS).map(([key, label]) => (
                      <option key={key} value={key}>
                        {label}
                      </option>
                    ))}
                    <option value="none">No or partial benchmark</option>
                  </select>
                  <a
                    href="#export-xlsx"
                    onClick={(event) => {
                      event.preventDefault()
                      window.location.assign(exportHref('xlsx'))
                    }}
                    className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                  >
                    Export XLSX
                  </a>
                  <a
                    href="#export-csv"
                    onClick={(event) => {
                      event.preventDefault()
                      window.location.assign(exportHref('csv'))
                    }}
                    className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                  >
                    Export CSV
                  </a>
                </div>
              }
            />
            <RatesNote rates={page.exchangeRates} />
          </div>

          <PriceChart rows={page.rows} code={code} />
        </>
      )}
    </RsaPage>
  )
}

function LinesTable({ row, money }: { row: BudgetRow; money: (value: number | null) => string }) {
  const dates = useDates()
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Budget lines for {row.provider}</caption>
      <thead>
        <tr className="text-left text-xs text-slate-500">
          <th scope="col" className="py-1 pr-3 font-medium">
            Service
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            Price / access
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-medium">
            Budget
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-medium">
            Paid
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-medium">
            My price
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-medium">
            Peer median
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-medium">
            Difference
          </th>
          <th scope="col" className="py-1 font-medium">
            Status
          </th>
        </tr>
      </thead>
      <tbody>
        {row.lines.map((line) => (
          <tr key={line.id} className="border-t border-slate-100 align-top">
            <td className="py-1.5 pr-3 text-slate-800">
              {line.serviceTypeLabel}
              <span className="block text-xs text-slate-500">
                {line.contractStart && line.contractEnd
                  ? `${line.contractStart} → ${line.contractEnd}`
                  : 'No contract dates'}
                {line.renewalNoticeDays ? ` · ${line.renewalNoticeDays} days’ notice` : ''}
              </span>
            </td>
            <td className="py-1.5 pr-3 text-slate-600">
              {line.priceTypeLabel} · {line.accessTypeLabel}
              {line.seats ? ` · ${line.seats} seats` : ''}
            </td>
            <td className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums">
              {money(line.budgetAmount)}
            </td>
            <td className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums">
              {money(line.totalPayment)}
            </td>
            <td className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums">
              {line.priceGiven ? money(line.myPrice) : <span className="text-slate-500">n/a</span>}
            </td>
            <td className="min-w-52 py-1.5 pr-3 text-right tabular-nums">
              {line.benchmark.median === null ? (
                <span className="text-xs text-slate-500">{line.benchmark.message}</span>
              ) : (
                <>
                  <span className="whitespace-nowrap">{money(line.benchmark.median)}</span>
                  <span
                    className={`block text-xs ${line.benchmark.level !== 'provider' ? 'text-amber-700' : 'text-slate-500'}`}
                  >
                    {peerCount(line.benchmark.n)} · {line.benchmark.levelLabel}
                  </span>
                  <span className="block text-xs text-slate-500">
                    {line.benchmark.p25 !== null && line.benchmark.p75 !== null
                      ? `p25–p75 ${money(line.benchmark.p25)} – ${money(line.benchmark.p75)}`
                      : 'No p25–p75 (fewer than 10 peers)'}
                  </span>
                  <span className="block text-xs text-slate-500">
                    {dataAge(line.benchmark.asOf, dates.locale)}
                  </span>
                </>
              )}
            </td>
            <td className="py-1.5 pr-3 text-right tabular-nums">
              <span className="whitespace-nowrap">
                {line.benchmarkDiff === null ? 'n/a' : money(line.benchmarkDiff)}
              </span>
              {line.benchmarkPercentage !== null ? (
                <span className="block text-xs text-slate-500">
                  {percent(line.benchmarkPercentage, { sign: true })}
                  {line.benchmark.position ? ` · ${line.benchmark.position}` : ''}
                </span>
              ) : null}
            </td>
            <td className="py-1.5">
              <StatusChip
                status={line.status}
                label={line.status ? PRICE_STATUS_LABELS[line.status] : null}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Your price against the peer range per provider (the fifteen largest benchmarked). */
function PriceChart({ rows, code }: { rows: BudgetRow[]; code: string }) {
  const shown = useMemo(
    () =>
      rows
        .filter((row) => row.chart.median !== null)
        .sort((a, b) => b.myPrice - a.myPrice)
        .slice(0, 15)
        .reverse(),
    [rows]
  )
  const option = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => ({
        grid: { left: 170, right: 24, top: 36, bottom: 32 },
        legend: { top: 0, data: ['Peer p25–p75', 'Peer median', 'Your price'] },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        xAxis: {
          type: 'value',
          axisLabel: { formatter: (value: number) => abbreviateAmount(value) },
        },
        yAxis: {
          type: 'category',
          data: shown.map((row) => row.provider),
          axisLabel: { width: 160, overflow: 'truncate' },
        },
        series: [
          {
            type: 'bar',
            stack: 'range',
            itemStyle: { color: 'transparent' },
            data: shown.map((row) => row.chart.p25 ?? row.chart.median),
            tooltip: { show: false },
            silent: true,
          },
          {
            name: 'Peer p25–p75',
            type: 'bar',
            stack: 'range',
            barWidth: 12,
            itemStyle: { color: palette.brandPale },
            data: shown.map((row) =>
              row.chart.p25 !== null && row.chart.p75 !== null ? row.chart.p75 - row.chart.p25 : 0
            ),
          },
          {
            name: 'Peer median',
            type: 'scatter',
            symbol: 'rect',
            symbolSize: [3, 18],
            itemStyle: { color: palette.slate[700] },
            data: shown.map((row) => row.chart.median),
          },
          {
            name: 'Your price',
            type: 'scatter',
            symbolSize: 10,
            itemStyle: { color: palette.brand },
            data: shown.map((row) => row.myPrice),
          },
        ],
      }),
    [shown]
  )
  if (shown.length === 0) return null
  return (
    <Card className="mt-6">
      <Chart
        title="Your price against the peer range"
        summary={`For the ${shown.length} largest providers whose every line is benchmarked (a provider only partly benchmarked is left out, so that price and benchmark cover the same lines): the bar spans the peer 25th to 75th percentile, the tick is the peer median and the dot is your annual price, in ${code}. ${shown.filter((row) => (row.benchmarkPercentage ?? 0) > 10).length} are priced more than 10% above the median.`}
        option={option}
        height={Math.max(280, shown.length * 28 + 80)}
        table={{
          columns: ['Provider', `Your price (${code})`, 'Peer p25', 'Peer median', 'Peer p75'],
          rows: [...shown]
            .reverse()
            .map((row) => [
              row.provider,
              Math.round(row.myPrice),
              row.chart.p25 === null ? 'n/a' : Math.round(row.chart.p25),
              Math.round(row.chart.median ?? 0),
              row.chart.p75 === null ? 'n/a' : Math.round(row.chart.p75),
            ]),
        }}
      />
    </Card>
  )
}
