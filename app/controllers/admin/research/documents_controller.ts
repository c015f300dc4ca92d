import type { HttpContext } from '@adonisjs/core/http'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { loadListPage } from '#services/http/list_page'
import { checkUploadedPdf } from '#services/files/pdf_check'
import { fieldError } from '#services/http/field_error'
import {
  adminDocumentFile,
  adminDocumentList,
  bulkDocuments,
  createDocument,
  documentChoices,
  documentFormValues,
  documentForEdit,
  DuplicateDocument,
  processingState,
  sha256Of,
  updateDocument,
  type StoredPdf,
} from '#services/research/admin/documents'
import ProcessResearchDocumentJob from '#jobs/process_research_document_job'
import BuildResearchDocumentsExportJob from '#jobs/build_research_documents_export_job'
import { exportFile, recentExports, requestExport } from '#services/research/admin/exports'
import {
  bulkDocumentsValidator,
  documentListValidator,
  editDocumentValidator,
  newDocumentValidator,
} from '#validators/research_documents_admin'
import {
  BULK_DOCUMENT_ACTIONS,
  RESEARCH_DOCUMENT_MAX_MB,
  type AdminDocumentFilters,
} from '#shared/research_admin'
import { sendStoredFile } from '#services/http/stored_file'

const BASE = '/admin/research-discovery/documents'

/** Checks an uploaded PDF by its content (pdf_check) and fingerprints it. */
async function storedPdf(file: MultipartFile): Promise<StoredPdf> {
  const { bytes, pageCount } = await checkUploadedPdf(file, {
    maxMb: RESEARCH_DOCUMENT_MAX_MB,
    documentName: 'a research document',
  })
  return { bytes, pageCount, sha256: sha256Of(bytes) }
}

/** The list's filters from what the address (or the download form) gave; defaults otherwise. */
function filtersOf(query: Record<string, any> | null | undefined): AdminDocumentFilters {
  return {
    processing: query?.processing ?? 'completed',
    status: query?.status ?? null,
    provider: query?.provider ?? null,
    theme: query?.theme ?? null,
    entitlement: query?.entitlement ?? null,
    from: query?.from ?? null,
    to: query?.to ?? null,
    q: query?.q ?? '',
    sort: query?.sort ?? 'published_desc',
  }
}

/**
 * The research catalogue's documents (`researchDocumentsAdmin`, `newResearchDocument`,
 * `editResearchDocument`): the list with its filters and bulk actions, the upload of a new
 * document and the edit of one, whose processing the page follows.
 */
export default class DocumentsController {
  async index({ auth, inertia, request }: HttpContext) {
    const [badQuery, query] = await documentListValidator.tryValidate(request.qs())
    const filters = filtersOf(query)
    let rangeNotice: string | null = null
    if (filters.from && filters.to && filters.from > filters.to) {
      rangeNotice = 'The end date was before the start date: the dates are not applied.'
      filters.from = null
      filters.to = null
    }
    const [list, choices, exports] = await Promise.all([
      loadListPage(
        request.qs().page,
        (page) => adminDocumentList(filters, page),
        (result) => result.meta
      ),
      documentChoices(),
      recentExports(auth.user!.id),
    ])
    return inertia.render('admin/research/documents', {
      ...list,
      filters,
      choices,
      exports,
      notice: badQuery
        ? 'The filter in the address was not understood: showing the completed documents.'
        : rangeNotice,
    })
  }

  async create({ inertia, session }: HttpContext) {
    return inertia.render('admin/research/document_form', {
      document: null,
      values: null,
      choices: await documentChoices(),
      duplicateOf: session.flashMessages.get('duplicateOf') ?? null,
    })
  }

