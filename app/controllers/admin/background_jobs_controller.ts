import type { HttpContext } from '@adonisjs/core/http'
import {
  jobRunsPage,
  runJobAgain,
  RunAgainRefused,
  RunOutsidePermissions,
} from '#services/jobs/job_runs'
import { refuse } from '#services/http/request_kind'
import { jobRunsQueryValidator } from '#validators/background_jobs'
import { DEFAULT_JOB_RUN_STATUS } from '#shared/job_runs'
import { loadListPage } from '#services/http/list_page'

/**
 * Background job runs for administrators (adminBackgroundJobs): failed ones by default, and
 * only the jobs of the areas the administrator's permissions cover.
 */
export default class BackgroundJobsController {
  async index({ inertia, request, permissions }: HttpContext) {
    const query = await request.validateUsing(jobRunsQueryValidator, { data: request.qs() })
    const status = query.status ?? DEFAULT_JOB_RUN_STATUS
    const list = await loadListPage(
      request.qs().page,
      (page) => jobRunsPage({ status, page, permissions: permissions ?? [] }),
      (result) => result.pagination
    )
    return inertia.render('admin/background_jobs', { status, ...list })
  }

  async runAgain(ctx: HttpContext) {
    const { auth, params, response, session } = ctx
    try {
      const { runId } = await runJobAgain(Number(params.id), auth.user!.id, ctx.permissions ?? [])
      session.flash('success', `The job was queued again as run #${runId}.`)
    } catch (error) {
      if (error instanceof RunOutsidePermissions) {
        return refuse(ctx, 403, 'errors/forbidden', {
          message: error.message,
          code: 'E_FORBIDDEN',
        })
      }
      if (!(error instanceof RunAgainRefused)) throw error
      session.flash('error', error.message)
    }
    return response.redirect().back()
  }
}
