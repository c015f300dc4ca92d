/*
 * `npm run test:instances`: two production instances of the app, one PostgreSQL database and
 * one Redis, and proof that either instance serves any request:
 *   (a) a session made on instance A works on instance B;
 *   (b) a module removed through A is refused on B within a second (and given back through B,
 *       allowed again on A);
 *   (c) a contract document uploaded through A is downloaded through B: the uploads disk is an
 *       S3-compatible bucket, served by s3rver on port 3362 for the run;
 *   (d) an account disabled through A is signed out on B within a second.
 *
 * It builds the app once (`--no-build` reuses an existing build/), drops and creates its own
 * database (INSTANCES_PG_DATABASE, default spendlens_instances), uses one Redis database number
 * of its own (INSTANCES_REDIS_DB, default 13; only the app's `spendlens:` keys are removed), and
 * listens on 127.0.0.1 ports 3360 and 3361. Both servers are stopped whatever happens; the whole
 * run is bounded in time. Exit status 0 when every check passes.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { Redis } from 'ioredis'
import S3rver from '@20minutes/s3rver'
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'

const PORT_A = 3360
const PORT_B = 3361
/** A local S3-compatible server (s3rver) for the shared uploads disk. */
const S3_PORT = 3362
const S3_BUCKET = 'spendlens-instances'
const S3_DIRECTORY = `${process.cwd()}/tmp/instances-s3`
const S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
const PG_DATABASE = process.env.INSTANCES_PG_DATABASE || 'spendlens_instances'
const PG_HOST = process.env.PG_HOST || '127.0.0.1'
const PG_PORT = Number(process.env.PG_PORT || 5432)
const PG_USER = process.env.PG_USER || 'postgres'
const REDIS_DB = Number(process.env.INSTANCES_REDIS_DB || 13)
const REDIS_HOST = process.env.REDIS_HOST || '127.0.0.1'
const REDIS_PORT = Number(process.env.REDIS_PORT || 6379)
/** The whole run, build included, must finish within this. */
const RUN_LIMIT_MS = 5 * 60 * 1000
/** A change made on one instance must be seen on the other within this. */
const PROPAGATION_LIMIT_MS = 1000
const POLL_MS = 50
const PASSWORD = 'Instances-Password-2026'
const TEAM = 'Instances Test Team'
const CLIENT_EMAIL = 'client@instances.test'
const ADMIN_EMAIL = 'admin@instances.test'
const GUARDED = '/api/market-data/active-providers'
const MODULE = 'market-data-contracts'
const OTHER_MODULE = 'insights-reports'

const startedAt = performance.now()
const elapsed = () => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`
const log = (message) => console.log(`[instances ${elapsed()}] ${message}`)

const env = {
  ...process.env,
  APP_KEY: randomBytes(32).toString('base64url'),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DB_CONNECTION: 'pg',
  PG_HOST,
  PG_PORT: String(PG_PORT),
  PG_USER,
  PG_DATABASE,
  SESSION_DRIVER: 'redis',
  CACHE_STORE: 'redis',
  LIMITER_STORE: 'redis',
  REDIS_HOST,
  REDIS_PORT: String(REDIS_PORT),
  REDIS_DB: String(REDIS_DB),
  WEB_CONCURRENCY: '1',
  MAIL_MAILER: 'outbox',
  ASSETS_VERSION: 'instances',
  // Shows whether a request's context came from the cache (fewer statements) or the database.
  QUERY_COUNT_HEADER: 'true',
  DRIVE_DISK: 's3',
  S3_BUCKET,
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
  S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
}
delete env.DATABASE_URL

function step(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  if (result.status !== 0) throw new Error(`"${args.join(' ')}" failed (${result.status})`)
}

/** Runs an ace command of the build; its output is shown only when it fails. */
function ace(args) {
  const result = spawnSync(process.execPath, ['ace.js', ...args], {
    cwd: 'build',
    env: { ...env, NODE_ENV: 'production', PORT: String(PORT_A), APP_URL: 'http://127.0.0.1' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  if (result.status !== 0) {
    process.stdout.write(result.stdout)
    process.stderr.write(result.stderr)
    throw new Error(`"ace ${args[0]}" failed (${result.status})`)
  }
  if (result.stderr.trim()) process.stderr.write(result.stderr)
  log(`ace ${args[0]}: ${result.stdout.trim().split('\n').at(-1)}`)
}

async function freshDatabase() {
  const client = new pg.Client({
    host: PG_HOST,
    port: PG_PORT,
    user: PG_USER,
    database: 'postgres',
  })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${PG_DATABASE}" WITH (FORCE)`)
    await client.query(`CREATE DATABASE "${PG_DATABASE}"`)
  } finally {
    await client.end()
  }
}

