import env from '#start/env'
import { defineConfig, drivers } from '@adonisjs/queue'
import type { Duration } from '@adonisjs/queue/types'

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
      ? { redis: drivers.redis({ connectionName: 'main' }) }
      : driver === 'sync'
        ? { sync: drivers.sync() }
        : { database: drivers.database({ connectionName: 'queue' }) },

  worker: {
    // One job at a time per worker process (run more workers to go wider): the queue library
    // loses track of a finished job when two run side by side, and an import already keeps a
    // core busy.
    concurrency: 1,
    idleDelay: '1s',
    // A job whose worker stopped heartbeating (killed, lost) is handed to another worker after
    // this long; a running job's heartbeat renews it every half of it.
    stalledThreshold: (stalledThreshold ?? '2m') as Duration,
    stalledInterval: (stalledThreshold ?? '30s') as Duration,
    maxStalledCount: 2,
    // SIGTERM / SIGINT: commands/jobs_work.ts stops taking jobs and lets the running ones finish.
    gracefulShutdown: false,
  },

  locations: ['./app/jobs/**/*_job.{ts,js}'],
})
