import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import { NotFoundForTeam } from '#services/market_data/benchmarks'

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
}

/**
 * Streams a file of the uploads disk as an attachment under the name it was uploaded with.
 * Callers check who may read it first; a missing file reads as not found.
 */
export async function sendStoredFile(response: HttpContext['response'], key: string, name: string) {
  const disk = drive.use()
  if (!(await disk.exists(key))) throw new NotFoundForTeam('File not found')
  const extension = key.split('.').pop()?.toLowerCase() ?? ''
  response.header('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
  response.header('Content-Disposition', contentDisposition('attachment', name))
  response.header('X-Content-Type-Options', 'nosniff')
  response.stream(await disk.getStream(key))
}

/**
 * A file name without the folders a browser or a command line may have sent with it
 * (`C:\Users\ana\budget.csv`, `/home/ana/budget.csv`): the name is what the user sees and
 * saves, never a path of their machine.
 */
export function fileNameOnly(name: string) {
  return name.split(/[\\/]/).pop()?.trim() || 'file'
}

/**
 * A Content-Disposition header for a file name chosen by a user: the plain `filename` keeps
 * printable ASCII only (a header cannot carry anything else: Node refuses to send it), and
 * `filename*` carries the whole name, UTF-8 and percent-encoded (RFC 6266), for browsers.
 */
export function contentDisposition(disposition: 'attachment' | 'inline', given: string) {
  const name = fileNameOnly(given)
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`
  )
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}
