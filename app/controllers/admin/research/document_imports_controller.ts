import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { fieldError } from '#services/http/field_error'
import { affectedRows } from '#services/db/affected_rows'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { ImportFileError } from '#services/rsa/imports/reader'
import { scratchPath } from '#services/rsa/imports/imports'
import {
  DocumentImportRefused,
  discardDocumentImport,
  documentImportList,
  documentImportTemplate,
  documentImportView,
  findDocumentImport,
  queueDocumentImportCommit,
  storeDocumentImport,
} from '#services/research/admin/imports'
import PreviewResearchDocumentImportJob from '#jobs/preview_research_document_import_job'
import CommitResearchDocumentImportJob from '#jobs/commit_research_document_import_job'
import {
  DOCUMENT_IMPORT_COLUMNS,
  DOCUMENT_IMPORT_MAX_ARCHIVE_BYTES,
  DOCUMENT_IMPORT_MAX_ARCHIVE_LABEL,
  DOCUMENT_IMPORT_MAX_DOCUMENTS,
  DOCUMENT_IMPORT_MAX_METADATA_BYTES,
  DOCUMENT_IMPORT_MAX_METADATA_LABEL,
} from '#shared/research_admin'

const BASE = '/admin/research-discovery/documents/imports'

/** What an upload field accepts: its size limit and the sentence for a file over it. */
const UPLOADS = {
  archive: {
    maxBytes: DOCUMENT_IMPORT_MAX_ARCHIVE_BYTES,
    tooLarge: `The archive is larger than ${DOCUMENT_IMPORT_MAX_ARCHIVE_LABEL}: split the import.`,
    extension: /\.zip$/i,
    wrongName: 'Choose a ZIP archive of the PDFs.',
  },
  metadata: {
    maxBytes: DOCUMENT_IMPORT_MAX_METADATA_BYTES,
    tooLarge: `The table is larger than ${DOCUMENT_IMPORT_MAX_METADATA_LABEL}.`,
    extension: /\.(csv|xlsx)$/i,
    wrongName: 'Choose the metadata table as a CSV or XLSX file.',
  },
} as const
type UploadField = keyof typeof UPLOADS

class TooLarge extends Error {
  constructor(readonly field: UploadField) {
    super(UPLOADS[field].tooLarge)
  }
}

/**
 * Bulk import of research documents: the upload of a ZIP of PDFs and its metadata table, the
 * check (a background job) and its row-by-row report, the commit (another job), discarding.
 */
export default class DocumentImportsController {
  async index({ inertia }: HttpContext) {
    return inertia.render('admin/research/document_imports', {
      ...this.#common(),
      imports: () => documentImportList(),
      current: null,
    })
  }

  async show({ inertia, params }: HttpContext) {
    const current = await documentImportView(Number(params.id))
    if (!current) throw new NotFoundForTeam('Import not found')
    return inertia.render('admin/research/document_imports', {
      ...this.#common(),
      imports: () => documentImportList(),
      current,
    })
  }

