/*
 * `npm run test:crash`: a worker killed with SIGKILL in the middle of committing a large import
 * leaves the database exactly as it was, and a restarted worker finishes the job cleanly.
 *
 * On SQLite (a file of its own) and on PostgreSQL (a database of its own), with the production
 * build: migrations, reference data, a team with Research Spend Analytics, three research
 * providers and an administrator; the production server and one worker of the `imports` pool
 * (`node ace.js jobs:work --pool=imports`). Through the administration's real path (sign-in,
 * upload, preview job, commit button):
 *   1. a small file of client interactions is committed by the operators' command
 *      `import:client-interactions` (the data a crash must not touch);
 *   2. a file of 100,000 interactions (the first ten replacing stored ones) is uploaded and
 *      previewed, and everything the import writes is snapshotted: the row count of every table
 *      but the job bookkeeping, and a checksum of the rows of the research spend tables;
 *   3. the commit is queued; once the worker logs that its write transaction has begun (on
 *      PostgreSQL: and half the rows are written in it; on SQLite: the staged rows are being
 *      moved into place) the worker is killed with SIGKILL;
 *   4. the snapshot is unchanged, the import is still `committing` and its page shows it as
 *      interrupted;
 *   5. a new worker takes the job over (QUEUE_STALLED_THRESHOLD=2s) and commits it: 100,000
 *      rows, 10 replaced, no duplicate; the dead attempt is recorded as abandoned with its
 *      message, the import page shows it committed.
 *
 *   node bin/test_crash_safety.js                 build, then both databases
 *   node bin/test_crash_safety.js --no-build      reuse build/ (built when missing)
 *   node bin/test_crash_safety.js --only=sqlite   (or --only=pg)
 *
 * CRASH_SQLITE_FILE (default tmp/crash_safety.sqlite3), CRASH_PG_DATABASE (default crash_ci,
 * dropped and created), CRASH_PORT (default 3386: the server; the next port on PostgreSQL),
 * CRASH_ROWS (default 100000). Every process it starts is stopped whatever happens; the run is
 * bounded in time. Exit status 0 when every check passes.
 */
import { spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import Database from 'better-sqlite3'

const argv = process.argv.slice(2)
const only = argv.find((arg) => arg.startsWith('--only='))?.split('=')[1]
const ROWS = Number(process.env.CRASH_ROWS || 100_000)
const REPLACED = 10
const SMALL_ROWS = 20
const YEAR = 2024
const BASE_PORT = Number(process.env.CRASH_PORT || 3386)
const SQLITE_FILE = resolve(process.env.CRASH_SQLITE_FILE || 'tmp/crash_safety.sqlite3')
const PG_DATABASE = process.env.CRASH_PG_DATABASE || 'crash_ci'
const PG = {
  host: process.env.PG_HOST || '127.0.0.1',
  port: Number(process.env.PG_PORT || 5432),
  user: process.env.PG_USER || 'postgres',
  password: process.env.PG_PASSWORD || undefined,
}
/** The whole run, build included. */
const RUN_LIMIT_MS = 10 * 60 * 1000
/** A step waited on (a preview, a commit, a takeover) must be done within this. */
const STEP_LIMIT_MS = 90_000
const PASSWORD = 'Sturdy-Ledger-Password-2026'
const ADMIN_EMAIL = 'alex.admin@example.test'
const TEAM = 'Crash Test Research'
const HEADER = 'external_ref,source_system,occurred_at,provider_key,interaction_type,duration_min'
const TYPES = ['report_read', 'model_download', 'analyst_call', 'one_to_one', 'group_meeting']
/** The worker's line once the commit has written everything, before its transaction ends. */
const WRITTEN = /import #(\d+): holding the written transaction/
/** The job's own bookkeeping, which a crash and a takeover change by design. */
const BOOKKEEPING = new Set([
  'rsa_imports',
  'rsa_interaction_staging',
  'queue_jobs',
  'queue_schedules',
  'job_runs',
  'worker_processes',
  'sessions',
  'rate_limits',
  'adonis_schema',
  'adonis_schema_versions',
])
/** The research spend tables an interactions import writes (rows compared, not only counted). */
const COMPARED = [
  'rsa_interactions',
  'rsa_import_replaced_interactions',
  'rsa_team_metrics',
  'rsa_team_provider_stats',
  'rsa_benchmark_runs',
  'audit_logs',
]

const startedAt = performance.now()
const elapsed = () => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`
const log = (message) => console.log(`[crash ${elapsed()}] ${message}`)

/** Every child still running: stopped on the way out, whatever happens. */
const children = new Set()
/** Every process started, with its output (the last of it is shown when a check fails). */
const handles = []

function stopAll(signal = 'SIGKILL') {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
  }
}

function exited(child) {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done()
    else child.once('exit', () => done())
  })
}

async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited(child)
  clearTimeout(timer)
}

function baseEnv(database, port) {
  const env = { ...process.env }
  for (const name of ['SQLITE_FILE', 'PG_DATABASE', 'DATABASE_URL', 'DB_CONNECTION'])
    delete env[name]
  return {
    ...env,
    ...database.env,
    TZ: 'UTC',
    NODE_ENV: 'production',
    APP_KEY: randomBytes(32).toString('base64url'),
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: '1',
    MAIL_MAILER: 'outbox',
    QUEUE_DRIVER: 'database',
    SESSION_DRIVER: 'database',
    CACHE_STORE: 'memory',
    LIMITER_STORE: 'memory',
    DRIVE_DISK: 'fs',
    UPLOADS_PATH: resolve(`tmp/crash-uploads-${database.kind}`),
    ASSETS_VERSION: 'crash',
  }
}

/** An ace command of the build; its output is shown only when it fails. */
function ace(env, args) {
  const result = spawnSync(process.execPath, ['ace.js', ...args], {
    cwd: 'build',
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: STEP_LIMIT_MS,
  })
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '')
    process.stderr.write(result.stderr ?? '')
    throw new Error(`"ace ${args.join(' ')}" failed (${result.status ?? result.signal})`)
  }
}

/** A process of the build, its output kept (and shown when a check fails). */
function startProcess(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: 'build',
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  child.once('exit', () => children.delete(child))
  const handle = { name, child, output: '' }
  handles.push(handle)
  const listeners = new Set()
  const take = (chunk) => {
    handle.output += chunk
    for (const listen of listeners) listen(String(chunk))
  }
  child.stdout.on('data', take)
  child.stderr.on('data', take)
  handle.onOutput = (listen) => {
    listeners.add(listen)
    return () => listeners.delete(listen)
  }
  handle.tail = () => `--- ${name} output ---\n${handle.output.slice(-4000)}`
  return handle
}

async function waitFor(what, check, shown = [], ms = STEP_LIMIT_MS) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    let value
    try {
      value = await check()
    } catch (error) {
      error.message += `\n${shown.map((h) => h.tail()).join('\n')}`
      throw error
    }
    if (value) return value
    await sleep(50)
  }
  throw new Error(
    `Timed out (${ms / 1000} s) waiting for ${what}.\n${shown.map((h) => h.tail()).join('\n')}`
  )
}

const DATABASES = {
  sqlite: {
    kind: 'sqlite',
    label: 'SQLite',
    env: { DB_CONNECTION: 'sqlite', SQLITE_FILE },
    async prepare() {
      mkdirSync('tmp', { recursive: true })
      for (const suffix of ['', '-wal', '-shm', '-journal']) {
        rmSync(`${SQLITE_FILE}${suffix}`, { force: true })
      }
    },
    async query(text, values = []) {
      const db = new Database(SQLITE_FILE)
      db.pragma('busy_timeout = 30000')
      try {
        const statement = db.prepare(text)
        return statement.reader ? statement.all(...values) : (statement.run(...values), [])
      } finally {
        db.close()
      }
    },
    tables() {
      return this.query(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name"
      ).then((rows) => rows.map((row) => row.name))
    },
  },
  pg: {
    kind: 'pg',
    label: 'PostgreSQL',
    env: {
      DB_CONNECTION: 'pg',
      PG_HOST: PG.host,
      PG_PORT: String(PG.port),
      PG_USER: PG.user,
      ...(PG.password ? { PG_PASSWORD: PG.password } : {}),
      PG_DATABASE,
    },
    async prepare() {
      const admin = new pg.Client({ ...PG, database: 'postgres' })
      await admin.connect()
      try {
        await admin.query(`drop database if exists "${PG_DATABASE}" with (force)`)
        await admin.query(`create database "${PG_DATABASE}"`)
      } finally {
        await admin.end()
      }
    },
    /** One connection for the run's checks (closed by close()). */
    client: null,
    async query(text, values = []) {
      if (!this.client) {
        this.client = new pg.Client({ ...PG, database: PG_DATABASE })
        await this.client.connect()
      }
      let index = 0
      const sql = text.replace(/\?/g, () => `$${++index}`)
      return (await this.client.query(sql, values)).rows
    },
    async close() {
      await this.client?.end().catch(() => {})
      this.client = null
    },
    tables() {
      return this.query(
        "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name"
      ).then((rows) => rows.map((row) => row.name))
    },
  },
}

/** Row counts of every table but the bookkeeping, and a checksum of the compared tables' rows. */
async function snapshot(database) {
  const tables = (await database.tables()).filter((name) => !BOOKKEEPING.has(name))
  const counts = {}
  for (const table of tables) {
    const [row] = await database.query(`select count(*) as n from ${table}`)
    counts[table] = Number(row.n)
  }
  const checksums = {}
  for (const table of COMPARED) {
    if (!tables.includes(table)) throw new Error(`No table ${table}: the check is out of date`)
    const rows = await database.query(`select * from ${table} order by id`)
    const hash = createHash('sha256')
    for (const row of rows) hash.update(JSON.stringify(row))
    checksums[table] = `${rows.length}:${hash.digest('hex').slice(0, 16)}`
  }
  return { counts, checksums }
}

function interactionsCsv(prefix, count, providerKeys, replacing = []) {
  const lines = [HEADER]
  for (let index = 0; index < count; index++) {
    const ref = index < replacing.length ? replacing[index] : `${prefix}-${index}`
    const month = String((index % 12) + 1).padStart(2, '0')
    const day = String((index % 28) + 1).padStart(2, '0')
    lines.push(
      `${ref},crash,${YEAR}-${month}-${day},${providerKeys[index % providerKeys.length]},${TYPES[index % TYPES.length]},${5 + (index % 85)}`
    )
  }
  return `${lines.join('\n')}\n`
}

/** One signed-in administrator's browser: its cookies and XSRF token. */
class Browser {
  cookies = new Map()
  constructor(base) {
    this.base = base
  }

  async request(method, path, { form, multipart, headers = {} } = {}) {
    const response = await fetch(`${this.base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        'cookie': [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? ''),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      body: form ? new URLSearchParams(form) : multipart,
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const at = pair.indexOf('=')
      const value = pair.slice(at + 1).trim()
      if (value) this.cookies.set(pair.slice(0, at).trim(), value)
      else this.cookies.delete(pair.slice(0, at).trim())
    }
    response.text_ = await response.text()
    return response
  }

  async signIn(email) {
    await this.request('GET', '/login')
    const response = await this.request('POST', '/login', { form: { email, password: PASSWORD } })
    const landing = response.headers.get('location')
    assert.equal(response.status, 302, `sign-in of ${email}: ${response.text_.slice(0, 300)}`)
    assert.ok(landing && !landing.startsWith('/login'), `${email} signed in (went to ${landing})`)
    // Where a browser goes next (the session's tokens as a page sets them).
    await this.request('GET', landing)
  }

  /** Uploads a client interactions file; returns the new import's id. */
  async upload(teamId, name, csv) {
    const form = new FormData()
    form.append('file', new Blob([csv], { type: 'text/csv' }), name)
    const response = await this.request(
      'POST',
      `/admin/research-spend-analytics/imports/client_interactions?year=${YEAR}&team=${teamId}`,
      { multipart: form, headers: { accept: 'application/json' } }
    )
    const location = response.headers.get('location') ?? ''
    const match = /\/imports\/(\d+)$/.exec(location)
    assert.ok(
      match,
      `upload of ${name}: ${response.status} ${location} ${response.text_.slice(0, 300)}`
    )
    return Number(match[1])
  }

  async commit(importId) {
    const response = await this.request(
      'POST',
      `/admin/research-spend-analytics/imports/${importId}/commit`,
      { headers: { accept: 'application/json' } }
    )
    assert.equal(response.status, 302, `commit of #${importId}: ${response.text_.slice(0, 300)}`)
  }

  /** The import as its administration page shows it (the page's props). */
  async importPage(importId) {
    const response = await this.request(
      'GET',
      `/admin/research-spend-analytics/imports/${importId}`
    )
    assert.equal(response.status, 200, `the page of import #${importId}`)
    // Inertia puts the page's props in a JSON script element.
    const json = /<script[^>]*data-page[^>]*>([\s\S]*?)<\/script>/.exec(response.text_)?.[1]
    assert.ok(json, `the page of import #${importId} carries its props`)
    const page = JSON.parse(json)
    const found = findImport(page.props, importId)
    assert.ok(found, `the page of import #${importId} shows the import`)
    return found
  }
}

