import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import { QUEUED_RUN_KEY } from '#jobs/recorded'
import SendSubmissionStatusMailJob from '#jobs/send_submission_status_mail_job'
import SendDataCollectionNoticesJob from '#jobs/send_data_collection_notices_job'
import PreviewRsaImportJob from '#jobs/preview_rsa_import_job'
import CommitRsaImportJob from '#jobs/commit_rsa_import_job'
import SendInsightsReportNotificationsJob from '#jobs/send_insights_report_notifications_job'
import ComputeTrendingThemesJob from '#jobs/compute_trending_themes_job'
import SendWeeklyDigestsJob from '#jobs/send_weekly_digests_job'
import SendResearchRequestMailJob from '#jobs/send_research_request_mail_job'
import ProcessResearchDocumentJob from '#jobs/process_research_document_job'
import BuildResearchDocumentsExportJob from '#jobs/build_research_documents_export_job'
import PreviewResearchDocumentImportJob from '#jobs/preview_research_document_import_job'
import CommitResearchDocumentImportJob from '#jobs/commit_research_document_import_job'
import { audit } from '#services/audit/audit'
import { affectedRows } from '#services/db/affected_rows'
import { insertReturningId } from '#services/db/insert'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import type { JobRunStatus } from '#shared/job_runs'
import { ALL_PERMISSIONS, PERMISSIONS, type PermissionName } from '#shared/permissions'
import { liveProcessIds } from '#services/jobs/worker_processes'

export const JOB_RUNS_PER_PAGE = 25

interface RunnableJob {
  dispatch(payload: Record<string, unknown>): { run(): Promise<{ jobId: string }> }
}

/**
 * The jobs an administrator may run again, by the name they run under. Explicit rather than
 * the queue's registry: a name stored in `job_runs` only starts a job listed here.
 */
const RUNNABLE_JOBS: Record<string, RunnableJob> = {
  [SendSubmissionStatusMailJob.options.name]: SendSubmissionStatusMailJob as unknown as RunnableJob,
  [SendDataCollectionNoticesJob.options.name]:
    SendDataCollectionNoticesJob as unknown as RunnableJob,
  [PreviewRsaImportJob.options.name!]: PreviewRsaImportJob as unknown as RunnableJob,
  [CommitRsaImportJob.options.name!]: CommitRsaImportJob as unknown as RunnableJob,
  [SendInsightsReportNotificationsJob.options.name]:
    SendInsightsReportNotificationsJob as unknown as RunnableJob,
  [SendResearchRequestMailJob.options.name]: SendResearchRequestMailJob as unknown as RunnableJob,
  [ProcessResearchDocumentJob.options.name]: ProcessResearchDocumentJob as unknown as RunnableJob,
  [BuildResearchDocumentsExportJob.options.name]:
    BuildResearchDocumentsExportJob as unknown as RunnableJob,
  [PreviewResearchDocumentImportJob.options.name!]:
    PreviewResearchDocumentImportJob as unknown as RunnableJob,
}

export function isRunnableJob(name: string) {
  return Object.hasOwn(RUNNABLE_JOBS, name)
}

/**
 * The administration area each job works for, as the permission that covers it: an
 * administrator sees, and runs again, only the jobs of their areas. A job not listed here is
 * seen only by administrators holding every permission.
 */
const JOB_AREA_PERMISSIONS: Record<string, PermissionName> = {
  [PreviewRsaImportJob.options.name!]: PERMISSIONS.viewResearchSpendAnalytics,
  [CommitRsaImportJob.options.name!]: PERMISSIONS.viewResearchSpendAnalytics,
  [SendSubmissionStatusMailJob.options.name]: PERMISSIONS.viewResearchSpendAnalytics,
  [SendDataCollectionNoticesJob.options.name]: PERMISSIONS.viewResearchSpendAnalytics,
  [SendInsightsReportNotificationsJob.options.name]: PERMISSIONS.viewInsightsReport,
  [ComputeTrendingThemesJob.options.name]: PERMISSIONS.viewResearchDiscovery,
  [SendWeeklyDigestsJob.options.name]: PERMISSIONS.viewResearchDiscovery,
  [SendResearchRequestMailJob.options.name]: PERMISSIONS.viewResearchDiscovery,
  [ProcessResearchDocumentJob.options.name]: PERMISSIONS.viewResearchDiscovery,
  [BuildResearchDocumentsExportJob.options.name]: PERMISSIONS.viewResearchDiscovery,
  [PreviewResearchDocumentImportJob.options.name!]: PERMISSIONS.viewResearchDiscovery,
  [CommitResearchDocumentImportJob.options.name!]: PERMISSIONS.viewResearchDiscovery,
}

