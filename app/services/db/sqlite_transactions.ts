import { createRequire } from 'node:module'

/**
 * SQLite transactions take the write lock when they begin (`BEGIN IMMEDIATE`), waiting for it
 * up to the connection's busy timeout.
 *
 * A deferred `BEGIN` (Knex's) reads first and asks for the write lock at its first write; in
 * WAL mode, if another process wrote meanwhile, SQLite cannot hand the lock over and fails at
 * once with "database is locked", without waiting: a long import commit failed that way while
 * administrators saved pages. Taken at the start, the lock is waited for instead (Rails does the
 * same for SQLite). Savepoints (nested transactions) are unchanged.
 */
const require = createRequire(import.meta.url)
const SqliteTransaction = require('knex/lib/dialects/sqlite3/execution/sqlite-transaction.js')

SqliteTransaction.prototype.begin = function begin(this: any, connection: unknown) {
  return this.query(connection, 'BEGIN IMMEDIATE;')
}