/** The object of the page's props that is the import (it has the id, a status and an error). */
function findImport(value, id) {
  if (!value || typeof value !== 'object') return null
  if (value.id === id && 'status' in value && 'interrupted' in value) return value
  for (const inner of Object.values(value)) {
    const found = findImport(inner, id)
    if (found) return found
  }
  return null
}

async function importRow(database, id) {
  const [row] = await database.query('select * from rsa_imports where id = ?', [id])
  return row
}

async function checkDatabase(database, port) {
  log(`${database.label}: fresh database, migrations, reference data, a team and an administrator`)
  await database.prepare()
  rmSync(`tmp/crash-uploads-${database.kind}`, { recursive: true, force: true })
  const env = baseEnv(database, port)
  ace(env, ['migration:run', '--force'])
  log(`${database.label}: migrated`)
  ace(env, ['db:seed'])
  ace(env, ['team:create', `--name=${TEAM}`, '--currency=USD', '--module=rsa-budgets'])
  ace(env, [
    'user:create',
    '--name=Alex Admin',
    `--email=${ADMIN_EMAIL}`,
    `--password=${PASSWORD}`,
    '--admin',
    '--role=Super administrator',
  ])
  const [team] = await database.query('select id from teams where name = ?', [TEAM])
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ')
  const providerKeys = []
  for (const [name, type] of [
    ['Atlas Crash Markets', 'bulge_bracket'],
    ['Birch Crash Research', 'independent'],
    ['Cedar Crash Securities', 'bulge_bracket'],
  ]) {
    const key = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    await database.query(
      'insert into providers (provider_key, name, provider_type, research_provider_type, is_independent, is_active, has_rate_card, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
      [
        key,
        name,
        'research',
        type,
        database.kind === 'pg' ? type === 'independent' : Number(type === 'independent'),
        database.kind === 'pg' ? true : 1,
        database.kind === 'pg' ? false : 0,
        now,
      ]
    )
    providerKeys.push(key)
  }

  // 1. Data a crash must not touch: a small file, committed by the operators' command.
  const smallFile = resolve(`tmp/crash-first-${database.kind}.csv`)
  writeFileSync(smallFile, interactionsCsv('OLD', SMALL_ROWS, providerKeys))
  ace(env, ['import:client-interactions', smallFile, `--team=${team.id}`, `--year=${YEAR}`])
  rmSync(smallFile, { force: true })
  log(
    `${database.label}: reference data, team, administrator, providers and ${SMALL_ROWS} interactions in place`
  )
  const server = startProcess(`${database.label} server`, ['bin/server.js'], env)
  const workerEnv = { ...env, LOG_LEVEL: 'info', QUEUE_STALLED_THRESHOLD: '2s' }
  const worker = startProcess(
    `${database.label} worker 1`,
    ['ace.js', 'jobs:work', '--pool=imports'],
    { ...workerEnv, IMPORT_COMMIT_HOLD_MS: '30000' }
  )
  let second
  try {
    const browser = new Browser(`http://127.0.0.1:${port}`)
    await waitFor(
      'the server',
      async () => {
        if (server.child.exitCode !== null) throw new Error(`The server stopped.\n${server.tail()}`)
        return fetch(`${browser.base}/login`)
          .then((r) => r.ok)
          .catch(() => false)
      },
      [server]
    )
    await browser.signIn(ADMIN_EMAIL)

    // 2. The large file, previewed; the snapshot.
    const replacing = Array.from({ length: REPLACED }, (_, index) => `OLD-${index}`)
    const csv = interactionsCsv('NEW', ROWS, providerKeys, replacing)
    const big = await browser.upload(team.id, 'large.csv', csv)
    const previewed = await waitFor(
      'the preview of the large file',
      async () => {
        const row = await importRow(database, big)
        if (['refused', 'failed'].includes(row.status))
          throw new Error(`The large file was ${row.status}: ${row.error ?? row.report}`)
        return row.status === 'previewed' ? row : null
      },
      [worker, server]
    )
    assert.equal(Number(previewed.new_rows), ROWS - REPLACED, 'the preview counts the new rows')
    assert.equal(Number(previewed.updated_rows), REPLACED, 'the preview counts the replaced rows')
    const before = await snapshot(database)
    log(
      `${database.label}: ${ROWS.toLocaleString('en-GB')} rows previewed (import #${big}); snapshot of ${Object.keys(before.counts).length} tables`
    )

    // 3. Commit; kill the worker inside its write transaction, everything written (the first
    // worker holds the transaction open, IMPORT_COMMIT_HOLD_MS).
    let written = false
    worker.onOutput((text) => {
      for (const match of text.matchAll(new RegExp(WRITTEN, 'g'))) {
        if (Number(match[1]) === big) written = true
      }
    })
    await browser.commit(big)
    await waitFor('the commit to have written everything', async () => written, [worker])
    worker.child.kill('SIGKILL')
    await exited(worker.child)
    const killed = await importRow(database, big)
    log(
      `${database.label}: worker killed (SIGKILL) during the commit: phase ${killed.phase}, ${Number(killed.processed_rows).toLocaleString('en-GB')} rows processed`
    )

    // 4. Nothing changed; the administrator sees the commit interrupted.
    assert.equal(killed.status, 'committing', 'the kill came before the commit ended')
    assert.equal(
      killed.phase,
      database.kind === 'pg' ? 'recomputing' : 'applying',
      'killed inside the write transaction'
    )
    const after = await snapshot(database)
    assert.deepEqual(after.checksums, before.checksums, 'the research spend rows are as they were')
    assert.deepEqual(after.counts, before.counts, 'every table has the rows it had')
    const shown = await browser.importPage(big)
    assert.equal(shown.status, 'committing')
    assert.equal(shown.interrupted, true, 'the import page shows the commit as interrupted')
    log(
      `${database.label}: the database is as it was (${Object.keys(before.counts).length} tables counted, ${COMPARED.length} compared row by row); the page shows the commit interrupted`
    )

    // 5. A new worker takes the job over and finishes it.
    second = startProcess(
      `${database.label} worker 2`,
      ['ace.js', 'jobs:work', '--pool=imports'],
      workerEnv
    )
    const done = await waitFor(
      'the restarted worker to end the job',
      async () => {
        const row = await importRow(database, big)
        return ['committed', 'failed'].includes(row.status) ? row : null
      },
      [second, server]
    )
    assert.equal(done.status, 'committed', `the job ended ${done.status}: ${done.error}`)
    assert.equal(Number(done.new_rows), ROWS - REPLACED)
    assert.equal(Number(done.updated_rows), REPLACED)
    const [stored] = await database.query(
      "select count(*) as n, count(distinct external_ref) as refs from rsa_interactions where team_id = ? and source_system = 'crash'",
      [team.id]
    )
    assert.equal(
      Number(stored.n),
      ROWS + SMALL_ROWS - REPLACED,
      'every row once, the replaced ones gone'
    )
    assert.equal(Number(stored.refs), Number(stored.n), 'no interaction twice')
    // The import row is marked committed inside the job; the job's run is marked completed when
    // the job returns, a moment later: wait for the run to leave "running".
    const runs = await waitFor(
      'the job runs to be recorded as ended',
      async () => {
        const rows = await database.query(
          "select status, error from job_runs where name = 'CommitRsaImport' and payload like ? order by id",
          [`%"importId":${big}%`]
        )
        return rows.some((run) => run.status === 'running') ? null : rows
      },
      [second, server]
    )
    assert.deepEqual(
      runs.map((run) => run.status),
      ['abandoned', 'completed'],
      'one attempt abandoned, one completed'
    )
    assert.match(
      runs[0].error,
      /The worker running this job stopped \(killed or lost\) before it finished/
    )
    const [staged] = await database.query('select count(*) as n from rsa_interaction_staging')
    assert.equal(Number(staged.n), 0, 'no staged row is left')
    const page = await browser.importPage(big)
    assert.equal(page.status, 'committed')
    assert.equal(page.interrupted, false)
    log(
      `${database.label}: the restarted worker committed the job: ${ROWS.toLocaleString('en-GB')} rows, ${REPLACED} replaced, none twice; the killed attempt is listed as abandoned`
    )
  } finally {
    await stop(worker.child)
    await stop(second?.child)
    await stop(server.child)
    await database.close?.()
  }
}

