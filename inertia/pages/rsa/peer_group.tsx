import { useMemo, useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { Chart, rangeBarSeries, type ChartOption, type ChartPalette } from '~/components/ui/chart'
import { Card } from '~/components/ui/card'
import { RsaPage } from '~/components/rsa/rsa_page'
import { abbreviateAmount } from '@shared/money'
import type { PeerDataAge } from '@shared/peer_data_age'

type Unit = 'bps' | 'money' | 'count' | 'share'

interface Metric {
  key: string
  label: string
  unit: Unit
  definition: string
  you: number | null
  /** Banded ("10–19"). */
  n: string
  p25: number | null
  median: number | null
  p75: number | null
  position: string | null
  message: string | null
}

interface CompositionEntry {
  label: string
  /** Banded ("5–9"), or "fewer than 5 each" for the pooled categories. */
  count: string
}

interface Option {
  value: string
  label: string
}

interface Criteria {
  tiers: string[]
  firmTypes: string[]
  paymentMethods: string[]
  domiciles: string[]
}

interface Props {
  years: number[]
  /** How current the year's peer figures are. */
  peerData: PeerDataAge
  currencies: { id: number; code: string; name: string }[]
  options: Record<keyof Criteria, Option[]>
  page: {
    year: number
    currency: { id: number; code: string; name: string }
    mode: 'default' | 'custom'
    criteria: Criteria
    basis: string
    refused: string | null
    composition: {
      /** Banded ("10–19"); the categories are empty for a custom group. */
      n: string
      tiers: CompositionEntry[]
      domiciles: CompositionEntry[]
      paymentMethods: CompositionEntry[]
      firmTypes: CompositionEntry[]
    } | null
    metrics: Metric[]
    hasProfile: boolean
  }
}

const CRITERIA_LABELS: Record<keyof Criteria, string> = {
  tiers: 'AUM tier',
  firmTypes: 'Firm type',
  paymentMethods: 'Payment method',
  domiciles: 'Domicile',
}

function formatter(unit: Unit, code: string) {
  return (value: number | null) => {
    if (value === null) return 'n/a'
    if (unit === 'bps') return `${value.toFixed(2)} bps`
    if (unit === 'money') return abbreviateAmount(value, code)
    if (unit === 'share') return `${(value * 100).toFixed(1)}%`
    return value.toLocaleString('en-GB', { maximumFractionDigits: 1 })
  }
}

export default function PeerGroupPage({ years, currencies, options, page, peerData }: Props) {
  const code = page.currency.code
  const columns = useMemo<DataTableColumn<Metric>[]>(() => {
    const figure = (id: 'you' | 'p25' | 'median' | 'p75', header: string) => ({
      id,
      header,
      accessor: (row: Metric) => row[id],
      cell: (row: Metric) =>
        row[id] === null && id !== 'you' && row.message ? (
          <span className="text-xs text-slate-500">{id === 'median' ? row.message : '—'}</span>
        ) : (
          formatter(row.unit, code)(row[id])
        ),
      align: 'right' as const,
      enableSorting: false,
    })
    return [
      {
        id: 'metric',
        header: 'Metric',
        accessor: (row) => row.label,
        cell: (row) => (
          <span title={row.definition} className="font-medium text-slate-900">
            {row.label}
            <span className="block text-xs font-normal text-slate-500">{row.definition}</span>
          </span>
        ),
        enableHiding: false,
        enableSorting: false,
      },
      figure('you', 'Your value'),
      figure('p25', 'Peer p25'),
      figure('median', 'Peer median'),
      figure('p75', 'Peer p75'),
      {
        id: 'n',
        header: 'Peers (n)',
        accessor: (row) => row.n,
        align: 'right',
        enableSorting: false,
      },
      {
        id: 'position',
        header: 'Your position',
        accessor: (row) => row.position,
        cell: (row) =>
          row.position ?? (
            <span className="text-xs text-slate-500">
              {row.median === null ? 'n/a' : 'Ranks need 10 peers'}
            </span>
          ),
        enableSorting: false,
      },
    ]
  }, [code])

  return (
    <RsaPage
      peerData={peerData}
      title="Peer group"
      current="peer-group"
      description="Where your research spend stands among firms like yours. Peers are never named and no single firm's figure can be worked out: a median needs five other firms, quartiles and ranks ten, and every peer figure is noise-infused and rounded (the rules are at the foot of the page)."
      year={{ value: page.year, options: years }}
      currency={{ selectedId: page.currency.id, currencies, reloadProps: ['page'] }}
    >
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <Card>
            <h2 className="text-base font-semibold text-slate-900">
              {page.mode === 'custom' ? 'Custom peer group' : 'Your peer group'}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{page.basis}</p>
            {page.refused ? (
              <p role="alert" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                {page.refused}
              </p>
            ) : null}
            {!page.hasProfile && page.mode === 'default' ? (
              <p className="mt-3 text-sm text-slate-600">
                Your firm has no research profile for {page.year}, so it has no default peer group.
                Choose criteria to compare with a group of your own.
              </p>
            ) : null}
            {page.composition ? <Composition composition={page.composition} /> : null}
          </Card>
          {page.metrics.length ? (
            <>
              <DataTable
                caption={`Your figures against the peer group, ${page.year}`}
                data={page.metrics}
                columns={columns}
                getRowId={(row) => row.key}
                enableHiding={false}
              />
              <div className="grid gap-4 xl:grid-cols-2">
                {page.metrics.map((metric) => (
                  <MetricChart key={metric.key} metric={metric} code={code} />
                ))}
              </div>
            </>
          ) : null}
        </div>
        <CriteriaForm options={options} criteria={page.criteria} year={page.year} />
      </div>
    </RsaPage>
  )
}

function Composition({ composition }: { composition: NonNullable<Props['page']['composition']> }) {
  const groups: [string, CompositionEntry[]][] = [
    ['AUM tiers', composition.tiers],
    ['Domiciles', composition.domiciles],
    ['Payment methods', composition.paymentMethods],
    ['Firm types', composition.firmTypes],
  ]
  return (
    <div className="mt-4">
      <p className="text-2xl font-semibold text-slate-900 tabular-nums">
        {composition.n} <span className="text-base font-normal text-slate-600">firms</span>
      </p>
      {groups.every(([, entries]) => entries.length === 0) ? (
        <p className="mt-2 text-sm text-slate-600">
          A custom group shows no breakdown: its composition is your criteria, and two groups’
          breakdowns side by side would describe the firms between them.
        </p>
      ) : null}
      <dl className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {groups
          .filter(([, entries]) => entries.length > 0)
          .map(([title, entries]) => (
            <div key={title}>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                {title}
              </dt>
              <dd className="mt-1 text-sm text-slate-700">
                <ul>
                  {entries.map((entry) => (
                    <li key={entry.label} className="flex justify-between gap-2">
                      <span>{entry.label}</span>
                      <span className="text-slate-500 tabular-nums">{entry.count}</span>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
      </dl>
    </div>
  )
}

function CriteriaForm({
  options,
  criteria,
  year,
}: {
  options: Props['options']
  criteria: Criteria
  year: number
}) {
  const [chosen, setChosen] = useState<Criteria>(criteria)
  const toggle = (group: keyof Criteria, value: string) =>
    setChosen((current) => ({
      ...current,
      [group]: current[group].includes(value)
        ? current[group].filter((entry) => entry !== value)
        : [...current[group], value],
    }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    router.get('/rsa/peer-group', { year, ...chosen }, { preserveScroll: true })
  }
  return (
    <Card>
      <form onSubmit={submit} aria-labelledby="peer-criteria-title">
        <h2 id="peer-criteria-title" className="text-base font-semibold text-slate-900">
          Choose your peers
        </h2>
        <p className="mt-1 text-xs text-slate-500">
          Leave a group empty to include every value. Groups of fewer than five firms are refused.
        </p>
        {(Object.keys(CRITERIA_LABELS) as (keyof Criteria)[]).map((group) => (
          <fieldset key={group} className="mt-4">
            <legend className="text-sm font-medium text-slate-800">{CRITERIA_LABELS[group]}</legend>
            <div className="mt-1 space-y-1">
              {options[group].map((option) => (
                <label
                  key={option.value}
                  className="flex items-center gap-2 text-sm text-slate-700"
                >
                  <input
                    type="checkbox"
                    checked={chosen[group].includes(option.value)}
                    onChange={() => toggle(group, option.value)}
                    className="rounded border-slate-300"
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <div className="mt-5 flex gap-2">
          <button
            type="submit"
            className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
          >
            Compare
          </button>
          <button
            type="button"
            onClick={() => router.get('/rsa/peer-group', { year }, { preserveScroll: true })}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Default group
          </button>
        </div>
      </form>
    </Card>
  )
}

/** One metric: the peer interquartile range, the median and your value on one axis. */
function MetricChart({ metric, code }: { metric: Metric; code: string }) {
  const format = formatter(metric.unit, code)
  const option = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => ({
        grid: { left: 16, right: 24, top: 28, bottom: 28 },
        legend: {
          top: 0,
          // Quartiles need ten peers: without them the range has no bar, so no legend entry.
          data: [
            ...(metric.p25 !== null && metric.p75 !== null ? ['Peer p25–p75'] : []),
            'Peer median',
            'You',
          ],
        },
        tooltip: { trigger: 'item' },
        xAxis: {
          type: 'value',
          scale: true,
          axisLabel: {
            formatter: (value: number) => formatter(metric.unit, code)(value),
            hideOverlap: true,
          },
        },
        yAxis: { type: 'category', data: [metric.label], axisLabel: { show: false } },
        series: [
          rangeBarSeries({
            name: 'Peer p25–p75',
            color: palette.brandPale,
            thickness: 18,
            ranges: [{ low: metric.p25, high: metric.p75 }],
            format: formatter(metric.unit, code),
          }),
          {
            name: 'Peer median',
            type: 'scatter',
            symbol: 'rect',
            symbolSize: [3, 26],
            itemStyle: { color: palette.slate[700] },
            data: [metric.median],
          },
          {
            name: 'You',
            type: 'scatter',
            symbolSize: 12,
            itemStyle: { color: palette.brand },
            data: [metric.you],
          },
        ],
      }),
    [metric, code]
  )
  if (metric.median === null) return null
  return (
    <Card>
      <Chart
        title={metric.label}
        headingLevel={3}
        height={140}
        summary={`Peer median ${format(metric.median)} (n = ${metric.n})${metric.p25 !== null ? `, interquartile range ${format(metric.p25)} to ${format(metric.p75)}` : ''}; yours ${format(metric.you)}${metric.position ? `, ${metric.position}` : ''}.`}
        option={option}
        table={{
          columns: ['Measure', 'Value'],
          rows: [
            ['Your value', format(metric.you)],
            ['Peer p25', format(metric.p25)],
            ['Peer median', format(metric.median)],
            ['Peer p75', format(metric.p75)],
            ['Peers (n)', metric.n],
          ],
        }}
      />
    </Card>
  )
}
