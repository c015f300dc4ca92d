/**
 * SQLite returns booleans as 0/1 and PostgreSQL returns NUMERIC as strings; these casts give
 * models the same types on both databases.
 */
export function asBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true'
}

export function asNumber(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value)
}

export function asNullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value)
}
