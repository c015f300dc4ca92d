import { useMemo, useState } from 'react'
import { router } from '@inertiajs/react'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { Card } from '~/components/ui/card'
import { Chart, rangeBarSeries, type ChartOption, type ChartPalette } from '~/components/ui/chart'
import { KeyFigure, RsaPage, StatusChip, percent } from '~/components/rsa/rsa_page'
import { formatDateTime } from '~/lib/format'
import { useDates } from '~/hooks/use_dates'
import { abbreviateAmount } from '@shared/money'
import { PRICE_STATUS_LABELS, type PriceStatus } from '@shared/rsa'

interface Payload {
  teamName: string
  year: number
  currency: string
  generatedAt: string
  generatedBy: string | null
  budget: {
    status: string | null
    approvedAt: string | null
    approvedLate: boolean
    totalBudget: number
    paid: number
    variance: number | null
    pacing: number | null
    providersPaid: number
    researchBps: number | null
    potentialSaving: number
  }
  topProviders: {
    provider: string
    type: string
    myPrice: number
    totalPayment: number
    benchmark: number | null
    difference: number | null
    status: PriceStatus | null
    /** Kept since the pack draws the peer range; absent from older snapshots. */
    p25?: number | null
    p75?: number | null
  }[]
  peerPosition: {
    basis: string
    n: number | string | null
    metrics: { label: string; you: string; median: string; position: string | null }[]
  }
  outliers: { rule: string; subject: string; value: string; threshold: string }[]
  outliersByRule?: OutlierRule[]
  assessments: {
    providersAssessed: number
    providersPaid: number
    byCategory: { category: string; average: number; scores: number }[]
    lowest: { provider: string; average: number }[]
  }
  checklist: { label: string; done: boolean; note: string }[]
}

interface SnapshotRow {
  id: number
  generatedAt: string
  currency: string
  fileSize: number
}

interface Props {
  years: number[]
  year: number
  currency: { id: number; code: string; name: string }
  snapshots: SnapshotRow[]
  latest: Payload | null
}

type TopProvider = Payload['topProviders'][number]

interface OutlierRule {
  rule: string
  open: number
  top: { subject: string; value: string; threshold: string }
}

/** The open outliers by rule; older snapshots kept only the list, so it is grouped here. */
function outlierRules(payload: Payload): OutlierRule[] {
  if (payload.outliersByRule) return payload.outliersByRule
  const rules = new Map<string, OutlierRule>()
  for (const entry of payload.outliers) {
    const known = rules.get(entry.rule)
    if (known) known.open += 1
    else rules.set(entry.rule, { rule: entry.rule, open: 1, top: entry })
  }
  return [...rules.values()].sort((a, b) => b.open - a.open)
}

export default function SnapshotPage({ years, year, currency, snapshots, latest }: Props) {
  const [generating, setGenerating] = useState(false)
  const generate = () => {
    setGenerating(true)
    router.post(`/rsa/snapshot?year=${year}`, {}, { onFinish: () => setGenerating(false) })
  }
  return (
    <RsaPage
      title="Snapshot"
      current="snapshot"
      description="A one-page committee pack for the year, frozen when generated and kept as a PDF: budget against actual, the largest providers, your peer position, open outliers, assessment results and what the rules expect you to document."
      year={{ value: year, options: years }}
      actions={
        <button
          type="button"
          onClick={generate}
          disabled={generating}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {generating ? 'Generating…' : `Generate snapshot (${currency.code})`}
        </button>
      }
    >
      {latest ? (
        <Latest payload={latest} id={snapshots[0]?.id} />
      ) : (
        <Card>
          <p className="text-sm text-slate-600">
            No snapshot of {year} yet. Generate one to freeze today’s figures for your committee.
          </p>
        </Card>
      )}
      {snapshots.length ? <History snapshots={snapshots} /> : null}
    </RsaPage>
  )
}

