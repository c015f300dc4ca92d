/** The largest signed contract document (PDF) an administrator may upload, in MB. */
export const CONTRACT_DOCUMENT_MAX_MB = 20

/**
 * The contract a provider's page opens on: the one in force today (the latest started of
 * them), else the one that ended most recently, else the next to start. Dates are calendar
 * dates (YYYY-MM-DD).
 */
export function defaultContract<T extends { start_date: string; end_date: string }>(
  contracts: T[],
  today: string
): T | null {
  const byStartDesc = [...contracts].sort((a, b) => b.start_date.localeCompare(a.start_date))
  const current = byStartDesc.find((entry) => entry.start_date <= today && entry.end_date >= today)
  if (current) return current
  const ended = [...contracts]
    .filter((entry) => entry.end_date < today)
    .sort((a, b) => b.end_date.localeCompare(a.end_date))
  if (ended[0]) return ended[0]
  const upcoming = [...contracts].sort((a, b) => a.start_date.localeCompare(b.start_date))
  return upcoming[0] ?? null
}