/** Removes what an earlier run left in this Redis database (sessions, cache, limits). */
async function freshRedis() {
  const redis = new Redis({ host: REDIS_HOST, port: REDIS_PORT, db: REDIS_DB, lazyConnect: true })
  await redis.connect()
  try {
    let removed = 0
    for await (const keys of redis.scanStream({ match: 'spendlens:*', count: 1000 })) {
      if (keys.length) removed += await redis.unlink(...keys)
    }
    return removed
  } finally {
    redis.disconnect()
  }
}

const servers = []
let s3server = null

async function startS3() {
  rmSync(S3_DIRECTORY, { recursive: true, force: true })
  s3server = new S3rver({
    address: '127.0.0.1',
    port: S3_PORT,
    directory: S3_DIRECTORY,
    silent: true,
    configureBuckets: [{ name: S3_BUCKET }],
  })
  await s3server.run()
}

async function stopS3() {
  if (!s3server?.httpServer) return
  s3server.httpServer.closeAllConnections?.()
  await s3server.close().catch(() => {})
  rmSync(S3_DIRECTORY, { recursive: true, force: true })
}

function startServer(name, port) {
  const child = spawn(process.execPath, ['bin/server.js'], {
    cwd: 'build',
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => `  [${name}] ${line}\n`)
      .join('')
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)))
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)))
  const server = { name, port, child, base: `http://127.0.0.1:${port}`, exited: false }
  child.on('exit', () => (server.exited = true))
  servers.push(server)
  return server
}

async function waitForServer(server) {
  for (let attempt = 0; attempt < 150; attempt++) {
    if (server.exited) throw new Error(`Instance ${server.name} stopped while starting`)
    try {
      const response = await fetch(`${server.base}/login`)
      if (response.ok) return
    } catch {}
    await sleep(200)
  }
  throw new Error(`Instance ${server.name} did not start`)
}

