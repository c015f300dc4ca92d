import { DEFAULT_JOB_OPTIONS, RecordedJob } from '#jobs/recorded'
import { buildExport, markExportFailed } from '#services/research/admin/exports'
import { readableError } from '#services/jobs/readable_error'

/**
 * Builds an administrator's bulk download of research documents (a ZIP of the PDFs with its
 * manifest), on the imports queue: it reads and writes up to a gigabyte. Marked failed with the
 * reason once every attempt has failed.
 */
export default class BuildResearchDocumentsExportJob extends RecordedJob<{ exportId: number }> {
  static options = {
    ...DEFAULT_JOB_OPTIONS,
    name: 'BuildResearchDocumentsExport',
    queue: 'imports',
  }

  async handle() {
    await buildExport(this.payload.exportId)
  }

  protected async onFailure(error: Error) {
    await markExportFailed(this.payload.exportId, readableError(error))
  }
}
