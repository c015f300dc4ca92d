import { useCallback, useEffect, useMemo, useState } from 'react'
import axios from 'axios'
import { Chart, chartPalette, type ChartOption, type ChartPalette } from '~/components/ui/chart'
import { Button } from '~/components/ui/button'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import { escapeHtml } from '~/components/providers/chart_helpers'
import { SectorIcon } from '~/components/providers/sector_icon'
import type { ProviderFormat } from '~/components/providers/format'
import { api, errorMessage } from '~/lib/api'
import { METRIC_DEFINITIONS, type SectorBreakdownResponse } from '@shared/providers'

type State =
  | { status: 'loading' }
  | { status: 'ready'; data: SectorBreakdownResponse }
  | { status: 'error'; message: string }

interface Slice {
  id: number | null
  name: string
  count: number
  share: number
}

const NOT_MAPPED = 'Sector not resolved'
/** Sectors with a slice of their own (the palette's distinct hues, grey left for the rest). */
const DONUT_SECTORS = 6
const OTHER_SECTORS = -1

function sliceColour(slice: Slice, index: number, palette: ChartPalette) {
  if (slice.id === null) return palette.slate[200]
  if (slice.id === OTHER_SECTORS) return palette.slate[400]
  return palette.series[index % palette.series.length]
}

/**
 * The team's interactions with the provider in its latest year with any, by sector (donut with
 * the total in its centre, and a table), with the "% mapped" caveat: only interactions whose
 * sector could be resolved have a slice of their own.
 */
export function SectorBreakdown({
  teamId,
  providerId,
  providerName,
  format,
}: {
  teamId: number
  providerId: number
  providerName: string
  format: ProviderFormat
}) {
  const [state, setState] = useState<State>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const retry = useCallback(() => {
    setState({ status: 'loading' })
    setAttempt((count) => count + 1)
  }, [])

  useEffect(() => {
    const controller = new AbortController()
    api
      .post<SectorBreakdownResponse>(
        '/api/providers/interactions/sector-breakdown',
        { teamId, providerId, selectedSectorIds: [] },
        { signal: controller.signal }
      )
      .then(({ data }) => setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (axios.isCancel(error)) return
        setState({
          status: 'error',
          message: errorMessage(error, 'the server did not answer as expected.'),
        })
      })
    return () => controller.abort()
  }, [teamId, providerId, attempt])

  if (state.status === 'loading')
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <p role="status" className="text-sm text-slate-600">
          Loading your interactions by sector…
        </p>
        <div aria-hidden="true" className="mt-4 h-48 animate-pulse rounded-md bg-slate-100" />
      </div>
    )
  if (state.status === 'error')
    return (
      <div
        role="alert"
        className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-6 text-sm text-red-800"
      >
        <p>Your interactions by sector could not be loaded: {state.message}</p>
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      </div>
    )
  return <Breakdown data={state.data} providerName={providerName} format={format} />
}

