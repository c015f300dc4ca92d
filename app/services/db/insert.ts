import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Inserts one row and returns its id, on SQLite and PostgreSQL alike (the drivers shape the
 * RETURNING result differently).
 */
export async function insertReturningId(
  client: Pick<QueryClientContract, 'table'>,
  table: string,
  values: Record<string, unknown>
): Promise<number> {
  const [row] = await client.table(table).insert(values).returning('id')
  return Number(typeof row === 'object' ? row.id : row)
}
