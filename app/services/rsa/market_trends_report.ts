import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import { renderReportPdf, type ReportBlock } from '#services/pdf/report_pdf'
import { marketTrends, type TrendPoint, type TrendSeries } from '#services/rsa/market_trends'
import { MIN_PEERS_FOR_MEDIAN } from '#shared/rsa'

/** Where published market trends reports are kept on the uploads disk. */
export const MARKET_TRENDS_PREFIX = 'rsa/market-trends'

const latestValue = (series: TrendSeries) => {
  const point = [...series.points].reverse().find((entry) => entry.value !== null)
  return point ?? null
}

const firstValue = (series: TrendSeries) =>
  series.points.find((entry) => entry.value !== null) ?? null

/** n as printed: "n = 12", or "n < 5" where too few firms leave the figure out. */
function firms(point: TrendPoint) {
  if (point.value === null) return `n < ${MIN_PEERS_FOR_MEDIAN}`
  return `n = ${point.n}`
}

/** A figure and its n, or why it is missing. */
function cell(point: TrendPoint | undefined, format: (value: number) => string) {
  if (!point) return 'n/a'
  return point.value === null ? `n/a (${firms(point)})` : `${format(point.value)} (${firms(point)})`
}

/**
 * Publishes the market trends report of a year: the trends of the years up to it (never a later
 * one) computed from every team's stored figures (each with its n), rendered as a PDF, stored on the uploads disk and recorded as the
 * latest report. Nothing in it names a firm or shows one firm's figure.
 */
export async function publishMarketTrendsReport(
  year: number,
  publishedAt: DateTime = DateTime.utc()
) {
  const trends = await marketTrends(null, { through: year })
  const period = `${trends.years[0]}–${year}`
  const decimal = (value: number) => value.toFixed(1)
  const blocks: ReportBlock[] = [
    {
      type: 'paragraph',
      text: `How research is bought and priced across the firms in the Spendlens universe, ${period}. Every figure is a median (or a share) over at least five firms; n is the number of firms behind it, and "n/a (n < ${MIN_PEERS_FOR_MEDIAN})" marks a figure left out because fewer firms stand behind it. No firm is named and no single firm's figure is shown.`,
    },
    { type: 'heading', text: 'Research prices by provider type, like for like' },
    {
      type: 'paragraph',
      text: "Each provider type's index follows the same purchases (service, price type and access type) from year to year, against their prices in the type's first year with enough firms (= 100), weighted by the firms behind each: a change in what firms buy is not read as a change in price.",
    },
    {
      type: 'table',
      columns: [
        { label: 'Provider type' },
        ...trends.years.map((entry) => ({ label: String(entry), align: 'right' as const })),
      ],
      rows: trends.priceIndex.map((series) => [
        series.label,
        ...series.points.map((point) => cell(point, decimal)),
      ]),
    },
    {
      type: 'barChart',
      // Each bar says its own years: a type first priced later is compared from that year.
      title: 'Price change by provider type, like for like, over the years shown (%)',
      unit: '%',
      bars: trends.priceIndex.flatMap((series) => {
        const first = firstValue(series)
        const last = latestValue(series)
        if (!first || !last || first.year === last.year) return []
        const change = Math.round((last.value! - 100) * 10) / 10
        return [
          {
            label: `${series.label} (${first.year}–${last.year})`,
            value: change,
            color: change > 0 ? ('red' as const) : ('green' as const),
          },
        ]
      }),
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
        return [series.label, cell(paid, String), cell(bps, (value) => value.toFixed(2))]
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
        ...series.points.map((point) => cell(point, (value) => `${decimal(value)}%`)),
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
    summary: `Prices (like for like), providers paid and research intensity by AUM tier across ${period}${independent ? `; independent providers take a median ${independent.value!.toFixed(1)}% of spend (n = ${independent.n})` : ''}.`,
    stored_file_name: key,
    file_size: pdf.length,
    published_at: publishedAt.toFormat(format),
    created_at: DateTime.utc().toFormat(format),
  })
  return { key, size: pdf.length }
}
