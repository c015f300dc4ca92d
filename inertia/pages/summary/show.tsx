import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import { AppShell } from '~/layouts/app_shell'
import { Alert } from '~/components/ui/alert'
import { FormError } from '~/components/ui/field'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Chart, type ChartOption, type ChartPalette } from '~/components/ui/chart'
import {
  DataTable,
  dataTableMatrix,
  type DataTableColumn,
  type DataTableHandle,
} from '~/components/ui/data_table'
import { CurrencySelect } from '~/components/market_data/currency_select'
import { useDates } from '~/hooks/use_dates'
import { replaceAddress } from '~/lib/address'
import { api, problemMessages } from '~/lib/api'
import { cn } from '~/lib/cn'
import { csvText, downloadCsv } from '~/lib/csv_download'
import { abbreviateAmount } from '@shared/money'
import {
  ASSET_KIND_LABELS,
  RANKING_PRIORITY_CODES,
  spendByFacet,
  type AssetKind,
  type SummaryAsset,
  type SummaryData,
  type SummaryFilterItem,
} from '@shared/summary'
import {
  APPEND_ONLY_CATEGORIES,
  FACET_LABELS,
  INITIAL_FILTER_NAMES,
  SUMMARY_FACETS,
  SUMMARY_ROUTE,
  appliedValues,
  filterNameKey,
  filterNameMap,
  filterNameOf,
  filtersToQuery,
  resetCategory,
  resetFilters,
  restrictingValues,
  toggleFilter,
  type AppliedFilter,
  type SummaryFacet,
} from '@shared/summary_filters'

/** Facets whose lists run long: the first few are shown, the rest on demand. */
const SHORT_LIST = 8

/** The ranking priority tiers as the facet names them when the list has not loaded them. */
const PRIORITY_FALLBACK_NAMES: Record<number, string> = { 1: 'Core', 2: 'Secondary', 3: 'Tail' }

const DEFINITIONS = {
  spend:
    'Research: the payments of the year (to date for the year in progress). Data: the payments of the contracts in force, as a year of their period.',
  benchmark:
    'The price compared with its benchmark (research: peer benchmark of the priced lines; data: fair-price benchmark), over the assets that have both.',
  providers: 'Distinct providers, and the assets listed: research relationships and data products.',
  research: 'Research: interactions logged plus research documents read this year.',
  data: 'Market and alternative data: users on the licences in force.',
}

type Currency = { id: number; code: string; name: string }

