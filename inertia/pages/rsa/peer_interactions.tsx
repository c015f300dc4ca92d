import { useMemo } from 'react'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { Chart, type ChartOption, type ChartPalette } from '~/components/ui/chart'
import { Card } from '~/components/ui/card'
import { KeyFigure, RatesNote, RsaPage } from '~/components/rsa/rsa_page'
import { abbreviateAmount } from '@shared/money'
import { spacedLabels } from '@shared/chart_data'
import type { PeerDataAge } from '@shared/peer_data_age'

interface PeerMeasure {
  value: number | null
  median: number | null
  /** Banded ("5–9"). */
  n: string
  message: string | null
}

interface MixShare {
  type: string
  label: string
  count: number
  share: number
  peerMedian: number | null
}

interface Row {
  providerId: number
  provider: string
  providerTypeLabel: string
  isIndependent: boolean
  spend: number
  interactions: PeerMeasure
  weighted: PeerMeasure
  perThousand: PeerMeasure
  perProfessional: PeerMeasure
  /** Banded ("5–9"). */
  peers: string
  spendShare: number | null
  usageShare: number | null
  mix: MixShare[]
  mixPeers: { n: string; message: string | null }
}

interface Props {
  years: number[]
  /** How current the year's peer figures are. */
  peerData: PeerDataAge
  currencies: { id: number; code: string; name: string }[]
  page: {
    year: number
    currency: { id: number; code: string; name: string }
    professionals: number | null
    totals: {
      spend: number
      interactions: PeerMeasure
      weighted: PeerMeasure
      perThousand: PeerMeasure
      perProfessional: PeerMeasure
    }
    rows: Row[]
    weights: { type: string; label: string; weight: number }[]
    computedAt: string | null
    exchangeRates: { from: string; to: string; rate: number; asOf: string | null }[]
  }
}

const number = (value: number | null, digits = 1) =>
  value === null
    ? 'n/a'
    : value.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: 0 })

/** The team's value and, below it, the peer median or why there is none. */
function MeasureCell({ measure, digits = 1 }: { measure: PeerMeasure; digits?: number }) {
  return (
    <span>
      <span className="font-medium text-slate-900">{number(measure.value, digits)}</span>
      <span className="block text-xs text-slate-500">
        {measure.median === null ? (
          <span title="A peer median needs at least 5 other teams">{measure.message}</span>
        ) : (
          <span title={`Median of ${measure.n} other teams`} className="whitespace-nowrap">
            peers {number(measure.median, digits)} · n = {measure.n}
          </span>
        )}
      </span>
    </span>
  )
}

function versus(measure: PeerMeasure, digits = 1) {
  if (measure.median === null) return measure.message ?? 'n/a'
  const index = measure.median > 0 && measure.value !== null ? measure.value / measure.median : null
  return `Peer median ${number(measure.median, digits)} (n = ${measure.n})${index === null ? '' : ` · you ${index.toFixed(2)}×`}`
}

