import type { BarColor, ReportBlock } from '#services/pdf/report_document'
import { COLORS, TYPE, drawRule, type Doc, type Piece } from '#services/pdf/theme'
import { centredTop, drawLine, truncate, widthOf } from '#services/pdf/text'

type BarChart = Extract<ReportBlock, { type: 'barChart' }>
type RangeChart = Extract<ReportBlock, { type: 'rangeChart' }>

const TITLE_HEIGHT = 20
const LEGEND_HEIGHT = 16
const AXIS_HEIGHT = 14
const NOTE_HEIGHT = 13
const LIMIT = 1e15

const UNITS = [
  { size: 1e3, suffix: 'k' },
  { size: 1e6, suffix: 'M' },
  { size: 1e9, suffix: 'B' },
  { size: 1e12, suffix: 'T' },
]

function rounded(value: number, decimals: number) {
  const text = value.toFixed(decimals)
  return decimals > 0 ? text.replace(/\.?0+$/, '') : text
}

function significant(value: number) {
  return value >= 100 ? 0 : value >= 10 ? 1 : 2
}

/**
 * A number as a short axis or bar label: 350k, 1.2M, 12.5. Below a thousand, wholeUnits
 * drops the decimals (currency amounts).
 */
export function compactNumber(value: number, wholeUnits = false) {
  if (!Number.isFinite(value)) return 'n/a'
  const magnitude = Math.abs(value)
  let text = rounded(magnitude, wholeUnits ? 0 : significant(magnitude))
  if (Number(text) >= 1000) {
    for (const unit of UNITS) {
      const scaled = magnitude / unit.size
      text = `${rounded(scaled, significant(scaled))}${unit.suffix}`
      if (Number.parseFloat(text) < 1000) break
    }
  }
  return value < 0 && text !== '0' ? `-${text}` : text
}

/** Round axis steps (1, 2, 2.5 or 5 times a power of ten) covering zero and every value. */
export function niceTicks(values: number[], target = 5) {
  const low = Math.min(0, ...values)
  const high = Math.max(0, ...values) || (low === 0 ? 1 : 0)
  const span = high - low
  const rough = span / target
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((s) => s >= rough)!
  const first = Math.floor(low / step)
  const last = Math.max(Math.ceil(high / step), first + 1)
  const ticks: number[] = []
  for (let index = first; index <= last; index++) ticks.push(Number((index * step).toPrecision(12)))
  return ticks
}

function finite(value: number | null | undefined) {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.max(-LIMIT, Math.min(LIMIT, value))
    : null
}

function scaleFor(ticks: number[], left: number, right: number) {
  const low = ticks[0]
  const high = ticks[ticks.length - 1]
  return (value: number) => left + ((value - low) / (high - low)) * (right - left)
}

/** The rows that fit one page, keeping room for a "more not shown" note when some do not. */
function rowsThatFit<T>(rows: T[], rowHeight: number, room: number) {
  if (rows.length * rowHeight <= room) return { shown: rows, hidden: 0 }
  const count = Math.max(1, Math.floor((room - NOTE_HEIGHT) / rowHeight))
  return { shown: rows.slice(0, count), hidden: rows.length - count }
}

function drawTitle(
  doc: Doc,
  title: string,
  unit: string | undefined,
  x: number,
  y: number,
  width: number
) {
  const suffix = unit ? ` (${unit})` : ''
  const suffixWidth = suffix ? Math.min(widthOf(doc, suffix, TYPE.chartUnit), width / 3) : 0
  const text = truncate(doc, title, TYPE.chartTitle, width - suffixWidth)
  drawLine(doc, text, x, y, TYPE.chartTitle)
  if (!suffix) return
  const after = x + widthOf(doc, text, TYPE.chartTitle)
  drawLine(doc, truncate(doc, suffix, TYPE.chartUnit, suffixWidth), after, y, TYPE.chartUnit)
}

interface Axis {
  ticks: number[]
  scale: (value: number) => number
  label: (value: number) => string
  /** Tick labels are kept between these x positions. */
  left: number
  right: number
}

