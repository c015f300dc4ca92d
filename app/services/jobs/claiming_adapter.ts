import type { Knex } from 'knex'
import { configProvider } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { Locator } from '@boringnode/queue'
import { KnexAdapter } from '@boringnode/queue/drivers/knex_adapter'
import { RedisAdapter } from '@boringnode/queue/drivers/redis_adapter'
import { hydrateRedisJob } from '@boringnode/queue/drivers/redis_job_storage'
import type { Redis } from 'ioredis'
import {
  isProcessAlive,
  liveProcessIds,
  type WorkerProcessRow,
} from '#services/jobs/worker_processes'

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
    await closeGivenUp(givenUp, now)
    return recovered
  }
}

/** Calls the abandonment step of each job given up (its worker died too often). */
async function closeGivenUp(jobs: { name: string; payload: unknown }[], at: number) {
  for (const job of jobs) {
    const JobClass = Locator.get(job.name) as AbandonableJob | undefined
    try {
      await JobClass?.abandoned?.(job.payload, abandonedMessage(at))
    } catch (error) {
      logger.error({ err: error, job: job.name }, 'an abandoned job could not be closed')
    }
  }
}

/** Sets a claim's time only if the claim is still the one read (same worker, same time). */
const RENEW_IF_UNCHANGED = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if current == ARGV[2] then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
  return 1
end
return 0
`

/** How much later than its own reading the library's recovery may take its clock. */
const RECOVERY_MARGIN_MS = 1000

/**
 * The Redis queue adapter with the same rule as ClaimingKnexAdapter: a claim past the stalled
 * threshold is renewed while its worker lives (worker_processes), and handed to another worker
 * only once its worker is gone.
 *
 * The library's recovery takes every claim older than its threshold; it runs here after the
 * live workers' claims were renewed, with a threshold widened by what has passed since they
 * were read (plus a margin), so that it only ever sees claims this check found stale and whose
 * workers are gone. The attempts those workers left `running` are marked abandoned by the
 * worker's sweep (abandonRunsOfGoneProcesses); a job given up is closed by its own step.
 */
export class ClaimingRedisAdapter extends RedisAdapter {
  readonly #redis: Redis

  constructor(connection: Redis) {
    super(connection, false)
    this.#redis = connection
  }

  async recoverStalledJobs(queue: string, stalledThreshold: number, maxStalledCount: number) {
    const now = Date.now()
    const cutoff = now - stalledThreshold
    const activeKey = `jobs::${queue}::active`
    const claims = Object.entries(await this.#redis.hgetall(activeKey)).flatMap(([id, raw]) => {
      try {
        const claim = JSON.parse(raw) as { workerId?: string; acquiredAt?: number }
        return Number(claim.acquiredAt) < cutoff
          ? [{ id, raw, workerId: claim.workerId ?? '' }]
          : []
      } catch {
        return []
      }
    })
    if (claims.length === 0) return 0
    const alive = await liveProcessIds(
      claims.map((claim) => claim.workerId),
      stalledThreshold
    )
    const gone: { id: string; name: string; payload: unknown; stalledCount: number }[] = []
    for (const claim of claims) {
      if (alive.has(claim.workerId)) {
        // Its worker is still at it: the claim stands.
        await this.#redis.eval(
          RENEW_IF_UNCHANGED,
          1,
          activeKey,
          claim.id,
          claim.raw,
          JSON.stringify({ workerId: claim.workerId, acquiredAt: now })
        )
        continue
      }
      const [data, overlay] = await Promise.all([
        this.#redis.hget(`jobs::${queue}::data`, claim.id),
        this.#redis.hget(`jobs::${queue}::metadata`, claim.id),
      ])
      if (!data) continue
      const job = hydrateRedisJob(data, overlay ?? undefined) as {
        name: string
        payload: unknown
        stalledCount?: number
      }
      gone.push({
        id: claim.id,
        name: job.name,
        payload: job.payload,
        stalledCount: job.stalledCount ?? 0,
      })
    }
    if (gone.length === 0) return 0
    const recovered = await super.recoverStalledJobs(
      queue,
      stalledThreshold + (Date.now() - now) + RECOVERY_MARGIN_MS,
      maxStalledCount
    )
    const givenUp: { name: string; payload: unknown }[] = []
    for (const job of gone) {
      if (job.stalledCount < maxStalledCount) continue
      if ((await this.#redis.hexists(`jobs::${queue}::data`, job.id)) === 0) givenUp.push(job)
    }
    await closeGivenUp(givenUp, now)
    return recovered
  }
}

/**
 * The `redis` queue driver with ClaimingRedisAdapter, on the Redis connection named.
 */
export function claimingRedis(config: { connectionName?: string } = {}) {
  return configProvider.create(async (app) => {
    const redis = await app.container.make('redis')
    const connection = redis.connection(config.connectionName as never)
      .ioConnection as unknown as Redis
    return () => new ClaimingRedisAdapter(connection)
  })
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
