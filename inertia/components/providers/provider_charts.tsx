import { useMemo } from 'react'
import { Chart, type ChartOption, type ChartPalette } from '~/components/ui/chart'
import { cn } from '~/lib/cn'
import { escapeHtml } from '~/components/providers/chart_helpers'
import { regionName, type ProviderFormat } from '~/components/providers/format'
import {
  FOOTPRINT_SEVERAL,
  FOOTPRINT_UNRECORDED,
  SENIOR_EXPERIENCE_YEARS,
  type ProviderFigures,
  type ProviderPageProps,
  type TrendPoint,
} from '@shared/providers'

/** Headcount (bars' left axis) and average experience (right axis) for every year. */
export function TrendsChart({
  trend,
  format,
  scope,
}: {
  trend: TrendPoint[]
  format: ProviderFormat
  /** The view in words, e.g. "Energy in United Kingdom". */
  scope: string
}) {
  const option = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => ({
        grid: { left: 16, right: 16, top: 40, bottom: 40, containLabel: true },
        legend: { bottom: 0 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: trend.map((point) => String(point.year)) },
        yAxis: [
          {
            type: 'value',
            name: 'Analysts',
            minInterval: 1,
            nameTextStyle: { align: 'left' },
          },
          {
            type: 'value',
            name: 'Years',
            splitLine: { show: false },
            nameTextStyle: { align: 'right' },
          },
        ],
        series: [
          {
            type: 'line',
            name: 'Headcount (31 Dec)',
            yAxisIndex: 0,
            color: palette.brand,
            symbolSize: 8,
            data: trend.map((point) => point.headcount),
          },
          {
            type: 'line',
            name: 'Average experience (years)',
            yAxisIndex: 1,
            color: palette.series[1],
            lineStyle: { type: 'dashed', width: 2 },
            symbol: 'diamond',
            symbolSize: 9,
            connectNulls: false,
            data: trend.map((point) =>
              point.avgExperience === null ? null : Math.round(point.avgExperience * 10) / 10
            ),
          },
        ],
      }),
    [trend]
  )
  const summary = trendSummary(trend, format, scope)
  return (
    <Chart
      title="Trends"
      headingLevel={2}
      summary={summary}
      option={option}
      height={300}
      table={{
        columns: [
          'Year',
          'Headcount (31 Dec)',
          'Average experience (years)',
          'Joiners',
          'Leavers',
          'Net experience (years)',
        ],
        rows: trend.map((point) => [
          String(point.year),
          format.count(point.headcount),
          format.years(point.avgExperience),
          format.count(point.joiners),
          format.count(point.leavers),
          format.signedYears(point.netExperience),
        ]),
      }}
    />
  )
}

function trendSummary(trend: TrendPoint[], format: ProviderFormat, scope: string) {
  const first = trend[0]
  const last = trend.at(-1)
  if (!first || !last) return 'No year to show.'
  const peak = trend.reduce((best, point) => (point.headcount > best.headcount ? point : best))
  const known = trend.filter((point) => point.avgExperience !== null)
  const headcount = `headcount went from ${format.count(first.headcount)} in ${first.year} to ${format.count(last.headcount)} in ${last.year}${
    peak.headcount > Math.max(first.headcount, last.headcount)
      ? ` (highest: ${format.count(peak.headcount)} in ${peak.year})`
      : ''
  }`
  const kFirst = known[0]
  const kLast = known.at(-1)
  const experience =
    kFirst && kLast
      ? kFirst === kLast
        ? `average experience was ${format.years(kFirst.avgExperience)} years in ${kFirst.year}`
        : `average experience went from ${format.years(kFirst.avgExperience)} years in ${kFirst.year} to ${format.years(kLast.avgExperience)} in ${kLast.year}`
      : 'there is no average experience (nobody at any year end)'
  const gaps =
    known.length > 0 && known.length < trend.length
      ? ' Years with nobody at year end have no average (–).'
      : ''
  return `Headcount at year end and the average experience of those analysts, ${scope}, ${first.year} to ${last.year}: ${headcount}; ${experience}.${gaps}`
}

