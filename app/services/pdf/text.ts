import { CAP_HEIGHT, type Doc, type TextStyle } from '#services/pdf/theme'

const ELLIPSIS = '…'

/** Characters of Windows-1252 outside ASCII and Latin-1: the rest of what the built-in fonts can show. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')

const SUBSTITUTES: Record<string, string> = {
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2032': "'",
  '\u2033': '"',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
}

/** Control characters (but line breaks), soft hyphens and byte-order marks. */
function isControl(code: number) {
  return (
    (code < 0x20 && code !== 0x0a) ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0xad ||
    code === 0xfeff
  )
}

/** Zero-width joiners and spaces, and variation selectors: parts of emoji sequences. */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufe00-\ufe0f]/g

function withoutControls(text: string) {
  let result = ''
  for (const char of text) {
    if (char === '\t') result += ' '
    else if (!isControl(char.codePointAt(0)!)) result += char
  }
  return result
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

function isWinAnsi(text: string) {
  for (const char of text) {
    const code = char.codePointAt(0)!
    const printable = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)
    if (!printable && !WIN_ANSI_EXTRAS.has(char) && char !== '\n') return false
  }
  return true
}

function winAnsiGrapheme(grapheme: string) {
  const visible = grapheme.replace(ZERO_WIDTH, '')
  if (isWinAnsi(visible)) return visible
  const substitute = SUBSTITUTES[visible]
  if (substitute !== undefined) return substitute
  const base = visible.normalize('NFD').replace(/\p{M}/gu, '')
  return base && isWinAnsi(base) ? base : '?'
}

/**
 * Text the PDF's built-in Helvetica can show: typographic symbols become their ASCII
 * equivalents (≥ becomes >=), accented letters outside Windows-1252 lose their accent, and any
 * other character (emoji, CJK) becomes one "?" per visible character. Line breaks are kept.
 */
export function winAnsiText(text: string) {
  const normalised = withoutControls(String(text).replace(/\r\n?/g, '\n')).normalize('NFC')
  let result = ''
  for (const { segment } of graphemes.segment(normalised)) result += winAnsiGrapheme(segment)
  return result
}

function useStyle(doc: Doc, style: TextStyle) {
  doc.font(style.font).fontSize(style.size)
}

export function widthOf(doc: Doc, text: string, style: TextStyle) {
  useStyle(doc, style)
  return doc.widthOfString(text)
}

/** The longest start of the text, with an ellipsis when cut, that fits the width. */
export function truncate(doc: Doc, text: string, style: TextStyle, width: number) {
  useStyle(doc, style)
  if (doc.widthOfString(text) <= width) return text
  let low = 0
  let high = text.length
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    const candidate = `${text.slice(0, middle).trimEnd()}${ELLIPSIS}`
    if (doc.widthOfString(candidate) <= width) low = middle
    else high = middle - 1
  }
  return low === 0 && doc.widthOfString(ELLIPSIS) > width
    ? ''
    : `${text.slice(0, low).trimEnd()}${ELLIPSIS}`
}

function breakWord(doc: Doc, word: string, width: number) {
  const pieces: string[] = []
  let piece = ''
  let pieceWidth = 0
  for (const char of word) {
    const charWidth = doc.widthOfString(char)
    if (piece && pieceWidth + charWidth > width) {
      pieces.push(piece)
      piece = ''
      pieceWidth = 0
    }
    piece += char
    pieceWidth += charWidth
  }
  return [...pieces, piece]
}

function wrapParagraph(doc: Doc, paragraph: string, width: number) {
  const lines: string[] = []
  let line = ''
  for (const word of paragraph.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (doc.widthOfString(candidate) <= width) {
      line = candidate
      continue
    }
    if (line) lines.push(line)
    const pieces = doc.widthOfString(word) <= width ? [word] : breakWord(doc, word, width)
    lines.push(...pieces.slice(0, -1))
    line = pieces[pieces.length - 1]
  }
  return [...lines, line]
}

/**
 * The text broken into lines that fit the width, words longer than a line split between
 * characters. With maxLines, the last line kept ends with an ellipsis when text is left out.
 */
export function wrapText(
  doc: Doc,
  text: string,
  style: TextStyle,
  width: number,
  maxLines = Number.POSITIVE_INFINITY
) {
  useStyle(doc, style)
  const lines = text.split('\n').flatMap((paragraph) => wrapParagraph(doc, paragraph, width))
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, Math.max(1, maxLines))
  const last = kept.length - 1
  kept[last] = truncate(doc, `${kept[last]}${ELLIPSIS}`, style, width)
  return kept
}

export interface DrawOptions {
  /** With width, the text is aligned within [x, x + width]; it is never wrapped here. */
  width?: number
  align?: 'left' | 'right' | 'center'
}

/**
 * One line of text whose glyph tops sit at y. Layout (wrapping, page breaks) is decided by the
 * caller, so PDFKit never moves text to a new page on its own.
 */
export function drawLine(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  style: TextStyle,
  options: DrawOptions = {}
) {
  if (!text) return
  useStyle(doc, style)
  const textWidth = doc.widthOfString(text)
  const room = options.width ?? textWidth
  const offset =
    options.align === 'right'
      ? room - textWidth
      : options.align === 'center'
        ? (room - textWidth) / 2
        : 0
  doc.fillColor(style.color).text(text, x + offset, y, { lineBreak: false })
}

/** Wrapped lines drawn one under the other; returns the height they took. */
export function drawLines(
  doc: Doc,
  lines: string[],
  x: number,
  y: number,
  style: TextStyle,
  options: DrawOptions = {}
) {
  lines.forEach((line, index) =>
    drawLine(doc, line, x, y + index * style.lineHeight, style, options)
  )
  return lines.length * style.lineHeight
}

/** The y at which one line of text in this style sits vertically centred in a row. */
export function centredTop(rowTop: number, rowHeight: number, style: TextStyle) {
  return rowTop + (rowHeight - style.size * CAP_HEIGHT) / 2
}
