import type { HttpContext } from '@adonisjs/core/http'
import { jobRunsPage, runJobAgain, RunAgainRefused } from '#services/jobs/job_runs'
import { jobRunsQueryValidator } from '#validators/background_jobs'
import { DEFAULT_JOB_RUN_STATUS } from '#shared/job_runs'

/** Background job runs for administrators (adminBackgroundJobs): failed ones by default. */
export default class BackgroundJobsController {
  async index({ inertia, request }: HttpContext) {
    const query = await request.validateUsing(jobRunsQueryValidator, { data: request.qs() })
    const status = query.status ?? DEFAULT_JOB_RUN_STATUS
    return inertia.render('admin/background_jobs', {
      status,
      ...(await jobRunsPage({ status, page: query.page ?? 1 })),
    })
  }

  async runAgain({ auth, params, response, session }: HttpContext) {
    try {
      const { runId } = await runJobAgain(Number(params.id), auth.user!.id)
      session.flash('success', `The job was queued again as run #${runId}.`)
    } catch (error) {
      if (!(error instanceof RunAgainRefused)) throw error
      session.flash('error', error.message)
    }
    return response.redirect().back()
  }
}
