import type { MetricItem, ReportBlock, TableColumn } from '#services/pdf/report_document'
import {
  drawRule,
  CAP_HEIGHT,
  CONTENT_WIDTH,
  COLORS,
  TYPE,
  type Doc,
  type Piece,
  type TextStyle,
} from '#services/pdf/theme'
import { centredTop, drawLine, drawLines, truncate, widthOf, wrapText } from '#services/pdf/text'

type Block<T extends ReportBlock['type']> = Extract<ReportBlock, { type: T }>

const BLOCK_GAP = 14

/** A section heading, kept on the same page as what follows it. */
export function headingPieces(doc: Doc, block: Block<'heading'>): Piece[] {
  const lines = wrapText(doc, block.text, TYPE.heading, CONTENT_WIDTH, 3)
  return [
    {
      height: lines.length * TYPE.heading.lineHeight + 4,
      gapBefore: 20,
      keepWithNext: true,
      draw: (x, y) => drawLines(doc, lines, x, y, TYPE.heading),
    },
  ]
}

/** Running text, one piece per line so that a long paragraph continues on the next page. */
export function paragraphPieces(doc: Doc, block: Block<'paragraph'>): Piece[] {
  if (!block.text.trim()) return []
  return wrapText(doc, block.text.trim(), TYPE.paragraph, CONTENT_WIDTH).map((line, index) => ({
    height: TYPE.paragraph.lineHeight,
    gapBefore: index === 0 ? BLOCK_GAP - 4 : 0,
    draw: (x, y) => drawLine(doc, line, x, y + 1, TYPE.paragraph),
  }))
}

const CARD_GAP = 10
const CARD_PADDING = 10
const VALUE_SIZES = [15, 14, 13, 12, 11, 10]

function metricColumns(count: number) {
  if (count <= 4) return count
  return count <= 6 ? 3 : 4
}

/** The key figure at the largest size that fits the card, cut with an ellipsis at the smallest. */
function fittedValue(doc: Doc, value: string, width: number) {
  const size = VALUE_SIZES.find((candidate) => {
    return widthOf(doc, value, { ...TYPE.metricValue, size: candidate }) <= width
  })
  const style: TextStyle = {
    ...TYPE.metricValue,
    size: size ?? VALUE_SIZES[VALUE_SIZES.length - 1],
  }
  return { style, text: truncate(doc, value, style, width) }
}

function metricCard(doc: Doc, item: MetricItem, width: number) {
  const inner = width - 2 * CARD_PADDING
  const label = wrapText(doc, item.label, TYPE.metricLabel, inner, 2)
  const value = fittedValue(doc, item.value, inner)
  const hint = item.hint?.trim() ? wrapText(doc, item.hint, TYPE.metricHint, inner, 2) : []
  const valueTop = label.length * TYPE.metricLabel.lineHeight + 5
  const hintTop = valueTop + TYPE.metricValue.lineHeight + 3
  const contentHeight = hint.length
    ? hintTop + hint.length * TYPE.metricHint.lineHeight
    : hintTop - 3
  const draw = (x: number, y: number, height: number) => {
    doc.save().lineWidth(0.75).fillColor(COLORS.card).strokeColor(COLORS.line)
    doc.roundedRect(x, y, width, height, 4).fillAndStroke().restore()
    const left = x + CARD_PADDING
    const top = y + CARD_PADDING
    drawLines(doc, label, left, top, TYPE.metricLabel)
    const baselineShift = (TYPE.metricValue.size - value.style.size) * CAP_HEIGHT
    drawLine(doc, value.text, left, top + valueTop + baselineShift, value.style)
    drawLines(doc, hint, left, top + hintTop, TYPE.metricHint)
  }
  return { height: contentHeight + 2 * CARD_PADDING, draw }
}

/** Key figures as cards, up to four a row; a row of cards is never split across pages. */
export function metricsPieces(doc: Doc, block: Block<'metrics'>): Piece[] {
  const columns = metricColumns(block.items.length)
  if (!columns) return []
  const width = (CONTENT_WIDTH - CARD_GAP * (columns - 1)) / columns
  const pieces: Piece[] = []
  for (let start = 0; start < block.items.length; start += columns) {
    const cards = block.items
      .slice(start, start + columns)
      .map((item) => metricCard(doc, item, width))
    const height = Math.max(...cards.map((card) => card.height))
    pieces.push({
      height,
      gapBefore: start === 0 ? BLOCK_GAP : CARD_GAP,
      draw: (x, y) =>
        cards.forEach((card, index) => card.draw(x + index * (width + CARD_GAP), y, height)),
    })
  }
  return pieces
}

const CELL_PADDING_X = 6
const CELL_PADDING_Y = 5
const MIN_COLUMN = 48

/**
 * Column widths across the page: given widths in points, the rest shared by the columns without
 * one; everything scaled to the page width, and no column narrower than a short word.
 */
export function columnWidths(columns: TableColumn[], total = CONTENT_WIDTH) {
  const given = columns.map((column) =>
    typeof column.width === 'number' && Number.isFinite(column.width) && column.width > 0
      ? column.width
      : null
  )
  const flexible = given.filter((width) => width === null).length
  const used = given.reduce<number>((sum, width) => sum + (width ?? 0), 0)
  const share = flexible ? Math.max((total - used) / flexible, MIN_COLUMN) : 0
  const wanted = given.map((width) => width ?? share)
  const sum = wanted.reduce((a, b) => a + b, 0)
  const scaled = wanted.map((width) => (width * total) / sum)
  const minimum = Math.min(MIN_COLUMN, total / columns.length)
  const missing = scaled.reduce((gap, width) => gap + Math.max(minimum - width, 0), 0)
  const spare = scaled.reduce((room, width) => room + Math.max(width - minimum, 0), 0)
  if (!missing) return scaled
  return scaled.map((width) =>
    width < minimum ? minimum : width - ((width - minimum) / spare) * missing
  )
}