function drawGrid(doc: Doc, axis: Axis, top: number, bottom: number) {
  doc.save().lineWidth(0.5).strokeColor(COLORS.line)
  for (const tick of axis.ticks) {
    doc.moveTo(axis.scale(tick), top).lineTo(axis.scale(tick), bottom).stroke()
  }
  doc.restore()
}

function drawTickLabels(doc: Doc, axis: Axis, y: number) {
  for (const tick of axis.ticks) {
    const text = axis.label(tick)
    const textWidth = widthOf(doc, text, TYPE.axis)
    const centred = axis.scale(tick) - textWidth / 2
    const left = Math.min(Math.max(centred, axis.left), axis.right - textWidth)
    drawLine(doc, text, left, y + 4, TYPE.axis)
  }
}

function drawHiddenNote(doc: Doc, hidden: number, x: number, y: number) {
  if (hidden > 0) drawLine(doc, `+ ${hidden} more not shown`, x, y + 3, TYPE.note)
}

function labelColumnWidth(doc: Doc, labels: string[], width: number, minimum: number) {
  const widest = Math.max(0, ...labels.map((label) => widthOf(doc, label, TYPE.chartLabel)))
  return Math.min(Math.max(widest + 10, minimum), width * 0.34)
}

const BAR_ROW = 18
const BAR_HEIGHT = 10

const BAR_COLORS: Record<BarColor, string> = {
  brand: COLORS.brand,
  green: COLORS.green,
  amber: COLORS.amber,
  red: COLORS.red,
  grey: COLORS.grey,
}

/**
 * A horizontal bar chart with a zero line: negative values run left of it, so gains and
 * savings read as a diverging chart. Bars that do not fit one page are left out with a note.
 */
export function barChartPiece(doc: Doc, block: BarChart, width: number, room: number): Piece {
  const bars = block.bars.map((bar) => ({ ...bar, value: finite(bar.value) }))
  const axisHeight = bars.some((bar) => bar.value !== null) ? AXIS_HEIGHT : 0
  const { shown, hidden } = rowsThatFit(bars, BAR_ROW, room - TITLE_HEIGHT - axisHeight - 4)
  const values = shown.flatMap((bar) => (bar.value === null ? [] : [bar.value]))
  const rowsHeight = Math.max(shown.length, 1) * BAR_ROW
  const height = TITLE_HEIGHT + rowsHeight + axisHeight + (hidden ? NOTE_HEIGHT : 0)
  const percent = block.unit?.trim() === '%'
  const valueText = (value: number | null) =>
    value === null ? 'n/a' : `${compactNumber(value)}${percent ? '%' : ''}`

  const draw = (x: number, y: number) => {
    drawTitle(doc, block.title, percent ? undefined : block.unit, x, y, width)
    const top = y + TITLE_HEIGHT
    if (!shown.length) {
      drawLine(doc, 'No data', x, centredTop(top, BAR_ROW, TYPE.note), TYPE.note)
      return
    }
    const labelWidth = labelColumnWidth(
      doc,
      shown.map((bar) => bar.label),
      width,
      60
    )
    const roomFor = (negative: boolean) => {
      const texts = shown
        .filter((bar) => (bar.value ?? 0) < 0 === negative)
        .map((bar) => valueText(bar.value))
      return texts.length
        ? Math.max(...texts.map((text) => widthOf(doc, text, TYPE.chartValue))) + 6
        : 0
    }
    const ticks = niceTicks(values)
    const plotLeft = x + labelWidth + roomFor(true)
    const plotRight = x + width - Math.max(roomFor(false), 4)
    const scale = scaleFor(ticks, plotLeft, plotRight)
    const bottom = top + rowsHeight
    const label = (tick: number) => `${compactNumber(tick)}${percent ? '%' : ''}`
    const axis = { ticks, scale, label, left: x + labelWidth, right: x + width }
    if (values.length) drawGrid(doc, axis, top, bottom)
    shown.forEach((bar, index) =>
      drawBar(doc, bar, index, { x, top, labelWidth, scale, valueText })
    )
    doc.save().lineWidth(0.75).strokeColor(COLORS.faint)
    doc
      .moveTo(scale(0), top - 2)
      .lineTo(scale(0), bottom + 2)
      .stroke()
      .restore()
    if (values.length) drawTickLabels(doc, axis, bottom)
    drawHiddenNote(doc, hidden, x, bottom + axisHeight)
  }
  return { height, draw }
}

