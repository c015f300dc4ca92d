import type { HttpContext } from '@adonisjs/core/http'
import {
  adminSubmissionFile,
  adminSubmissions,
  changeSubmissionStatus,
} from '#services/rsa/admin/submissions'
import { sendStoredFile } from '#services/http/stored_file'
import { adminSubmissionsQueryValidator, submissionStatusValidator } from '#validators/rsa_admin'
import { DEFAULT_SUBMISSION_STATUS, SUBMISSION_STATUS_LABELS } from '#shared/data_collection'
import { loadListPage } from '#services/http/list_page'

/**
 * Every team's data collection submissions (rsaDataCollectionSubmissions), research spend and
 * market data alike: filtered (Completed by default, as the spec's data collection filter),
 * their files, and their status changes.
 */
export default class RsaSubmissionsController {
  async index({ inertia, request }: HttpContext) {
    const query = await request.validateUsing(adminSubmissionsQueryValidator, {
      data: request.qs(),
    })
    const filters = {
      status: query.status ?? DEFAULT_SUBMISSION_STATUS,
      kind: query.kind ?? ('all' as const),
      year: query.year ?? null,
      q: query.q || null,
    }
    const list = await loadListPage(
      request.qs().page,
      (page) => adminSubmissions({ ...filters, page }),
      (result) => result.pagination
    )
    return inertia.render('admin/rsa/submissions', {
      filters: { ...filters, page: list.pagination.currentPage },
      ...list,
    })
  }

  async file({ params, response }: HttpContext) {
    const file = await adminSubmissionFile(Number(params.id))
    return sendStoredFile(response, file.key, file.name)
  }

  async updateStatus({ auth, params, request, response, session }: HttpContext) {
    const { status, message } = await request.validateUsing(submissionStatusValidator)
    const result = await changeSubmissionStatus({
      submissionId: Number(params.id),
      to: status,
      message: message || null,
      userId: auth.user!.id,
    })
    const moved = `Submission moved to ${SUBMISSION_STATUS_LABELS[status].toLowerCase()}.`
    if (result.mail === 'failed') {
      session.flash('error', `${moved} The mail to the submitter could not be queued.`)
    } else {
      session.flash(
        'success',
        result.mail === 'queued' ? `${moved} The submitter is told by mail.` : moved
      )
    }
    // Back to the list as it was filtered.
    return response.redirect().withQs().back()
  }
}