function Latest({ payload, id }: { payload: Payload; id: number | undefined }) {
  const dates = useDates()
  const money = (value: number | null) =>
    value === null ? 'n/a' : abbreviateAmount(value, payload.currency)
  const columns = useMemo<DataTableColumn<TopProvider>[]>(
    () => [
      {
        id: 'provider',
        header: 'Provider',
        accessor: (row) => row.provider,
        cell: (row) => <span className="font-medium text-slate-900">{row.provider}</span>,
        enableHiding: false,
      },
      { id: 'type', header: 'Type', accessor: (row) => row.type },
      {
        id: 'myPrice',
        header: 'My price',
        accessor: (row) => row.myPrice,
        cell: (row) => money(row.myPrice),
        align: 'right',
      },
      {
        id: 'paid',
        header: 'Paid',
        accessor: (row) => row.totalPayment,
        cell: (row) => money(row.totalPayment),
        align: 'right',
      },
      {
        id: 'benchmark',
        header: 'Peer median',
        accessor: (row) => row.benchmark,
        cell: (row) => money(row.benchmark),
        align: 'right',
      },
      {
        id: 'difference',
        header: 'Difference %',
        accessor: (row) => row.difference,
        cell: (row) => percent(row.difference, { sign: true }),
        align: 'right',
      },
      {
        id: 'status',
        header: 'Status',
        accessor: (row) => (row.status ? PRICE_STATUS_LABELS[row.status] : null),
        cell: (row) => (
          <StatusChip
            status={row.status}
            label={row.status ? PRICE_STATUS_LABELS[row.status] : null}
          />
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [payload]
  )
  const { budget } = payload
  return (
    <div className="space-y-6">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">
              Research spend snapshot {payload.year} · {payload.teamName}
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Frozen {formatDateTime(payload.generatedAt, dates.locale)}
              {payload.generatedBy ? ` by ${payload.generatedBy}` : ''}, amounts in{' '}
              {payload.currency}. Its figures do not change when the data does.
            </p>
          </div>
          {id ? (
            <a
              href={`/rsa/snapshots/${id}/file`}
              className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              Download PDF
            </a>
          ) : null}
        </div>
        <div className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-5">
          <KeyFigure label="Total budget" value={money(budget.totalBudget)} />
          <KeyFigure
            label="Paid"
            value={money(budget.paid)}
            hint={
              budget.variance === null
                ? undefined
                : `${percent(budget.variance * 100, { sign: true })} vs budget`
            }
          />
          <KeyFigure label="Providers paid" value={budget.providersPaid} />
          <KeyFigure
            label="Research intensity"
            value={budget.researchBps === null ? 'n/a' : `${budget.researchBps.toFixed(2)} bps`}
          />
          <KeyFigure label="Potential saving" value={money(budget.potentialSaving)} />
        </div>
      </Card>
      <DataTable
        caption="Largest providers with their price status"
        captionVisible
        data={payload.topProviders}
        columns={columns}
        getRowId={(row) => row.provider}
        enableHiding={false}
      />
      <PeerRangeChart payload={payload} />
      <div className="grid gap-6 xl:grid-cols-2">
        <Card>
          <h3 className="text-base font-semibold text-slate-900">Peer position</h3>
          <p className="mt-1 text-sm text-slate-600">
            {payload.peerPosition.basis}
            {payload.peerPosition.n ? `, ${payload.peerPosition.n} firms` : ''}
          </p>
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {payload.peerPosition.metrics.map((metric) => (
              <li key={metric.label} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="text-slate-800">{metric.label}</span>
                <span className="text-slate-600 tabular-nums">
                  {metric.you} · median {metric.median}
                  {metric.position ? ` · ${metric.position}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <h3 className="text-base font-semibold text-slate-900">
            Open outliers ({payload.outliers.length})
          </h3>
          {payload.outliers.length ? (
            <>
              <p className="mt-1 text-sm text-slate-600">
                By rule, with the largest finding of each; every finding is on the Outliers page.
              </p>
              <ul className="mt-3 divide-y divide-slate-100 text-sm">
                {outlierRules(payload).map((entry) => (
                  <li key={entry.rule} className="py-2">
                    <span className="flex justify-between gap-2">
                      <span className="font-medium text-slate-800">{entry.rule}</span>
                      <span className="text-slate-600 tabular-nums">{entry.open} open</span>
                    </span>
                    <span className="block text-xs text-slate-500">
                      Largest: {entry.top.subject}, {entry.top.value} against {entry.top.threshold}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-3 text-sm text-slate-600">No open outlier.</p>
          )}
        </Card>
        <Card>
          <h3 className="text-base font-semibold text-slate-900">Assessment results</h3>
          <p className="mt-1 text-sm text-slate-600">
            {payload.assessments.providersAssessed} providers assessed;{' '}
            {payload.assessments.providersPaid} paid.
          </p>
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {payload.assessments.byCategory.map((entry) => (
              <li key={entry.category} className="flex justify-between py-2">
                <span>{entry.category}</span>
                <span className="tabular-nums">
                  {entry.average.toFixed(2)} / 5 ({entry.scores} scores)
                </span>
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <h3 className="text-base font-semibold text-slate-900">What the rules expect</h3>
          <ul className="mt-3 space-y-2 text-sm">
            {payload.checklist.map((item) => (
              <li key={item.label} className="flex gap-2">
                <span
                  aria-hidden="true"
                  className={item.done ? 'text-emerald-600' : 'text-amber-600'}
                >
                  {item.done ? '✓' : '!'}
                </span>
                <span>
                  <span className="font-medium text-slate-800">
                    {item.label}
                    <span className="sr-only">{item.done ? ' (done)' : ' (to do)'}</span>
                  </span>
                  <span className="block text-xs text-slate-500">{item.note}</span>
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  )
}

/** The largest providers' prices on their peer range: bar p25–p75, tick median, dot you. */
function PeerRangeChart({ payload }: { payload: Payload }) {
  const rows = useMemo(
    () => payload.topProviders.filter((row) => row.benchmark !== null).reverse(),
    [payload]
  )
  const code = payload.currency
  const option = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => ({
        grid: { left: 16, right: 24, top: 36, bottom: 28, containLabel: true },
        legend: {
          top: 0,
          data: [
            ...(rows.some((row) => (row.p25 ?? null) !== null && (row.p75 ?? null) !== null)
              ? ['Peer p25–p75']
              : []),
            'Peer median',
            'Your price',
          ],
        },
        tooltip: { trigger: 'item' },
        xAxis: {
          type: 'value',
          axisLabel: { formatter: (value: number) => abbreviateAmount(value) },
        },
        yAxis: {
          type: 'category',
          data: rows.map((row) => row.provider),
          axisLabel: { width: 170, overflow: 'truncate' },
        },
        series: [
          rangeBarSeries({
            name: 'Peer p25–p75',
            color: palette.brandPale,
            thickness: 12,
            ranges: rows.map((row) => ({ low: row.p25 ?? null, high: row.p75 ?? null })),
            format: (value) => abbreviateAmount(value, code),
          }),
          {
            name: 'Peer median',
            type: 'scatter',
            symbol: 'rect',
            symbolSize: [3, 18],
            itemStyle: { color: palette.slate[700] },
            data: rows.map((row) => row.benchmark),
          },
          {
            name: 'Your price',
            type: 'scatter',
            symbolSize: 10,
            itemStyle: { color: palette.brand },
            data: rows.map((row) => row.myPrice),
          },
        ],
      }),
    [rows, code]
  )
  if (!rows.length) return null
  const above = rows.filter((row) => (row.difference ?? 0) > 10).length
  return (
    <Chart
      title="Your price against the peer range"
      summary={`For the ${rows.length} largest providers with a peer benchmark: the tick is the peer median, the bar the 25th to 75th percentile where ten peers allow it, and the dot your annual price, in ${code}. ${above} are priced more than 10% above the median.`}
      option={option}
      height={Math.max(220, rows.length * 30 + 80)}
      table={{
        columns: ['Provider', `Your price (${code})`, 'Peer p25', 'Peer median', 'Peer p75'],
        rows: [...rows]
          .reverse()
          .map((row) => [
            row.provider,
            Math.round(row.myPrice),
            typeof row.p25 === 'number' ? Math.round(row.p25) : 'n/a',
            Math.round(row.benchmark ?? 0),
            typeof row.p75 === 'number' ? Math.round(row.p75) : 'n/a',
          ]),
      }}
    />
  )
}

function History({ snapshots }: { snapshots: SnapshotRow[] }) {
  const dates = useDates()
  const columns = useMemo<DataTableColumn<SnapshotRow>[]>(
    () => [
      {
        id: 'generatedAt',
        header: 'Generated',
        accessor: (row) => row.generatedAt,
        cell: (row) => formatDateTime(row.generatedAt, dates.locale),
      },
      { id: 'currency', header: 'Currency', accessor: (row) => row.currency },
      {
        id: 'file',
        header: 'PDF',
        cell: (row) => (
          <a href={`/rsa/snapshots/${row.id}/file`} className="text-brand-700 underline">
            Download ({Math.max(1, Math.round(row.fileSize / 1024))} KB)
          </a>
        ),
      },
    ],
    [dates.locale]
  )
  return (
    <div className="mt-8">
      <DataTable
        caption="Snapshots of this year"
        captionVisible
        data={snapshots}
        columns={columns}
        getRowId={(row) => String(row.id)}
        enableHiding={false}
        initialSorting={[{ id: 'generatedAt', desc: true }]}
      />
    </div>
  )
}
