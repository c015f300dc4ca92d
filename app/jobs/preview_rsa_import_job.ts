import type { JobOptions } from '@adonisjs/queue/types'
import { DEFAULT_JOB_OPTIONS, RecordedJob } from '#jobs/recorded'

interface Payload {
  importId: number
}

/** Reads and checks an uploaded research spend import file (the wizard's preview). */
export default class PreviewRsaImportJob extends RecordedJob<Payload> {
  static options: JobOptions = {
    ...DEFAULT_JOB_OPTIONS,
    name: 'PreviewRsaImport',
    queue: 'imports',
    maxRetries: 2,
  }

  async handle() {
    const { previewImport } = await import('#services/rsa/imports/imports')
    await previewImport(this.payload.importId)
  }

  /** Given up after its workers died (see claiming_adapter): the import says so. */
  static async abandoned(payload: Payload, message: string) {
    const { markImportFailed } = await import('#services/rsa/imports/imports')
    await markImportFailed(
      payload.importId,
      `${message} The check was stopped; nothing was written.`
    )
  }

  protected async onFailure(error: Error) {
    const { markImportFailed } = await import('#services/rsa/imports/imports')
    await markImportFailed(this.payload.importId, error)
  }
}
