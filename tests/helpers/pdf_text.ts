import { fileURLToPath } from 'node:url'
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api.js'

/**
 * In Node, PDF.js parses on the calling thread (its "fake worker"), so no worker set-up is
 * needed. The standard fonts' metrics are read from the package, which keeps it from warning
 * about the non-embedded Helvetica.
 */
const standardFontDataUrl = fileURLToPath(
  new URL('../../standard_fonts/', import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs'))
)

async function withPdf<T>(buffer: Buffer, read: (pdf: PDFDocumentProxy) => Promise<T>) {
  const task = getDocument({
    data: new Uint8Array(buffer),
    useSystemFonts: false,
    disableFontFace: true,
    standardFontDataUrl,
  })
  try {
    return await read(await task.promise)
  } finally {
    await task.destroy()
  }
}

function isText(item: TextItem | TextMarkedContent): item is TextItem {
  return 'str' in item
}

/** A page's text: the items of a line joined as drawn, a line break where the line changes. */
function joinItems(items: TextItem[]) {
  return items
    .map((item, index) => {
      const next = items[index + 1]
      const lineChanges = next !== undefined && Math.abs(next.transform[5] - item.transform[5]) > 1
      return item.str + (item.hasEOL || lineChanges ? '\n' : '')
    })
    .join('')
}

/** Each page's text as PDF.js extracts it for copy and search. */
export async function pdfPagesText(buffer: Buffer) {
  return withPdf(buffer, async (pdf) => {
    const pages: string[] = []
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number)
      const content = await page.getTextContent()
      pages.push(joinItems(content.items.filter(isText)))
    }
    return pages
  })
}

/** The text of every page, pages joined by newlines. */
export async function pdfText(buffer: Buffer) {
  const pages = await pdfPagesText(buffer)
  return pages.join('\n')
}

export async function pdfPageCount(buffer: Buffer) {
  return withPdf(buffer, async (pdf) => pdf.numPages)
}

/** The document information dictionary: Title, Author, Subject, CreationDate (D:…), … */
export async function pdfInfo(buffer: Buffer) {
  return withPdf(buffer, async (pdf) => {
    const metadata = await pdf.getMetadata()
    return metadata.info as Record<string, unknown>
  })
}
