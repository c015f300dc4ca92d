import type { JobOptions } from '@adonisjs/queue/types'
import { DEFAULT_JOB_OPTIONS, RecordedJob } from '#jobs/recorded'
import { readableError } from '#services/jobs/readable_error'

interface Payload {
  importId: number
}

/** Checks an uploaded bulk import of research documents (its preview): writes nothing. */
export default class PreviewResearchDocumentImportJob extends RecordedJob<Payload> {
  static options: JobOptions = {
    ...DEFAULT_JOB_OPTIONS,
    name: 'PreviewResearchDocumentImport',
    queue: 'imports',
    maxRetries: 2,
    timeout: '30m',
  }

  async handle() {
    const { previewDocumentImport } = await import('#services/research/admin/imports')
    await previewDocumentImport(this.payload.importId)
  }

  /** Given up after its workers died: the import says so. */
  static async abandoned(payload: Payload, message: string) {
    const { markDocumentImportFailed } = await import('#services/research/admin/imports')
    await markDocumentImportFailed(payload.importId, `${message} The check was stopped.`)
  }

  protected async onFailure(error: Error) {
    const { markDocumentImportFailed } = await import('#services/research/admin/imports')
    await markDocumentImportFailed(this.payload.importId, readableError(error))
  }
}
