import { readdir, statfs } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import {
  checkDatabase,
  checkDisk,
  checkMigrations,
  checkQueue,
  checkRedis,
  readiness,
  type DiskSpace,
  type QueueBacklog,
} from '#services/operations/health'

/**
 * The readiness checks wired to the running application: its primary database, Redis when a
 * part of the application uses it, the database queue, the uploads folder's disk and the
 * migrations.
 */
export function checkReadiness() {
  return readiness([
    () => checkDatabase(() => db.rawQuery('select 1')),
    () => checkRedis(redisInUse() ? pingRedis : null),
    () =>
      checkQueue(queueDriver() === 'database' ? readQueueBacklog : null, Date.now(), {
        driver: queueDriver(),
      }),
    () => checkDisk(uploadsOnThisMachine() ? () => diskSpace(uploadsPath()) : null),
    () => checkMigrations(migrationFiles, appliedMigrations),
  ])
}

/** Whether sessions, the context cache, the rate limits or the queue are kept in Redis. */
export function redisInUse() {
  return (
    env.get('SESSION_DRIVER') === 'redis' ||
    env.get('CACHE_STORE') === 'redis' ||
    env.get('LIMITER_STORE') === 'redis' ||
    env.get('QUEUE_DRIVER') === 'redis'
  )
}

async function pingRedis() {
  const { default: redis } = await import('@adonisjs/redis/services/main')
  return redis.connection('main').ping()
}

function queueDriver() {
  return env.get('QUEUE_DRIVER') || 'database'
}

/** Jobs waiting for a worker, and since when the oldest of them has been due. */
export async function readQueueBacklog(): Promise<QueueBacklog> {
  const now = Date.now()
  // A pending job's score is its priority × 10^13 plus the time it was queued (ms).
  const row = (await db
    .from('queue_jobs')
    .where('status', 'pending')
    .orWhere((query) => query.where('status', 'delayed').where('execute_at', '<=', now))
    .select(
      db.raw('count(*) as waiting'),
      db.raw(
        `min(case when status = 'pending' then score % 10000000000000 else execute_at end) as oldest`
      )
    )
    .first()) as { waiting: number | string; oldest: number | string | null } | null
  return {
    waiting: Number(row?.waiting ?? 0),
    oldestDueAt: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest),
  }
}

export function uploadsOnThisMachine() {
  return env.get('DRIVE_DISK') !== 's3'
}

/** The `fs` disk's folder (config/drive.ts). */
export function uploadsPath() {
  return app.makePath(env.get('UPLOADS_PATH') || 'storage/uploads')
}

/** Free space of the disk holding `path` (or its nearest existing parent, before the first upload). */
export async function diskSpace(path: string): Promise<DiskSpace> {
  let current = path
  for (;;) {
    try {
      const stats = await statfs(current)
      return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize }
    } catch (error) {
      const parent = dirname(current)
      if ((error as { code?: string }).code !== 'ENOENT' || parent === current) throw error
      current = parent
    }
  }
}

function migrationFolders() {
  const connection = db.primaryConnectionName
  const config = app.config.get<{ migrations?: { paths?: string[] } } | undefined>(
    `database.connections.${connection}`
  )
  return config?.migrations?.paths ?? ['database/migrations']
}

let knownMigrationFiles: string[] | undefined

/**
 * The migrations the application ships, by the name the migrator records. The folder does not
 * change while the process runs: it is read once.
 */
export async function migrationFiles() {
  if (knownMigrationFiles) return knownMigrationFiles
  const names: string[] = []
  for (const folder of migrationFolders()) {
    for (const file of await readdir(app.makePath(folder))) {
      if (!/\.(ts|js)$/.test(file) || file.endsWith('.d.ts')) continue
      names.push(
        join(folder, basename(file, extname(file)))
          .split('\\')
          .join('/')
      )
    }
  }
  knownMigrationFiles = names
  return names
}

export async function appliedMigrations() {
  const rows = (await db.from('adonis_schema').select('name')) as { name: string }[]
  return rows.map((row) => row.name)
}
