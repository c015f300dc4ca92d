import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { fieldError } from '#services/http/field_error'
import {
  DEFAULT_STRUCTURE_LIMITS,
  PdfStructureError,
  readPdfStructure,
  type ActiveFeature,
  type FeaturePlace,
  type Finding,
  type StructureLimits,
} from '#services/files/pdf_structure'

/** A PDF the product does not accept, with the reason in words the uploader can act on. */
export class RefusedPdf extends Error {}

export interface PdfCheckOptions {
  /** The largest file accepted, in MB. */
  maxMb: number
  /** What the file is to the product, after "which": "a report may not carry". */
  documentName: string
  limits?: StructureLimits
  /** How long PDF.js may take to open the file, in milliseconds. */
  openTimeoutMs?: number
}

export const PROTECTED_PDF_MESSAGE =
  'The PDF is protected: it needs a password to open, or it restricts printing or copying. Upload it without protection (save or print it again without security).'

const FEATURE_WORDS: Record<ActiveFeature, string> = {
  'launch': 'an action that starts another program or opens a file (Launch)',
  'javascript': 'JavaScript',
  'embedded-file': 'an embedded file',
  'remote-goto': 'a link that opens another PDF file',
  'submit-form': 'a form that sends data to another address',
  'rich-media': 'rich media (video, Flash or 3D content)',
  'xfa': 'an XFA form, which can run scripts',
}

const PLACE_WORDS: Record<FeaturePlace, string> = {
  'opening action': 'in the action run when it opens',
  'document actions': 'in the document’s own actions',
  'names tree': 'in the document’s names',
  'bookmarks': 'in a bookmark',
  'form': 'in its form',
  'page': 'in a page’s actions',
  'annotation': 'in a link or annotation on a page',
  'other': 'in one of its objects',
}

/** "JavaScript in a page's actions and an embedded file in the document's names". */
export function findingsText(findings: Finding[]) {
  const parts = findings.map(
    (finding) => `${FEATURE_WORDS[finding.feature]} ${PLACE_WORDS[finding.place]}`
  )
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

const standardFontDataUrl = () =>
  fileURLToPath(
    new URL('../../standard_fonts/', import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs'))
  )

/**
 * Checks a PDF the product is asked to accept and counts its pages. Refused, with a sentence
 * saying why: an empty or oversized file, bytes that do not start like a PDF, a file that is
 * protected (a password to open, or only an owner password restricting printing), one whose
 * objects hold JavaScript, launch, remote go-to, submit-form or rich-media actions or embedded
 * files (wherever they hang, compressed object streams included), one too complex to check
 * within the bounds, and one PDF.js cannot open or that has no page.
 */
export async function checkPdf(
  bytes: Uint8Array,
  options: PdfCheckOptions
): Promise<{ pageCount: number }> {
  if (bytes.byteLength === 0) throw new RefusedPdf('The file is empty.')
  if (bytes.byteLength > options.maxMb * 1024 * 1024) {
    throw new RefusedPdf(`The file is larger than ${options.maxMb} MB.`)
  }
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1')
  if (!head.includes('%PDF-')) {
    throw new RefusedPdf('The file is not a PDF: its content is of another kind.')
  }

  let structure
  try {
    structure = readPdfStructure(bytes, options.limits ?? DEFAULT_STRUCTURE_LIMITS)
  } catch (error) {
    if (!(error instanceof PdfStructureError)) throw error
    throw new RefusedPdf(
      error.reason === 'too-complex'
        ? 'The PDF is too large or too complex to be checked: export it again, or make it smaller.'
        : 'The PDF could not be read: it is damaged or not a PDF.'
    )
  }
  if (structure.encrypted) throw new RefusedPdf(PROTECTED_PDF_MESSAGE)
  if (structure.findings.length > 0) {
    throw new RefusedPdf(
      `The PDF holds ${findingsText(structure.findings)}, which ${options.documentName} may not carry: export the PDF again without ${structure.findings.length === 1 ? 'it' : 'them'}.`
    )
  }
  return { pageCount: await openWithPdfJs(bytes, options.openTimeoutMs ?? 10_000) }
}

/** Opens the file as a reader's viewer would: damaged files and passwords are refused. */
async function openWithPdfJs(bytes: Uint8Array, timeoutMs: number) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const task = getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    standardFontDataUrl: standardFontDataUrl(),
    verbosity: 0,
  })
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new RefusedPdf(
            'The PDF is too large or too complex to be checked: export it again, or make it smaller.'
          )
        ),
      timeoutMs
    )
  })
  try {
    return await Promise.race([
      (async () => {
        const pdf = await task.promise
        if (pdf.numPages < 1) throw new RefusedPdf('The PDF has no pages.')
        // What PDF.js itself sees: restrictions, document scripts and attachments.
        const [permissions, actions, attachments] = await Promise.all([
          pdf.getPermissions(),
          pdf.getJSActions(),
          pdf.getAttachments(),
        ])
        if (permissions) throw new RefusedPdf(PROTECTED_PDF_MESSAGE)
        if (sizeOf(actions) > 0 || sizeOf(attachments) > 0) {
          throw new RefusedPdf(
            'The PDF holds scripts or embedded files: export it again without them.'
          )
        }
        return pdf.numPages
      })(),
      timeout,
    ])
  } catch (error) {
    if (error instanceof RefusedPdf) throw error
    if ((error as { name?: string })?.name === 'PasswordException') {
      throw new RefusedPdf(PROTECTED_PDF_MESSAGE)
    }
    throw new RefusedPdf('The PDF could not be read: it is damaged or not a PDF.')
  } finally {
    clearTimeout(timer)
    await task.destroy()
  }
}

function sizeOf(found: Map<unknown, unknown> | Record<string, unknown> | null | undefined) {
  if (!found) return 0
  return found instanceof Map ? found.size : Object.keys(found).length
}

/**
 * Reads an uploaded file and checks it as a PDF; a refusal is the form field's error, so the
 * form says why next to the file it was given.
 */
export async function checkUploadedPdf(
  file: MultipartFile,
  options: PdfCheckOptions & { field?: string }
) {
  const field = options.field ?? 'file'
  if (!file.tmpPath) throw fieldError(field, 'The file did not arrive: choose it again.')
  const bytes = await readFile(file.tmpPath)
  try {
    return { bytes, ...(await checkPdf(bytes, options)) }
  } catch (error) {
    if (error instanceof RefusedPdf) throw fieldError(field, error.message)
    throw error
  }
}
