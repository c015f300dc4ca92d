import type { HttpContext } from '@adonisjs/core/http'
import { loadListPage } from '#services/http/list_page'
import {
  adminReportListValidator,
  checkReportFileValidator,
  createReportValidator,
  notifyValidator,
  replaceFileValidator,
  updateReportValidator,
} from '#validators/insights_reports'
import {
  adminReportList,
  createReport,
  formOptions,
  replaceReportFile,
  reportDetail,
  reportRow,
  setReportStatus,
  updateReport,
  uploadedPdf,
} from '#services/insights/admin/reports'
import { queueNotifications } from '#services/insights/notifications'
import { sendPdf } from '#controllers/insights_reports/insights_reports_controller'
import SendInsightsReportNotificationsJob from '#jobs/send_insights_report_notifications_job'

/**
 * Insights Reports administration (adminInsightsReports, permission-view-insights-report): the
 * reports list with reach figures, the upload wizard, one report's page (edit, replace the file
 * as a new version, withdraw or republish, the notify list and the analytics) and its PDF.
 */
export default class InsightsReportsAdminController {
  async index({ inertia, request }: HttpContext) {
    const [error, query] = await adminReportListValidator.tryValidate(request.qs())
    const filters = {
      search: query?.q ?? '',
      status: query?.status ?? 'all',
      categoryId: query?.category ?? null,
    }
    const list = await loadListPage(
      request.qs().page,
      (page) => adminReportList({ ...filters, page }),
      ({ pagination }) => ({ ...pagination, currentPage: pagination.page })
    )
    return inertia.render('admin/insights_reports/index', {
      ...list,
      filters,
      notice: error ? 'The filter in the address was not understood: showing every report.' : null,
    })
  }

  async create({ inertia }: HttpContext) {
    return inertia.render('admin/insights_reports/wizard', { options: await formOptions() })
  }

  async store({ auth, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(createReportValidator)
    const { file, ...details } = payload
    const id = await createReport(auth.user!.id, details, file)
    session.flash(
      'success',
      `Report “${details.title}” published. Choose who to notify in the notify list.`
    )
    return response.redirect(`/admin/insights-reports/${id}#notify`)
  }

  /**
   * The wizard's first step: the PDF checked as publishing checks it, so that a refused file
   * is said at once. Nothing is stored.
   */
  async checkFile({ request, response }: HttpContext) {
    const { file } = await request.validateUsing(checkReportFileValidator)
    const { pageCount } = await uploadedPdf(file)
    return response.ok({ pageCount })
  }

  async show({ inertia, params }: HttpContext) {
    const [detail, options] = await Promise.all([reportDetail(Number(params.id)), formOptions()])
    return inertia.render('admin/insights_reports/show', { ...detail, options })
  }

  async update({ auth, params, request, response, session }: HttpContext) {
    const payload = await request.validateUsing(updateReportValidator)
    await updateReport(auth.user!.id, Number(params.id), payload)
    session.flash('success', `Report “${payload.title}” saved.`)
    return response.redirect(`/admin/insights-reports/${params.id}`)
  }

  async replaceFile({ auth, params, request, response, session }: HttpContext) {
    const { file, file_name: fileName } = await request.validateUsing(replaceFileValidator)
    const version = await replaceReportFile(
      auth.user!.id,
      Number(params.id),
      file,
      fileName ?? null
    )
    session.flash(
      'success',
      `Version ${version} uploaded. Its notify list starts afresh: choose who to tell.`
    )
    return response.redirect(`/admin/insights-reports/${params.id}#notify`)
  }

  async withdraw({ auth, params, response, session }: HttpContext) {
    await setReportStatus(auth.user!.id, Number(params.id), 'withdrawn')
    session.flash('success', 'Report withdrawn: clients no longer see it.')
    return response.redirect(`/admin/insights-reports/${params.id}`)
  }

  async republish({ auth, params, response, session }: HttpContext) {
    await setReportStatus(auth.user!.id, Number(params.id), 'published')
    session.flash('success', 'Report published again: its audience sees it.')
    return response.redirect(`/admin/insights-reports/${params.id}`)
  }

  async notify({ auth, params, request, response, session }: HttpContext) {
    const { user_ids: userIds } = await request.validateUsing(notifyValidator)
    const report = await reportRow(Number(params.id))
    const queued = await queueNotifications(report, userIds, auth.user!.id)
    if (queued > 0) {
      await SendInsightsReportNotificationsJob.dispatch({
        reportId: Number(report.id),
        version: Number(report.version),
      }).run()
    }
    session.flash(
      'success',
      queued === 1
        ? 'One notification queued: it is sent in the background.'
        : `${queued} notifications queued: they are sent in the background.`
    )
    return response.redirect(`/admin/insights-reports/${params.id}#notify`)
  }

  /** The current version's PDF, inline, for the administrator to check. */
  async file(ctx: HttpContext) {
    const report = await reportRow(Number(ctx.params.id))
    await sendPdf(ctx, report, 'inline')
  }
}