/** Whether the administrator's permissions cover every area (and so every job). */
function holdsEveryPermission(held: readonly string[]) {
  return ALL_PERMISSIONS.every((permission) => held.includes(permission))
}

/** The names of the jobs these permissions cover, or 'all' for every permission. */
export function visibleJobNames(held: readonly string[]): string[] | 'all' {
  if (holdsEveryPermission(held)) return 'all'
  return Object.entries(JOB_AREA_PERMISSIONS)
    .filter(([, permission]) => held.includes(permission))
    .map(([name]) => name)
}

export function jobCoveredBy(name: string, held: readonly string[]) {
  if (holdsEveryPermission(held)) return true
  const permission = Object.hasOwn(JOB_AREA_PERMISSIONS, name) ? JOB_AREA_PERMISSIONS[name] : null
  return permission !== null && held.includes(permission)
}

const iso = (value: unknown) =>
  value ? (value instanceof Date ? value : new Date(value as string)).toISOString() : null

/**
 * One page of job runs with the status (or all), newest first, with the count per status for
 * the filter, among the jobs of the administrator's areas. Three queries whatever the number
 * of runs.
 */
export async function jobRunsPage(filter: {
  status: JobRunStatus | 'all'
  page: number
  permissions: readonly string[]
}) {
  const names = visibleJobNames(filter.permissions)
  const query = db
    .from('job_runs')
    .select(
      'id',
      'job_id',
      'name',
      'queue',
      'payload',
      'status',
      'attempt',
      'max_attempts',
      'error',
      'started_at',
      'finished_at',
      'retried_as'
    )
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
  if (filter.status !== 'all') query.where('status', filter.status)
  const countQuery = db.from('job_runs').groupBy('status').select('status').count('* as total')
  if (names !== 'all') {
    query.whereIn('name', names)
    countQuery.whereIn('name', names)
  }
  const [page, counts] = await Promise.all([
    query.paginate(filter.page, JOB_RUNS_PER_PAGE),
    countQuery,
  ])
  const meta = page.getMeta() as { total: number | string; currentPage: number; lastPage: number }
  return {
    runs: page.all().map((row) => {
      const startedAt = iso(row.started_at)!
      const finishedAt = iso(row.finished_at)
      return {
        id: row.id as number,
        jobId: row.job_id as string,
        name: row.name as string,
        queue: row.queue as string,
        payload: row.payload as string,
        status: row.status as JobRunStatus,
        attempt: Number(row.attempt),
        maxAttempts: Number(row.max_attempts),
        error: (row.error as string | null) ?? null,
        startedAt,
        finishedAt,
        durationMs:
          finishedAt && row.status !== 'queued'
            ? Math.max(0, Date.parse(finishedAt) - Date.parse(startedAt))
            : null,
        retriedAs: row.retried_as === null ? null : Number(row.retried_as),
        canRunAgain:
          row.status === 'failed' && row.retried_as === null && isRunnableJob(row.name as string),
      }
    }),
    pagination: {
      total: Number(meta.total),
      currentPage: meta.currentPage,
      lastPage: meta.lastPage,
    },
    counts: Object.fromEntries(counts.map((row) => [row.status, Number(row.total)])) as Partial<
      Record<JobRunStatus, number>
    >,
  }
}

/** Why a run cannot be run again, in words for the administrator. */
export class RunAgainRefused extends Error {}

/** A run of a job outside the administrator's areas: refused, nothing changes. */
export class RunOutsidePermissions extends Error {}

