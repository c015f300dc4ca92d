import 'reflect-metadata'
import cluster from 'node:cluster'
import { Ignitor } from '@adonisjs/core'
import { installKeyObjectCache } from '#services/crypto/key_objects'
import { HttpDrain, shutdownTimeoutMs } from '#services/operations/shutdown'

// Cookie signing and encryption on cached KeyObjects (app/services/crypto/key_objects.ts).
installKeyObjectCache()

export const APP_ROOT = new URL('../', import.meta.url)

/**
 * The background worker stops itself on SIGTERM once its running jobs are done
 * (commands/jobs_work.ts); terminating the application at once would close the database under
 * them. Read before ace consumes the arguments.
 */
const RUNS_WORKER = process.argv.includes('jobs:work')

/**
 * Relative imports resolve against the application root so that `./start/...`
 * works the same in source and in the compiled build.
 */
function importer(filePath: string) {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

export function createIgnitor() {
  // Read at once: a wrong value stops the process before it serves anything.
  const timeoutMs = shutdownTimeoutMs()
  let drain: HttpDrain | undefined
  let stopping = false

  /**
   * The graceful stop of a web process (and of any ace command but the worker): the server stops
   * accepting connections and closes idle kept-alive ones; the requests in flight are answered
   * (with `Connection: close`) for at most SHUTDOWN_TIMEOUT_MS, after which the connections still
   * open are cut; then the application's providers close the database pools and Redis
   * (app.terminate()), and the process exits 0 unless something failed on the way.
   */
  const stop = async (app: Parameters<Parameters<Ignitor['tap']>[0]>[0]) => {
    if (stopping) return
    stopping = true
    drain?.drain(timeoutMs, (cut) => {
      console.error(
        `Shutdown: ${cut} request(s) still running after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): their connections are closed.`
      )
      process.exitCode = 1
    })
    try {
      await app.terminate()
    } catch (error) {
      console.error('Shutdown failed:', error)
      process.exitCode = 1
    }
    // Nothing should keep the process alive now; should something (a stray timer or socket), it
    // still ends, without being waited for otherwise.
    setTimeout(() => process.exit(), 1000).unref()
  }

  return new Ignitor(APP_ROOT, { importer }).tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.ready(async () => {
      if (app.getEnvironment() !== 'web') return
      const server = await app.container.make('server')
      const nodeServer = server.getNodeServer()
      if (nodeServer && 'closeIdleConnections' in nodeServer) {
        drain = new HttpDrain(nodeServer as import('node:http').Server)
      }
    })
    app.listenIf(!RUNS_WORKER, 'SIGTERM', () => stop(app))
    // A cluster worker finishes its requests on Ctrl-C too (the primary coordinates the stop).
    app.listenIf(app.managedByPm2 || cluster.isWorker, 'SIGINT', () => stop(app))
  })
}
