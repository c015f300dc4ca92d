import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import { renderReportPdf, type ReportBlock } from '#services/pdf/report_pdf'
import { marketTrends, type TrendSeries } from '#services/rsa/market_trends'

/** Where published market trends reports are kept on the uploads disk. */
export const MARKET_TRENDS_PREFIX = 'rsa/market-trends'

const latestValue = (series: TrendSeries) => {
  const point = [...series.points].reverse().find((entry) => entry.value !== null)
  return point ?? null
}

/**
 * Publishes the market trends report of a year: the trends computed from every team's stored
 * figures (each with its n), rendered as a PDF, stored on the uploads disk and recorded as the
 * latest report. Nothing in it names a firm or shows one firm's figure.
 */
export async function publishMarketTrendsReport(
  year: number,
  publishedAt: DateTime = DateTime.utc()
) {
  const trends = await marketTrends(null)
  const blocks: ReportBlock[] = [
    {
      type: 'paragraph',
      text: `How research is bought and priced across the firms in the Spendlens universe, ${trends.years[0]}–${year}. Every figure is a median (or a share) over at least five firms; n is the number of firms behind it. No firm is named and no single firm's figure is shown.`,
    },
    { type: 'heading', text: 'Research prices by provider type (first year = 100)' },
    {
      type: 'table',
      columns: [
        { label: 'Provider type' },
        ...trends.years.map((entry) => ({ label: String(entry), align: 'right' as const })),
      ],
      rows: trends.priceIndex.map((series) => [
        series.label,
        ...series.points.map((point) =>
          point.value === null
            ? `n/a (n = ${point.n})`
            : `${point.value.toFixed(1)} (n = ${point.n})`
        ),
      ]),
    },
    {
      type: 'barChart',
      title: `Price change ${trends.years[0]}–${year} by provider type (%)`,
      unit: '%',
      bars: trends.priceIndex
        .map((series) => ({ label: series.label, value: latestValue(series)?.value ?? null }))
        .filter((bar): bar is { label: string; value: number } => bar.value !== null)
        .map((bar) => ({
          label: bar.label,
          value: Math.round((bar.value - 100) * 10) / 10,
          color: bar.value > 100 ? ('red' as const) : ('green' as const),
        })),
    },
    { type: 'heading', text: 'Providers paid and research intensity by AUM tier' },
    {
      type: 'table',
      columns: [
        { label: 'AUM tier' },
        { label: `Providers paid ${year}`, align: 'right' },
        { label: `Research intensity ${year} (bps)`, align: 'right' },
      ],
      rows: trends.providersPaid.map((series) => {
        const paid = series.points.find((point) => point.year === year)
        const bps = trends.researchBps
          .find((entry) => entry.key === series.key)
          ?.points.find((point) => point.year === year)
        return [
          series.label,
          paid?.value === null || !paid ? 'n/a' : `${paid.value} (n = ${paid.n})`,
          bps?.value === null || !bps ? 'n/a' : `${bps.value.toFixed(2)} (n = ${bps.n})`,
        ]
      }),
    },
    { type: 'heading', text: 'Independent research and joint payments' },
    {
      type: 'table',
      columns: [
        { label: 'Measure' },
        ...trends.years.map((entry) => ({ label: String(entry), align: 'right' as const })),
      ],
      rows: [trends.independentShare, trends.jointPaymentShare].map((series) => [
        series.label,
        ...series.points.map((point) =>
          point.value === null ? 'n/a' : `${point.value.toFixed(1)}% (n = ${point.n})`
        ),
      ]),
    },
  ]
  const title = `Research market trends ${year}`
  const pdf = await renderReportPdf({
    title,
    subtitle: 'Research Spend Analytics · market report',
    generatedAt: publishedAt.toISO()!,
    footerNote: 'Medians over at least five firms; confidential to Spendlens clients.',
    blocks,
  })
  const key = `${MARKET_TRENDS_PREFIX}/${randomUUID()}.pdf`
  await drive.use().put(key, pdf)
  const format = db.connection().dialect.dateTimeFormat
  const independent = latestValue(trends.independentShare)
  await db.table('rsa_market_trends_reports').insert({
    year,
    title,
    summary: `Prices, providers paid and research intensity by AUM tier across ${trends.years[0]}–${year}${independent ? `; independent providers take a median ${independent.value!.toFixed(1)}% of spend (n = ${independent.n})` : ''}.`,
    stored_file_name: key,
    file_size: pdf.length,
    published_at: publishedAt.toFormat(format),
    created_at: DateTime.utc().toFormat(format),
  })
  return { key, size: pdf.length }
}
