import env from '#start/env'
import { defineConfig, drivers } from '@adonisjs/queue'
import type { Duration } from '@adonisjs/queue/types'
import { claimingDatabase, claimingRedis } from '#services/jobs/claiming_adapter'

/**
 * Background jobs (imports, notifications, digests). The database adapter on the embedded
 * default; Redis when QUEUE_DRIVER=redis (the REDIS_* connection); the sync adapter runs a job
 * inline where it is dispatched (tests). Workers are started with `npm run worker` (and by
 * `npm run demo`).
 *
 * The database adapter has a connection of its own (`queue`): a worker running an import holds
 * the primary connection in a transaction, and the worker's heartbeat must not wait for it.
 */
const driver = env.get('QUEUE_DRIVER') || 'database'
const stalledThreshold = env.get('QUEUE_STALLED_THRESHOLD')

export default defineConfig({
  default: driver,

  // Only the adapter in use is set up: resolving the Redis one opens a connection.
  adapters:
    driver === 'redis'
      ? { redis: claimingRedis({ connectionName: 'main' }) }
      : driver === 'sync'
        ? { sync: drivers.sync() }
        : { database: claimingDatabase({ connectionName: 'queue' }) },

  worker: {
    // Each pool below sets its own; this is for a worker started on named queues.
    concurrency: 1,
    idleDelay: '1s',
    // A job past this without renewal is checked: taken over only when its worker is gone (a
    // dead pid on this host, a heartbeat older than this elsewhere), renewed otherwise, on the
    // database and the Redis queue alike (see app/services/jobs/claiming_adapter.ts).
    stalledThreshold: (stalledThreshold ?? '2m') as Duration,
    stalledInterval: (stalledThreshold ?? '30s') as Duration,
    maxStalledCount: 2,
    // SIGTERM / SIGINT: commands/jobs_work.ts stops taking jobs and lets the running ones finish.
    gracefulShutdown: false,
  },

  locations: ['./app/jobs/**/*_job.{ts,js}'],
})

/**
 * The worker pools: queues a process serves and how many of their jobs it runs at once. Mails
 * and small jobs never wait behind an import: `jobs:work` with no option starts one process per
 * pool (what `npm run worker` and `npm run demo` run); in production each pool may run as a
 * service of its own (`jobs:work --pool=imports`, `jobs:work --pool=mail`).
 */
export const WORKER_POOLS = {
  // Mails, notifications, digests and the recurring small jobs.
  mail: { queues: ['mail', 'default'], concurrency: env.get('QUEUE_MAIL_CONCURRENCY') ?? 4 },
  // Imports keep a core and the database's write lock busy: one at a time per process.
  imports: { queues: ['imports'], concurrency: env.get('QUEUE_IMPORTS_CONCURRENCY') ?? 1 },
} as const
export type WorkerPool = keyof typeof WORKER_POOLS