async function main() {
  const limit = setTimeout(() => {
    console.error(
      `[crash ${elapsed()}] FAILED: the run took longer than ${RUN_LIMIT_MS / 60000} min`
    )
    stopAll()
    process.exit(1)
  }, RUN_LIMIT_MS)
  limit.unref()
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stopAll()
      process.exit(1)
    })
  }
  try {
    if (!argv.includes('--no-build') || !existsSync('build/bin/server.js')) {
      log('building the production app (node ace.js build)')
      const result = spawnSync(process.execPath, ['ace.js', 'build'], {
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      if (result.status !== 0) throw new Error(`the build failed (${result.status})`)
    }
    if (!existsSync('build/node_modules')) symlinkSync('../node_modules', 'build/node_modules')
    const kinds = only ? [only] : ['sqlite', 'pg']
    let port = BASE_PORT
    for (const kind of kinds) {
      if (!DATABASES[kind]) throw new Error(`Unknown database ${kind}: use sqlite or pg`)
      await checkDatabase(DATABASES[kind], port++)
    }
    log('PASSED')
  } catch (error) {
    const cause = error.cause ? `\nCaused by: ${error.cause.stack ?? error.cause}` : ''
    const output = error.message.includes('output ---')
      ? ''
      : handles.map((h) => h.tail()).join('\n')
    console.error(`[crash ${elapsed()}] FAILED: ${error.stack ?? error}${cause}\n${output}`)
    process.exitCode = 1
  } finally {
    stopAll()
    clearTimeout(limit)
  }
}

await main()
