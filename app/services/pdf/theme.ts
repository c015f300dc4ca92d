/** Page geometry, colours and type styles shared by every part of a report PDF. */

import type PDFDocument from 'pdfkit'

export type Doc = InstanceType<typeof PDFDocument>

export const PAGE = {
  size: 'A4',
  width: 595.28,
  height: 841.89,
  margin: 40,
  /** Where block content stops: the footer sits below it. */
  contentBottom: 841.89 - 58,
  footerRuleY: 841.89 - 46,
  footerTextY: 841.89 - 38,
  /** Where block content starts on pages after the first, below the running header. */
  continuationTop: 40 + 26,
} as const

export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin

export const COLORS = {
  brand: '#2448d8',
  brandTint: '#c3cef5',
  ink: '#0f172a',
  text: '#334155',
  muted: '#64748b',
  faint: '#94a3b8',
  line: '#e2e8f0',
  subtle: '#f1f5f9',
  card: '#f8fafc',
  white: '#ffffff',
  green: '#059669',
  amber: '#d97706',
  red: '#dc2626',
  grey: '#94a3b8',
} as const

/** Helvetica's capital letters' height, as a share of the font size. */
export const CAP_HEIGHT = 0.718

export type FontName = 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique'

export interface TextStyle {
  font: FontName
  size: number
  color: string
  /** Distance between the tops of two wrapped lines. */
  lineHeight: number
}

function style(font: FontName, size: number, color: string, lineHeight: number): TextStyle {
  return { font, size, color, lineHeight }
}

export const TYPE = {
  wordmark: style('Helvetica-Bold', 8, COLORS.brand, 10),
  title: style('Helvetica-Bold', 20, COLORS.ink, 24),
  subtitle: style('Helvetica', 10.5, COLORS.muted, 14),
  runningHeader: style('Helvetica', 7.5, COLORS.muted, 9),
  footer: style('Helvetica', 7.5, COLORS.muted, 9),
  heading: style('Helvetica-Bold', 12.5, COLORS.ink, 16),
  paragraph: style('Helvetica', 10, COLORS.text, 14),
  chartTitle: style('Helvetica-Bold', 10.5, COLORS.ink, 14),
  chartUnit: style('Helvetica', 10.5, COLORS.muted, 14),
  chartLabel: style('Helvetica', 8.5, COLORS.text, 10),
  chartValue: style('Helvetica', 7.5, COLORS.text, 9),
  axis: style('Helvetica', 7, COLORS.muted, 9),
  legend: style('Helvetica', 7.5, COLORS.muted, 9),
  legendStrong: style('Helvetica-Bold', 7.5, COLORS.muted, 9),
  note: style('Helvetica-Oblique', 8, COLORS.faint, 10),
  metricLabel: style('Helvetica', 8, COLORS.muted, 10),
  metricValue: style('Helvetica-Bold', 15, COLORS.ink, 18),
  metricHint: style('Helvetica', 7.5, COLORS.muted, 9.5),
  tableHeader: style('Helvetica-Bold', 8, COLORS.muted, 10),
  tableCell: style('Helvetica', 8.5, COLORS.ink, 11),
  tableTotal: style('Helvetica-Bold', 8.5, COLORS.ink, 11),
  checkLabel: style('Helvetica', 10, COLORS.ink, 13),
  checkNote: style('Helvetica', 8.5, COLORS.muted, 11),
} as const

/**
 * The unit of page layout: something of a known height that is never split across pages.
 * A block becomes one piece (a chart) or several (a table's rows, a paragraph's lines).
 */
export interface Piece {
  height: number
  draw: (x: number, y: number) => void
  /** Space above the piece, left out at the top of a page. */
  gapBefore?: number
  /** Moves to the next page together with the piece after it (a heading, a table header). */
  keepWithNext?: boolean
  /** Drawn first when the piece opens a new page in the middle of its block (a table header). */
  continuation?: Piece
}

/** A horizontal line across [x, x + width]. */
export function drawRule(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  color: string,
  lineWidth = 0.5
) {
  doc.save().lineWidth(lineWidth).strokeColor(color)
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .stroke()
    .restore()
}