interface Step {
  label: string
  /** The bar's visible height. */
  value: number
  /** Where the bar starts (stacked on an invisible base). */
  base: number
  kind: 'total' | 'up' | 'down'
  /** What the tooltip and table say. */
  text: string
}

/**
 * Headcount on 1 January → + joiners → − leavers → headcount on 31 December. When the end is not
 * start + joiners − leavers (analysts who started or stopped covering the view without moving),
 * an "other changes (coverage)" bar makes up the difference, and the summary says so.
 */
export function NetChangeWaterfall({
  figures,
  year,
  format,
}: {
  figures: ProviderFigures
  year: number
  format: ProviderFormat
}) {
  const { headcountStart, joiners, leavers, headcount } = figures
  const afterMoves = headcountStart + joiners - leavers
  const other = headcount - afterMoves
  const steps = useMemo<Step[]>(() => {
    const list: Step[] = [
      {
        label: 'Headcount 1 Jan',
        value: headcountStart,
        base: 0,
        kind: 'total',
        text: format.count(headcountStart),
      },
      {
        label: 'Joiners',
        value: joiners,
        base: headcountStart,
        kind: 'up',
        text: format.signedCount(joiners),
      },
      {
        label: 'Leavers',
        value: leavers,
        base: headcountStart + joiners - leavers,
        kind: 'down',
        text: leavers === 0 ? '0' : format.signedCount(-leavers),
      },
    ]
    if (other !== 0) {
      list.push({
        label: 'Other changes (coverage)',
        value: Math.abs(other),
        base: other > 0 ? afterMoves : headcount,
        kind: other > 0 ? 'up' : 'down',
        text: format.signedCount(other),
      })
    }
    list.push({
      label: 'Headcount 31 Dec',
      value: headcount,
      base: 0,
      kind: 'total',
      text: format.count(headcount),
    })
    return list
  }, [headcountStart, joiners, leavers, headcount, other, afterMoves, format])

  const option = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => {
        const colour = { total: palette.brand, up: palette.good, down: palette.bad }
        return {
          grid: { left: 16, right: 16, top: 24, bottom: 16, containLabel: true },
          tooltip: {
            trigger: 'axis',
            axisPointer: { type: 'shadow' },
            formatter: (params: unknown) => {
              const list = params as { dataIndex: number }[]
              const step = steps[list[0]?.dataIndex ?? -1]
              return step ? `${escapeHtml(step.label)}: ${escapeHtml(step.text)}` : ''
            },
          },
          xAxis: {
            type: 'category',
            data: steps.map((step) => step.label),
            axisLabel: { interval: 0, width: 96, overflow: 'break' },
          },
          yAxis: { type: 'value', minInterval: 1 },
          series: [
            {
              type: 'bar',
              stack: 'waterfall',
              silent: true,
              itemStyle: { color: 'transparent' },
              emphasis: { disabled: true },
              data: steps.map((step) => step.base),
            },
            {
              type: 'bar',
              stack: 'waterfall',
              name: 'Headcount',
              barMaxWidth: 56,
              label: {
                show: true,
                position: 'top',
                color: palette.slate[700],
                formatter: (params: { dataIndex: number }) => steps[params.dataIndex]?.text ?? '',
              },
              data: steps.map((step) => ({
                value: step.value,
                itemStyle: { color: colour[step.kind], borderRadius: [3, 3, 0, 0] },
              })),
            },
          ],
        }
      },
    [steps]
  )

  const summary = `From ${format.count(headcountStart)} analysts on 1 January ${year}, ${format.count(joiners)} joined and ${format.count(leavers)} left, for ${format.count(headcount)} on 31 December.${
    other !== 0
      ? ` Joiners and leavers alone would give ${format.count(afterMoves)}: the other ${format.signedCount(other)} ${Math.abs(other) === 1 ? 'is an analyst' : 'are analysts'} who started or stopped covering this sector or region without changing firm (an "other changes (coverage)" bar).`
      : ''
  }`

  return (
    <Chart
      title={`Net change in headcount, ${year}`}
      headingLevel={2}
      summary={summary}
      option={option}
      height={300}
      table={{
        columns: ['Step', 'Analysts'],
        rows: steps.map((step) => [step.label, step.text]),
      }}
    />
  )
}