function Breakdown({
  data,
  providerName,
  format,
}: {
  data: SectorBreakdownResponse
  providerName: string
  format: ProviderFormat
}) {
  const { overallCount, latestYear, percentageMapped } = data
  const slices = useMemo<Slice[]>(() => {
    const mapped = data.sectors
      .filter((sector) => sector.count > 0)
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    const mappedTotal = mapped.reduce((sum, sector) => sum + sector.count, 0)
    const list: Slice[] = mapped.map((sector) => ({
      id: sector.id,
      name: sector.name,
      count: sector.count,
      share: overallCount > 0 ? sector.count / overallCount : 0,
    }))
    const unmapped = overallCount - mappedTotal
    if (unmapped > 0)
      list.push({
        id: null,
        name: NOT_MAPPED,
        count: unmapped,
        share: unmapped / overallCount,
      })
    return list
  }, [data.sectors, overallCount])

  // The donut keeps the largest sectors apart and groups the rest, so that no two slices share
  // a colour; the table lists every sector.
  const donut = useMemo(() => {
    const mapped = slices.filter((slice) => slice.id !== null)
    const unmapped = slices.filter((slice) => slice.id === null)
    if (mapped.length <= DONUT_SECTORS) return slices
    const rest = mapped.slice(DONUT_SECTORS - 1)
    const other: Slice = {
      id: OTHER_SECTORS,
      name: `${rest.length} other sectors`,
      count: rest.reduce((sum, slice) => sum + slice.count, 0),
      share: rest.reduce((sum, slice) => sum + slice.share, 0),
    }
    return [...mapped.slice(0, DONUT_SECTORS - 1), other, ...unmapped]
  }, [slices])

  const option = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => ({
        tooltip: {
          trigger: 'item',
          formatter: (params: unknown) => {
            const index = (params as { dataIndex?: number }).dataIndex ?? -1
            const slice = donut[index]
            return slice
              ? `<strong>${escapeHtml(slice.name)}</strong><br/>${escapeHtml(format.count(slice.count))} (${escapeHtml(format.share(slice.share))})`
              : ''
          },
        },
        title: {
          text: format.count(overallCount),
          subtext: overallCount === 1 ? 'interaction' : 'interactions',
          left: 'center',
          top: 'center',
          itemGap: 2,
          textStyle: { fontSize: 22, fontWeight: 600, color: palette.slate[900] },
          subtextStyle: { fontSize: 12, color: palette.slate[500] },
        },
        series: [
          {
            type: 'pie',
            name: 'Interactions',
            radius: ['55%', '82%'],
            center: ['50%', '50%'],
            avoidLabelOverlap: true,
            label: { show: false },
            labelLine: { show: false },
            itemStyle: { borderColor: '#ffffff', borderWidth: 2 },
            data: donut.map((slice, index) => ({
              name: slice.name,
              value: slice.count,
              itemStyle: { color: sliceColour(slice, index, palette) },
            })),
          },
        ],
      }),
    [donut, overallCount, format]
  )

  // The table doubles as the donut's legend: each sector with its slice's colour.
  const colours = useMemo(() => {
    const map = new Map<number | null, string>()
    donut.forEach((slice, index) => map.set(slice.id, sliceColour(slice, index, chartPalette)))
    const other = map.get(OTHER_SECTORS)
    if (other) for (const slice of slices) if (!map.has(slice.id)) map.set(slice.id, other)
    return map
  }, [donut, slices])

  const columns = useMemo<DataTableColumn<Slice>[]>(
    () => [
      {
        id: 'sector',
        header: 'Sector',
        accessor: (slice) => slice.name,
        cell: (slice) => (
          <span
            className={
              slice.id === null
                ? 'inline-flex items-center gap-2 text-slate-500 italic'
                : 'inline-flex items-center gap-2 text-slate-900'
            }
          >
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-sm"
              style={{ background: colours.get(slice.id) }}
            />
            <SectorIcon sector={slice.name} className="text-slate-400" />
            {slice.name}
          </span>
        ),
      },
      {
        id: 'count',
        header: 'Interactions',
        accessor: (slice) => slice.count,
        cell: (slice) => format.count(slice.count),
        align: 'right',
        sortDescFirst: true,
      },
      {
        id: 'share',
        header: 'Share',
        accessor: (slice) => slice.share,
        cell: (slice) => format.share(slice.share),
        align: 'right',
        sortDescFirst: true,
      },
    ],
    [format, colours]
  )

  const mappedNote = (
    <p className="text-sm text-slate-600">
      <span className="font-medium text-slate-800">
        {format.percent(percentageMapped)} mapped
        {latestYear !== null ? ` (${latestYear})` : ''}.
      </span>{' '}
      {METRIC_DEFINITIONS.percentageMapped}
      {percentageMapped !== null && percentageMapped < 100
        ? ` The rest appear as “${NOT_MAPPED}”.`
        : ''}
    </p>
  )

  if (overallCount === 0 || latestYear === null)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-8 text-sm text-slate-600">
        <p className="font-medium text-slate-900">
          Your team has recorded no interactions with {providerName}.
        </p>
        <p className="mt-1">
          Interactions come from your Research Spend Analytics data: once some are recorded, they
          appear here by sector.
        </p>
      </div>
    )

  const top = slices.find((slice) => slice.id !== null)
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <Chart
        title={`Your interactions with ${providerName} by sector, ${latestYear}`}
        summary={`${format.count(overallCount)} interactions in ${latestYear}, the latest year with any${
          top
            ? `; the most in ${top.name} (${format.count(top.count)}, ${format.share(top.share)})`
            : ''
        }. ${format.percent(percentageMapped)} could be mapped to a sector.`}
        option={option}
        height={260}
        table={{
          columns: ['Sector', 'Interactions', 'Share'],
          rows: slices.map((slice) => [
            slice.name,
            format.count(slice.count),
            format.share(slice.share),
          ]),
        }}
      />
      <div className="space-y-3">
        {mappedNote}
        <DataTable
          caption={`Your interactions with ${providerName} by sector, ${latestYear}`}
          data={slices}
          columns={columns}
          getRowId={(slice) => String(slice.id ?? 'unmapped')}
          enableHiding={false}
          density="compact"
          keyboardNavigation={false}
        />
      </div>
    </div>
  )
}
