import type { Knex } from 'knex'
import { configProvider } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { Locator } from '@boringnode/queue'
import { KnexAdapter } from '@boringnode/queue/drivers/knex_adapter'
import { isProcessAlive, type WorkerProcessRow } from '#services/jobs/worker_processes'

/** The queue library's ordering of pending jobs (priority first, then time). */
const score = (priority: number, now: number) => priority * 1e13 + now
const DEFAULT_PRIORITY = 5

/** What the job `name` does when it is given up (its worker died too often), if anything. */
export interface AbandonableJob {
  abandoned?(payload: unknown, message: string): Promise<void>
}

const abandonedMessage = (at: number) =>
  `The worker running this job stopped (killed or lost) before it finished; noticed at ${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC.`

/**
 * The database queue adapter with claims that hold while their worker lives.
 *
 * The library takes a job back from a worker when the job's `acquired_at` is older than the
 * stalled threshold, whatever the worker is doing; its own renewal runs on the worker's main
 * thread and writes through the database, so a long import (a busy thread, a write lock held
 * by a commit) can miss it and the job is handed to a second worker while the first still runs
 * it. Here a job past the threshold is taken over only when its worker is gone (see
 * worker_processes: the pid on this host, the heartbeat thread's row elsewhere); a live
 * worker's claim is renewed instead. The attempt the dead worker left `running` in `job_runs`
 * is marked `abandoned`.
 */
export class ClaimingKnexAdapter extends KnexAdapter {
  readonly #connection: Knex
  readonly #table: string

  constructor(config: { connection: Knex; tableName?: string }) {
    super(config)
    this.#connection = config.connection
    this.#table = config.tableName ?? 'queue_jobs'
  }

  async recoverStalledJobs(queue: string, stalledThreshold: number, maxStalledCount: number) {
    const now = Date.now()
    const cutoff = now - stalledThreshold
    const givenUp: { name: string; payload: unknown }[] = []
    const recovered = await this.#connection.transaction(async (trx) => {
      const stalled = (await trx(this.#table)
        .where('queue', queue)
        .where('status', 'active')
        .where('acquired_at', '<', cutoff)
        .select('id', 'data', 'worker_id')) as { id: string; data: string; worker_id: string }[]
      if (stalled.length === 0) return 0
      const workers = (await trx('worker_processes')
        .whereIn('id', [...new Set(stalled.map((row) => row.worker_id).filter(Boolean))])
        .select('id', 'hostname', 'pid', 'heartbeat_at', 'stopped_at')) as WorkerProcessRow[]
      const alive = new Set(
        workers.filter((row) => isProcessAlive(row, stalledThreshold, now)).map((row) => row.id)
      )
      let count = 0
      for (const row of stalled) {
        if (alive.has(row.worker_id)) {
          // Its worker is still at it: the claim stands.
          await trx(this.#table)
            .where({ id: row.id, queue, status: 'active', worker_id: row.worker_id })
            .update({ acquired_at: now })
          continue
        }
        const data = JSON.parse(row.data)
        const stalledCount = Number(data.stalledCount ?? 0)
        await trx('job_runs')
          .where({ job_id: row.id, status: 'running' })
          .update({
            status: 'abandoned',
            error:
              stalledCount >= maxStalledCount
                ? `${abandonedMessage(now)} Its worker stopped ${stalledCount + 1} times: the job was given up.`
                : `${abandonedMessage(now)} Another worker takes it over.`,
            finished_at: new Date(now).toISOString().slice(0, 19).replace('T', ' '),
          })
        if (stalledCount >= maxStalledCount) {
          await trx(this.#table).where({ id: row.id, queue }).delete()
          givenUp.push({ name: data.name, payload: data.payload })
          continue
        }
        data.stalledCount = stalledCount + 1
        await trx(this.#table)
          .where({ id: row.id, queue })
          .update({
            status: 'pending',
            data: JSON.stringify(data),
            worker_id: null,
            acquired_at: null,
            score: score(data.priority ?? DEFAULT_PRIORITY, now),
          })
        count++
      }
      return count
    })
    for (const job of givenUp) {
      const JobClass = Locator.get(job.name) as AbandonableJob | undefined
      try {
        await JobClass?.abandoned?.(job.payload, abandonedMessage(now))
      } catch (error) {
        logger.error({ err: error, job: job.name }, 'an abandoned job could not be closed')
      }
    }
    return recovered
  }
}

/**
 * The `database` queue driver with ClaimingKnexAdapter, on the Lucid connection named (its
 * own, see config/database.ts).
 */
export function claimingDatabase(config: { connectionName: string; tableName?: string }) {
  return configProvider.create(async (app) => {
    const db = await app.container.make('lucid.db')
    const connection = db.connection(config.connectionName).getWriteClient() as unknown as Knex
    return () => new ClaimingKnexAdapter({ connection, tableName: config.tableName })
  })
}

/**
 * A stopping worker whose jobs did not finish within SHUTDOWN_TIMEOUT_MS gives them back: each
 * job it holds is pending again (another worker, or this one restarted, runs it from the start:
 * its transaction was not committed), and the attempt is recorded as abandoned. Returns how
 * many jobs went back to the queue.
 */
export async function releaseJobsOfWorker(
  connection: Knex,
  workerId: string,
  tableName = 'queue_jobs'
) {
  const now = Date.now()
  return connection.transaction(async (trx) => {
    const held = (await trx(tableName)
      .where({ worker_id: workerId, status: 'active' })
      .select('id', 'queue', 'data')) as { id: string; queue: string; data: string }[]
    for (const row of held) {
      const data = JSON.parse(row.data)
      await trx(tableName)
        .where({ id: row.id, queue: row.queue, worker_id: workerId })
        .update({
          status: 'pending',
          worker_id: null,
          acquired_at: null,
          score: score(data.priority ?? DEFAULT_PRIORITY, now),
        })
    }
    if (held.length > 0) {
      await trx('job_runs')
        .whereIn(
          'job_id',
          held.map((row) => row.id)
        )
        .where('status', 'running')
        .update({
          status: 'abandoned',
          error: `The worker running this job was stopped before it finished, at ${new Date(now).toISOString().slice(0, 16).replace('T', ' ')} UTC; the job was put back in the queue.`,
          finished_at: new Date(now).toISOString().slice(0, 19).replace('T', ' '),
        })
    }
    return held.length
  })
}
