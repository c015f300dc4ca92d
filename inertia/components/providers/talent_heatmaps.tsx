import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import axios from 'axios'
import { Chart, chartPalette, type ChartOption, type ChartPalette } from '~/components/ui/chart'
import { Button } from '~/components/ui/button'
import { escapeHtml, mix, textOn } from '~/components/providers/chart_helpers'
import type { ProviderFormat } from '~/components/providers/format'
import { api, errorMessage } from '~/lib/api'
import {
  METRIC_DEFINITIONS,
  type HeatmapMetric,
  type HeatmapResponse,
  type ProviderFilters,
} from '@shared/providers'

export const HEATMAPS: {
  metric: HeatmapMetric
  path: string
  title: string
  tone: 'gain' | 'loss'
  definition: string
}[] = [
  {
    metric: 'headcount-gained',
    path: '/api/providers/headcount/gained',
    title: 'Headcount gained',
    tone: 'gain',
    definition: METRIC_DEFINITIONS.joiners,
  },
  {
    metric: 'headcount-lost',
    path: '/api/providers/headcount/lost',
    title: 'Headcount lost',
    tone: 'loss',
    definition: METRIC_DEFINITIONS.leavers,
  },
  {
    metric: 'experience-gained',
    path: '/api/providers/experience/gained',
    title: 'Experience gained',
    tone: 'gain',
    definition: METRIC_DEFINITIONS.experienceGained,
  },
  {
    metric: 'experience-lost',
    path: '/api/providers/experience/lost',
    title: 'Experience lost',
    tone: 'loss',
    definition: METRIC_DEFINITIONS.experienceLost,
  },
]

type HeatmapState =
  | { status: 'loading' }
  | { status: 'ready'; data: HeatmapResponse }
  | { status: 'error'; message: string }

/**
 * The four heat maps of a provider, each from its own call (every year, the chosen sector and
 * region): loaded again when the provider, sector or region changes, not the year (they show
 * every year). A failed map can be retried on its own.
 */
function useHeatmaps(providerId: number, sectorId: number | null, regionCode: string | null) {
  // Answers are kept with the request they answer: one for other filters reads as loading.
  const key = `${providerId}|${sectorId ?? ''}|${regionCode ?? ''}`
  const [answers, setAnswers] = useState<
    Partial<Record<HeatmapMetric, HeatmapState & { key: string }>>
  >({})
  const retries = useRef(new Set<AbortController>())

  const fetchMap = useCallback(
    (map: (typeof HEATMAPS)[number], signal: AbortSignal) =>
      api
        .post<HeatmapResponse>(
          map.path,
          {
            providerId,
            sectorList: sectorId === null ? [] : [sectorId],
            yearList: [],
            regionCodes: regionCode === null ? [] : [regionCode],
          },
          { signal }
        )
        .then(({ data }) =>
          setAnswers((current) => ({ ...current, [map.metric]: { key, status: 'ready', data } }))
        )
        .catch((error: unknown) => {
          if (axios.isCancel(error)) return
          setAnswers((current) => ({
            ...current,
            [map.metric]: {
              key,
              status: 'error',
              message: errorMessage(error, 'the server did not answer as expected.'),
            },
          }))
        }),
    [providerId, sectorId, regionCode, key]
  )

  useEffect(() => {
    const controller = new AbortController()
    const pendingRetries = retries.current
    for (const map of HEATMAPS) void fetchMap(map, controller.signal)
    return () => {
      controller.abort()
      for (const retry of pendingRetries) retry.abort()
      pendingRetries.clear()
    }
  }, [fetchMap])

  const retry = useCallback(
    (metric: HeatmapMetric) => {
      const map = HEATMAPS.find((entry) => entry.metric === metric)
      if (!map) return
      const controller = new AbortController()
      retries.current.add(controller)
      setAnswers((current) => ({ ...current, [metric]: { key, status: 'loading' } }))
      void fetchMap(map, controller.signal).finally(() => retries.current.delete(controller))
    },
    [fetchMap, key]
  )

  const states = Object.fromEntries(
    HEATMAPS.map((map) => {
      const answer = answers[map.metric]
      return [map.metric, answer && answer.key === key ? answer : { status: 'loading' }]
    })
  ) as Record<HeatmapMetric, HeatmapState>
  return { states, retry }
}

export function TalentHeatmaps({
  providerId,
  filters,
  scope,
  format,
}: {
  providerId: number
  filters: ProviderFilters
  scope: string
  format: ProviderFormat
}) {
  const { states, retry } = useHeatmaps(providerId, filters.sectorId, filters.regionCode)
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {HEATMAPS.map((map) => {
        const state = states[map.metric]
        if (state.status === 'ready')
          return (
            <Heatmap
              key={map.metric}
              map={map}
              data={state.data}
              scope={scope}
              format={format}
              year={filters.year}
            />
          )
        return (
          <div
            key={map.metric}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <h3 className="text-base font-semibold text-slate-900">{map.title}</h3>
            {state.status === 'loading' ? (
              <>
                <p role="status" className="mt-1 text-sm text-slate-600">
                  Loading {map.title.toLowerCase()}…
                </p>
                <div
                  aria-hidden="true"
                  className="mt-4 h-56 animate-pulse rounded-md bg-slate-100"
                />
              </>
            ) : (
              <div role="alert" className="mt-3 space-y-3 text-sm text-red-800">
                <p>
                  {map.title} could not be loaded: {state.message}
                </p>
                <Button variant="secondary" onClick={() => retry(map.metric)}>
                  Try again
                </Button>
              </div>
            )}
          </div>
        )
      })}
    </div>
  )
}