function tableRow(
  doc: Doc,
  cells: string[],
  columns: TableColumn[],
  widths: number[],
  options: {
    style: TextStyle
    maxLines: number
    background?: string
    rule: { color: string; width: number; at: 'top' | 'bottom' }
  }
) {
  const style = options.style
  const lines = widths.map((width, index) =>
    wrapText(doc, cells[index] ?? '', style, width - 2 * CELL_PADDING_X, options.maxLines)
  )
  const height =
    Math.max(1, ...lines.map((cell) => cell.length)) * style.lineHeight + 2 * CELL_PADDING_Y
  const draw = (x: number, y: number) => {
    if (options.background) doc.rect(x, y, CONTENT_WIDTH, height).fill(options.background)
    const top = y + CELL_PADDING_Y + (style.lineHeight - style.size * CAP_HEIGHT) / 2
    let left = x
    lines.forEach((cell, index) => {
      const frame = { width: widths[index] - 2 * CELL_PADDING_X, align: columns[index].align }
      drawLines(doc, cell, left + CELL_PADDING_X, top, style, frame)
      left += widths[index]
    })
    const ruleY = options.rule.at === 'top' ? y : y + height
    drawRule(doc, x, ruleY, CONTENT_WIDTH, options.rule.color, options.rule.width)
  }
  return { height, draw }
}

/**
 * A table whose rows flow across pages, the header repeated at the top of each new page. Long
 * cells wrap to three lines and are then cut with an ellipsis; an empty table says "No rows".
 */
export function tablePieces(doc: Doc, block: Block<'table'>): Piece[] {
  const columns = block.columns
  const widths = columnWidths(columns)
  const header: Piece = {
    ...tableRow(
      doc,
      columns.map((column) => column.label),
      columns,
      widths,
      {
        style: TYPE.tableHeader,
        maxLines: 2,
        background: COLORS.subtle,
        rule: { color: COLORS.faint, width: 0.75, at: 'bottom' },
      }
    ),
    gapBefore: BLOCK_GAP,
    keepWithNext: true,
  }
  if (!block.rows.length || !columns.length) {
    const empty: Piece = {
      height: 24,
      draw: (x, y) =>
        drawLine(doc, 'No rows', x + CELL_PADDING_X, centredTop(y, 24, TYPE.note), TYPE.note),
    }
    return columns.length ? [header, empty] : [{ ...empty, gapBefore: BLOCK_GAP }]
  }
  const rows: Piece[] = block.rows.map((cells) => ({
    ...tableRow(doc, cells, columns, widths, {
      style: TYPE.tableCell,
      maxLines: 3,
      rule: { color: COLORS.line, width: 0.5, at: 'bottom' },
    }),
    continuation: header,
  }))
  if (!block.totals) return [header, ...rows]
  const totals: Piece = {
    ...tableRow(doc, block.totals, columns, widths, {
      style: TYPE.tableTotal,
      maxLines: 2,
      background: COLORS.card,
      rule: { color: COLORS.faint, width: 1, at: 'top' },
    }),
    continuation: header,
  }
  return [header, ...rows, totals]
}

const BOX = 11
const LABEL_INDENT = 19

function drawCheckbox(doc: Doc, done: boolean, x: number, y: number) {
  if (!done) {
    doc.save().lineWidth(1).fillColor(COLORS.white).strokeColor(COLORS.faint)
    doc
      .roundedRect(x + 0.5, y + 0.5, BOX - 1, BOX - 1, 2)
      .fillAndStroke()
      .restore()
    return
  }
  doc.roundedRect(x, y, BOX, BOX, 2).fill(COLORS.green)
  doc.save().lineWidth(1.5).lineCap('round').lineJoin('round').strokeColor(COLORS.white)
  doc
    .moveTo(x + 2.7, y + 5.8)
    .lineTo(x + 4.8, y + 8)
    .lineTo(x + 8.4, y + 3.3)
    .stroke()
    .restore()
}

/** A list of steps with a ticked or empty box each, and an optional note under the step. */
export function checklistPieces(doc: Doc, block: Block<'checklist'>): Piece[] {
  const width = CONTENT_WIDTH - LABEL_INDENT
  return block.items.map((item, index) => {
    const label = wrapText(doc, item.label, TYPE.checkLabel, width, 6)
    const note = item.note?.trim() ? wrapText(doc, item.note, TYPE.checkNote, width, 6) : []
    const labelHeight = label.length * TYPE.checkLabel.lineHeight
    return {
      height: labelHeight + (note.length ? 1 + note.length * TYPE.checkNote.lineHeight : 0) + 8,
      gapBefore: index === 0 ? BLOCK_GAP : 0,
      draw: (x, y) => {
        drawCheckbox(doc, item.done, x, y)
        drawLines(doc, label, x + LABEL_INDENT, y + 1.5, TYPE.checkLabel)
        drawLines(doc, note, x + LABEL_INDENT, y + labelHeight + 2, TYPE.checkNote)
      },
    }
  })
}