  async store({ auth, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(newDocumentValidator)
    const pdf = await storedPdf(payload.file)
    let id: number
    try {
      id = await createDocument(
        auth.user!.id,
        documentFormValues(payload),
        pdf,
        payload.publishWhenProcessed ?? false
      )
    } catch (error) {
      if (error instanceof DuplicateDocument) {
        session.flash('duplicateOf', { id: error.existingId, title: error.existingTitle })
        throw fieldError('file', error.message)
      }
      throw error
    }
    await ProcessResearchDocumentJob.dispatch({ documentId: id }).run()
    session.flash('success', `“${payload.title}” uploaded: its processing has started.`)
    return response.redirect(`${BASE}/${id}/edit`)
  }

  async edit({ inertia, params, session }: HttpContext) {
    const id = Number(params.id)
    const { values, detail } = await documentForEdit(id)
    return inertia.render('admin/research/document_form', {
      document: detail,
      values,
      choices: () => documentChoices(),
      duplicateOf: session.flashMessages.get('duplicateOf') ?? null,
    })
  }

  /** Where a document's processing stands: the edit page asks while it runs. */
  async processing({ params }: HttpContext) {
    return processingState(Number(params.id))
  }

  async update({ auth, params, request, response, session }: HttpContext) {
    const id = Number(params.id)
    const payload = await request.validateUsing(editDocumentValidator)
    const pdf = payload.file ? await storedPdf(payload.file) : null
    let outcome: { reprocess: boolean }
    try {
      outcome = await updateDocument(auth.user!.id, id, documentFormValues(payload), pdf)
    } catch (error) {
      if (error instanceof DuplicateDocument) {
        session.flash('duplicateOf', { id: error.existingId, title: error.existingTitle })
        throw fieldError('file', error.message)
      }
      throw error
    }
    if (outcome.reprocess) {
      await ProcessResearchDocumentJob.dispatch({
        documentId: id,
        from: pdf ? 'start' : 'tagging',
      }).run()
    }
    session.flash(
      'success',
      outcome.reprocess ? 'Document saved: it is being processed again.' : 'Document saved.'
    )
    return response.redirect(`${BASE}/${id}/edit`)
  }

  /** Runs a failed document's processing again. */
  async retry({ params, response, session }: HttpContext) {
    const id = Number(params.id)
    const state = await processingState(id)
    if (state.processingStatus !== 'failed') {
      session.flash('error', 'Only a document whose processing failed can be processed again.')
      return response.redirect(`${BASE}/${id}/edit`)
    }
    await ProcessResearchDocumentJob.dispatch({ documentId: id }).run()
    session.flash('success', 'Processing started again.')
    return response.redirect(`${BASE}/${id}/edit`)
  }

  async bulk({ auth, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(bulkDocumentsValidator)
    const outcome = await bulkDocuments(
      auth.user!.id,
      payload.action,
      payload.ids,
      payload.entitlement ?? null
    )
    for (const documentId of outcome.retag) {
      await ProcessResearchDocumentJob.dispatch({ documentId, from: 'tagging' }).run()
    }
    const done = outcome.changed.length
    const verb = BULK_DOCUMENT_ACTIONS[payload.action].toLowerCase()
    session.flash(
      'success',
      `${done.toLocaleString('en')} ${done === 1 ? 'document' : 'documents'}: ${verb} done.` +
        (outcome.skipped
          ? ` ${outcome.skipped.toLocaleString('en')} left as they were (the action does not apply to them).`
          : '')
    )
    return response.redirect().back()
  }

  /** A bulk download of what the list's filters match: built in the background. */
  async exportStore({ auth, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(documentListValidator)
    const filters = filtersOf(payload)
    if (filters.from && filters.to && filters.from > filters.to) {
      throw fieldError('filters', 'The end date is before the start date: correct the dates first.')
    }
    const exportId = await requestExport(auth.user!.id, filters)
    await BuildResearchDocumentsExportJob.dispatch({ exportId }).run()
    session.flash(
      'success',
      'The download is being prepared: it appears under “Your downloads” on this page, for a day.'
    )
    return response.redirect().back()
  }

  /** An administrator's own built download, within its day. */
  async exportDownload({ auth, params, response }: HttpContext) {
    const found = await exportFile(auth.user!.id, Number(params.id))
    if (found.state === 'expired') {
      return response
        .status(410)
        .send('This download has expired (a download is kept for a day): ask for it again.')
    }
    if (found.state !== 'ready') {
      return response
        .status(409)
        .send('This download is not ready yet: reload the page in a moment.')
    }
    await sendStoredFile(response, found.key, found.name)
  }

  /** The stored PDF, as administrators check it (whatever its publication). */
  async file({ params, response }: HttpContext) {
    const { key, title } = await adminDocumentFile(Number(params.id))
    await sendStoredFile(
      response,
      key,
      `${title
        .replace(/[\p{Cc}/\\:*?"<>|]+/gu, ' ')
        .slice(0, 120)
        .trim()}.pdf`
    )
  }
}
