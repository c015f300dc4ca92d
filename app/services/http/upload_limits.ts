import { REPORT_MAX_FILE_MB } from '#shared/insights_reports'
import { CONTRACT_DOCUMENT_MAX_MB } from '#shared/contracts'
import { RESEARCH_DOCUMENT_MAX_MB } from '#shared/research_admin'
import { MAX_METADATA_BYTES } from '#services/sso/idp_metadata'
import type { FieldContext } from '@vinejs/vine/types'
import { LabelledMessagesProvider } from '#validators/messages'

/** The largest request body a form may send (config/bodyparser.ts), in MB. */
export const MULTIPART_LIMIT_MB = 25

/**
 * The file field of the upload forms and the largest file each takes: a file too large for the
 * request limit itself is refused with the message the form gives for a file over its limit,
 * on that field, rather than a bare 413.
 */
const UPLOAD_FIELDS: Record<string, { field: string; maxMb: number }> = {
  'adminInsightsReports.store': { field: 'file', maxMb: REPORT_MAX_FILE_MB },
  'adminInsightsReports.replace': { field: 'file', maxMb: REPORT_MAX_FILE_MB },
  'adminInsightsReports.checkFile': { field: 'file', maxMb: REPORT_MAX_FILE_MB },
  'adminMdContracts.upload': { field: 'file', maxMb: CONTRACT_DOCUMENT_MAX_MB },
  'researchDocumentsAdmin.store': { field: 'file', maxMb: RESEARCH_DOCUMENT_MAX_MB },
  'researchDocumentsAdmin.update': { field: 'file', maxMb: RESEARCH_DOCUMENT_MAX_MB },
  'sso.config.update': { field: 'metadataFile', maxMb: MAX_METADATA_BYTES / 1024 / 1024 },
}

/** The refusal of an upload larger than the request limit, for the route that received it. */
export function uploadTooLarge(routeName: string | undefined) {
  const upload = routeName ? UPLOAD_FIELDS[routeName] : undefined
  if (!upload) {
    return {
      field: null,
      message: `The upload is larger than ${MULTIPART_LIMIT_MB} MB: choose a smaller file.`,
    }
  }
  // The very sentence the form's validator gives for a file over its size.
  const field = {
    name: upload.field,
    wildCardPath: upload.field,
    getFieldPath: () => upload.field,
  } as unknown as FieldContext
  return {
    field: upload.field,
    message: new LabelledMessagesProvider().getMessage('', 'file.size', field, {
      size: `${upload.maxMb}mb`,
    }),
  }
}