const BANDS = [
  { key: 'junior', label: 'Junior' },
  { key: 'mid', label: 'Mid-level' },
  { key: 'senior', label: `Senior (${SENIOR_EXPERIENCE_YEARS}+ years)` },
] as const

/** Headcount at year end per region, stacked by seniority band. */
/** A footprint bar's axis label and full name: the region's, or the two groups'. */
function footprintLabels(code: string, regions: ProviderPageProps['regions']) {
  if (code === FOOTPRINT_SEVERAL) return { label: 'Several', name: 'Several regions' }
  if (code === FOOTPRINT_UNRECORDED) return { label: 'None', name: 'No region recorded' }
  return { label: code, name: regionName(code, regions) }
}

export function RegionalFootprint({
  footprint,
  regions,
  year,
  format,
  className,
}: {
  footprint: ProviderPageProps['footprint']
  regions: ProviderPageProps['regions']
  year: number
  format: ProviderFormat
  className?: string
}) {
  const rows = useMemo(
    () =>
      footprint.map((entry) => ({
        ...entry,
        ...footprintLabels(entry.regionCode, regions),
        total: entry.junior + entry.mid + entry.senior,
      })),
    [footprint, regions]
  )
  const option = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => ({
        grid: { left: 16, right: 16, top: 32, bottom: 40, containLabel: true },
        legend: { bottom: 0 },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        xAxis: {
          type: 'category',
          data: rows.map((row) => row.label),
          // Every bar named, however many regions the provider covers.
          axisLabel: { interval: 0, fontSize: 11 },
        },
        yAxis: { type: 'value', minInterval: 1, name: 'Analysts' },
        series: BANDS.map((band, index) => ({
          type: 'bar',
          name: band.label,
          stack: 'footprint',
          barMaxWidth: 48,
          color: [palette.series[6], palette.brand, palette.brandDark][index],
          itemStyle: { borderRadius: index === BANDS.length - 1 ? [3, 3, 0, 0] : 0 },
          data: rows.map((row) => row[band.key]),
        })),
      }),
    [rows]
  )
  const largest = rows.reduce<(typeof rows)[number] | null>(
    (best, row) => (!best || row.total > best.total ? row : best),
    null
  )
  const total = rows.reduce((sum, row) => sum + row.total, 0)
  if (!largest || total === 0)
    return (
      <section
        aria-labelledby={`footprint-${year}`}
        className={cn(
          'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6',
          className
        )}
      >
        <h2 id={`footprint-${year}`} className="text-base font-semibold text-slate-900">
          Regional footprint, {year}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          No analyst of this provider was in this view on 31 December {year}, so there is no
          regional footprint to show.
        </p>
      </section>
    )
  const summary = `Analysts on 31 December ${year} by region covered and seniority (junior: under 5 years of experience, mid-level: 5 to ${SENIOR_EXPERIENCE_YEARS - 1}): ${format.count(total)} in all, as the headcount, most in ${largest.name} (${format.count(largest.total)}). Each analyst counts once: one covering several regions under “Several”, one with no region recorded under “None”.`
  return (
    <Chart
      title={`Regional footprint, ${year}`}
      headingLevel={2}
      className={className}
      summary={summary}
      option={option}
      height={300}
      table={{
        columns: ['Region', ...BANDS.map((band) => band.label), 'Total'],
        rows: rows.map((row) => [
          row.name,
          format.count(row.junior),
          format.count(row.mid),
          format.count(row.senior),
          format.count(row.total),
        ]),
      }}
    />
  )
}
