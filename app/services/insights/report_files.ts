import { randomUUID } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import { REPORT_MAX_FILE_MB } from '#shared/insights_reports'
import { checkPdf } from '#services/files/pdf_check'

/** Where a report's PDFs live on the uploads disk: one key per uploaded version. */
export const REPORTS_PREFIX = 'insights-reports'

export function reportFileKey(reportId: number, version: number) {
  return `${REPORTS_PREFIX}/${reportId}/v${version}-${randomUUID()}.pdf`
}

export { RefusedPdf as UnreadablePdf } from '#services/files/pdf_check'

/**
 * Checks a report's PDF by its content (see checkPdf: size, protection, scripts, embedded files
 * and actions that open other programs or files, wherever they hang) and counts its pages.
 */
export function inspectPdf(bytes: Uint8Array): Promise<{ pageCount: number }> {
  return checkPdf(bytes, { maxMb: REPORT_MAX_FILE_MB, documentName: 'a report' })
}

/** Stores a report version's bytes under a new key and returns the key. */
export async function putReportFile(reportId: number, version: number, bytes: Uint8Array) {
  const key = reportFileKey(reportId, version)
  await drive.use().put(key, bytes)
  return key
}

export async function deleteReportFile(key: string | null) {
  if (!key) return
  await drive
    .use()
    .delete(key)
    .catch(() => {})
}
