import 'reflect-metadata'
import cluster from 'node:cluster'
import { Ignitor } from '@adonisjs/core'
import { installKeyObjectCache } from '#services/crypto/key_objects'

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
  return new Ignitor(APP_ROOT, { importer }).tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listenIf(!RUNS_WORKER, 'SIGTERM', () => app.terminate())
    // A cluster worker finishes its requests on Ctrl-C too (the primary coordinates the stop).
    app.listenIf(app.managedByPm2 || cluster.isWorker, 'SIGINT', () => app.terminate())
  })
}
