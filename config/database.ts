import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'
import { cachePreparedStatements } from '#services/db/statement_cache'
// Transactions wait for the write lock instead of failing on it (see the module).
import '#services/db/sqlite_transactions'

/**
 * SQLite is the embedded default; PostgreSQL is selected with DB_CONNECTION=pg and
 * configured through DATABASE_URL or the PG_* variables.
 */
const sqliteFile = env.get('SQLITE_FILE') || app.tmpPath(app.inTest ? 'test.sqlite3' : 'db.sqlite3')
// A fresh clone has no tmp/: the embedded database creates its own directory.
if ((env.get('DB_CONNECTION') || 'sqlite') === 'sqlite')
  mkdirSync(dirname(sqliteFile), { recursive: true })

const primary = env.get('DB_CONNECTION') || 'sqlite'

/*
 * How long a write waits for SQLite's write lock (one writer at a time) before it fails. A
 * request waits up to 10 s (an import's final transaction holds the lock a few seconds); the
 * background worker and the import commands, whose commits are long and may be retried, wait
 * up to 2 min rather than lose their work.
 */
const backgroundProcess = process.argv.some(
  (argument) => argument === 'jobs:work' || argument.startsWith('import:')
)

const sqliteConnection = (busyTimeoutMs: number) => ({
  client: 'better-sqlite3' as const,
  connection: { filename: sqliteFile },
  useNullAsDefault: true,
  pool: {
    afterCreate: (conn: any, done: (error: Error | null, conn: any) => void) => {
      // The default rollback journal fsyncs on every session write; WAL does not.
      conn.pragma('journal_mode = WAL')
      conn.pragma('synchronous = NORMAL')
      conn.pragma('foreign_keys = ON')
      // 64 MB of page cache (the default is 2 MB): imports and aggregates touch many pages.
      conn.pragma('cache_size = -65536')
      conn.pragma(`busy_timeout = ${busyTimeoutMs}`)
      // Each distinct query is compiled once per connection, not on every run.
      done(null, cachePreparedStatements(conn))
    },
  },
})

/*
 * When PostgreSQL cannot be reached, a request fails within a few seconds (answered 503, see
 * app/services/db/unavailable.ts) rather than waiting: opening a connection gives up after
 * DB_CONNECT_TIMEOUT_MS (default 3 s), and waiting for a free connection of the pool after
 * DB_ACQUIRE_TIMEOUT_MS (default 4 s for the web; the background worker and the import
 * commands wait up to 60 s, their work is retried rather than answered). DB_STATEMENT_TIMEOUT_MS
 * (default none) makes the server cancel a statement running longer. Broken connections are
 * dropped by the pool and new ones opened once the database answers again.
 */
const connectTimeoutMs = env.get('DB_CONNECT_TIMEOUT_MS') ?? 3_000
const acquireTimeoutMs = env.get('DB_ACQUIRE_TIMEOUT_MS') ?? (backgroundProcess ? 60_000 : 4_000)
const statementTimeoutMs = env.get('DB_STATEMENT_TIMEOUT_MS')

const pgConnection = {
  client: 'pg' as const,
  connection: {
    ...(env.get('DATABASE_URL')
      ? { connectionString: env.get('DATABASE_URL') }
      : {
          host: env.get('PG_HOST', '127.0.0.1'),
          port: env.get('PG_PORT', 5432),
          user: env.get('PG_USER', 'postgres'),
          password: env.get('PG_PASSWORD', ''),
          database: env.get('PG_DATABASE', 'spendlens'),
        }),
    connectionTimeoutMillis: connectTimeoutMs,
    // A connection whose server went silent is noticed by the kernel, not only at the next query.
    keepAlive: true,
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
  },
  acquireConnectionTimeout: acquireTimeoutMs,
}

const dbConfig = defineConfig({
  connection: primary,
  connections: {
    /*
     * The queue's own connection to the primary database (jobs, heartbeats): a worker running
     * an import keeps its primary connection in a transaction meanwhile.
     */
    queue:
      primary === 'pg'
        ? { ...pgConnection, pool: { min: 0, max: 2 } }
        : // Waits for the write lock longer than a request would: an import's final step holds it.
          sqliteConnection(60_000),
    sqlite: {
      ...sqliteConnection(backgroundProcess ? 120_000 : 10_000),
      migrations: { naturalSort: true, paths: ['database/migrations'] },
      seeders: { paths: ['database/seeders'] },
      schemaGeneration: {
        // The full-text index is an FTS5 table and its shadow tables: read by SQL, not models.
        excludeTables: [
          'sessions',
          'rate_limits',
          'research_document_search',
          'research_document_search_config',
          'research_document_search_content',
          'research_document_search_data',
          'research_document_search_docsize',
          'research_document_search_idx',
        ],
      },
    },
    pg: {
      ...pgConnection,
      pool: { min: 0, max: 10 },
      migrations: { naturalSort: true, paths: ['database/migrations'] },
      seeders: { paths: ['database/seeders'] },
      // database/schema.ts is generated from the SQLite schema (the same tables).
      schemaGeneration: { enabled: false },
    },
  },
})

export default dbConfig
