import PDFDocument from 'pdfkit'
import type { ReportBlock, ReportDocument } from '#services/pdf/report_document'
import { barChartPiece, rangeChartPiece } from '#services/pdf/charts'
import {
  checklistPieces,
  headingPieces,
  metricsPieces,
  paragraphPieces,
  tablePieces,
} from '#services/pdf/blocks'
import {
  CONTENT_WIDTH,
  COLORS,
  PAGE,
  TYPE,
  drawRule,
  type Doc,
  type Piece,
} from '#services/pdf/theme'
import { drawLine, drawLines, truncate, widthOf, winAnsiText, wrapText } from '#services/pdf/text'

export type * from '#services/pdf/report_document'

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')

/** A moment as the footer prints it: "23 Nov 2026 10:42 UTC". */
export function generatedLabel(date: Date) {
  const pad = (value: number) => String(value).padStart(2, '0')
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`
}

function generatedDate(value: string) {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) throw new TypeError(`generatedAt is not a date: ${value}`)
  return date
}

function cleanBlock(block: ReportBlock): ReportBlock {
  const text = (value: unknown) => winAnsiText(String(value ?? ''))
  const optional = (value: string | undefined) => (value === undefined ? undefined : text(value))
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      return { ...block, text: text(block.text) }
    case 'metrics':
      return {
        ...block,
        items: block.items.map((item) => ({
          label: text(item.label),
          value: text(item.value),
          hint: optional(item.hint),
        })),
      }
    case 'table':
      return {
        ...block,
        columns: block.columns.map((column) => ({ ...column, label: text(column.label) })),
        rows: block.rows.map((row) => row.map(text)),
        totals: block.totals?.map(text),
      }
    case 'barChart':
      return {
        ...block,
        title: text(block.title),
        unit: optional(block.unit),
        bars: block.bars.map((bar) => ({ ...bar, label: text(bar.label) })),
      }
    case 'rangeChart':
      return {
        ...block,
        title: text(block.title),
        rows: block.rows.map((row) => ({ ...row, label: text(row.label) })),
      }
    case 'checklist':
      return {
        ...block,
        items: block.items.map((item) => ({
          ...item,
          label: text(item.label),
          note: optional(item.note),
        })),
      }
    default:
      return block
  }
}

const CHART_ROOM = PAGE.contentBottom - PAGE.continuationTop

function blockPieces(doc: Doc, block: ReportBlock): Piece[] {
  switch (block.type) {
    case 'heading':
      return headingPieces(doc, block)
    case 'paragraph':
      return paragraphPieces(doc, block)
    case 'metrics':
      return metricsPieces(doc, block)
    case 'table':
      return tablePieces(doc, block)
    case 'barChart':
      return [{ ...barChartPiece(doc, block, CONTENT_WIDTH, CHART_ROOM), gapBefore: 18 }]
    case 'rangeChart':
      return [{ ...rangeChartPiece(doc, block, CONTENT_WIDTH, CHART_ROOM), gapBefore: 18 }]
    case 'checklist':
      return checklistPieces(doc, block)
    default:
      return []
  }
}

function drawWordmark(doc: Doc, x: number, y: number, width?: number) {
  drawLine(doc, 'SPENDLENS', x, y, TYPE.wordmark, width ? { width, align: 'right' } : {})
}

/** The first page's masthead: wordmark, title, subtitle and a rule; returns where content starts. */
function drawMasthead(doc: Doc, title: string, subtitle: string | undefined) {
  const x = PAGE.margin
  let y = PAGE.margin
  drawWordmark(doc, x, y)
  y += 18
  y += drawLines(doc, wrapText(doc, title, TYPE.title, CONTENT_WIDTH, 3), x, y, TYPE.title)
  if (subtitle?.trim()) {
    y += 3
    const lines = wrapText(doc, subtitle, TYPE.subtitle, CONTENT_WIDTH, 2)
    y += drawLines(doc, lines, x, y, TYPE.subtitle)
  }
  y += 8
  drawRule(doc, x, y, CONTENT_WIDTH, COLORS.line, 0.75)
  doc.rect(x, y - 1, 56, 2).fill(COLORS.brand)
  return y + 12
}

function drawRunningHeader(doc: Doc, title: string) {
  const x = PAGE.margin
  const y = PAGE.margin
  const text = truncate(doc, title, TYPE.runningHeader, CONTENT_WIDTH - 90)
  drawLine(doc, text, x, y + 0.4, TYPE.runningHeader)
  drawWordmark(doc, x, y, CONTENT_WIDTH)
  drawRule(doc, x, y + 14, CONTENT_WIDTH, COLORS.line, 0.75)
}

interface Flow {
  doc: Doc
  title: string
  y: number
  /** Where the current page's content starts: no gap is left above a piece placed there. */
  top: number
}

function addContinuationPage(flow: Flow) {
  flow.doc.addPage()
  drawRunningHeader(flow.doc, flow.title)
  flow.y = flow.top = PAGE.continuationTop
}

/** The height a piece needs on its page: itself and the pieces it is kept with. */
function heightWithFollowers(pieces: Piece[], index: number) {
  let height = pieces[index].height
  for (let next = index; pieces[next].keepWithNext && next + 1 < pieces.length; next++) {
    height += (pieces[next + 1].gapBefore ?? 0) + pieces[next + 1].height
  }
  return height
}

function place(flow: Flow, pieces: Piece[]) {
  pieces.forEach((piece, index) => {
    const gap = flow.y > flow.top ? (piece.gapBefore ?? 0) : 0
    if (
      flow.y > flow.top &&
      flow.y + gap + heightWithFollowers(pieces, index) > PAGE.contentBottom
    ) {
      addContinuationPage(flow)
      if (piece.continuation && index > 0) {
        piece.continuation.draw(PAGE.margin, flow.y)
        flow.y += piece.continuation.height
      }
    } else {
      flow.y += gap
    }
    piece.draw(PAGE.margin, flow.y)
    flow.y += piece.height
  })
}

function drawFooters(doc: Doc, generated: string, note: string | undefined) {
  const { start, count } = doc.bufferedPageRange()
  const left = note?.trim() ? `Generated ${generated}  ·  ${note.trim()}` : `Generated ${generated}`
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index)
    const pageLabel = `Page ${index + 1} of ${count}`
    const pageWidth = widthOf(doc, pageLabel, TYPE.footer)
    drawRule(doc, PAGE.margin, PAGE.footerRuleY, CONTENT_WIDTH, COLORS.line, 0.75)
    const text = truncate(doc, left, TYPE.footer, CONTENT_WIDTH - pageWidth - 16)
    drawLine(doc, text, PAGE.margin, PAGE.footerTextY, TYPE.footer)
    drawLine(doc, pageLabel, PAGE.margin, PAGE.footerTextY, TYPE.footer, {
      width: CONTENT_WIDTH,
      align: 'right',
    })
  }
}

function collect(doc: Doc) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Uint8Array[] = []
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
}

/**
 * A report or committee pack as an A4 PDF: a masthead with the title, then the blocks in order
 * (headings, text, key-figure cards, tables, charts, checklists) flowing over as many pages as
 * they need, with the generation time and the note on every page's footer. Text outside the
 * built-in fonts' character set is replaced rather than failing, and the same document always
 * gives the same bytes (the creation date is the generation time).
 */
export async function renderReportPdf(report: ReportDocument): Promise<Buffer> {
  const created = generatedDate(report.generatedAt)
  const doc: Doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    autoFirstPage: false,
    bufferPages: true,
    displayTitle: true,
    lang: 'en-GB',
    info: {
      Title: report.title,
      Author: 'Spendlens',
      Subject: report.subtitle?.trim() || report.title,
      Creator: 'Spendlens',
      CreationDate: created,
      ModDate: created,
    },
  })
  const output = collect(doc)
  const title = winAnsiText(report.title)
  doc.addPage()
  const top = drawMasthead(doc, title, report.subtitle && winAnsiText(report.subtitle))
  const flow: Flow = { doc, title, y: top, top }
  place(
    flow,
    report.blocks.flatMap((block) => blockPieces(doc, cleanBlock(block)))
  )
  drawFooters(doc, generatedLabel(created), report.footerNote && winAnsiText(report.footerNote))
  doc.end()
  return output
}