function drawBar(
  doc: Doc,
  bar: { label: string; value: number | null; color?: BarColor },
  index: number,
  frame: {
    x: number
    top: number
    labelWidth: number
    scale: (value: number) => number
    valueText: (value: number | null) => string
  }
) {
  const rowTop = frame.top + index * BAR_ROW
  const label = truncate(doc, bar.label, TYPE.chartLabel, frame.labelWidth - 10)
  drawLine(doc, label, frame.x, centredTop(rowTop, BAR_ROW, TYPE.chartLabel), TYPE.chartLabel)
  const zero = frame.scale(0)
  const value = bar.value ?? 0
  const end = frame.scale(value)
  const barTop = rowTop + (BAR_ROW - BAR_HEIGHT) / 2
  if (value !== 0) {
    const barWidth = Math.max(Math.abs(end - zero), 0.75)
    doc
      .rect(value < 0 ? zero - barWidth : zero, barTop, barWidth, BAR_HEIGHT)
      .fill(BAR_COLORS[bar.color ?? 'brand'])
  }
  const text = frame.valueText(bar.value)
  const textTop = centredTop(rowTop, BAR_ROW, TYPE.chartValue)
  const style = bar.value === null ? { ...TYPE.chartValue, color: COLORS.faint } : TYPE.chartValue
  if (value < 0) {
    const textWidth = widthOf(doc, text, style)
    drawLine(doc, text, Math.min(end, zero) - 4 - textWidth, textTop, style)
  } else {
    drawLine(doc, text, Math.max(end, zero) + 4, textTop, style)
  }
}

const RANGE_ROW = 20

function drawRangeLegend(doc: Doc, x: number, y: number, valueRight: number) {
  const middle = y + 5
  let left = x
  const item = (label: string, drawKey: (keyX: number) => number) => {
    const keyWidth = drawKey(left)
    drawLine(doc, label, left + keyWidth + 4, y + 1.5, TYPE.legend)
    left += keyWidth + 4 + widthOf(doc, label, TYPE.legend) + 14
  }
  item('Peer range (25th–75th percentile)', (keyX) => {
    doc.rect(keyX, middle - 3.5, 14, 7).fill(COLORS.brandTint)
    return 14
  })
  item('Peer median', (keyX) => {
    doc.rect(keyX, middle - 5, 2, 10).fill(COLORS.brand)
    return 2
  })
  item('Your firm', (keyX) => {
    doc.circle(keyX + 3.5, middle, 3.5).fill(COLORS.ink)
    return 7
  })
  drawLine(doc, 'You', valueRight - 40, y + 1.5, TYPE.legendStrong, { width: 40, align: 'right' })
}

/**
 * Where the firm stands among its peers, one row per measure: a bar from the peers' 25th to
 * 75th percentile, a tick at their median and a dot for the firm. A row with a median but no
 * quartiles (fewer peers are needed for a median) draws the tick and the dot without the bar;
 * only a row with neither says "n/a". The firm's own figure is listed on the right.
 */
