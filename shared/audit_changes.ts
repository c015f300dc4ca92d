/**
 * What an audit entry changed, line by line: every value of the record before and after by its
 * path ("Northbridge · BBG-2024 › end date", "drivers 2 › value"), and the lines whose value
 * differs, as before → after. Values come with names instead of ids (`services/audit`).
 */

export interface AuditChange {
  key: string
  before: string
  after: string
}

const MISSING = '—'

/** Every value of a record by its path; an empty list reads "none". */
export function flattenAuditValue(value: unknown, path = '', into = new Map<string, string>()) {
  if (Array.isArray(value)) {
    if (value.length === 0 && path) into.set(path, 'none')
    value.forEach((entry, index) =>
      flattenAuditValue(entry, path ? `${path} ${index + 1}` : `${index + 1}`, into)
    )
  } else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      const name = key.replaceAll('_', ' ')
      flattenAuditValue(entry, path ? `${path} › ${name}` : name, into)
    }
  } else if (path) {
    into.set(path, value === null || value === undefined ? MISSING : String(value))
  }
  return into
}

/** The lines that differ between before and after; all of them for a create or delete. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const a = flattenAuditValue(before)
  const b = flattenAuditValue(after)
  return [...new Set([...a.keys(), ...b.keys()])]
    .map((key) => ({ key, before: a.get(key) ?? MISSING, after: b.get(key) ?? MISSING }))
    .filter((change) => change.before !== change.after)
}
