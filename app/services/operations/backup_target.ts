import { resolve } from 'node:path'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { BackupError, type PgConnection } from '#services/operations/backup'
import { uploadsOnThisMachine, uploadsPath } from '#services/operations/health_probes'

/** Where `db:backup` writes its archives unless told otherwise. */
export const DEFAULT_BACKUP_FOLDER = 'tmp/backups'

export interface ConnectionTarget {
  name: string
  client: 'sqlite' | 'pg'
  config: { connection?: unknown }
}

/** The named connection of config/database.ts (default the primary one). */
export function connectionOf(name: string | undefined): ConnectionTarget {
  const connectionName = name || db.primaryConnectionName
  const config = app.config.get<{ client?: string; connection?: unknown } | undefined>(
    `database.connections.${connectionName}`
  )
  if (!config) throw new BackupError(`Unknown database connection "${connectionName}".`)
  const client =
    config.client === 'better-sqlite3' || config.client === 'sqlite3'
      ? 'sqlite'
      : config.client === 'pg'
        ? 'pg'
        : null
  if (!client) {
    throw new BackupError(`Connection "${connectionName}" uses ${config.client}: not supported.`)
  }
  return { name: connectionName, client, config }
}

function connectionFile(connection: ConnectionTarget) {
  const filename = (connection.config.connection as { filename?: string } | undefined)?.filename
  if (!filename) throw new BackupError(`Connection "${connection.name}" names no SQLite file.`)
  return resolve(filename)
}

/** The SQLite file to back up or restore: `--database`, else the connection's. */
export function sqliteFile(connection: ConnectionTarget, override: string | undefined) {
  return override ? app.makePath(override) : connectionFile(connection)
}

export function isConnectionFile(connection: ConnectionTarget, file: string) {
  return connectionFile(connection) === resolve(file)
}

/** The PostgreSQL connection to dump; `--database` names another database on the same server. */
export function pgConnection(connection: ConnectionTarget, database: string | undefined) {
  const settings = connection.config.connection
  if (typeof settings === 'string') {
    if (database) {
      const url = new URL(settings)
      url.pathname = `/${database}`
      return { connectionString: url.toString() } satisfies PgConnection
    }
    return { connectionString: settings } satisfies PgConnection
  }
  const values = (settings ?? {}) as PgConnection
  if (values.connectionString) {
    // DATABASE_URL, with the pool's timeouts next to it (config/database.ts).
    if (!database) return values
    const url = new URL(values.connectionString)
    url.pathname = `/${database}`
    return { ...values, connectionString: url.toString() } satisfies PgConnection
  }
  return { ...values, database: database || values.database } satisfies PgConnection
}

/** The uploads folder: `--uploads`, else the `fs` disk's folder (none with S3 storage). */
export function uploadsFolder(override: string | undefined) {
  if (override) return app.makePath(override)
  return uploadsOnThisMachine() ? uploadsPath() : null
}
