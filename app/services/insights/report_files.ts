import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import drive from '@adonisjs/drive/services/main'
import { REPORT_MAX_FILE_MB } from '#shared/insights_reports'

/** Where a report's PDFs live on the uploads disk: one key per uploaded version. */
export const REPORTS_PREFIX = 'insights-reports'

export function reportFileKey(reportId: number, version: number) {
  return `${REPORTS_PREFIX}/${reportId}/v${version}-${randomUUID()}.pdf`
}

export class UnreadablePdf extends Error {}

const standardFontDataUrl = () =>
  fileURLToPath(
    new URL('../../standard_fonts/', import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs'))
  )

/**
 * Opens a PDF the way a reader's viewer would and counts its pages. A file whose bytes do not
 * start like a PDF, that is larger than the limit, that PDF.js cannot open, that asks for a
 * password or that has no page is refused with a sentence saying so.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<{ pageCount: number }> {
  if (bytes.byteLength === 0) throw new UnreadablePdf('The file is empty.')
  if (bytes.byteLength > REPORT_MAX_FILE_MB * 1024 * 1024) {
    throw new UnreadablePdf(`The file is larger than ${REPORT_MAX_FILE_MB} MB.`)
  }
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1')
  if (!head.includes('%PDF-')) {
    throw new UnreadablePdf('The file is not a PDF: its content is of another kind.')
  }
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const task = getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    standardFontDataUrl: standardFontDataUrl(),
    verbosity: 0,
  })
  try {
    const pdf = await task.promise
    if (pdf.numPages < 1) throw new UnreadablePdf('The PDF has no pages.')
    if (await hasActiveContent(pdf, bytes)) {
      throw new UnreadablePdf(
        'The PDF holds scripts, embedded files or actions that open other programs, which a report may not carry: export it again without them.'
      )
    }
    return { pageCount: pdf.numPages }
  } catch (error) {
    if (error instanceof UnreadablePdf) throw error
    const name = (error as { name?: string })?.name
    if (name === 'PasswordException') {
      throw new UnreadablePdf('The PDF is protected by a password: upload it without one.')
    }
    throw new UnreadablePdf('The PDF could not be read: it is damaged or not a PDF.')
  } finally {
    await task.destroy()
  }
}

/** Names of the PDF features that run code or carry other files, as they appear in its bytes. */
const ACTIVE_NAMES =
  /\/(?:JavaScript|JS|Launch|EmbeddedFile|EmbeddedFiles|RichMedia|SubmitForm|ImportData|XFA)(?![A-Za-z0-9])/

/**
 * Whether the PDF carries JavaScript (document, page or name-tree actions), attachments, launch
 * or form-submission actions: the viewer in the client's browser would run or offer them. Read
 * from the objects PDF.js parses (which sees inside compressed object streams) and from the
 * bytes (which sees the action types PDF.js does not expose).
 */
async function hasActiveContent(
  pdf: Awaited<ReturnType<typeof import('pdfjs-dist/legacy/build/pdf.mjs').getDocument>['promise']>,
  bytes: Uint8Array
) {
  if (ACTIVE_NAMES.test(Buffer.from(bytes).toString('latin1'))) return true
  const [actions, attachments] = await Promise.all([pdf.getJSActions(), pdf.getAttachments()])
  if (sizeOf(actions) > 0 || sizeOf(attachments) > 0) return true
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number)
    if (sizeOf(await page.getJSActions()) > 0) return true
  }
  return false
}

function sizeOf(found: Map<unknown, unknown> | Record<string, unknown> | null | undefined) {
  if (!found) return 0
  return found instanceof Map ? found.size : Object.keys(found).length
}

/** Reads an uploaded file from its temporary path and inspects it. */
export async function inspectUploadedPdf(tmpPath: string) {
  return inspectPdf(await readFile(tmpPath))
}

/** Stores a report version's bytes under a new key and returns the key. */
export async function putReportFile(reportId: number, version: number, bytes: Uint8Array) {
  const key = reportFileKey(reportId, version)
  await drive.use().put(key, bytes)
  return key
}

export async function deleteReportFile(key: string | null) {
  if (!key) return
  await drive
    .use()
    .delete(key)
    .catch(() => {})
}