const unitName = (unit: HeatmapResponse['unit'], value: number) =>
  unit === 'years' ? (value === 1 ? 'year' : 'years') : value === 1 ? 'analyst' : 'analysts'

function Heatmap({
  map,
  data,
  scope,
  format,
  year,
}: {
  map: (typeof HEATMAPS)[number]
  data: HeatmapResponse
  scope: string
  format: ProviderFormat
  year: number
}) {
  const { years, sectors, cells, unit } = data
  const show = unit === 'years' ? format.years : format.count
  const unitWord = (value: number) => unitName(unit, value)

  const grid = useMemo(() => {
    const values = sectors.map(() => years.map(() => 0))
    const sectorIndex = new Map(sectors.map((sector, index) => [sector.id, index]))
    const yearIndex = new Map(years.map((entry, index) => [entry, index]))
    for (const cell of cells) {
      const row = sectorIndex.get(cell.sectorId)
      const column = yearIndex.get(cell.year)
      if (row !== undefined && column !== undefined) values[row][column] = cell.value
    }
    return values
  }, [sectors, years, cells])

  const points = useMemo(
    () => grid.flatMap((row, sector) => row.map((value, column) => [column, sector, value])),
    [grid]
  )
  const max = Math.max(0, ...points.map((point) => point[2]))
  const hot = map.tone === 'gain' ? chartPalette.good : chartPalette.bad

  const option = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => ({
        grid: { left: 8, right: 8, top: 8, bottom: 8, containLabel: true },
        tooltip: {
          trigger: 'item',
          formatter: (params: unknown) => {
            const value = (params as { value?: number[] }).value
            if (!value) return ''
            const [column, sector, amount] = value
            return `<strong>${escapeHtml(sectors[sector]?.name ?? '')}</strong>, ${years[column]}<br/>${escapeHtml(
              map.title
            )}: ${escapeHtml(show(amount))} ${unitName(unit, amount)}`
          },
        },
        xAxis: {
          type: 'category',
          data: years.map(String),
          position: 'top',
          axisLine: { show: false },
          splitLine: { show: false },
        },
        yAxis: {
          type: 'category',
          data: sectors.map((sector) => sector.name),
          inverse: true,
          axisLine: { show: false },
          axisLabel: { width: 150, overflow: 'truncate' },
          splitLine: { show: false },
        },
        series: [
          {
            type: 'custom',
            name: map.title,
            data: points,
            encode: { x: 0, y: 1, tooltip: 2 },
            renderItem: (_params, chartApi) => {
              const amount = Number(chartApi.value(2))
              const [x, y] = chartApi.coord([chartApi.value(0), chartApi.value(1)])
              const [width, height] = chartApi.size!([1, 1]) as number[]
              const share = max > 0 ? amount / max : 0
              const fill =
                amount === 0 ? palette.slate[50] : mix('#f8fafc', hot, 0.15 + share * 0.85)
              return {
                type: 'group',
                children: [
                  {
                    type: 'rect',
                    shape: {
                      x: x - width / 2 + 1,
                      y: y - height / 2 + 1,
                      width: width - 2,
                      height: height - 2,
                      r: 2,
                    },
                    style: { fill },
                  },
                  {
                    type: 'text',
                    silent: true,
                    style: {
                      x,
                      y,
                      text: amount === 0 ? '·' : show(amount),
                      align: 'center',
                      verticalAlign: 'middle',
                      fontSize: 11,
                      fill: amount === 0 ? palette.slate[400] : textOn(fill),
                    },
                  },
                ],
              }
            },
          },
        ],
      }),
    [points, sectors, years, max, hot, map.title, show, unit]
  )

  let busiest: number[] | null = null
  for (const point of points) if (!busiest || point[2] > busiest[2]) busiest = point
  // The totals count each move once, as the key indicators do; the rows may count an analyst
  // covering several sectors in each.
  const yearTotal = data.yearTotals.find((entry) => entry.year === year)?.value ?? 0
  const summary =
    sectors.length === 0 || years.length === 0
      ? `${map.title}: no sector or year to show.`
      : `${map.definition} By year and sector, ${scope}: ${show(data.total)} ${unitWord(data.total)} over ${years[0]}–${years.at(-1)}${
          years.includes(year) ? `, ${show(yearTotal)} in ${year}` : ''
        }, each analyst counted once; one covering several sectors appears in each of their rows${
          data.unsectored > 0
            ? `, and ${show(data.unsectored)} with no sector recorded in none`
            : ''
        }.${
          busiest && busiest[2] > 0
            ? ` Highest: ${sectors[busiest[1]]?.name} in ${years[busiest[0]]} (${show(busiest[2])}).`
            : ' None in this view.'
        }`

  return (
    <Chart
      title={`${map.title} (${unit === 'years' ? 'years of experience' : 'analysts'})`}
      summary={summary}
      option={option}
      height={Math.max(140, sectors.length * 30 + 40)}
      actions={
        <span className="flex items-center gap-2 text-xs text-slate-600" aria-hidden="true">
          0
          <span
            className="h-2.5 w-16 rounded-sm"
            style={{
              background: `linear-gradient(to right, ${mix('#f8fafc', hot, 0.15)}, ${hot})`,
            }}
          />
          {show(max)}
        </span>
      }
      table={{
        columns: ['Sector', ...years.map(String), 'Total'],
        rows: [
          ...sectors.map((sector, index) => [
            sector.name,
            ...grid[index].map((value) => show(value)),
            show(grid[index].reduce((sum, value) => sum + value, 0)),
          ]),
          [
            'All sectors, each analyst once',
            ...years.map((entry) =>
              show(data.yearTotals.find((total) => total.year === entry)?.value ?? 0)
            ),
            show(data.total),
          ],
        ],
      }}
    />
  )
}
