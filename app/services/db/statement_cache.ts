/**
 * Keeps the prepared statements of one better-sqlite3 connection for reuse. Knex prepares every
 * query's statement anew, which on a page of a few small queries costs as much as running them
 * (about a tenth of a signed-in request's CPU). A statement is compiled once per distinct SQL
 * text and connection and kept in a small least-recently-used list.
 *
 * Reuse is safe here: better-sqlite3 runs a statement to completion synchronously (`all`, `run`,
 * `get`), so one statement never serves two callers at once, and SQLite recompiles a kept
 * statement by itself when the schema changes. Only data statements are kept; schema changes,
 * pragmas and transaction control are prepared each time as before.
 */
const REUSABLE = /^\s*(select|insert|update|delete|with)\b/i

export const STATEMENT_CACHE_SIZE = 500

interface PreparingConnection {
  prepare(sql: string): unknown
}

export function cachePreparedStatements<T extends PreparingConnection>(
  connection: T,
  size = STATEMENT_CACHE_SIZE
): T {
  const prepare = connection.prepare.bind(connection)
  const statements = new Map<string, unknown>()
  connection.prepare = (sql: string) => {
    const kept = statements.get(sql)
    if (kept !== undefined) {
      // Most recently used last: the oldest entry is the first one a full list drops.
      statements.delete(sql)
      statements.set(sql, kept)
      return kept
    }
    const statement = prepare(sql)
    if (REUSABLE.test(sql)) {
      statements.set(sql, statement)
      if (statements.size > size) statements.delete(statements.keys().next().value!)
    }
    return statement
  }
  return connection
}