export default function PeerInteractionsPage({ years, currencies, page, peerData }: Props) {
  const code = page.currency.code
  const perThousandLabel = `Weighted per 1,000 ${code} paid`

  const columns = useMemo<DataTableColumn<Row>[]>(() => {
    const measureColumn = (
      id: 'interactions' | 'weighted' | 'perThousand' | 'perProfessional',
      header: string,
      description: string,
      digits = 1
    ): DataTableColumn<Row> => ({
      id,
      header,
      description,
      accessor: (row) => row[id].value,
      cell: (row) => <MeasureCell measure={row[id]} digits={digits} />,
      align: 'right',
      sortDescFirst: true,
    })
    return [
      {
        id: 'provider',
        header: 'Provider',
        accessor: (row) => row.provider,
        enableHiding: false,
        cell: (row) => (
          <span className="block min-w-40">
            <span className="font-medium text-slate-900">{row.provider}</span>
            <span className="block text-xs text-slate-500">{row.providerTypeLabel}</span>
          </span>
        ),
      },
      {
        id: 'spend',
        header: `Paid (${code})`,
        description: 'Payments against the year’s budget lines with the provider.',
        accessor: (row) => row.spend,
        cell: (row) => <span className="whitespace-nowrap">{abbreviateAmount(row.spend)}</span>,
        align: 'right',
        sortDescFirst: true,
      },
      measureColumn(
        'interactions',
        'Interactions',
        'Every interaction recorded with the provider this year (reads, calls, meetings…), against the median of the other teams with the provider.'
      ),
      measureColumn(
        'weighted',
        'Weighted interactions',
        'Interactions weighted by what they are worth (see the weights below).'
      ),
      measureColumn(
        'perThousand',
        perThousandLabel,
        'Weighted interactions per 1,000 paid: computed in USD for every team, yours included, then expressed in the display currency.',
        2
      ),
      measureColumn(
        'perProfessional',
        'Weighted per investment professional',
        'Weighted interactions per portfolio manager and analyst of the team.'
      ),
      {
        id: 'peers',
        header: 'Peers',
        description:
          'Other teams with the provider this year that record interactions, as a band. A median needs 5.',
        accessor: (row) => row.peers,
        align: 'right',
        enableSorting: false,
      },
    ]
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page])

  const { totals } = page
  return (
    <RsaPage
      peerData={peerData}
      title="Peer interactions"
      current="peer-interactions"
      description="What your team receives from each provider — interactions, weighted by what they are worth — for what it pays, against the median of the other teams using the same provider."
      year={{ value: page.year, options: years }}
      currency={{ selectedId: page.currency.id, currencies, reloadProps: ['page'] }}
    >
      {page.rows.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">
            No payments or interactions are recorded for {page.year}. They appear here once your
            budget and interactions for the year have been loaded.
          </p>
        </Card>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <KeyFigure
              label="Interactions"
              value={number(totals.interactions.value, 0)}
              hint={versus(totals.interactions)}
            />
            <KeyFigure
              label="Weighted interactions"
              value={number(totals.weighted.value)}
              hint={versus(totals.weighted)}
            />
            <KeyFigure
              label={perThousandLabel}
              value={number(totals.perThousand.value, 2)}
              hint={versus(totals.perThousand, 2)}
            />
            <KeyFigure
              label="Weighted per professional"
              value={number(totals.perProfessional.value)}
              hint={
                page.professionals
                  ? `${page.professionals} professionals · ${versus(totals.perProfessional)}`
                  : 'No team profile for the year'
              }
            />
          </div>
          <p className="mt-2 text-xs text-slate-500">
            Team figures against the median of every other team recording interactions in{' '}
            {page.year}.
          </p>

          <div className="mt-6">
            <DataTable
              caption={`Interactions by provider ${page.year} against peers, amounts in ${code}`}
              data={page.rows}
              columns={columns}
              getRowId={(row) => String(row.providerId)}
              storageKey="rsa-peer-interactions"
              initialSorting={[{ id: 'spend', desc: true }]}
              renderExpanded={(row) => <MixTable row={row} />}
              expandLabel={(row) => `Show the interaction mix for ${row.provider}`}
            />
            <p className="mt-3 text-xs text-slate-500">
              Peers are the other teams that pay or use the provider in {page.year} and record
              interactions; your own team is never one of them. A median needs at least 5 of them,
              otherwise “Insufficient peer data”. Per 1,000 paid is currency-neutral: every team’s
              figure, yours included, is computed from spend in USD and compared in USD, then
              divided by the USD → {code} rate for display, so switching currency changes neither
              your position nor the peers’.
              {page.computedAt ? ` Statistics computed ${page.computedAt.slice(0, 10)}.` : ''}
            </p>
            <RatesNote rates={page.exchangeRates} />
          </div>

          <div className="mt-6 grid gap-6 xl:grid-cols-2">
            <MixChart rows={page.rows} />
            <WalletChart rows={page.rows} code={code} />
          </div>

          <Card className="mt-6">
            <h2 className="text-base font-semibold text-slate-900">Interaction weights</h2>
            <p className="mt-1 text-sm text-slate-600">
              Raw counts favour providers that send a lot to read. Each interaction is weighted by
              what it is usually worth; corporate access is tracked but not valued as research.
            </p>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Weights by interaction type">
              {page.weights.map((weight) => (
                <li
                  key={weight.type}
                  className="rounded-md border border-slate-200 bg-slate-50 px-2.5 py-1 text-sm text-slate-700"
                >
                  {weight.label}{' '}
                  <span className="font-semibold text-slate-900 tabular-nums">
                    × {number(weight.weight)}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        </>
      )}
    </RsaPage>
  )
}

function MixTable({ row }: { row: Row }) {
  return (
    <table className="w-full max-w-2xl text-sm">
      <caption className="mb-1 text-left text-xs text-slate-500">
        Interaction mix with {row.provider}: your share of each type against the peer median share
        {row.mixPeers.message ? ` (${row.mixPeers.message})` : ` (n = ${row.mixPeers.n})`}
      </caption>
      <thead>
        <tr className="text-left text-xs text-slate-500">
          <th scope="col" className="py-1 pr-3 font-medium">
            Type
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-medium">
            Your interactions
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-medium">
            Your share
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Peer median share
          </th>
        </tr>
      </thead>
      <tbody>
        {row.mix.map((entry) => (
          <tr key={entry.type} className="border-t border-slate-100">
            <td className="py-1.5 pr-3 text-slate-800">{entry.label}</td>
            <td className="py-1.5 pr-3 text-right tabular-nums">{entry.count}</td>
            <td className="py-1.5 pr-3 text-right tabular-nums">
              {(entry.share * 100).toFixed(1)}%
            </td>
            <td className="py-1.5 text-right tabular-nums">
              {entry.peerMedian === null ? 'n/a' : `${(entry.peerMedian * 100).toFixed(1)}%`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

const MAX_MIX_PROVIDERS = 8

/** Your mix of interaction types with each provider against the peers' median shares. */
function MixChart({ rows }: { rows: Row[] }) {
  const shown = useMemo(
    () =>
      [...rows]
        .filter((row) => row.interactions.value)
        .sort((a, b) => (b.weighted.value ?? 0) - (a.weighted.value ?? 0))
        .slice(0, MAX_MIX_PROVIDERS),
    [rows]
  )
  const categories = useMemo(() => {
    const list: { label: string; row: Row; peer: boolean }[] = []
    for (const row of shown) {
      list.push({ label: `${row.provider} · you`, row, peer: false })
      if (!row.mixPeers.message) list.push({ label: `${row.provider} · peers`, row, peer: true })
    }
    return list.reverse()
  }, [shown])
  const types = useMemo(() => {
    const seen = new Map<string, string>()
    for (const row of shown) for (const entry of row.mix) seen.set(entry.type, entry.label)
    return [...seen]
  }, [shown])
  const largestBar = useMemo(
    () =>
      Math.max(
        0,
        ...categories.map((category) =>
          category.row.mix.reduce(
            (sum, entry) => sum + (category.peer ? (entry.peerMedian ?? 0) : entry.share) * 100,
            0
          )
        )
      ),
    [categories]
  )
  const option = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => ({
        grid: { left: 8, right: 24, top: 8, bottom: 72, containLabel: true },
        tooltip: {
          trigger: 'axis',
          axisPointer: { type: 'shadow' },
          valueFormatter: (value) => `${Number(value).toFixed(1)}%`,
        },
        legend: { bottom: 0, type: 'plain' },
        xAxis: {
          type: 'value',
          min: 0,
          max: largestBar > 100.5 ? Math.ceil(largestBar / 10) * 10 : 100,
          axisLabel: { formatter: '{value}%' },
        },
        yAxis: {
          type: 'category',
          data: categories.map((category) => category.label),
          axisLabel: { width: 220, overflow: 'truncate' },
        },
        series: types.map(([type, label], index) => ({
          name: label,
          type: 'bar',
          stack: 'mix',
          barWidth: 14,
          itemStyle: {
            color: palette.series[index % palette.series.length] ?? palette.slate[400],
          },
          data: categories.map((category) => {
            const entry = category.row.mix.find((item) => item.type === type)
            const value = category.peer ? (entry?.peerMedian ?? 0) : (entry?.share ?? 0)
            return Math.round(value * 1000) / 10
          }),
        })),
      }),
    [categories, types, largestBar]
  )
  if (shown.length === 0) return null
  const suppressed = shown.filter((row) => row.mixPeers.message)
  return (
    <Chart
      title="Mix by interaction type"
      summary={`Share of each interaction type in your interactions with your ${shown.length} most used providers, each followed by the median share among the peers using that provider. Peer medians are taken type by type, so a peer bar need not add up to 100%.${suppressed.length ? ` No peer bar where fewer than 5 peers record interactions with the provider: ${suppressed.map((row) => `${row.provider} (n = ${row.mixPeers.n})`).join(', ')}.` : ''}`}
      option={option}
      height={Math.max(300, categories.length * 30 + 110)}
      table={{
        columns: ['Provider', 'Bar', ...types.map(([, label]) => `${label} (%)`)],
        rows: [...categories].reverse().map((category) => [
          category.row.provider,
          category.peer ? 'Peer median' : 'You',
          ...types.map(([type]) => {
            const entry = category.row.mix.find((item) => item.type === type)
            const value = category.peer ? entry?.peerMedian : entry?.share
            return value === null || value === undefined ? 'n/a' : Math.round(value * 1000) / 10
          }),
        ]),
      }}
    />
  )
}

/** Share of spend against share of use per provider; the diagonal is parity. */
function WalletChart({ rows, code }: { rows: Row[]; code: string }) {
  const points = useMemo(
    () =>
      rows
        .filter((row) => row.spendShare !== null && row.usageShare !== null)
        .map((row) => ({
          name: row.provider,
          x: Math.round(row.usageShare! * 1000) / 10,
          y: Math.round(row.spendShare! * 1000) / 10,
          spend: row.spend,
        })),
    [rows]
  )
  const option = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => {
        const top = Math.min(
          100,
          Math.max(10, Math.ceil((Math.max(...points.flatMap((p) => [p.x, p.y])) + 5) / 10) * 10)
        )
        const even = points.length ? Math.round((100 / points.length) * 10) / 10 : 0
        const largest = Math.max(...points.map((point) => point.spend), 1)
        const size = (spend: number) => 8 + 34 * Math.sqrt(spend / largest)
        // Names on the largest paid providers whose labels do not run into one another, at the
        // chart's narrowest plot; the others are named on hover and in the table.
        const labelled = spacedLabels(
          points
            .filter((point) => point.spend > 0)
            .map((point) => ({
              name: point.name,
              x: point.x,
              y: point.y,
              weight: point.spend,
              radius: size(point.spend) / 2,
            })),
          { xMax: top, yMax: top, width: 480, height: 330, limit: 10 }
        )
        const quadrant = (
          name: string,
          from: [number, number],
          to: [number, number],
          position: 'insideTopLeft' | 'insideTopRight' | 'insideBottomLeft' | 'insideBottomRight'
        ) => [
          {
            name,
            coord: from,
            itemStyle: { color: 'transparent' },
            label: { position, color: palette.slate[500], fontSize: 11 },
          },
          { coord: to },
        ]
        return {
          grid: { left: 64, right: 64, top: 24, bottom: 56 },
          tooltip: {
            trigger: 'item',
            formatter: (params: unknown) => {
              const data = (params as { data?: { value?: number[]; name?: string } }).data
              if (!data?.value) return ''
              const [x, y, spend] = data.value
              return `<strong>${data.name}</strong><br/>Share of use ${x}%<br/>Share of spend ${y}%<br/>Paid ${abbreviateAmount(spend, code)}`
            },
          },
          xAxis: {
            type: 'value',
            name: 'Share of weighted interactions',
            nameLocation: 'middle',
            nameGap: 28,
            min: 0,
            max: top,
            axisLabel: { formatter: '{value}%' },
          },
          yAxis: {
            type: 'value',
            name: 'Share of spend',
            nameLocation: 'middle',
            nameGap: 44,
            min: 0,
            max: top,
            axisLabel: { formatter: '{value}%' },
          },
          series: [
            {
              name: 'Providers',
              type: 'scatter',
              data: points.map((point) => ({
                name: point.name,
                value: [point.x, point.y, point.spend],
                label: { show: labelled.has(point.name) },
              })),
              symbolSize: (value: number[]) => size(value[2]),
              // Whatever the drawn size, a label that would still cover another is left out.
              labelLayout: { hideOverlap: true },
              itemStyle: { color: palette.brand, opacity: 0.7 },
              label: {
                show: true,
                formatter: (params: unknown) => (params as { name: string }).name,
                position: 'right',
                color: palette.slate[700],
                fontSize: 11,
              },
              markLine: {
                silent: true,
                symbol: 'none',
                lineStyle: { color: palette.slate[400], type: 'dashed' },
                label: { formatter: 'Parity', position: 'end', color: palette.slate[500] },
                data: [
                  [{ coord: [0, 0] }, { coord: [top, top] }],
                  [
                    { coord: [even, 0], label: { show: false }, lineStyle: { type: 'dotted' } },
                    { coord: [even, top] },
                  ],
                  [
                    { coord: [0, even], label: { show: false }, lineStyle: { type: 'dotted' } },
                    { coord: [top, even] },
                  ],
                ] as never,
              },
              markArea: {
                silent: true,
                data: [
                  quadrant('Paying more than you use', [0, top], [even, even], 'insideTopLeft'),
                  quadrant('Core providers', [even, top], [top, even], 'insideTopRight'),
                  quadrant('Tail', [0, even], [even, 0], 'insideBottomLeft'),
                  quadrant('Used more than paid for', [even, even], [top, 0], 'insideBottomRight'),
                ] as never,
              },
            },
          ],
        }
      },
    [points, code]
  )
  if (points.length === 0) return null
  const above = points.filter((point) => point.y > point.x).length
  return (
    <Chart
      title="Share of spend against share of use"
      summary={`Each bubble is a provider, sized by what you paid in ${code}: its share of your research spend (up) against its share of your weighted interactions (across). Above the dashed parity line you pay a larger share than you use (${above} of ${points.length} providers); the dotted guides mark an even split between providers (${points.length ? (100 / points.length).toFixed(1) : 0}% each).`}
      option={option}
      height={420}
      table={{
        columns: ['Provider', 'Share of use (%)', 'Share of spend (%)', `Paid (${code})`],
        rows: points.map((point) => [point.name, point.x, point.y, Math.round(point.spend)]),
      }}
    />
  )
}
