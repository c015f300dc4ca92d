import { fileURLToPath } from 'node:url'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { indexDocumentTexts } from '#services/research/search'
import { DOCUMENT_LIMITS, type ProcessingStatus } from '#shared/research_admin'

/**
 * A research document's processing, step by step (uploaded → text extracted → themes tagged →
 * completed): the background job (app/jobs/process_research_document_job.ts) runs it. Each step
 * is written as it ends, so the document's page shows the progress; a step that cannot be done
 * marks the document failed with a sentence saying why. A completed document asked to be
 * published when processed is published in the same transaction as its last step.
 */

/** The most text of a PDF read into the search index (characters): a long report's first ~150 pages. */
export const MAX_INDEXED_CHARACTERS = 400_000
/** A tagged theme must be named this many times in the text. */
export const TAG_MIN_MENTIONS = 2

export class ProcessingFailure extends Error {}

const standardFontDataUrl = () =>
  fileURLToPath(
    new URL('../../standard_fonts/', import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs'))
  )

/** The PDF's text, page by page, up to MAX_INDEXED_CHARACTERS. */
export async function extractPdfText(bytes: Uint8Array): Promise<string> {
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
    const parts: string[] = []
    let length = 0
    for (let number = 1; number <= pdf.numPages && length < MAX_INDEXED_CHARACTERS; number++) {
      const page = await pdf.getPage(number)
      const content = await page.getTextContent()
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join('')
        .replace(/[ \t]+/g, ' ')
        .trim()
      page.cleanup()
      if (text) {
        parts.push(text)
        length += text.length + 1
      }
    }
    return parts.join('\n').slice(0, MAX_INDEXED_CHARACTERS)
  } finally {
    await task.destroy()
  }
}

/** A theme as the tagging step looks for it in a text: its name (and any other wording of it). */
export interface ThemeTerms {
  themeId: number
  terms: string[]
}

/** The active themes and the words that name them. */
export async function themeVocabulary(
  client: Pick<TransactionClientContract, 'from'> = db
): Promise<ThemeTerms[]> {
  const rows = await client.from('research_themes').where('status', 'active').select('id', 'name')
  return rows.map((row) => ({ themeId: Number(row.id), terms: [String(row.name)] }))
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** How many times a wording appears in the text as whole words, case and spacing aside. */
export function mentions(text: string, term: string) {
  const words = term.trim().split(/\s+/).filter(Boolean).map(escapeRegExp)
  if (!words.length) return 0
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'giu')
  return text.match(pattern)?.length ?? 0
}

/**
 * The themes a text names often enough, beyond those already chosen: relevance grows with the
 * mentions (0.3 for two, up to 0.7), the most mentioned first, up to the document's limit of themes.
 */
export function themesFromText(
  text: string,
  vocabulary: ThemeTerms[],
  chosen: number[]
): { themeId: number; relevance: number }[] {
  const room = DOCUMENT_LIMITS.themes - chosen.length
  if (room <= 0) return []
  const taken = new Set(chosen)
  return vocabulary
    .filter((theme) => !taken.has(theme.themeId))
    .map((theme) => ({
      themeId: theme.themeId,
      count: theme.terms.reduce((sum, term) => sum + mentions(text, term), 0),
    }))
    .filter((found) => found.count >= TAG_MIN_MENTIONS)
    .sort((a, b) => b.count - a.count || a.themeId - b.themeId)
    .slice(0, room)
    .map((found) => ({
      themeId: found.themeId,
      relevance: Math.min(0.7, Math.round((0.1 + 0.1 * found.count) * 100) / 100),
    }))
}

const stamp = () => DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)

async function setStep(documentId: number, step: ProcessingStatus) {
  await db
    .from('research_documents')
    .where('id', documentId)
    .update({ processing_status: step, processing_error: null })
}

/** Marks a document failed with the reason an administrator reads. */
export async function markFailed(documentId: number, reason: string) {
  await db
    .from('research_documents')
    .where('id', documentId)
    .update({ processing_status: 'failed', processing_error: reason.slice(0, 500) })
}

/**
 * Runs a document's processing from where it stands. `from: 'tagging'` tags its themes again
 * from the text already indexed (the list's "Tag themes again").
 */
export async function processDocument(documentId: number, from: 'start' | 'tagging' = 'start') {
  const document = await db
    .from('research_documents')
    .where('id', documentId)
    .select('id', 'title', 'abstract', 'file_key', 'processing_status')
    .first()
  if (!document) return
  let text: string
  if (from === 'start' || document.processing_status === 'uploaded') {
    await setStep(documentId, 'uploaded')
    let bytes: Uint8Array
    try {
      bytes = await drive.use().getBytes(document.file_key)
    } catch {
      throw new ProcessingFailure('The stored PDF could not be read: upload it again.')
    }
    try {
      text = await extractPdfText(bytes)
    } catch {
      throw new ProcessingFailure('The text of the PDF could not be read: it may be damaged.')
    }
    if (!text.trim()) {
      throw new ProcessingFailure(
        'The PDF holds no text to index (a scanned image?): upload a PDF with its text.'
      )
    }
    await db.transaction(async (trx) => {
      await indexDocumentTexts(trx, [
        { documentId, title: document.title, abstract: document.abstract, body: text },
      ])
      await trx
        .from('research_documents')
        .where('id', documentId)
        .update({ processing_status: 'text_extracted', processing_error: null })
    })
  } else {
    text = await indexedBody(documentId)
  }

  const vocabulary = await themeVocabulary()
  await db.transaction(async (trx) => {
    // The themes an administrator chose stay (relevance 1 for the primary, 0.8 otherwise); the
    // ones the text names are tagged again from scratch.
    const chosenRows = await trx
      .from('research_document_themes')
      .where('document_id', documentId)
      .where((chosen) => chosen.where('is_primary', true).orWhere('relevance', '>=', 0.8))
      .select('theme_id')
    const chosen = chosenRows.map((row) => Number(row.theme_id))
    await trx
      .from('research_document_themes')
      .where('document_id', documentId)
      .whereNotIn('theme_id', chosen.length ? chosen : [0])
      .delete()
    const found = themesFromText(
      `${document.title}\n${document.abstract}\n${text}`,
      vocabulary,
      chosen
    )
    if (found.length) {
      await trx.table('research_document_themes').multiInsert(
        found.map((theme) => ({
          document_id: documentId,
          theme_id: theme.themeId,
          is_primary: false,
          relevance: theme.relevance,
        }))
      )
    }
    await trx
      .from('research_documents')
      .where('id', documentId)
      .update({ processing_status: 'themes_tagged' })
  })

  await db.transaction(async (trx) => {
    // A draft asked to be published when processed is published with its last step.
    await trx
      .from('research_documents')
      .where({ id: documentId, status: 'draft', publish_when_processed: true })
      .update({ status: 'published' })
    await trx.from('research_documents').where('id', documentId).update({
      processing_status: 'completed',
      processing_error: null,
      processed_at: stamp(),
      publish_when_processed: false,
    })
  })
}

/** The text the index holds for a document (what tagging reads again). */
async function indexedBody(documentId: number): Promise<string> {
  const isPostgres = db.connection().dialect.name === 'postgres'
  const row = await db
    .from('research_document_search')
    .where(isPostgres ? 'document_id' : 'rowid', documentId)
    .select('body')
    .first()
  return String(row?.body ?? '')
}
