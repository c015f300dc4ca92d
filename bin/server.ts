import cluster from 'node:cluster'
import { availableParallelism } from 'node:os'
import { prettyPrintError } from '@adonisjs/core'
import { createIgnitor } from './ignitor.js'
import { relayCacheBus } from '#services/cache/cluster_bus'
import { shutdownTimeoutMs } from '#services/operations/shutdown'

/**
 * The HTTP server. In production it runs one worker per core (`WEB_CONCURRENCY`, default the
 * number of cores; `1` runs a single process); the primary only forks, restarts a worker that
 * dies, relays the workers' cache invalidations to each other, and on SIGTERM/SIGINT asks every
 * worker to finish its requests and stop.
 */
function workerCount() {
  const setting = process.env.WEB_CONCURRENCY
  if (setting && setting !== 'auto') return Math.max(1, Number.parseInt(setting, 10) || 1)
  return setting === 'auto' || process.env.NODE_ENV === 'production' ? availableParallelism() : 1
}

/**
 * How long workers get to stop before they are killed: SHUTDOWN_TIMEOUT_MS for their requests in
 * flight (each worker cuts what is still running then), and a margin to close the database
 * and Redis.
 */
const SHUTDOWN_GRACE_MS = shutdownTimeoutMs() + 5_000

function startPrimary(count: number) {
  let stopping = false
  relayCacheBus()
  for (let index = 0; index < count; index++) cluster.fork()

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another.`)
    cluster.fork()
  })

  const stop = () => {
    if (stopping) return
    stopping = true
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined)
    const timer = setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGKILL')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS)
    timer.unref()
    let running = workers.length
    let failed = false
    if (running === 0) process.exit(0)
    for (const worker of workers) {
      worker.once('exit', (code, signal) => {
        running--
        // A worker that could not stop cleanly (requests cut, a crash) makes the stop fail.
        if (code !== 0 || signal) failed = true
        if (running === 0) process.exit(failed ? 1 : 0)
      })
      worker.process.kill('SIGTERM')
    }
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

const count = workerCount()
if (cluster.isPrimary && count > 1) {
  startPrimary(count)
} else {
  createIgnitor()
    .httpServer()
    .start()
    .catch((error) => {
      process.exitCode = 1
      prettyPrintError(error)
    })
}
