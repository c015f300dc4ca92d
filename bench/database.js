/*
 * The bench's own database. A prepared copy (migrated, seeded, generated) is kept between
 * runs and reused while its fingerprint matches; every run measures a fresh copy of it, so
 * that what a run writes (sessions of signed-out visits, sign-ins) never reaches the next.
 *
 * SQLite: tmp/bench/sqlite/prepared.sqlite3 with prepared.json next to it; each run copies it
 * to run.sqlite3. PostgreSQL: the template database spendlens_bench_template, its fingerprint
 * in the database comment; each run recreates spendlens_bench from it.
 */
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join, relative } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { OUT_DIR, ROOT, SETTINGS } from './config.js'

/** Files whose change makes a prepared database stale (schema, seeders, generators). */
function sourceFiles() {
  const files = []
  const walk = (dir) => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else files.push(path)
    }
  }
  walk(join(ROOT, 'database'))
  walk(join(ROOT, 'commands'))
  // Generated from the migrations by migration:run; not an input.
  return files.filter((file) => !file.endsWith(join('database', 'schema.ts'))).sort()
}

/**
 * What the prepared data depends on: the migrations, seeders and generator sources (names
 * and contents), the data steps with their flags, and the demo password.
 */
export function fingerprint(dataSteps) {
  const hash = createHash('sha256')
  hash.update(JSON.stringify({ kind: SETTINGS.database, dataSteps, pw: SETTINGS.demoPassword }))
  for (const file of sourceFiles()) {
    hash.update(relative(ROOT, file))
    hash.update(readFileSync(file))
  }
  return hash.digest('hex').slice(0, 16)
}

function sqliteDatabase() {
  const dir = join(OUT_DIR, 'sqlite')
  const prepared = join(dir, 'prepared.sqlite3')
  const stamp = join(dir, 'prepared.json')
  const run = join(dir, 'run.sqlite3')
  const uploads = join(dir, 'uploads')
  const removeFile = (file) => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
  }
  return {
    kind: 'sqlite',
    async describe() {
      const db = new Database(prepared, { readonly: true })
      const version = db.prepare('select sqlite_version() as v').get().v
      db.close()
      const megabytes = (statSync(prepared).size / 1024 / 1024).toFixed(1)
      return `SQLite ${version} (${megabytes} MB)`
    },
    env(which) {
      return {
        DB_CONNECTION: 'sqlite',
        SQLITE_FILE: which === 'prepared' ? prepared : run,
        UPLOADS_PATH: uploads,
      }
    },
    uploads,
    async preparedFingerprint() {
      if (!existsSync(prepared) || !existsSync(stamp)) return null
      return JSON.parse(readFileSync(stamp, 'utf8')).fingerprint ?? null
    },
    async reset() {
      rmSync(stamp, { force: true })
      removeFile(prepared)
      rmSync(uploads, { recursive: true, force: true })
      mkdirSync(uploads, { recursive: true })
    },
    async seal(print) {
      // Everything into the main file, so that a plain copy is the whole database.
      const db = new Database(prepared)
      db.pragma('wal_checkpoint(TRUNCATE)')
      db.close()
      writeFileSync(stamp, JSON.stringify({ fingerprint: print, at: new Date().toISOString() }))
    },
    async makeRunCopy() {
      removeFile(run)
      copyFileSync(prepared, run)
    },
    async open() {
      const db = new Database(run, { readonly: true, fileMustExist: true })
      return {
        async all(sql, params = []) {
          return db.prepare(sql).all(...params)
        },
        async close() {
          db.close()
        },
      }
    },
  }
}

function pgSettings() {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL)
    return {
      host: url.hostname,
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    }
  }
  return {
    host: process.env.PG_HOST || '127.0.0.1',
    port: Number(process.env.PG_PORT || 5432),
    user: process.env.PG_USER || 'postgres',
    password: process.env.PG_PASSWORD || '',
  }
}

function pgDatabase() {
  const template = 'spendlens_bench_template'
  const run = 'spendlens_bench'
  const settings = pgSettings()
  const uploads = join(OUT_DIR, 'pg', 'uploads')
  const marker = 'spendlens-bench:'
  const url = (database) => {
    const auth = `${encodeURIComponent(settings.user)}:${encodeURIComponent(settings.password)}`
    return `postgres://${auth}@${settings.host}:${settings.port}/${database}`
  }
  async function admin(fn) {
    const client = new pg.Client({ ...settings, database: 'postgres' })
    await client.connect()
    try {
      return await fn(client)
    } finally {
      await client.end()
    }
  }
  return {
    kind: 'pg',
    async describe() {
      return admin(async (client) => {
        const { rows } = await client.query('show server_version')
        const size = await client.query('select pg_database_size($1) as bytes', [template])
        const megabytes = (Number(size.rows[0].bytes) / 1024 / 1024).toFixed(1)
        return `PostgreSQL ${rows[0].server_version} (${megabytes} MB)`
      })
    },
    env(which) {
      // DATABASE_URL wins over PG_* in config/database.ts: set it, whatever .env says.
      return {
        DB_CONNECTION: 'pg',
        DATABASE_URL: url(which === 'prepared' ? template : run),
        UPLOADS_PATH: uploads,
      }
    },
    uploads,
    async preparedFingerprint() {
      return admin(async (client) => {
        const { rows } = await client.query(
          `select shobj_description(oid, 'pg_database') as comment
             from pg_database where datname = $1`,
          [template]
        )
        const comment = rows[0]?.comment
        return comment?.startsWith(marker) ? comment.slice(marker.length) : null
      })
    },
    async reset() {
      await admin(async (client) => {
        await client.query(`drop database if exists ${template} with (force)`)
        await client.query(`create database ${template}`)
      })
      rmSync(uploads, { recursive: true, force: true })
      mkdirSync(uploads, { recursive: true })
    },
    async seal(print) {
      await admin((client) =>
        client.query(`comment on database ${template} is '${marker}${print.replace(/\W/g, '')}'`)
      )
    },
    async makeRunCopy() {
      await admin(async (client) => {
        await client.query(`drop database if exists ${run} with (force)`)
        await client.query(`create database ${run} template ${template}`)
      })
    },
    async open() {
      const client = new pg.Client({ ...settings, database: run })
      await client.connect()
      return {
        async all(sql, params = []) {
          let index = 0
          const { rows } = await client.query(
            sql.replace(/\?/g, () => `$${++index}`),
            params
          )
          return rows
        },
        async close() {
          await client.end()
        },
      }
    },
  }
}

export function benchDatabase() {
  return SETTINGS.database === 'pg' ? pgDatabase() : sqliteDatabase()
}
