import 'reflect-metadata'
import { Ignitor } from '@adonisjs/core'

export const APP_ROOT = new URL('../', import.meta.url)

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
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
}