export function rangeChartPiece(doc: Doc, block: RangeChart, width: number, room: number): Piece {
  const rows = block.rows.map((row) => ({
    label: row.label,
    p25: finite(row.p25),
    median: finite(row.median),
    p75: finite(row.p75),
    you: finite(row.you),
  }))
  const format = (value: number | null) =>
    value === null ? '—' : compactNumber(value, block.format !== 'number')
  const hasMarks = (row: (typeof rows)[number]) =>
    row.median !== null || (row.p25 !== null && row.p75 !== null)
  const axisHeight = rows.some(hasMarks) ? AXIS_HEIGHT : 0
  const fixed = TITLE_HEIGHT + LEGEND_HEIGHT + axisHeight + 4
  const { shown, hidden } = rowsThatFit(rows, RANGE_ROW, room - fixed)
  const values = shown
    .filter(hasMarks)
    .flatMap((row) => [row.p25, row.median, row.p75, row.you].filter((value) => value !== null))
  const rowsHeight = Math.max(shown.length, 1) * RANGE_ROW
  const height = TITLE_HEIGHT + LEGEND_HEIGHT + rowsHeight + axisHeight + (hidden ? NOTE_HEIGHT : 0)

  const draw = (x: number, y: number) => {
    drawTitle(doc, block.title, undefined, x, y, width)
    const top = y + TITLE_HEIGHT + LEGEND_HEIGHT
    drawRangeLegend(doc, x, y + TITLE_HEIGHT, x + width)
    if (!shown.length) {
      drawLine(doc, 'No data', x, centredTop(top, RANGE_ROW, TYPE.note), TYPE.note)
      return
    }
    const valueWidth = Math.max(
      44,
      ...shown.map((row) => widthOf(doc, format(row.you), TYPE.chartLabel) + 8)
    )
    const labelWidth = labelColumnWidth(
      doc,
      shown.map((row) => row.label),
      width,
      70
    )
    const plotLeft = x + labelWidth + 4
    const plotRight = x + width - valueWidth - 12
    const ticks = niceTicks(values)
    const scale = scaleFor(ticks, plotLeft, plotRight)
    const bottom = top + rowsHeight
    const axis = { ticks, scale, label: format, left: plotLeft - 10, right: plotRight + 10 }
    if (values.length) drawGrid(doc, axis, top, bottom)
    shown.forEach((row, index) => {
      const rowTop = top + index * RANGE_ROW
      const label = truncate(doc, row.label, TYPE.chartLabel, labelWidth - 10)
      drawLine(doc, label, x, centredTop(rowTop, RANGE_ROW, TYPE.chartLabel), TYPE.chartLabel)
      drawRangeMarks(doc, row, rowTop, scale, plotLeft)
      const valueTop = centredTop(rowTop, RANGE_ROW, TYPE.chartLabel)
      drawLine(doc, format(row.you), x + width - valueWidth, valueTop, TYPE.chartLabel, {
        width: valueWidth,
        align: 'right',
      })
      drawRule(doc, x, rowTop + RANGE_ROW, width, COLORS.line)
    })
    if (values.length) drawTickLabels(doc, axis, bottom)
    drawHiddenNote(doc, hidden, x, bottom + axisHeight)
  }
  return { height, draw }
}

function drawRangeMarks(
  doc: Doc,
  row: { p25: number | null; median: number | null; p75: number | null; you: number | null },
  rowTop: number,
  scale: (value: number) => number,
  plotLeft: number
) {
  const middle = rowTop + RANGE_ROW / 2
  const hasRange = row.p25 !== null && row.p75 !== null
  if (!hasRange && row.median === null) {
    drawLine(doc, 'n/a', plotLeft + 2, centredTop(rowTop, RANGE_ROW, TYPE.note), TYPE.note)
    return
  }
  if (hasRange) {
    const left = scale(Math.min(row.p25!, row.p75!))
    const right = scale(Math.max(row.p25!, row.p75!))
    doc.rect(left, middle - 4, Math.max(right - left, 1), 8).fill(COLORS.brandTint)
  }
  if (row.median !== null) doc.rect(scale(row.median) - 1, middle - 7, 2, 14).fill(COLORS.brand)
  if (row.you !== null) {
    doc.save().lineWidth(1).fillColor(COLORS.ink).strokeColor(COLORS.white)
    doc.circle(scale(row.you), middle, 4).fillAndStroke().restore()
  }
}
