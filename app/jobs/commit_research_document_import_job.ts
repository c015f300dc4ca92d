import type { JobOptions } from '@adonisjs/queue/types'
import { DEFAULT_JOB_OPTIONS, RecordedJob } from '#jobs/recorded'

interface Payload {
  importId: number
  userId: number | null
}

/**
 * Commits a previewed bulk import of research documents, all or nothing, then queues each new
 * document's processing. Not retried: a failed commit wrote nothing and says why; the
 * administrator checks the import again.
 */
export default class CommitResearchDocumentImportJob extends RecordedJob<Payload> {
  static options: JobOptions = {
    ...DEFAULT_JOB_OPTIONS,
    name: 'CommitResearchDocumentImport',
    queue: 'imports',
    maxRetries: 0,
    timeout: '60m',
  }

  async handle() {
    const { commitDocumentImport } = await import('#services/research/admin/imports')
    const { default: ProcessResearchDocumentJob } =
      await import('#jobs/process_research_document_job')
    const { documentIds } = await commitDocumentImport(this.payload.importId, this.payload.userId)
    for (const documentId of documentIds) {
      await ProcessResearchDocumentJob.dispatch({ documentId }).run()
    }
  }

  /** Given up after its workers died: the import says so (its transaction never committed). */
  static async abandoned(payload: Payload, message: string) {
    const { markDocumentImportFailed } = await import('#services/research/admin/imports')
    await markDocumentImportFailed(payload.importId, `${message} Nothing was written.`)
  }
}
