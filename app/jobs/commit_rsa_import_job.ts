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
    await applyImport(this.payload.importId, { userId: this.payload.userId })
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
