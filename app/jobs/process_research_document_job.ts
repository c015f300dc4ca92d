import { DEFAULT_JOB_OPTIONS, RecordedJob } from '#jobs/recorded'
import { markFailed, processDocument, ProcessingFailure } from '#services/research/admin/processing'
import { readableError } from '#services/jobs/readable_error'

/**
 * Processes an uploaded research document (text into the search index, themes tagged,
 * completed; published then if so asked), or tags its themes again. A failure the document
 * explains (no text, a stored file gone) fails it at once; anything else is retried, and the
 * document is marked failed with the reason once every attempt has failed.
 */
export default class ProcessResearchDocumentJob extends RecordedJob<{
  documentId: number
  from?: 'start' | 'tagging'
}> {
  static options = {
    ...DEFAULT_JOB_OPTIONS,
    name: 'ProcessResearchDocument',
    queue: 'default',
  }

  async handle() {
    try {
      await processDocument(this.payload.documentId, this.payload.from ?? 'start')
    } catch (error) {
      if (error instanceof ProcessingFailure) {
        await markFailed(this.payload.documentId, error.message)
        return
      }
      throw error
    }
  }

  protected async onFailure(error: Error) {
    await markFailed(this.payload.documentId, readableError(error))
  }
}
