import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import type { ComposeOption, EChartsType } from 'echarts/core'
import type {
  BarSeriesOption,
  BoxplotSeriesOption,
  CustomSeriesOption,
  LineSeriesOption,
  PieSeriesOption,
  ScatterSeriesOption,
} from 'echarts/charts'
import type {
  AriaComponentOption,
  DatasetComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkAreaComponentOption,
  MarkLineComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components'
import { CHART_THEME_NAME, chartPalette, type ChartPalette } from '~/lib/chart_theme'
import { cn } from '~/lib/cn'
import { rangeData, rangeRect, type Range, type RangeRenderApi } from '@shared/chart_data'

export { chartPalette, type ChartPalette } from '~/lib/chart_theme'

/** An ECharts option limited to the charts and components the product registers. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | ScatterSeriesOption
  | BoxplotSeriesOption
  | CustomSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DatasetComponentOption
  | MarkLineComponentOption
  | MarkAreaComponentOption
  | TitleComponentOption
  | AriaComponentOption
>

/** The chart's data as a table: its text alternative for screen readers and its fallback. */
export interface ChartTable {
  columns: string[]
  rows: (string | number)[][]
}

export interface ChartProps {
  /** The visible heading; also the chart image's accessible name. */
  title: string
  /** One or two sentences saying what the chart shows (its text alternative), shown below. */
  summary: string
  /** The ECharts option, or a function of the palette returning it. Keep it stable (useMemo). */
  option: ChartOption | ((palette: ChartPalette) => ChartOption)
  /** The data behind the chart. */
  table: ChartTable
  /** The canvas height in pixels. Default 320. */
  height?: number
  /** The heading level. Default 3. */
  headingLevel?: 2 | 3 | 4
  /** Rendered at the right of the heading (a period switch…). */
  actions?: ReactNode
  /** Called on a click on a data item (a bar, a point, a heat map cell): its series and index. */
  onItemClick?: (item: { seriesIndex: number; dataIndex: number }) => void
  className?: string
}

type Status = 'loading' | 'ready' | 'error'

let echartsModule: Promise<typeof import('~/lib/echarts')> | null = null

/** ECharts, loaded once and on demand (a chunk of its own); a failed load is retried next time. */
function loadECharts() {
  echartsModule ??= import('~/lib/echarts').catch((error: unknown) => {
    echartsModule = null
    throw error
  })
  return echartsModule
}

/**
 * A chart with its text alternatives: a heading, a summary, and the data as an HTML table —
 * hidden for sighted users until "Show data table", and shown instead of the chart when ECharts
 * cannot load. ECharts is loaded lazily, themed with the product palette, resized with its box
 * and disposed on unmount.
 */
export function Chart({
  title,
  summary,
  option,
  table,
  height = 320,
  headingLevel = 3,
  actions,
  onItemClick,
  className,
}: ChartProps) {
  const id = useId()
  const summaryId = `${id}-summary`
  const tableId = `${id}-table`
  const Heading = `h${headingLevel}` as const
  const [status, setStatus] = useState<Status>('loading')
  const [tableShown, setTableShown] = useState(false)
  const container = useRef<HTMLDivElement>(null)
  const chart = useRef<EChartsType | null>(null)
  const resolved = useMemo(
    () => (typeof option === 'function' ? option(chartPalette) : option),
    [option]
  )
  const latestOption = useRef(resolved)
  const latestClick = useRef(onItemClick)

  useEffect(() => {
    latestOption.current = resolved
    chart.current?.setOption(resolved, { notMerge: true })
  }, [resolved])

  useEffect(() => {
    latestClick.current = onItemClick
  }, [onItemClick])

  useEffect(() => {
    let disposed = false
    let observer: ResizeObserver | undefined
    loadECharts().then(
      ({ init }) => {
        const element = container.current
        if (disposed || !element) return
        try {
          const instance = init(element, CHART_THEME_NAME, { renderer: 'canvas' })
          instance.setOption(latestOption.current)
          instance.on('click', (params) => {
            if (typeof params.dataIndex === 'number')
              latestClick.current?.({
                seriesIndex: params.seriesIndex ?? 0,
                dataIndex: params.dataIndex,
              })
          })
          chart.current = instance
          observer = new ResizeObserver(() => instance.resize())
          observer.observe(element)
          setStatus('ready')
        } catch (error) {
          console.error(error)
          setStatus('error')
        }
      },
      (error: unknown) => {
        console.error(error)
        if (!disposed) setStatus('error')
      }
    )
    return () => {
      disposed = true
      observer?.disconnect()
      chart.current?.dispose()
      chart.current = null
    }
  }, [])

  const failed = status === 'error'
  const tableVisible = tableShown || failed

  return (
    <figure
      className={cn('rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6', className)}
      aria-labelledby={`${id}-title`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Heading id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {title}
        </Heading>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          {failed ? null : (
            <button
              type="button"
              aria-expanded={tableShown}
              aria-controls={tableId}
              onClick={() => setTableShown((shown) => !shown)}
              className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              {tableShown ? 'Hide data table' : 'Show data table'}
            </button>
          )}
        </div>
      </div>
      <p id={summaryId} className="mt-1 max-w-3xl text-sm text-slate-600">
        {summary}
      </p>
      {failed ? (
        <p className="mt-4 text-sm text-slate-600" role="status">
          The chart could not be loaded; its data is shown in the table below.
        </p>
      ) : (
        <div className="relative mt-4" style={{ height }}>
          {/* Out of the flow: a canvas drawn for a wider layout must not hold its box (and the
              grid around it) open once the window narrows, or the chart would never shrink. */}
          <div
            ref={container}
            role="img"
            aria-label={title}
            aria-describedby={summaryId}
            className="absolute inset-0"
          />
          {status === 'loading' ? (
            <div
              aria-hidden="true"
              data-testid="chart-skeleton"
              className="absolute inset-0 animate-pulse rounded-md bg-slate-100"
            />
          ) : null}
        </div>
      )}
      <div id={tableId} className={tableVisible ? 'mt-4 overflow-x-auto' : 'sr-only'}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{title}: data</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              {table.columns.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={cn(
                    'px-3 py-2',
                    index > 0 && isNumericColumn(table, index) && 'text-right'
                  )}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((value, index) =>
                  index === 0 ? (
                    <th
                      key={index}
                      scope="row"
                      className="px-3 py-2 text-left font-medium text-slate-900"
                    >
                      {value}
                    </th>
                  ) : (
                    <td
                      key={index}
                      className={cn(
                        'px-3 py-2 text-slate-700',
                        isNumericColumn(table, index) && 'text-right tabular-nums'
                      )}
                    >
                      {typeof value === 'number' ? value.toLocaleString() : value}
                    </td>
                  )
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}

function isNumericColumn(table: ChartTable, index: number) {
  return table.rows.length > 0 && table.rows.every((row) => typeof row[index] === 'number')
}

/**
 * A horizontal range bar series (value axis x, category axis y): one bar per category from its
 * low to its high value, negative values included. The value axis takes both ends into its
 * extent.
 */
export function rangeBarSeries(options: {
  name: string
  color: string
  ranges: Range[]
  /** Bar thickness in pixels. Default 14. */
  thickness?: number
  /** Formats a value for the tooltip. */
  format?: (value: number) => string
}): CustomSeriesOption {
  const thickness = options.thickness ?? 14
  const format = options.format ?? String
  return {
    type: 'custom',
    name: options.name,
    itemStyle: { color: options.color },
    encode: { x: [1, 2], y: 0, tooltip: [1, 2] },
    tooltip: {
      formatter: (params: unknown) => {
        const value = (params as { value?: number[] }).value
        return value ? `${options.name}: ${format(value[1])} to ${format(value[2])}` : ''
      },
    },
    renderItem: (_params, api) => ({
      type: 'rect',
      shape: rangeRect(api as unknown as RangeRenderApi, thickness),
      style: { fill: options.color },
    }),
    data: rangeData(options.ranges),
  }
}