async function stopServers() {
  await Promise.all(
    servers.map(async (server) => {
      if (server.exited) return
      const exited = new Promise((resolve) => server.child.once('exit', resolve))
      server.child.kill('SIGTERM')
      // A server that has not stopped after its grace time is killed.
      const timer = setTimeout(() => server.exited || server.child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    })
  )
}

/** One browser: its cookies, sent to whichever instance it calls. */
class Browser {
  cookies = new Map()

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  keep(response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((attribute) => {
        const [key, setting] = attribute.trim().split('=')
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0
        if (key.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now()
        return false
      })
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  xsrf() {
    return decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '')
  }

  /** Sends a request with the browser's cookies; the answer's body is kept in `content`. */
  async request(server, method, path, { json, form, multipart, headers = {} } = {}) {
    const response = await fetch(`${server.base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        'cookie': this.header(),
        'x-xsrf-token': this.xsrf(),
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      body:
        json !== undefined
          ? JSON.stringify(json)
          : form
            ? new URLSearchParams(form)
            : (multipart ?? undefined),
    })
    this.keep(response)
    response.content = Buffer.from(await response.arrayBuffer())
    return response
  }

  /** A form's write: saved answers redirect back; refusals come back as readable JSON. */
  async write(server, path, options) {
    const response = await this.request(server, 'POST', path, {
      ...options,
      headers: { accept: 'application/json' },
    })
    assert.equal(
      response.status,
      302,
      `POST ${path} on ${server.name}: ${response.status} ${response.content.toString().slice(0, 500)}`
    )
    assert.ok(!response.headers.get('location')?.startsWith('/login'), `${path}: signed in`)
    return response
  }

  /** A signed-in JSON call, as the React client makes it. */
  api(server, path) {
    return this.request(server, 'GET', path, {
      headers: { 'accept': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    })
  }

  async signIn(server, email) {
    const page = await this.request(server, 'GET', '/login')
    assert.equal(page.status, 200, `GET /login on ${server.name}`)
    assert.ok(this.xsrf(), 'the sign-in page sets an XSRF-TOKEN cookie')
    const response = await this.request(server, 'POST', '/login', {
      form: { email, password: PASSWORD },
    })
    assert.equal(response.status, 302, `POST /login for ${email} on ${server.name}`)
    const landing = response.headers.get('location')
    assert.ok(landing && !landing.startsWith('/login'), `${email} signed in (went to ${landing})`)
    assert.ok(this.cookies.has('spendlens-session'), 'a session cookie was set')
  }
}

/**
 * Polls `path` on the server every POLL_MS until it answers `status`, for at most
 * PROPAGATION_LIMIT_MS after the change was answered. Returns that answer and how long it took
 * from the change's request being sent and from its answer (the commit).
 */
async function waitForStatus(browser, server, path, status, change) {
  let polls = 0
  let last
  while (performance.now() - change.answeredAt <= PROPAGATION_LIMIT_MS) {
    last = await browser.api(server, path)
    polls++
    if (last.status === status) {
      const now = performance.now()
      return {
        response: last,
        polls,
        sinceSent: now - change.sentAt,
        sinceAnswered: now - change.answeredAt,
      }
    }
    await sleep(POLL_MS)
  }
  assert.fail(
    `${path} on ${server.name} still answered ${last?.status} ${PROPAGATION_LIMIT_MS} ms after the change (expected ${status})`
  )
}

const describe = (wait) =>
  `${wait.sinceAnswered.toFixed(0)} ms after the change was answered, ${wait.sinceSent.toFixed(0)} ms after it was sent, ${wait.polls} poll(s)`

/** Sends a change and notes when it was sent and answered. */
async function change(send) {
  const sentAt = performance.now()
  const response = await send()
  return { response, sentAt, answeredAt: performance.now() }
}

/** A query on the test database (ids of what the ace commands created, states to check). */
async function sql(text, values = []) {
  const client = new pg.Client({
    host: PG_HOST,
    port: PG_PORT,
    user: PG_USER,
    database: PG_DATABASE,
  })
  await client.connect()
  try {
    return (await client.query(text, values)).rows
  } finally {
    await client.end()
  }
}

async function run() {
  if (!process.argv.includes('--no-build') || !existsSync('build/bin/server.js')) {
    log('building the production app (node ace.js build)')
    step(process.execPath, ['ace.js', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] })
  }
  // The build runs against the project's installed packages.
  if (!existsSync('build/node_modules')) symlinkSync('../node_modules', 'build/node_modules')
  mkdirSync('tmp', { recursive: true })

  log(`fresh PostgreSQL database ${PG_DATABASE}; Redis database ${REDIS_DB}`)
  await freshDatabase()
  const removed = await freshRedis()
  if (removed) log(`removed ${removed} Redis keys left by an earlier run`)
  ace(['migration:run', '--force'])
  ace(['db:seed'])
  ace([
    'team:create',
    `--name=${TEAM}`,
    '--currency=GBP',
    `--module=${MODULE}`,
    `--module=${OTHER_MODULE}`,
  ])
  ace([
    'user:create',
    '--name=Casey Client',
    `--email=${CLIENT_EMAIL}`,
    `--password=${PASSWORD}`,
    `--team=${TEAM}`,
  ])
  ace([
    'user:create',
    '--name=Alex Admin',
    `--email=${ADMIN_EMAIL}`,
    `--password=${PASSWORD}`,
    '--admin',
    '--role=Super administrator',
  ])

  await startS3()
  log(`S3-compatible server (s3rver) on ${S3_PORT}, bucket ${S3_BUCKET}`)
  log(`starting instance A on ${PORT_A} and instance B on ${PORT_B} (WEB_CONCURRENCY=1 each)`)
  const a = startServer('A', PORT_A)
  const b = startServer('B', PORT_B)
  await Promise.all([waitForServer(a), waitForServer(b)])
  log('both instances answer')

  const results = []
  const check = (title, detail) => {
    results.push(title)
    log(`ok - ${title}${detail ? ` (${detail})` : ''}`)
  }

  // (a) A session made on A works on B.
  const client = new Browser()
  await client.signIn(a, CLIENT_EMAIL)
  const onB = await client.api(b, '/api/currencies')
  assert.equal(onB.status, 200, 'the session made on A answers 200 on B')
  const signedOut = await new Browser().api(b, '/api/currencies')
  assert.equal(signedOut.status, 401, 'without a session B answers 401')
  check('(a) signed in on A, signed-in JSON call answered 200 on B')

  // (b) A module removed through A is refused on B within a second.
  const admin = new Browser()
  await admin.signIn(a, ADMIN_EMAIL)
  const [{ id: teamId }] = await sql('SELECT id FROM teams WHERE name = $1', [TEAM])
  const modulesPath = `/admin/account-management/teams/${teamId}/modules`
  const teamModules = async () =>
    (
      await sql(
        'SELECT m.internal_name FROM modules m JOIN team_modules tm ON tm.module_id = m.id WHERE tm.team_id = $1 ORDER BY 1',
        [teamId]
      )
    ).map((row) => row.internal_name)
  assert.equal((await client.api(a, GUARDED)).status, 200, `${GUARDED} on A before the change`)
  assert.equal((await client.api(b, GUARDED)).status, 200, `${GUARDED} on B before the change`)
  // B now holds the client's identity and team in its memory: this answer reads neither.
  const cached = await client.api(b, GUARDED)
  assert.equal(cached.status, 200, `${GUARDED} on B before the change`)
  const removal = await change(() =>
    admin.request(a, 'POST', modulesPath, { json: { modules: [OTHER_MODULE] } })
  )
  assert.equal(removal.response.status, 302, 'the administrator saved the products on A')
  assert.deepEqual(await teamModules(), [OTHER_MODULE], `${MODULE} removed in the database`)
  const refused = await waitForStatus(client, b, GUARDED, 403, removal)
  const queries = (response) => Number(response.headers.get('x-query-count'))
  assert.ok(
    queries(refused.response) > queries(cached),
    `B read the team again after the change (${queries(cached)} statements with its cached copy, ${queries(refused.response)} for the refusal)`
  )
  check(
    `(b) ${MODULE} removed through A, ${GUARDED} refused (403) on B`,
    `${describe(refused)}; B's statements for the call: ${queries(cached)} cached, ${queries(refused.response)} after the invalidation`
  )
  const restore = await change(() =>
    admin.request(b, 'POST', modulesPath, { json: { modules: [MODULE, OTHER_MODULE] } })
  )
  assert.equal(restore.response.status, 302, 'the administrator saved the products on B')
  const allowed = await waitForStatus(client, a, GUARDED, 200, restore)
  check(`(b) ${MODULE} given back through B, allowed (200) on A`, describe(allowed))

  // (c) A contract document uploaded through A (on the S3-compatible disk) is downloaded
  // through B by the team's client and by an administrator.
  await admin.write(a, '/admin/market-data/catalogue/providers', {
    json: {
      provider_key: 'instances-data',
      name: 'Instances Data',
      provider_type: 'market_data',
      is_active: true,
      has_rate_card: false,
    },
  })
  await admin.write(a, '/admin/market-data/catalogue/license-types', {
    json: { key: 'enterprise', name: 'Enterprise' },
  })
  const [{ id: licenseTypeId }] = await sql('SELECT id FROM license_types WHERE key = $1', [
    'enterprise',
  ])
  await admin.write(a, `/admin/market-data/teams/${teamId}/providers/instances-data/contracts`, {
    json: {
      reference: 'INST-1',
      license_type_id: licenseTypeId,
      start_date: '2026-01-01',
      end_date: '2028-12-31',
    },
  })
  const [{ id: contractId }] = await sql('SELECT id FROM contracts WHERE reference = $1', [
    'INST-1',
  ])
  // A real PDF: uploads are checked by their structure, not their first bytes.
  const pdf = readFileSync('tests/fixtures/pdf/clean.pdf')
  const upload = new FormData()
  upload.append('title', 'Signed order form')
  upload.append('document_date', '2026-01-15')
  upload.append('file', new Blob([pdf], { type: 'application/pdf' }), 'Signed order form.pdf')
  await admin.write(a, `/admin/market-data/contracts/${contractId}/documents`, {
    multipart: upload,
  })
  const [document] = await sql(
    'SELECT id, file_key FROM contract_documents WHERE contract_id = $1',
    [contractId]
  )
  assert.ok(document, 'the document is recorded')
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${S3_PORT}`,
    forcePathStyle: true,
    credentials: S3_KEYS,
  })
  const stored = await s3.send(new HeadObjectCommand({ Bucket: S3_BUCKET, Key: document.file_key }))
  s3.destroy()
  assert.equal(stored.ContentLength, pdf.length, 'the document is in the bucket, whole')
  assert.equal(
    existsSync(`build/storage/uploads/${document.file_key}`),
    false,
    'nothing was written to the local disk'
  )
  const download = await client.request(b, 'GET', `/market-data/documents/${document.id}`)
  assert.equal(download.status, 200, 'the client downloads the document on B')
  assert.equal(download.headers.get('content-type'), 'application/pdf')
  assert.ok(download.content.equals(pdf), 'B sends the bytes uploaded through A')
  const adminDownload = await admin.request(
    b,
    'GET',
    `/admin/market-data/contract-documents/${document.id}`
  )
  assert.equal(adminDownload.status, 200, 'the administrator downloads the document on B')
  assert.ok(adminDownload.content.equals(pdf), 'B sends the bytes uploaded through A')
  const anonymous = await new Browser().request(b, 'GET', `/market-data/documents/${document.id}`)
  assert.notEqual(anonymous.status, 200, 'no download without a session')
  check(
    '(c) contract document uploaded through A to the S3 bucket, downloaded through B',
    `${pdf.length} bytes, key ${document.file_key}`
  )

  // (d) An account disabled through A is signed out on B within a second.
  assert.equal((await client.api(b, '/api/currencies')).status, 200, 'client signed in on B')
  const confirmed = await admin.request(a, 'POST', '/user/confirm-password', {
    form: { password: PASSWORD },
  })
  assert.equal(confirmed.status, 302, 'the administrator confirmed the password on A')
  const [{ id: clientId }] = await sql('SELECT id FROM users WHERE email = $1', [CLIENT_EMAIL])
  const disabling = await change(() =>
    admin.request(a, 'POST', `/admin/account-management/users/${clientId}/disable`)
  )
  assert.equal(disabling.response.status, 302, 'the administrator disabled the account on A')
  const [{ disabled_at: disabledAt }] = await sql('SELECT disabled_at FROM users WHERE id = $1', [
    clientId,
  ])
  assert.ok(disabledAt, 'the account is disabled in the database')
  const signedOutOnB = await waitForStatus(client, b, '/api/currencies', 401, disabling)
  check('(d) account disabled through A, signed out (401) on B', describe(signedOutOnB))

  return { results, removeDelay: refused.sinceAnswered }
}

const deadline = setTimeout(async () => {
  console.error(`[instances] FAILED: the run took longer than ${RUN_LIMIT_MS / 1000} s`)
  await stopServers()
  await stopS3()
  process.exit(1)
}, RUN_LIMIT_MS)

try {
  const { results } = await run()
  console.log(`\n${results.length} passed, 0 failed (${elapsed()})`)
} catch (error) {
  console.error(`\n[instances] FAILED: ${error.stack ?? error}`)
  console.log(`\n0 passed, 1 failed (${elapsed()})`)
  process.exitCode = 1
} finally {
  await stopServers()
  await stopS3()
  clearTimeout(deadline)
}