export default function SummaryShow({ summary }: { summary: SummaryData }) {
  const dates = useDates()
  const [data, setData] = useState(summary)
  const [filters, setFilters] = useState<AppliedFilter[]>(summary.appliedFilters)
  const [isRestricted, setIsRestricted] = useState(summary.isRestricted)
  // The id-to-name map is built once, from the first load; later loads keep it (spec §4).
  const [initialised, setInitialised] = useState(false)
  const [names, setNames] = useState<Record<string, string>>(INITIAL_FILTER_NAMES)
  if (!initialised) {
    setNames(filterNameMap(summary.filter_summary_data.filters))
    setInitialised(true)
  }
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [currencies, setCurrencies] = useState<Currency[]>([])
  const [chartFacet, setChartFacet] = useState<SummaryFacet>('providertypes')
  // The bar clicked when the chart groups by industry or research style (kept per grouping),
  // or by another facet: its assets are highlighted in the table.
  const [selectedIndustry, setSelectedIndustry] = useState<number | null>(null)
  const [selectedResearchStyle, setSelectedResearchStyle] = useState<number | null>(null)
  const [selectedBar, setSelectedBar] = useState<{ facet: SummaryFacet; id: number } | null>(null)
  const table = useRef<DataTableHandle<SummaryAsset>>(null)
  const requestSeq = useRef(0)

  const code = data.currency.code
  const money = (value: number | null) => (value === null ? '—' : abbreviateAmount(value, code))

  useEffect(() => {
    api
      .get<{ currencies: Currency[] }>('/api/currencies')
      .then((response) => setCurrencies(response.data.currencies))
      .catch((failure: unknown) => console.error('Could not load the currencies', failure))
  }, [])

  /** The name of a facet value: the map built on first load, else the value's current name. */
  const nameOf = (facet: SummaryFacet, id: number) =>
    names[filterNameKey(filterNameOf(facet), id)] ??
    data.filter_summary_data.filters[facet]?.find((item) => item.id === id)?.name ??
    `#${id}`

  const track = (action: string, label: string) => {
    api
      .post('/api/analytics/events', {
        category: 'Filter',
        action,
        label,
        route: window.location.pathname,
      })
      .catch((failure: unknown) => console.error('Could not record the analytics event', failure))
  }

  /** Reloads the figures for the filters, year and currency; the address follows. */
  const load = async (
    next: AppliedFilter[],
    view: { year: number; currencyId: number },
    options: { save: boolean }
  ) => {
    const seq = ++requestSeq.current
    const previous = filters
    setFilters(next)
    setLoading(true)
    setError(null)
    let saved = false
    try {
      if (options.save) {
        await api.post('/api/dashboard/summary/filters', { filters: next })
        saved = true
      }
      const params = {
        ...filtersToQuery(next),
        year: String(view.year),
        currency: String(view.currencyId),
      }
      const response = await api.get<SummaryData>('/api/dashboard/summary', { params })
      if (seq !== requestSeq.current) return
      setData(response.data)
      setFilters(response.data.appliedFilters)
      setIsRestricted(response.data.isRestricted)
      const address = new URLSearchParams({
        ...filtersToQuery(response.data.appliedFilters),
        year: String(response.data.year),
        currency: String(response.data.currency.id),
      })
      replaceAddress(`${window.location.pathname}?${address.toString()}`)
    } catch (failure) {
      if (seq !== requestSeq.current) return
      // Saved but not shown: the session goes back to the filters still on screen.
      if (saved) api.post('/api/dashboard/summary/filters', { filters: previous }).catch(() => {})
      setFilters(previous)
      setError(
        problemMessages(
          failure,
          'The summary could not be updated. Nothing was changed; try again in a moment.'
        ).join(' ')
      )
    } finally {
      if (seq === requestSeq.current) setLoading(false)
    }
  }

  const currentView = { year: data.year, currencyId: data.currency.id }
  const change = (next: AppliedFilter[], action: string, label: string) => {
    track(action, label)
    void load(next, currentView, { save: true })
  }
  const toggle = (facet: SummaryFacet, id: number) =>
    change(toggleFilter(filters, facet, id), 'toggle', filterNameKey(filterNameOf(facet), id))
  const resetOne = (facet: SummaryFacet) => change(resetCategory(filters, facet), 'reset', facet)
  const resetAll = () => change(resetFilters(filters, SUMMARY_ROUTE), 'reset', 'all')

  const chooseYear = (year: number) => void load(filters, { ...currentView, year }, { save: false })
  const chooseCurrency = (currencyId: number) => {
    // Kept for the next pages too, as the other pages with amounts do.
    api.post('/api/currencies/selected', { currencyId }).catch(() => undefined)
    void load(filters, { ...currentView, currencyId }, { save: false })
  }

  const assets = data.asset_summary_data_list
  const facetItems = data.filter_summary_data.filters
  const restricting = SUMMARY_FACETS.some((facet) => restrictingValues(filters, facet).length > 0)
  const heldKinds = (Object.keys(data.modules) as AssetKind[]).filter((kind) => data.modules[kind])

  // The chart: spend by the chosen facet, from the listed assets.
  const chartNames = useMemo(
    () =>
      new Map(
        (facetItems[chartFacet] ?? []).map((item) => [
          item.id,
          names[filterNameKey(filterNameOf(chartFacet), item.id)] ?? item.name,
        ])
      ),
    [facetItems, chartFacet, names]
  )
  const bars = useMemo(
    () => spendByFacet(assets, chartFacet, chartNames),
    [assets, chartFacet, chartNames]
  )
  const selectedId =
    chartFacet === 'industries'
      ? selectedIndustry
      : chartFacet === 'researchstyles'
        ? selectedResearchStyle
        : selectedBar?.facet === chartFacet
          ? selectedBar.id
          : null
  const select = (id: number | null) => {
    if (chartFacet === 'industries') setSelectedIndustry(id)
    else if (chartFacet === 'researchstyles') setSelectedResearchStyle(id)
    else setSelectedBar(id === null ? null : { facet: chartFacet, id })
  }
  const highlighted = (asset: SummaryAsset) =>
    selectedId !== null && (asset.facets[chartFacet] ?? []).includes(selectedId)
  const highlightCount = assets.filter(highlighted).length
  const multiValued = assets.some((asset) => (asset.facets[chartFacet]?.length ?? 0) > 1)

  const chartOption = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => ({
        grid: { left: 8, right: 24, top: 8, bottom: 24, containLabel: true },
        tooltip: {
          trigger: 'axis',
          axisPointer: { type: 'shadow' },
          valueFormatter: (value) => abbreviateAmount(Number(value), code),
        },
        xAxis: {
          type: 'value',
          axisLabel: { formatter: (value: number) => abbreviateAmount(value) },
        },
        yAxis: {
          type: 'category',
          inverse: true,
          data: bars.map((bar) => bar.name),
          axisLabel: { width: 200, overflow: 'truncate' },
        },
        series: [
          {
            type: 'bar',
            name: 'Spend',
            barMaxWidth: 18,
            cursor: 'pointer',
            data: bars.map((bar) => ({
              value: bar.spend,
              itemStyle: {
                color:
                  selectedId !== null && bar.id === selectedId ? palette.brandDark : palette.brand,
              },
            })),
          },
        ],
      }),
    [bars, code, selectedId]
  )

  const columns = useMemo<DataTableColumn<SummaryAsset>[]>(() => {
    const priorityName = (id: number | null) =>
      id === null
        ? null
        : (names[filterNameKey(filterNameOf('rankingpriorities'), id)] ??
          PRIORITY_FALLBACK_NAMES[id] ??
          `#${id}`)
    const amountColumn = (
      id: string,
      header: string,
      value: (asset: SummaryAsset) => number | null,
      description: string,
      footer?: (rows: readonly SummaryAsset[]) => ReactNode
    ): DataTableColumn<SummaryAsset> => ({
      id,
      header,
      description,
      accessor: value,
      cell: (asset) => money(value(asset)),
      align: 'right',
      sortDescFirst: true,
      footer,
    })
    const sum = (rows: readonly SummaryAsset[], value: (asset: SummaryAsset) => number | null) =>
      money(rows.reduce((total, asset) => total + (value(asset) ?? 0), 0))
    return [
      {
        id: 'provider',
        header: 'Provider',
        enableHiding: false,
        accessor: (asset) => asset.provider,
        footer: 'Total',
        cell: (asset) => (
          <>
            <Link href={asset.href} className="font-medium text-brand-700 hover:underline">
              {asset.provider}
            </Link>
            <span className="block text-xs text-slate-600">{ASSET_KIND_LABELS[asset.kind]}</span>
          </>
        ),
      },
      {
        id: 'kind',
        header: 'Kind',
        accessor: (asset) => ASSET_KIND_LABELS[asset.kind],
      },
      {
        id: 'product',
        header: 'Product / services',
        accessor: (asset) => asset.product,
      },
      {
        id: 'priceTypes',
        header: 'Price types',
        accessor: (asset) => asset.priceTypes.join(', '),
      },
      amountColumn(
        'spend',
        'Spend',
        (asset) => asset.spend,
        DEFINITIONS.spend,
        (rows) => sum(rows, (asset) => asset.spend)
      ),
      amountColumn(
        'budget',
        'Budget',
        (asset) => asset.budget,
        'Research: the budget of the year for the provider.',
        (rows) => sum(rows, (asset) => asset.budget)
      ),
      amountColumn(
        'benchmark',
        'Benchmark',
        (asset) => asset.benchmark,
        'Research: the peer benchmark of the priced lines. Data: the fair-price benchmark, as a year.'
      ),
      {
        id: 'vsBenchmark',
        header: 'Vs benchmark',
        description: 'The price above (+) or below (−) its benchmark, and as a percentage of it.',
        accessor: (asset) => asset.benchmarkDiff,
        exportValue: (asset) => asset.benchmarkDiff,
        align: 'right',
        sortDescFirst: true,
        cell: (asset) =>
          asset.benchmarkDiff === null ? (
            '—'
          ) : (
            <span className={gapTone(asset.benchmarkDiff)}>
              {signed(asset.benchmarkDiff, code)}
              {asset.benchmarkPercentage !== null ? (
                <span className="block text-xs">{percent(asset.benchmarkPercentage)}</span>
              ) : null}
            </span>
          ),
      },
      {
        id: 'vsBenchmarkPercent',
        header: 'Vs benchmark %',
        accessor: (asset) => asset.benchmarkPercentage,
        align: 'right',
        sortDescFirst: true,
        cell: (asset) =>
          asset.benchmarkPercentage === null ? '—' : percent(asset.benchmarkPercentage),
      },
      {
        id: 'usage',
        header: 'Usage',
        description:
          'Research: interactions logged plus documents read. Data: users on the licence.',
        accessor: (asset) => asset.usage,
        align: 'right',
        sortDescFirst: true,
        cell: (asset) =>
          asset.usage === null
            ? '—'
            : `${asset.usage.toLocaleString('en-GB')} ${asset.kind === 'research' ? 'uses' : 'users'}`,
      },
      amountColumn(
        'costPerUse',
        'Cost per use',
        (asset) => asset.costPerUse,
        'Spend divided by usage.'
      ),
      {
        id: 'priority',
        header: 'Ranking priority',
        description: 'Your team’s tier for the provider: Core, Secondary or Tail.',
        accessor: (asset) => priorityName(asset.rankingPriorityId),
        cell: (asset) => (
          <select
            aria-label={`Ranking priority for ${asset.provider}`}
            value={asset.rankingPriorityId ?? ''}
            disabled={loading}
            onChange={(event) =>
              void setPriority(
                asset.providerId,
                event.target.value === '' ? null : Number(event.target.value)
              )
            }
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            <option value="">—</option>
            {RANKING_PRIORITY_CODES.map((_, index) => (
              <option key={index + 1} value={index + 1}>
                {priorityName(index + 1)}
              </option>
            ))}
          </select>
        ),
      },
    ]
    // The cells read the current figures; the columns follow them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, names, loading])

  async function setPriority(providerId: number, rankingPriorityId: number | null) {
    setError(null)
    try {
      await api.post('/api/dashboard/summary/priorities', {
        provider_id: providerId,
        rankingpriority_id: rankingPriorityId,
      })
    } catch (failure) {
      setError(
        problemMessages(failure, 'The ranking priority could not be saved. Try again.').join(' ')
      )
      return
    }
    await load(filters, currentView, { save: false })
  }

  const exportCsv = () => {
    const view = table.current?.getView()
    if (!view) return
    downloadCsv(`summary-${data.year}-${code}.csv`, csvText(dataTableMatrix(view)))
  }

  const chips = SUMMARY_FACETS.flatMap((facet) =>
    appliedValues(filters, facet).map((id) => ({ facet, id }))
  )
  const selectedBarName = selectedId === null ? null : (chartNames.get(selectedId) ?? null)

  return (
    <AppShell title="Summary">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-slate-900">Summary</h1>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">
            Everything your team pays for and uses in {data.year}, in {code}. An asset is one thing
            you pay for: a research provider relationship over the year, or a market or alternative
            data product under a contract in force on {dates.date(data.referenceDate)}.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <div className="flex items-center gap-3">
            <label className="text-sm text-slate-600" htmlFor="summary-year">
              Year
            </label>
            <select
              id="summary-year"
              value={data.year}
              disabled={loading}
              onChange={(event) => chooseYear(Number(event.target.value))}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              {data.years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </div>
          {currencies.length ? (
            <CurrencySelect
              currencies={currencies}
              value={data.currency.id}
              onChange={chooseCurrency}
            />
          ) : null}
        </div>
      </div>

      {isRestricted ? (
        <Alert tone="info" className="mt-4">
          Your team holds only some of the products whose assets this summary lists: only{' '}
          {listText(heldKinds.map((kind) => ASSET_KIND_LABELS[kind]))} are included.
        </Alert>
      ) : null}

      <div className="mt-6 grid gap-6 xl:grid-cols-[15rem_minmax(0,1fr)]">
        <FilterPanel
          items={facetItems}
          filters={filters}
          nameOf={nameOf}
          onToggle={toggle}
          onReset={resetOne}
          onResetAll={resetAll}
          busy={loading}
        />

        <div className="min-w-0 space-y-6" aria-busy={loading} data-testid="summary-results">
          <div className="flex min-h-8 flex-wrap items-center gap-2">
            <h2 className="sr-only">Applied filters</h2>
            {chips.length ? (
              <ul className="flex flex-wrap gap-2" aria-label="Applied filters">
                {chips.map(({ facet, id }) => (
                  <li
                    key={`${facet}-${id}`}
                    className="border-brand-200 rounded-full border bg-brand-50 px-3 py-1 text-xs text-brand-900"
                  >
                    <span className="font-medium">{FACET_LABELS[facet]}:</span> {nameOf(facet, id)}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">No filter applied.</p>
            )}
            {loading ? (
              <span role="status" className="text-sm text-slate-600">
                Updating…
              </span>
            ) : null}
          </div>

          <FormError message={error} />

          <dl
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5"
            aria-label="Key figures"
          >
            <Kpi
              term="Total spend"
              value={money(data.kpis.totalSpend)}
              definition={DEFINITIONS.spend}
            />
            <Kpi
              term="Spend vs benchmark"
              value={
                data.kpis.benchmarkGap === null
                  ? 'No benchmark'
                  : signed(data.kpis.benchmarkGap, code)
              }
              tone={gapTone(data.kpis.benchmarkGap)}
              detail={
                data.kpis.benchmarkGap === null
                  ? 'None of these assets has a benchmark.'
                  : `${data.kpis.benchmarkGapPercent === null ? '' : `${percent(data.kpis.benchmarkGapPercent)} `}over ${plural(data.kpis.benchmarkedAssets, 'benchmarked asset')}`
              }
              definition={DEFINITIONS.benchmark}
            />
            <Kpi
              term="Providers / assets"
              value={`${data.kpis.providers} / ${data.kpis.assets}`}
              definition={DEFINITIONS.providers}
            />
            {data.modules.research ? (
              <Kpi
                term="Research usage"
                value={plural(data.kpis.research.uses, 'use')}
                detail={
                  data.kpis.research.costPerUse === null
                    ? 'No use logged'
                    : `${money(data.kpis.research.costPerUse)} per use`
                }
                definition={DEFINITIONS.research}
              />
            ) : null}
            {data.modules.market_data || data.modules.alternative_data ? (
              <Kpi
                term="Data users"
                value={plural(data.kpis.data.users, 'user')}
                detail={
                  data.kpis.data.costPerUser === null
                    ? 'No user on these licences'
                    : `${money(data.kpis.data.costPerUser)} per user`
                }
                definition={DEFINITIONS.data}
              />
            ) : null}
          </dl>

          {assets.length === 0 ? (
            <Card>
              {restricting ? (
                <div className="flex flex-wrap items-center justify-between gap-4">
                  <p className="text-sm text-slate-700">No asset matches these filters.</p>
                  <Button variant="secondary" onClick={resetAll} disabled={loading}>
                    Reset all
                  </Button>
                </div>
              ) : (
                <p className="text-sm text-slate-700">
                  Your team has no asset for {data.year} yet: research budgets and data contracts
                  appear here once your data has been collected.
                </p>
              )}
            </Card>
          ) : (
            <>
              <Chart
                title={`Spend by ${FACET_LABELS[chartFacet].toLowerCase()}`}
                headingLevel={2}
                summary={chartSummary(bars, chartFacet, code, multiValued)}
                option={chartOption}
                height={Math.max(160, Math.min(bars.length, 15) * 28 + 48)}
                table={{
                  columns: [FACET_LABELS[chartFacet], `Spend (${code})`, 'Assets'],
                  rows: bars.map((bar) => [bar.name, bar.spend, bar.assets]),
                }}
                onItemClick={({ dataIndex }) => {
                  const bar = bars[dataIndex]
                  if (bar) select(bar.id === selectedId ? null : bar.id)
                }}
                actions={
                  <div className="flex flex-wrap items-center gap-2">
                    <label htmlFor="summary-chart-facet" className="text-sm text-slate-600">
                      Group by
                    </label>
                    <select
                      id="summary-chart-facet"
                      value={chartFacet}
                      onChange={(event) => setChartFacet(event.target.value as SummaryFacet)}
                      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                    >
                      {SUMMARY_FACETS.filter((facet) => facet !== 'pricetypes').map((facet) => (
                        <option key={facet} value={facet}>
                          {FACET_LABELS[facet]}
                        </option>
                      ))}
                    </select>
                    <label htmlFor="summary-chart-highlight" className="text-sm text-slate-600">
                      Highlight
                    </label>
                    <select
                      id="summary-chart-highlight"
                      value={selectedId ?? ''}
                      onChange={(event) =>
                        select(event.target.value === '' ? null : Number(event.target.value))
                      }
                      className="max-w-40 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                    >
                      <option value="">None</option>
                      {bars.flatMap((bar) =>
                        bar.id === null
                          ? []
                          : [
                              <option key={bar.id} value={bar.id}>
                                {bar.name}
                              </option>,
                            ]
                      )}
                    </select>
                  </div>
                }
              />
              {selectedId !== null && selectedBarName ? (
                <div className="flex flex-wrap items-center gap-3 rounded-md border border-brand-100 bg-brand-50 px-4 py-2 text-sm text-brand-900">
                  <span>
                    {plural(highlightCount, 'asset')} tagged {selectedBarName} highlighted below.
                  </span>
                  {appliedValues(filters, chartFacet).includes(selectedId) ? null : (
                    <Button
                      variant="secondary"
                      className="px-3 py-1"
                      disabled={loading}
                      onClick={() => {
                        toggle(chartFacet, selectedId)
                        select(null)
                      }}
                    >
                      Filter by {selectedBarName}
                    </Button>
                  )}
                  <Button variant="ghost" className="px-3 py-1" onClick={() => select(null)}>
                    Clear highlight
                  </Button>
                </div>
              ) : null}
              <DataTable
                ref={table}
                data={assets}
                columns={columns}
                caption={`Assets ${data.year}, amounts in ${code}`}
                getRowId={(asset) => asset.id}
                initialSorting={[{ id: 'spend', desc: true }]}
                defaultVisibleColumns={[
                  'product',
                  'spend',
                  'benchmark',
                  'vsBenchmark',
                  'usage',
                  'costPerUse',
                  'priority',
                ]}
                storageKey="summary-assets"
                density="compact"
                rowClassName={(asset) => (highlighted(asset) ? 'bg-brand-50' : undefined)}
                toolbar={
                  <Button variant="secondary" className="px-3 py-1.5" onClick={exportCsv}>
                    Export CSV
                  </Button>
                }
              />
            </>
          )}

          <p className="text-xs text-slate-600" data-testid="summary-rates">
            Amounts in {code}
            {data.exchangeRates.length
              ? `, converted at ${data.exchangeRates
                  .map(
                    (rate) =>
                      `1 ${rate.from} = ${rate.rate.toLocaleString('en-GB', { maximumFractionDigits: 6 })} ${rate.to}${rate.asOf ? ` (${dates.date(rate.asOf)})` : ''}`
                  )
                  .join('; ')}`
              : ''}
            . Data contracts are those in force on {dates.date(data.referenceDate)}.
            {data.unconvertedAssets > 0
              ? ` ${plural(data.unconvertedAssets, 'asset')} with amounts in a currency without a rate to ${code} ${data.unconvertedAssets === 1 ? 'is' : 'are'} left out of the sums.`
              : ''}
          </p>
        </div>
      </div>
    </AppShell>
  )
}

function FilterPanel({
  items,
  filters,
  nameOf,
  onToggle,
  onReset,
  onResetAll,
  busy,
}: {
  items: Partial<Record<SummaryFacet, SummaryFilterItem[]>>
  filters: AppliedFilter[]
  nameOf: (facet: SummaryFacet, id: number) => string
  onToggle: (facet: SummaryFacet, id: number) => void
  onReset: (facet: SummaryFacet) => void
  onResetAll: () => void
  busy: boolean
}) {
  // Below 1280 px the panel sits above the results, folded until opened; beside them above.
  const [open, setOpen] = useState(false)
  const appliedCount = SUMMARY_FACETS.reduce(
    (count, facet) => count + restrictingValues(filters, facet).length,
    0
  )
  return (
    <aside aria-labelledby="summary-filters-heading" className="min-w-0">
      <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
          <h2 id="summary-filters-heading" className="text-base font-semibold text-slate-900">
            Filters
          </h2>
          <div className="flex items-center gap-2">
            <Button
              variant="ghost"
              className="px-3 py-1 xl:hidden"
              aria-expanded={open}
              aria-controls="summary-filter-sections"
              onClick={() => setOpen((value) => !value)}
            >
              {open
                ? 'Hide filters'
                : `Show filters${appliedCount ? ` (${appliedCount} applied)` : ''}`}
            </Button>
            <Button variant="secondary" className="px-3 py-1" onClick={onResetAll} disabled={busy}>
              Reset all
            </Button>
          </div>
        </div>
        <div
          id="summary-filter-sections"
          className={cn(
            'border-t border-slate-200 sm:grid-cols-2 lg:grid-cols-3 xl:block xl:divide-y xl:divide-slate-100',
            open ? 'grid' : 'hidden'
          )}
        >
          {SUMMARY_FACETS.map((facet) => {
            const list = items[facet] ?? []
            const applied = appliedValues(filters, facet)
            if (list.length === 0 && applied.length === 0) return null
            return (
              <FacetSection
                key={facet}
                facet={facet}
                list={list}
                applied={applied}
                nameOf={nameOf}
                onToggle={onToggle}
                onReset={onReset}
                busy={busy}
              />
            )
          })}
        </div>
      </div>
    </aside>
  )
}

function FacetSection({
  facet,
  list,
  applied,
  nameOf,
  onToggle,
  onReset,
  busy,
}: {
  facet: SummaryFacet
  list: SummaryFilterItem[]
  applied: number[]
  nameOf: (facet: SummaryFacet, id: number) => string
  onToggle: (facet: SummaryFacet, id: number) => void
  onReset: (facet: SummaryFacet) => void
  busy: boolean
}) {
  const [expanded, setExpanded] = useState(false)
  const headingId = `summary-facet-${facet}`
  const appendOnly = APPEND_ONLY_CATEGORIES.includes(facet)
  // Applied values missing from the list (no asset carries them any more) still show.
  const missing = applied
    .filter((id) => !list.some((item) => item.id === id))
    .map((id) => ({ id, name: nameOf(facet, id), count: 0 }))
  const all = [...list, ...missing]
  const long = all.length > SHORT_LIST
  const shown =
    long && !expanded
      ? all.filter((item, index) => index < SHORT_LIST || applied.includes(item.id))
      : all
  return (
    <section
      aria-labelledby={headingId}
      className="border-b border-slate-100 px-4 py-3 last:border-b-0 xl:border-b-0"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {FACET_LABELS[facet]}
        </h3>
        <button
          type="button"
          onClick={() => onReset(facet)}
          disabled={busy || applied.length === 0}
          aria-label={`Reset ${FACET_LABELS[facet]}`}
          className="rounded px-1.5 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-50 disabled:text-slate-500 disabled:hover:bg-transparent"
        >
          Reset
        </button>
      </div>
      <ul className={cn('mt-2 space-y-1', expanded && 'max-h-72 overflow-y-auto pr-1')}>
        {shown.map((item) => {
          const pressed = applied.includes(item.id)
          const locked = appendOnly && pressed
          return (
            <li key={item.id}>
              <button
                type="button"
                aria-pressed={pressed}
                aria-disabled={locked || undefined}
                aria-describedby={locked ? `${headingId}-locked` : undefined}
                onClick={() => {
                  if (!locked && !busy) onToggle(facet, item.id)
                }}
                className={cn(
                  'flex w-full items-center gap-2 rounded-md border px-2 py-1 text-left text-sm',
                  pressed
                    ? 'border-brand-600 bg-brand-50 font-medium text-brand-900'
                    : 'border-transparent hover:bg-slate-50',
                  !pressed && item.count === 0 ? 'text-slate-500' : !pressed && 'text-slate-800',
                  locked && 'cursor-not-allowed'
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-4 shrink-0 items-center justify-center rounded border text-[10px]',
                    pressed ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-400'
                  )}
                >
                  {pressed ? '✓' : ''}
                </span>
                <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{item.name}</span>
                <span className="text-xs text-slate-600 tabular-nums">{item.count}</span>
              </button>
              {locked ? (
                <span id={`${headingId}-locked`} className="sr-only">
                  Reset to clear
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
      {appendOnly && applied.length ? (
        <p className="mt-1 text-xs text-slate-600">
          A chosen tier cannot be unticked: Reset to clear.
        </p>
      ) : null}
      {long ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="mt-1 text-xs font-medium text-brand-700 hover:underline"
        >
          {expanded ? 'Show fewer' : `Show all (${all.length})`}
        </button>
      ) : null}
    </section>
  )
}

function Kpi({
  term,
  value,
  detail,
  definition,
  tone = 'text-slate-900',
}: {
  term: string
  value: string
  detail?: string
  definition: string
  tone?: string
}) {
  return (
    <div
      className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="summary-kpi"
    >
      <dt className="text-sm font-medium text-slate-700">{term}</dt>
      <dd className={cn('mt-1 text-xl font-semibold tabular-nums', tone)}>{value}</dd>
      {detail ? <dd className="mt-0.5 text-sm text-slate-700">{detail}</dd> : null}
      <dd className="mt-2 text-xs text-slate-600">{definition}</dd>
    </div>
  )
}

function gapTone(gap: number | null) {
  if (gap === null || Math.abs(gap) < 0.5) return 'text-slate-900'
  return gap > 0 ? 'text-red-700' : 'text-emerald-700'
}

function signed(value: number, code: string) {
  return `${value > 0.5 ? '+' : ''}${abbreviateAmount(value, code)}`
}

function percent(value: number) {
  return `${value > 0.05 ? '+' : ''}${value.toFixed(1)}%`
}

function plural(count: number, noun: string) {
  return `${count.toLocaleString('en-GB')} ${noun}${count === 1 ? '' : 's'}`
}

function listText(parts: string[]) {
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}

function chartSummary(
  bars: { name: string; spend: number }[],
  facet: SummaryFacet,
  code: string,
  multiValued: boolean
) {
  if (bars.length === 0) return 'No spend to show.'
  const top = bars[0]
  const parts = [
    `Spend of the listed assets by ${FACET_LABELS[facet].toLowerCase()}: ${bars.length} ${bars.length === 1 ? 'group' : 'groups'}, the largest ${top.name} at ${abbreviateAmount(top.spend, code)}.`,
  ]
  if (multiValued)
    parts.push(
      'An asset tagged with several values counts under each, so the bars can add up to more than the total spend.'
    )
  parts.push('Click a bar, or choose it under Highlight, to mark its assets in the table.')
  return parts.join(' ')
}
