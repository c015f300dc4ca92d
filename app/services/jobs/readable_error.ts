/**
 * A failure as a sentence an administrator can read: the database's own words (a locked
 * database, a broken constraint, the SQL that failed) are replaced by what happened; the error
 * itself belongs in the log.
 */
export function readableError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error)
  const details = (error ?? {}) as { code?: unknown; routine?: unknown }
  const code = typeof details.code === 'string' ? details.code : ''
  if (/SQLITE_BUSY|database is locked|^55P03$|^40P01$/i.test(`${code} ${message}`)) {
    return 'The database was busy with other writes for too long; what the job was doing was rolled back. Run it again.'
  }
  const fromDatabase =
    code.startsWith('SQLITE_') ||
    typeof details.routine === 'string' ||
    /^\s*(insert|update|delete|select|with)\s/i.test(message)
  if (fromDatabase) {
    return 'The database refused a write; what the job was doing was rolled back. Run it again; if it fails again, the technical log has the details.'
  }
  return message.slice(0, 2000)
}
