import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import {
  chmod,
  copyFile,
  mkdir,
  open,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { openSqlite } from '#services/operations/sqlite_file'

const run = promisify(execFile)

/**
 * Backups of the database and the uploaded files as one dated archive (`tar.gz`):
 *
 *   manifest.json      what the archive holds (format, database kind, when)
 *   database.sqlite3   SQLite: an online copy (`VACUUM INTO`: consistent while the app runs)
 *   database.dump      PostgreSQL: `pg_dump --format=custom` (restore with `pg_restore`)
 *   uploads/           the uploads folder (the `fs` disk), when uploads are kept on this machine
 *
 * The archive is written under a temporary name and renamed when complete, so a listed archive
 * is never a partial one. The system `tar` builds and reads it.
 */
export const ARCHIVE_PREFIX = 'spendlens-backup-'
export const MANIFEST_FORMAT = 1

export interface Manifest {
  format: number
  createdAt: string
  database: 'sqlite' | 'pg'
  databaseFile: 'database.sqlite3' | 'database.dump'
  uploads: boolean
}

export class BackupError extends Error {}

export interface BackupResult {
  archive: string
  bytes: number
  manifest: Manifest
}

/** `spendlens-backup-20261128-021500.tar.gz` (UTC). */
export function archiveName(now: Date) {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-')
  return `${ARCHIVE_PREFIX}${stamp}.tar.gz`
}

/** A staging folder of its own next to `near` (the same disk, so that renames are atomic). */
async function stagingFolder(near: string) {
  const folder = join(near, `.backup-staging-${Date.now()}-${randomBytes(4).toString('hex')}`)
  await mkdir(folder, { recursive: true })
  return folder
}

/**
 * Packs the staging folder (its database copy and manifest, and the uploads folder through a
 * link that tar follows) into `outDir`, under a temporary name renamed when complete.
 */
async function pack(staging: string, uploadsDir: string | null, outDir: string, now: Date) {
  const entries = ['manifest.json', ...(await databaseEntry(staging))]
  if (uploadsDir) {
    await symlink(resolve(uploadsDir), join(staging, 'uploads'), 'dir')
    entries.push('uploads')
  }
  const archive = join(outDir, archiveName(now))
  if (existsSync(archive)) throw new BackupError(`${archive} already exists.`)
  const partial = `${archive}.partial`
  // -h: the uploads link is archived as the folder it points to.
  await run('tar', ['-czhf', partial, '-C', staging, ...entries])
  // Every team's data and the users' password hashes: readable by this account only.
  await chmod(partial, 0o600)
  await rename(partial, archive)
  return archive
}

async function databaseEntry(staging: string) {
  for (const name of ['database.sqlite3', 'database.dump']) {
    if (existsSync(join(staging, name))) return [name]
  }
  return []
}

async function writeManifest(staging: string, manifest: Manifest) {
  await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
}

/** Backs up a SQLite database file (it may be in use) and the uploads folder. */
export async function backupSqlite(options: {
  databaseFile: string
  uploadsDir: string | null
  outDir: string
  now?: Date
}): Promise<BackupResult> {
  const now = options.now ?? new Date()
  if (!existsSync(options.databaseFile)) {
    throw new BackupError(`The database file ${options.databaseFile} does not exist.`)
  }
  const uploadsDir = await existingFolder(options.uploadsDir)
  await mkdir(options.outDir, { recursive: true })
  const staging = await stagingFolder(options.outDir)
  try {
    const source = openSqlite(options.databaseFile, { fileMustExist: true })
    try {
      source.pragma('busy_timeout = 60000')
      // A consistent copy while other connections keep reading and writing.
      source.prepare('VACUUM INTO ?').run(join(staging, 'database.sqlite3'))
    } finally {
      source.close()
    }
    return await sealArchive(staging, 'sqlite', 'database.sqlite3', uploadsDir, options.outDir, now)
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

/** Writes the manifest beside the database copy and packs both, with the uploads, into the archive. */
async function sealArchive(
  staging: string,
  database: Manifest['database'],
  databaseFile: Manifest['databaseFile'],
  uploadsDir: string | null,
  outDir: string,
  now: Date
) {
  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    createdAt: now.toISOString(),
    database,
    databaseFile,
    uploads: uploadsDir !== null,
  }
  await writeManifest(staging, manifest)
  const archive = await pack(staging, uploadsDir, outDir, now)
  const { size } = await stat(archive)
  return { archive, bytes: size, manifest }
}

export interface PgConnection {
  connectionString?: string
  host?: string
  port?: number
  user?: string
  password?: string
  database?: string
}

/** Backs up a PostgreSQL database with `pg_dump` (custom format) and the uploads folder. */
export async function backupPostgres(options: {
  connection: PgConnection
  uploadsDir: string | null
  outDir: string
  now?: Date
}): Promise<BackupResult> {
  const now = options.now ?? new Date()
  const uploadsDir = await existingFolder(options.uploadsDir)
  await mkdir(options.outDir, { recursive: true })
  const staging = await stagingFolder(options.outDir)
  try {
    const { connection } = options
    const args = ['--format=custom', '--no-owner', `--file=${join(staging, 'database.dump')}`]
    // The password goes through the environment, never the command line (visible to `ps`).
    const environment: NodeJS.ProcessEnv = { ...process.env }
    if (connection.connectionString) {
      args.push(`--dbname=${connection.connectionString}`)
    } else {
      if (connection.host) environment.PGHOST = connection.host
      if (connection.port) environment.PGPORT = String(connection.port)
      if (connection.user) environment.PGUSER = connection.user
      if (connection.password) environment.PGPASSWORD = connection.password
      if (connection.database) args.push(`--dbname=${connection.database}`)
    }
    try {
      await run('pg_dump', args, { env: environment, maxBuffer: 16 * 1024 * 1024 })
    } catch (error) {
      const stderr = String((error as { stderr?: string }).stderr ?? '').trim()
      throw new BackupError(
        (error as { code?: string }).code === 'ENOENT'
          ? 'pg_dump was not found: install the PostgreSQL client tools (the same major version as the server).'
          : `pg_dump failed: ${stderr || (error as Error).message}`
      )
    }
    return await sealArchive(staging, 'pg', 'database.dump', uploadsDir, options.outDir, now)
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

/** The folder, or null when there is none (nothing uploaded yet). */
async function existingFolder(folder: string | null) {
  if (!folder) return null
  try {
    const stats = await stat(folder)
    return stats.isDirectory() ? folder : null
  } catch {
    return null
  }
}

const SQLITE_HEADER = 'SQLite format 3\0'

/**
 * Unpacks an archive into a staging folder next to `near` and checks what it holds, without
 * touching anything else. The caller removes the folder.
 */
export async function unpack(archive: string, near: string) {
  if (!existsSync(archive)) throw new BackupError(`The archive ${archive} does not exist.`)
  await mkdir(near, { recursive: true })
  const staging = await stagingFolder(near)
  try {
    const { stdout } = await run('tar', ['-tzf', archive], { maxBuffer: 256 * 1024 * 1024 })
    const names = stdout.split('\n').filter(Boolean)
    const unsafe = names.find(
      (name) => name.startsWith('/') || name.split('/').includes('..') || name.includes('\\')
    )
    if (unsafe) throw new BackupError(`The archive holds an unsafe path (${unsafe}).`)
    if (!names.includes('manifest.json')) {
      throw new BackupError(`${basename(archive)} is not a backup of this application.`)
    }
    await run('tar', ['-xzf', archive, '-C', staging, '--no-same-owner'])
    const manifest = JSON.parse(await readFile(join(staging, 'manifest.json'), 'utf8')) as Manifest
    if (manifest.format !== MANIFEST_FORMAT) {
      throw new BackupError(`Unknown backup format ${manifest.format}.`)
    }
    return { staging, manifest }
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    if (error instanceof BackupError) throw error
    throw new BackupError(
      `${basename(archive)} cannot be read: ${String((error as { stderr?: string }).stderr ?? (error as Error).message).trim()}`
    )
  }
}

/**
 * Restores a SQLite backup: the database file (written beside it, then renamed over it; the old
 * file's WAL and shared-memory files removed, as they belong to the old file) and the uploads
 * folder (unpacked beside it, then swapped in). Every check runs before anything is replaced.
 * Connections to the database must be closed first.
 */
export async function restoreSqlite(options: {
  archive: string
  databaseFile: string
  uploadsDir: string | null
}) {
  const target = resolve(options.databaseFile)
  const uploadsDir = options.uploadsDir ? resolve(options.uploadsDir) : null
  const { staging, manifest } = await unpack(
    options.archive,
    uploadsDir ? dirname(uploadsDir) : dirname(target)
  )
  try {
    if (manifest.database !== 'sqlite') {
      throw new BackupError(
        `This archive holds a PostgreSQL dump: restore database.dump with pg_restore (see the README).`
      )
    }
    const copy = join(staging, 'database.sqlite3')
    const header = Buffer.alloc(16)
    const handle = await open(copy, 'r')
    try {
      await handle.read(header, 0, 16, 0)
    } finally {
      await handle.close()
    }
    if (header.toString('latin1') !== SQLITE_HEADER) {
      throw new BackupError("The archive's database.sqlite3 is not a SQLite database.")
    }
    const check = openSqlite(copy, { readonly: true, fileMustExist: true })
    try {
      const result = check.pragma('quick_check', { simple: true })
      if (result !== 'ok') throw new BackupError(`The archived database is damaged: ${result}`)
    } finally {
      check.close()
    }

    // The database: beside the target, then renamed over it.
    await mkdir(dirname(target), { recursive: true })
    const incoming = `${target}.restoring`
    await copyFile(copy, incoming)
    await rm(`${target}-wal`, { force: true })
    await rm(`${target}-shm`, { force: true })
    await rename(incoming, target)

    // The uploads: the archived folder swapped in (an archive without uploads leaves them).
    let uploadsRestored = false
    if (uploadsDir && manifest.uploads && existsSync(join(staging, 'uploads'))) {
      const previous = `${uploadsDir}.before-restore-${Date.now()}`
      const hadUploads = existsSync(uploadsDir)
      if (hadUploads) await rename(uploadsDir, previous)
      await rename(join(staging, 'uploads'), uploadsDir)
      if (hadUploads) await rm(previous, { recursive: true, force: true })
      uploadsRestored = true
    }
    return { manifest, uploadsRestored }
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}
