import { useMemo } from 'react'
import { router } from '@inertiajs/react'
import { Chart, type ChartOption, type ChartPalette } from '~/components/ui/chart'
import { escapeHtml } from '~/components/providers/chart_helpers'
import { providerHref, type ProviderFormat } from '~/components/providers/format'
import type { LeagueRow, ProviderFilters } from '@shared/providers'

type Quadrant = 'investing' | 'juniorising' | 'shrinking' | 'consolidating' | 'unchanged'

const QUADRANTS: Record<Quadrant, { label: string; meaning: string }> = {
  investing: { label: 'Investing', meaning: 'more analysts and more experience' },
  juniorising: { label: 'Juniorising', meaning: 'more analysts but less experience' },
  shrinking: { label: 'Shrinking', meaning: 'fewer analysts and less experience' },
  consolidating: { label: 'Consolidating', meaning: 'fewer analysts but more experience' },
  unchanged: { label: 'Unchanged', meaning: 'no net change in analysts or experience' },
}

function quadrant(netChangePct: number, netExperience: number): Quadrant {
  if (netChangePct === 0 && netExperience === 0) return 'unchanged'
  if (netChangePct >= 0) return netExperience >= 0 ? 'investing' : 'juniorising'
  return netExperience >= 0 ? 'consolidating' : 'shrinking'
}

/** Axis bounds around zero with some room, so that the four quadrants always show. */
function bounds(values: number[]) {
  const max = Math.max(1, ...values.map(Math.abs))
  const padded = max * 1.15
  const step = 10 ** Math.floor(Math.log10(padded))
  const limit = Math.ceil(padded / step) * step
  return { min: -limit, max: limit }
}

/**
 * Where each provider stands in the year: net change in headcount (%) across, net experience
 * (years) up, bubble size by headcount. The quadrants name the four stories (investing,
 * juniorising, shrinking, consolidating); a click on a bubble opens the provider.
 */
export function LeaguePositioning({
  rows,
  filters,
  format,
}: {
  rows: LeagueRow[]
  filters: ProviderFilters
  format: ProviderFormat
}) {
  const placed = useMemo(
    () =>
      rows.filter(
        (row): row is LeagueRow & { netChangePct: number } =>
          row.netChangePct !== null && Number.isFinite(row.netChangePct)
      ),
    [rows]
  )
  const left = rows.length - placed.length

  const option = useMemo(() => {
    const x = bounds(placed.map((row) => row.netChangePct))
    const y = bounds(placed.map((row) => row.netExperience))
    const largest = Math.max(1, ...placed.map((row) => row.headcount))
    return (palette: ChartPalette): ChartOption => {
      const area = (
        name: Quadrant,
        from: [number, number],
        to: [number, number],
        position: 'insideTopLeft' | 'insideTopRight' | 'insideBottomLeft' | 'insideBottomRight'
      ) => [
        {
          name: QUADRANTS[name].label,
          coord: from,
          label: { position, color: palette.slate[500], fontSize: 12, fontWeight: 600 },
          itemStyle: { color: 'rgba(148, 163, 184, 0)' },
        },
        { coord: to },
      ]
      return {
        grid: { left: 72, right: 24, top: 16, bottom: 56 },
        tooltip: {
          trigger: 'item',
          formatter: (params: unknown) => {
            const index = (params as { dataIndex?: number }).dataIndex
            const row = index === undefined ? undefined : placed[index]
            if (!row) return ''
            return `<strong>${escapeHtml(row.name)}</strong><br/>Net change: ${escapeHtml(
              format.signedPercent(row.netChangePct)
            )} (${escapeHtml(format.signedCount(row.netChange))})<br/>Net experience: ${escapeHtml(
              format.signedYears(row.netExperience)
            )} years<br/>Headcount: ${escapeHtml(format.count(row.headcount))}`
          },
        },
        xAxis: {
          type: 'value',
          min: x.min,
          max: x.max,
          interval: x.max / 2,
          name: 'Net change in headcount (%)',
          nameLocation: 'middle',
          nameGap: 32,
          axisLabel: { formatter: (value: number) => `${value}%` },
          splitLine: { show: false },
        },
        yAxis: {
          type: 'value',
          min: y.min,
          max: y.max,
          interval: y.max / 2,
          name: 'Net experience (years)',
          nameLocation: 'middle',
          nameGap: 48,
          splitLine: { show: false },
        },
        series: [
          {
            type: 'scatter',
            name: 'Providers',
            data: placed.map((row) => [row.netChangePct, row.netExperience, row.headcount]),
            symbolSize: (value: number[]) => 8 + 28 * Math.sqrt(value[2] / largest),
            itemStyle: {
              color: (params: { dataIndex: number }) =>
                placed[params.dataIndex]?.alert ? palette.warning : palette.brand,
              opacity: 0.75,
              borderColor: '#ffffff',
              borderWidth: 1,
            },
            emphasis: { focus: 'self' },
            cursor: 'pointer',
            markLine: {
              silent: true,
              symbol: 'none',
              label: { show: false },
              lineStyle: { color: palette.slate[400], type: 'solid', width: 1 },
              data: [{ xAxis: 0 }, { yAxis: 0 }],
            },
            markArea: {
              silent: true,
              data: [
                area('investing', [0, 0], [x.max, y.max], 'insideTopRight'),
                area('juniorising', [0, 0], [x.max, y.min], 'insideBottomRight'),
                area('shrinking', [x.min, y.min], [0, 0], 'insideBottomLeft'),
                area('consolidating', [x.min, y.max], [0, 0], 'insideTopLeft'),
              ] as never,
            },
          },
        ],
      }
    }
  }, [placed, format])

  const counts = useMemo(() => {
    const result: Record<Quadrant, number> = {
      investing: 0,
      juniorising: 0,
      shrinking: 0,
      consolidating: 0,
      unchanged: 0,
    }
    for (const row of placed) result[quadrant(row.netChangePct, row.netExperience)] += 1
    return result
  }, [placed])

  const summary = `Each bubble is a provider: net change in headcount (%) across, net experience gained (years) up, size by headcount; providers with a talent alert are amber. ${(
    Object.keys(QUADRANTS) as Quadrant[]
  )
    .filter((key) => key !== 'unchanged' || counts.unchanged > 0)
    .map((key) => `${QUADRANTS[key].label} (${QUADRANTS[key].meaning}): ${counts[key]}`)
    .join('; ')}.${
    left > 0
      ? ` ${left} ${left === 1 ? 'provider has' : 'providers have'} no analysts on 1 January and no net change % to place.`
      : ''
  }`

  return (
    <Chart
      title={`League positioning, ${filters.year}`}
      headingLevel={2}
      summary={summary}
      option={option}
      height={380}
      onItemClick={({ dataIndex }) => {
        const row = placed[dataIndex]
        if (row) router.visit(providerHref(row.providerKey, filters))
      }}
      table={{
        columns: ['Provider', 'Net change %', 'Net experience (years)', 'Headcount', 'Quadrant'],
        rows: placed.map((row) => [
          row.name,
          format.signedPercent(row.netChangePct),
          format.signedYears(row.netExperience),
          format.count(row.headcount),
          QUADRANTS[quadrant(row.netChangePct, row.netExperience)].label,
        ]),
      }}
    />
  )
}
