import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import { NotFoundForTeam } from '#services/market_data/benchmarks'

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
}

/**
 * Streams a file of the uploads disk as an attachment under the name it was uploaded with.
 * Callers check who may read it first; a missing file reads as not found.
 */
export async function sendStoredFile(response: HttpContext['response'], key: string, name: string) {
  const disk = drive.use()
  if (!(await disk.exists(key))) throw new NotFoundForTeam('File not found')
  const extension = key.split('.').pop()?.toLowerCase() ?? ''
  const safeName = name.replace(/["\\\r\n]/g, '_')
  response.header('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
  response.header(
    'Content-Disposition',
    `attachment; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(name)}`
  )
  response.header('X-Content-Type-Options', 'nosniff')
  response.stream(await disk.getStream(key))
}
