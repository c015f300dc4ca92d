import { useMemo } from 'react'
import { Chart, type ChartOption, type ChartPalette } from '~/components/ui/chart'
import { Card } from '~/components/ui/card'
import { drawnLines, suppressionNote } from '@shared/chart_data'
import { RsaPage } from '~/components/rsa/rsa_page'

interface Point {
  year: number
  value: number | null
  /** The firms behind the point (a band such as "10–19" where counts are banded). */
  n: number | string
}

interface Series {
  key: string
  label: string
  points: Point[]
}

interface Props {
  report: {
    id: number
    year: number
    title: string
    summary: string | null
    publishedAt: string
    fileSize: number
  } | null
  trends: {
    years: number[]
    priceIndex: Series[]
    providersPaid: Series[]
    researchBps: Series[]
    independentShare: Series
    jointPaymentShare: Series
    dispersion: { key: string; label: string; value: number | null; n: number | string }[]
  }
}

const MIN_FIRMS = 5

function SuppressionNote({ series }: { series: Series[] }) {
  const note = suppressionNote(series, MIN_FIRMS)
  return note ? (
    <p className="mt-2 text-xs text-slate-500" data-testid="suppression-note">
      {note}
    </p>
  ) : null
}

function lineOption(all: Series[], years: number[], unit: string) {
  const series = drawnLines(all)
  return (palette: ChartPalette): ChartOption => ({
    grid: { left: 48, right: 24, top: 48, bottom: 32 },
    legend: { top: 0, type: 'scroll' },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: years.map(String) },
    yAxis: {
      type: 'value',
      scale: true,
      axisLabel: { formatter: (value: number) => `${value}${unit}` },
    },
    series: series.map((entry, index) => ({
      name: entry.label,
      type: 'line',
      connectNulls: false,
      symbolSize: 7,
      lineStyle: { width: 2 },
      color: palette.series[index % palette.series.length],
      data: entry.points.map((point) => point.value),
    })),
  })
}

function trendTable(series: Series[], years: number[], format: (value: number) => string) {
  return {
    columns: ['Series', ...years.map(String)],
    rows: series.map((entry) => [
      entry.label,
      ...entry.points.map((point) =>
        point.value === null ? `n/a (n < ${MIN_FIRMS})` : `${format(point.value)} (n = ${point.n})`
      ),
    ]),
  }
}

function describe(series: Series[], format: (value: number) => string) {
  const parts = series
    .map((entry) => {
      const known = entry.points.filter((point) => point.value !== null)
      if (known.length < 1) return null
      const last = known.at(-1)!
      return `${entry.label} ${format(last.value!)} in ${last.year} (n = ${last.n})`
    })
    .filter(Boolean)
  return parts.length ? `${parts.join('; ')}.` : 'Too few firms for any figure.'
}

export default function MarketTrendsPage({ report, trends }: Props) {
  const years = trends.years
  const index = useMemo(() => lineOption(trends.priceIndex, years, ''), [trends, years])
  const paid = useMemo(() => lineOption(trends.providersPaid, years, ''), [trends, years])
  const bps = useMemo(() => lineOption(trends.researchBps, years, ''), [trends, years])
  const shares = useMemo(
    () => lineOption([trends.independentShare, trends.jointPaymentShare], years, '%'),
    [trends, years]
  )
  const dispersion = useMemo(
    () =>
      (palette: ChartPalette): ChartOption => ({
        grid: { left: 200, right: 32, top: 16, bottom: 32 },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        xAxis: { type: 'value', axisLabel: { formatter: (value: number) => `${value}%` } },
        yAxis: {
          type: 'category',
          data: trends.dispersion.map((entry) => entry.label),
          axisLabel: { width: 190, overflow: 'truncate' },
        },
        series: [
          {
            type: 'bar',
            barWidth: 14,
            itemStyle: { color: palette.brand },
            data: trends.dispersion.map((entry) => entry.value),
          },
        ],
      }),
    [trends]
  )
  const plain = (value: number) => value.toLocaleString('en-GB', { maximumFractionDigits: 2 })
  return (
    <RsaPage
      title="Market trends"
      current="market-trends"
      description="How research is bought and priced across the market: every figure is a median or a share over at least five firms (your firm left out), with n."
    >
      <Card>
        {report ? (
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="max-w-3xl">
              <h2 className="text-lg font-semibold text-slate-900">{report.title}</h2>
              <p className="mt-1 text-sm text-slate-600">Published {report.publishedAt}</p>
              {report.summary ? (
                <p className="mt-2 text-sm text-slate-700">{report.summary}</p>
              ) : null}
            </div>
            <a
              href={`/rsa/market-trends/reports/${report.id}/file`}
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              Download the report (PDF, {Math.max(1, Math.round(report.fileSize / 1024))} KB)
            </a>
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            No market trends report has been published yet. The charts below are computed from the
            latest figures.
          </p>
        )}
      </Card>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <Card>
          <Chart
            title="Research prices by provider type, like for like (first year = 100)"
            summary={`Each provider type follows the same purchases (service, price type and access type) from year to year against their prices in its first year with enough firms, so a change in what firms buy does not read as a price change. ${describe(trends.priceIndex, plain)}`}
            option={index}
            table={trendTable(trends.priceIndex, years, plain)}
          />
          <SuppressionNote series={trends.priceIndex} />
        </Card>
        <Card>
          <Chart
            title="Providers paid, median by AUM tier"
            summary={`How many research providers firms pay in a year. ${describe(trends.providersPaid, plain)}`}
            option={paid}
            table={trendTable(trends.providersPaid, years, plain)}
          />
          <SuppressionNote series={trends.providersPaid} />
        </Card>
        <Card>
          <Chart
            title="Research intensity by AUM tier (bps of active AUM)"
            summary={`Research payments as basis points of active AUM. ${describe(trends.researchBps, (value) => `${value.toFixed(2)} bps`)}`}
            option={bps}
            table={trendTable(trends.researchBps, years, (value) => value.toFixed(2))}
          />
          <SuppressionNote series={trends.researchBps} />
        </Card>
        <Card>
          <Chart
            title="Independent research and joint payments"
            summary={describe(
              [trends.independentShare, trends.jointPaymentShare],
              (value) => `${value.toFixed(1)}%`
            )}
            option={shares}
            table={trendTable(
              [trends.independentShare, trends.jointPaymentShare],
              years,
              (value) => `${value.toFixed(1)}%`
            )}
          />
          <SuppressionNote series={[trends.independentShare, trends.jointPaymentShare]} />
        </Card>
        <Card className="xl:col-span-2">
          <Chart
            title={`Price dispersion by provider type, like for like, ${years.at(-1)}`}
            summary="The typical range of prices (75th minus 25th percentile) as a share of the median, for the same purchase (service, price type and access type), averaged over a type's purchases: the higher, the more the same thing is priced differently from one firm to the next. A type needs ten firms on one purchase."
            option={dispersion}
            height={Math.max(200, trends.dispersion.length * 32 + 60)}
            table={{
              columns: ['Provider type', 'Dispersion', 'n'],
              rows: trends.dispersion.map((entry) => [
                entry.label,
                entry.value === null ? 'n/a (needs 10 firms)' : `${entry.value.toFixed(1)}%`,
                entry.n,
              ]),
            }}
          />
        </Card>
      </div>
    </RsaPage>
  )
}
