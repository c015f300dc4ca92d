import { Job, exponentialBackoff } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import { affectedRows } from '#services/db/affected_rows'
import { currentProcessId } from '#services/jobs/worker_processes'
import { readableError } from '#services/jobs/readable_error'

/** Retries with growing waits (2 s, 4 s, 8 s … up to 2 min) unless a job says otherwise. */
export const DEFAULT_JOB_OPTIONS: JobOptions = {
  maxRetries: 3,
  retry: {
    // Already the factory the queue calls for each retry (not a function returning one).
    backoff: exponentialBackoff({ baseDelay: '2s', maxDelay: '2m', multiplier: 2, jitter: true }),
  },
  // Failed jobs are kept for a month; administrators see them in `job_runs` anyway.
  removeOnFail: { age: '30d' },
  removeOnComplete: { count: 1000 },
}

const now = () => DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)

/**
 * The payload key of a job an administrator ran again: the `job_runs` row queued for it
 * (#services/jobs/job_runs), which the job's first attempt takes over. Not stored with the
 * payload.
 */
export const QUEUED_RUN_KEY = '$queuedRun'

/**
 * A job's error as a line an administrator can read (no stack, no SQL, bounded); the error
 * itself goes to the log.
 */
function describe(error: unknown) {
  const readable = readableError(error)
  if (error instanceof Error && readable !== error.message.slice(0, 2000)) {
    logger.warn({ err: error }, 'job attempt failed')
  }
  return readable
}

/**
 * A background job whose every attempt is written to `job_runs` (running → completed, or
 * retrying → failed; queued first when run again), whatever the queue adapter, so that administrators see failures and can
 * run a job again. Subclasses implement `handle()`; it must be idempotent: a job may run again
 * after a retry, or after its worker was stopped.
 *
 * Payloads hold identifiers only (they are stored and shown to administrators): never secrets,
 * never personal data beyond ids.
 */
export abstract class RecordedJob<Payload extends object> extends Job<Payload> {
  abstract handle(): Promise<void>

  #runId: number | null = null

  /** The number of attempts the job's options allow. */
  protected maxAttempts() {
    const options = (this.constructor as typeof Job).options ?? {}
    return (options.maxRetries ?? 0) + 1
  }

  async execute() {
    this.#runId = await this.#start()
    try {
      await this.handle()
    } catch (error) {
      await this.#finish(this.context.attempt >= this.maxAttempts() ? 'failed' : 'retrying', error)
      throw error
    }
    await this.#finish('completed')
  }

  /** Called once every attempt has failed. */
  async failed(error: Error) {
    logger.error({ job: this.context.name, jobId: this.context.jobId, err: error }, 'job failed')
    await this.onFailure(error)
  }

  /** What a job does once it has failed for good (mark its subject failed, say so). */
  protected async onFailure(_error: Error) {}

  async #start() {
    const { [QUEUED_RUN_KEY]: queuedRun, ...payload } = this.payload as Record<string, unknown>
    const values = {
      job_id: this.context.jobId,
      name: this.context.name,
      queue: this.context.queue,
      payload: JSON.stringify(payload),
      status: 'running',
      attempt: this.context.attempt,
      max_attempts: this.maxAttempts(),
      started_at: now(),
      worker_id: currentProcessId(),
    }
    if (typeof queuedRun === 'number' && this.context.attempt === 1) {
      const taken = await db
        .from('job_runs')
        .where({ id: queuedRun, status: 'queued' })
        .update(values)
      if (affectedRows(taken) > 0) return queuedRun
    }
    const [row] = await db.table('job_runs').insert(values).returning('id')
    return typeof row === 'object' ? Number(row.id) : Number(row)
  }

  async #finish(status: 'completed' | 'retrying' | 'failed', error?: unknown) {
    if (this.#runId === null) return
    await db
      .from('job_runs')
      .where('id', this.#runId)
      .update({
        status,
        error: error === undefined ? null : describe(error),
        finished_at: now(),
      })
  }
}
