/**
 * How many rows an UPDATE or DELETE changed, on SQLite and PostgreSQL alike (the drivers shape
 * the result differently). Conditional updates use it to learn whether they won a race.
 */
export function affectedRows(result: unknown) {
  return Number(Array.isArray(result) ? result[0] : result) || 0
}