/**
 * Runs a failed job again with its stored payload. A `job_runs` row is queued for the new run
 * (its first attempt takes it over, see RecordedJob) and the failed run points to it
 * (`retried_as`), in one transaction with the audit entry; the conditional update makes a
 * second click refused, not a second run. The job is dispatched once that is committed.
 */
export async function runJobAgain(runId: number, userId: number, held: readonly string[]) {
  const queued = await db.transaction(async (trx) => {
    const run = await trx
      .from('job_runs')
      .where('id', runId)
      .select('id', 'name', 'queue', 'payload', 'status', 'max_attempts', 'retried_as')
      .first()
    if (!run) throw new NotFoundForTeam('Job run not found')
    if (!jobCoveredBy(run.name, held)) {
      throw new RunOutsidePermissions('Your administrator role does not include this job’s area.')
    }
    if (!isRunnableJob(run.name)) {
      throw new RunAgainRefused(`${run.name} is not a job that can be run again from here.`)
    }
    if (run.status !== 'failed') throw new RunAgainRefused('Only a failed run can be run again.')
    if (run.retried_as !== null) throw new RunAgainRefused('This run was already run again.')
    let payload: Record<string, unknown>
    try {
      payload = JSON.parse(run.payload)
    } catch {
      throw new RunAgainRefused('The stored payload of this run cannot be read.')
    }
    const now = DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
    const queuedId = await insertReturningId(trx, 'job_runs', {
      job_id: '',
      name: run.name,
      queue: run.queue,
      payload: run.payload,
      status: 'queued',
      attempt: 1,
      max_attempts: run.max_attempts,
      started_at: now,
    })
    const linked = await trx
      .from('job_runs')
      .where({ id: run.id, status: 'failed' })
      .whereNull('retried_as')
      .update({ retried_as: queuedId })
    if (affectedRows(linked) === 0) throw new RunAgainRefused('This run was already run again.')
    await audit(trx, {
      userId,
      entityType: 'job_run',
      entityId: run.id,
      action: 'update',
      summary: `Ran ${run.name} again (run #${run.id} → #${queuedId})`,
      before: { retried_as: null },
      after: { retried_as: queuedId },
    })
    return { id: queuedId, name: run.name as string, payload }
  })

  try {
    const job = RUNNABLE_JOBS[queued.name]
    const { jobId } = await job.dispatch({ ...queued.payload, [QUEUED_RUN_KEY]: queued.id }).run()
    // A worker that has already taken the row over wrote the job id itself.
    await db.from('job_runs').where({ id: queued.id, status: 'queued' }).update({ job_id: jobId })
  } catch (error) {
    logger.error({ err: error, runId: queued.id }, 'job not queued again')
    await db
      .from('job_runs')
      .where({ id: queued.id, status: 'queued' })
      .update({
        status: 'failed',
        error:
          `Could not be queued: ${error instanceof Error ? error.message : String(error)}`.slice(
            0,
            2000
          ),
        finished_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
      })
    throw new RunAgainRefused('The job could not be queued; the run shows why.')
  }
  return { runId: queued.id }
}

/**
 * Attempts left `running` by a process that is gone (killed, lost) become `abandoned`, whatever
 * the queue adapter: a run is never shown running for ever. A run whose process is alive is
 * left alone however long it takes.
 */
export async function abandonRunsOfGoneProcesses(staleAfterMs: number) {
  const running = await db
    .from('job_runs')
    .where('status', 'running')
    .whereNotNull('worker_id')
    .select('id', 'worker_id')
  if (running.length === 0) return 0
  const alive = await liveProcessIds(
    running.map((row) => row.worker_id as string),
    staleAfterMs
  )
  const gone = running.filter((row) => !alive.has(row.worker_id)).map((row) => row.id as number)
  if (gone.length === 0) return 0
  const result = await db
    .from('job_runs')
    .whereIn('id', gone)
    .where('status', 'running')
    .update({
      status: 'abandoned',
      error: 'The worker running this job stopped (killed or lost) before it finished.',
      finished_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
    })
  return affectedRows(result)
}