  #common() {
    return {
      columns: DOCUMENT_IMPORT_COLUMNS,
      limits: {
        archive: DOCUMENT_IMPORT_MAX_ARCHIVE_LABEL,
        metadata: DOCUMENT_IMPORT_MAX_METADATA_LABEL,
        documents: DOCUMENT_IMPORT_MAX_DOCUMENTS,
      },
    }
  }

  async template({ response }: HttpContext) {
    response.header('Content-Type', 'text/csv; charset=utf-8')
    response.header('Content-Disposition', 'attachment; filename="research-documents-template.csv"')
    return documentImportTemplate()
  }

  /**
   * The upload: both files streamed to scratch files (never held in memory, stopped at their
   * limits), then checked for what they are and recorded; the check runs as a job.
   */
  async store({ auth, request, response }: HttpContext) {
    // Only a form with files has parts to read (a JSON or plain form body has none).
    if (!request.multipart) {
      throw fieldError('archive', UPLOADS.archive.wrongName)
    }
    const paths: Record<UploadField, string | null> = { archive: null, metadata: null }
    const names: Record<UploadField, string | null> = { archive: null, metadata: null }
    const received: Record<UploadField, number> = { archive: 0, metadata: 0 }
    // A handler's failure is not the request's: the parser records it on the part and goes on.
    const failed: Partial<Record<UploadField, unknown>> = {}
    const removeAll = () =>
      Promise.all(
        Object.values(paths).map((path) => (path ? rm(path, { force: true }) : undefined))
      )
    for (const field of Object.keys(UPLOADS) as UploadField[]) {
      request.multipart.onFile(field, {}, async (part, reportChunk) => {
        // One file a field: a second part (or archive[]) is refused, never written.
        if (paths[field] !== null) {
          failed[field] = new Error('more than one file')
          part.resume()
          return
        }
        const path = await scratchPath(field === 'archive' ? 'zip' : 'table')
        paths[field] = path
        names[field] = part.file.clientName
        try {
          await pipeline(
            part,
            new Transform({
              transform(chunk: Buffer, _encoding, callback) {
                received[field] += chunk.length
                if (received[field] > UPLOADS[field].maxBytes) {
                  // The whole request stops here: the rest of the body is not read.
                  const tooLarge = new TooLarge(field)
                  request.multipart.abort(tooLarge)
                  callback(tooLarge)
                  return
                }
                reportChunk(chunk)
                callback(null, chunk)
              },
            }),
            createWriteStream(path)
          )
        } catch (error) {
          failed[field] = error
          throw error
        }
      })
    }
    try {
      await request.multipart.process({
        limit: DOCUMENT_IMPORT_MAX_ARCHIVE_BYTES + DOCUMENT_IMPORT_MAX_METADATA_BYTES + 64 * 1024,
      })
    } catch (error) {
      await removeAll()
      const tooLarge = [error, (error as { cause?: unknown }).cause].find(
        (candidate) => candidate instanceof TooLarge
      ) as TooLarge | undefined
      if (tooLarge) throw fieldError(tooLarge.field, tooLarge.message)
      if ((error as { status?: number }).status === 413) {
        throw fieldError('archive', UPLOADS.archive.tooLarge)
      }
      throw fieldError('archive', 'The upload did not arrive whole; try again.')
    }
    for (const field of Object.keys(UPLOADS) as UploadField[]) {
      if (failed[field]) {
        await removeAll()
        throw fieldError(
          field,
          failed[field] instanceof TooLarge
            ? UPLOADS[field].tooLarge
            : 'The upload did not arrive whole; try again.'
        )
      }
    }
    for (const field of Object.keys(UPLOADS) as UploadField[]) {
      const name = names[field]
      if (!name || !paths[field] || received[field] === 0) {
        await removeAll()
        throw fieldError(field, UPLOADS[field].wrongName)
      }
      if (!UPLOADS[field].extension.test(name)) {
        await removeAll()
        throw fieldError(field, UPLOADS[field].wrongName)
      }
    }
    let id: number
    try {
      id = await storeDocumentImport({
        userId: auth.user!.id,
        source: 'web',
        publishWhenProcessed: ['1', 'true', 'on'].includes(String(request.input('publish'))),
        archive: { path: paths.archive!, name: names.archive! },
        metadata: { path: paths.metadata!, name: names.metadata! },
      })
    } catch (error) {
      if (error instanceof ImportFileError) {
        throw fieldError(
          error.message.startsWith('The archive') ? 'archive' : 'metadata',
          error.message
        )
      }
      throw error
    }
    await this.#dispatchPreview(id)
    return response.redirect(`${BASE}/${id}`)
  }

  async #dispatchPreview(importId: number) {
    const { jobId } = await PreviewResearchDocumentImportJob.dispatch({ importId }).run()
    await db
      .from('research_document_imports')
      .where('id', importId)
      .update({ job_id: jobId ?? null })
  }

  /** Checks a failed import again (its files kept). */
  async check({ params, response }: HttpContext) {
    const imp = await findDocumentImport(Number(params.id))
    if (!imp || imp.status === 'discarded') throw new NotFoundForTeam('Import not found')
    if (imp.status !== 'failed' || !imp.archive_key) {
      throw fieldError('import', 'Only an import whose check or commit failed is checked again.')
    }
    const claimed = await db
      .from('research_document_imports')
      .where({ id: imp.id, status: 'failed' })
      .update({ status: 'uploaded', error: null })
    if (affectedRows(claimed) === 1) await this.#dispatchPreview(imp.id)
    return response.redirect(`${BASE}/${imp.id}`)
  }

  async commit({ auth, params, response, session }: HttpContext) {
    const imp = await findDocumentImport(Number(params.id))
    if (!imp || imp.status === 'discarded') throw new NotFoundForTeam('Import not found')
    try {
      if (await queueDocumentImportCommit(imp.id, auth.user!.id)) {
        let jobId: string | undefined
        try {
          ;({ jobId } = await CommitResearchDocumentImportJob.dispatch({
            importId: imp.id,
            userId: auth.user!.id,
          }).run())
        } catch (error) {
          // Not queued: the import is ready to commit again rather than stuck.
          await db
            .from('research_document_imports')
            .where({ id: imp.id, status: 'committing' })
            .update({ status: 'previewed', committed_by: null })
          throw error
        }
        await db
          .from('research_document_imports')
          .where('id', imp.id)
          .update({ job_id: jobId ?? null })
      }
    } catch (error) {
      if (error instanceof DocumentImportRefused) throw fieldError('import', error.message)
      throw error
    }
    session.flash('success', `Import #${imp.id} is being committed.`)
    return response.redirect(`${BASE}/${imp.id}`)
  }

  async discard({ params, response, session }: HttpContext) {
    const imp = await findDocumentImport(Number(params.id))
    if (!imp || imp.status === 'discarded') throw new NotFoundForTeam('Import not found')
    try {
      await discardDocumentImport(imp.id)
    } catch (error) {
      if (error instanceof DocumentImportRefused) throw fieldError('import', error.message)
      throw error
    }
    session.flash('success', `Import #${imp.id} was discarded.`)
    return response.redirect(BASE)
  }
}
