/**
 * The runs of background jobs as administrators see them (`job_runs`): one row per attempt, and
 * a row queued by "Run again" until a worker takes it.
 */
export const JOB_RUN_STATUSES = [
  'failed',
  'abandoned',
  'retrying',
  'running',
  'queued',
  'completed',
] as const
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number]
export const DEFAULT_JOB_RUN_STATUS: JobRunStatus = 'failed'

export const JOB_RUN_STATUS_LABELS: Record<JobRunStatus, string> = {
  failed: 'Failed',
  // Its worker stopped (killed, lost) while it ran: another worker takes the job over.
  abandoned: 'Abandoned',
  retrying: 'Retrying',
  running: 'Running',
  queued: 'Queued',
  completed: 'Completed',
}
