import type { JobOptions } from '@adonisjs/queue/types'
import { DEFAULT_JOB_OPTIONS, RecordedJob } from '#jobs/recorded'

interface Payload {
  importId: number
  userId: number | null
}

/**
 * Writes a previewed research spend import, all or nothing, and recomputes the peer statistics.
 * Safe to run again: a committed import is left alone; an attempt cut short starts over from
 * the stored file (what it staged is cleared, what it moved was rolled back with it).
 */
export default class CommitRsaImportJob extends RecordedJob<Payload> {
  static options: JobOptions = {
    ...DEFAULT_JOB_OPTIONS,
    name: 'CommitRsaImport',
    queue: 'imports',
    maxRetries: 2,
    timeout: '30m',
  }

  async handle() {
    const { applyImport } = await import('#services/rsa/imports/imports')
    const { default: logger } = await import('@adonisjs/core/services/logger')
    const importId = this.payload.importId
    const imp = await applyImport(importId, {
      userId: this.payload.userId,
      // Where an operator reading the worker's log sees a commit begin to write and end.
      onWriting: () =>
        logger.info({ importId }, `import #${importId}: writing, in one transaction`),
      onWritten: () => {
        logger.info({ importId }, `import #${importId}: written, committing the transaction`)
        // Crash drills only (bin/test_crash_safety.js): the transaction is held open this long,
        // everything written, so that a worker can be stopped at the worst moment. The thread
        // is blocked, not left to other work: nothing else of this process writes meanwhile.
        const hold = Number(process.env.IMPORT_COMMIT_HOLD_MS || 0)
        if (hold > 0) {
          // Written at once (a pipe or a file is written synchronously), unlike the log.
          process.stderr.write(`import #${importId}: holding the written transaction ${hold} ms\n`)
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.min(hold, 60_000))
        }
      },
    })
    logger.info({ importId, status: imp.status }, `import #${importId}: ${imp.status}`)
  }

  /** Given up after its workers died (see claiming_adapter): the import says so. */
  static async abandoned(payload: Payload, message: string) {
    const { markImportFailed } = await import('#services/rsa/imports/imports')
    await markImportFailed(
      payload.importId,
      `${message} The commit was stopped; nothing was written.`
    )
  }

  protected async onFailure(error: Error) {
    const { markImportFailed } = await import('#services/rsa/imports/imports')
    await markImportFailed(this.payload.importId, error)
  }
}
