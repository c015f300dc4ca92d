/*
 * `npm run test:resilience`: the production server on PostgreSQL, stopped and deprived of its
 * database under a bounded loopback load.
 *   (1) Shutdown: the server in cluster mode (WEB_CONCURRENCY=2) on 127.0.0.1:3380 under 8
 *       concurrent clients (a signed-in page, a JSON API call, an acknowledged write) gets
 *       SIGTERM mid-load: every request that was answered got a non-5xx status, no answer was cut
 *       off, and the primary exits 0 within SHUTDOWN_TIMEOUT_MS. Connections refused after the
 *       signal are counted apart.
 *   (2) Database outage: the server reaches PostgreSQL through a TCP proxy on 127.0.0.1:3381
 *       that this script controls. After N acknowledged writes (feedback entries), the proxy
 *       refuses and cuts every connection for 10 s under load: every request answers 503 within
 *       5 s (the error page for a page, `{ message, requestId }` for a JSON caller, never a
 *       stack), /health/ready says not ready and names the database; once the proxy is back,
 *       pages answer 200 again without a restart, and the database holds the N writes.
 *
 * It builds the app once (`--no-build` reuses an existing build/; RESILIENCE_BUILD_DIR runs
 * another copy of a build, whose node_modules must resolve), drops and creates its own database
 * (RESILIENCE_PG_DATABASE, default res_ci). Every process it starts is stopped
 * whatever happens; the build and the checks are each bounded in time. Exit status 0 when every
 * check passes.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, symlinkSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'

const PORT = 3380
const BUILD_DIR = process.env.RESILIENCE_BUILD_DIR || 'build'
const PROXY_PORT = 3381
const PG_DATABASE = process.env.RESILIENCE_PG_DATABASE || 'res_ci'
const PG_HOST = process.env.PG_HOST || '127.0.0.1'
const PG_PORT = Number(process.env.PG_PORT || 5432)
const PG_USER = process.env.PG_USER || 'postgres'
/** The build must finish within this, */
const BUILD_LIMIT_MS = 6 * 60 * 1000
/** and the checks (database, servers, loads) within this. */
const RUN_LIMIT_MS = 5 * 60 * 1000
/** The server's bound on requests in flight when it stops (SHUTDOWN_TIMEOUT_MS). */
const SHUTDOWN_TIMEOUT_MS = 10_000
const LOAD_CLIENTS = 8
const LOAD_MS = 5_000
const OUTAGE_MS = 10_000
/** During the outage every request must be answered within this. */
const OUTAGE_ANSWER_LIMIT_MS = 5_000
/** After the outage pages must answer 200 again within this. */
const RECOVERY_LIMIT_MS = 15_000
const WRITES_BEFORE_OUTAGE = 10
const PASSWORD = 'Resilience-Password-2026'
const TEAM = 'Resilience Test Team'
const EMAIL = 'client@resilience.test'
const HEALTH_TOKEN = randomBytes(16).toString('hex')
const BASE = `http://127.0.0.1:${PORT}`
/** What a stack trace looks like in a body. */
const STACK = /\bat .+:\d+:\d+\)?|node_modules|\.(js|ts):\d+/
/** What a driver's error looks like (the health detail may name an error's code, no more). */
const DRIVER_TEXT = /ECONNREFUSED|ECONNRESET|KnexTimeoutError|Connection terminated|connect /

const startedAt = performance.now()
const elapsed = () => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`
const log = (message) => console.log(`[resilience ${elapsed()}] ${message}`)

const env = {
  ...process.env,
  APP_KEY: randomBytes(32).toString('base64url'),
  HOST: '127.0.0.1',
  PORT: String(PORT),
  APP_URL: BASE,
  NODE_ENV: 'production',
  LOG_LEVEL: 'error',
  DB_CONNECTION: 'pg',
  PG_HOST,
  PG_PORT: String(PG_PORT),
  PG_USER,
  PG_DATABASE,
  SESSION_DRIVER: 'database',
  CACHE_STORE: 'memory',
  LIMITER_STORE: 'database',
  // The drill's load is one user sending as fast as the server answers: on an idle machine that
  // is past the per-user API budget within seconds, and the 429s are not what is measured.
  API_REQUESTS_PER_MINUTE: '1000000000',
  QUEUE_DRIVER: 'database',
  MAIL_MAILER: 'outbox',
  ASSETS_VERSION: 'resilience',
  HEALTH_TOKEN,
  SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
}
delete env.DATABASE_URL
delete env.WEB_CONCURRENCY

function step(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  if (result.status !== 0)
    throw new Error(`"${args.join(' ')}" failed (${result.status ?? result.signal})`)
}

/** Runs an ace command of the build; its output is shown only when it fails. */
function ace(args) {
  const result = spawnSync(process.execPath, ['ace.js', ...args], {
    cwd: BUILD_DIR,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  if (result.status !== 0) {
    process.stdout.write(result.stdout)
    process.stderr.write(result.stderr)
    throw new Error(`"ace ${args[0]}" failed (${result.status})`)
  }
  log(`ace ${args[0]}: ${result.stdout.trim().split('\n').at(-1)}`)
}

async function withClient(database, work) {
  const client = new pg.Client({ host: PG_HOST, port: PG_PORT, user: PG_USER, database })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

async function freshDatabase() {
  await withClient('postgres', async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${PG_DATABASE}" WITH (FORCE)`)
    await client.query(`CREATE DATABASE "${PG_DATABASE}"`)
  })
}

/** A query on the test database, straight to PostgreSQL (never through the proxy). */
const sql = (text, values = []) =>
  withClient(PG_DATABASE, async (client) => (await client.query(text, values)).rows)

const servers = []

/** The production server in its own process group, so that it and its workers can be stopped. */
function startServer(name, extraEnv) {
  const child = spawn(process.execPath, ['bin/server.js'], {
    cwd: BUILD_DIR,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => `  [${name}] ${line.slice(0, 400)}\n`)
      .join('')
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)))
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)))
  const server = { name, child, exited: false, code: null, signal: null, exitedAt: null }
  server.exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      Object.assign(server, { exited: true, code, signal, exitedAt: performance.now() })
      resolve()
    })
  )
  servers.push(server)
  return server
}

async function waitForServer(server) {
  for (let attempt = 0; attempt < 150; attempt++) {
    if (server.exited) throw new Error(`The server (${server.name}) stopped while starting`)
    try {
      const response = await fetch(`${BASE}/login`)
      await response.arrayBuffer()
      if (response.ok) return
    } catch {}
    await sleep(200)
  }
  throw new Error(`The server (${server.name}) did not start`)
}

/** Stops a server's whole process group: SIGTERM, then SIGKILL after a grace time. */
async function stopServer(server) {
  if (server.exited) return
  const group = (signal) => {
    try {
      process.kill(-server.child.pid, signal)
    } catch {}
  }
  group('SIGTERM')
  const timer = setTimeout(() => group('SIGKILL'), SHUTDOWN_TIMEOUT_MS + 6_000)
  await server.exit
  clearTimeout(timer)
  // Workers left behind by a primary that died are stopped too.
  group('SIGKILL')
}

const stopServers = () => Promise.all(servers.map(stopServer))

/** One signed-in browser: its cookies, sent on every request. */
class Browser {
  cookies = new Map()

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  keep(response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const at = pair.indexOf('=')
      const value = pair.slice(at + 1).trim()
      if (value === '') this.cookies.delete(pair.slice(0, at).trim())
      else this.cookies.set(pair.slice(0, at).trim(), value)
    }
  }

  xsrf() {
    return decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '')
  }

  /**
   * Sends a request; resolves with `{ status, headers, body, ms }` or `{ error, stage, ms }`:
   * `stage` is `connect` when no answer began (refused, or the connection closed before any
   * header), `body` when the answer was cut after its headers.
   */
  async send(method, path, { json, form, headers = {}, keepCookies = true } = {}) {
    const started = performance.now()
    let response
    try {
      response = await fetch(`${BASE}${path}`, {
        method,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
        headers: {
          'cookie': this.header(),
          'x-xsrf-token': this.xsrf(),
          ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...headers,
        },
        body: json !== undefined ? JSON.stringify(json) : form ? new URLSearchParams(form) : null,
      })
    } catch (error) {
      return { error, stage: 'connect', code: errorCode(error), ms: performance.now() - started }
    }
    try {
      const body = Buffer.from(await response.arrayBuffer()).toString()
      if (keepCookies) this.keep(response)
      return {
        status: response.status,
        headers: response.headers,
        body,
        ms: performance.now() - started,
      }
    } catch (error) {
      return { error, stage: 'body', code: errorCode(error), ms: performance.now() - started }
    }
  }

  async signIn(email) {
    const page = await this.send('GET', '/login')
    assert.equal(page.status, 200, `GET /login: ${page.status ?? page.code}`)
    const answer = await this.send('POST', '/login', { form: { email, password: PASSWORD } })
    assert.equal(answer.status, 302, `POST /login for ${email}: ${answer.status ?? answer.code}`)
    assert.ok(!answer.headers.get('location')?.startsWith('/login'), `${email} signed in`)
  }
}

function errorCode(error) {
  return error?.cause?.code ?? error?.code ?? error?.name ?? 'error'
}

const json = { 'accept': 'application/json', 'x-requested-with': 'XMLHttpRequest' }
const html = { accept: 'text/html' }

/** The requests a client sends in turn: a page, a JSON call and an acknowledged write. */
function loadRequests(currencyIds) {
  let turn = 0
  return () => {
    turn++
    if (turn % 3 === 0)
      return { kind: 'page', method: 'GET', path: '/', options: { headers: html } }
    if (turn % 3 === 1) {
      return { kind: 'json', method: 'GET', path: '/api/currencies', options: { headers: json } }
    }
    return {
      kind: 'write',
      method: 'POST',
      path: '/api/currencies/selected',
      options: { headers: json, json: { currencyId: currencyIds[turn % currencyIds.length] } },
    }
  }
}

const results = []
const check = (title, detail) => {
  results.push(title)
  log(`ok - ${title}${detail ? ` (${detail})` : ''}`)
}

async function seed() {
  log(`fresh PostgreSQL database ${PG_DATABASE}`)
  await freshDatabase()
  ace(['migration:run', '--force'])
  ace(['db:seed'])
  ace(['team:create', `--name=${TEAM}`, '--currency=GBP'])
  ace([
    'user:create',
    '--name=Riley Resilient',
    `--email=${EMAIL}`,
    `--password=${PASSWORD}`,
    `--team=${TEAM}`,
  ])
}

async function shutdownUnderLoad() {
  log(`(1) the server with WEB_CONCURRENCY=2 on ${PORT}`)
  const server = startServer('cluster', { WEB_CONCURRENCY: '2' })
  await waitForServer(server)
  const browser = new Browser()
  await browser.signIn(EMAIL)
  const currencies = await browser.send('GET', '/api/currencies', { headers: json })
  assert.equal(currencies.status, 200, `GET /api/currencies: ${currencies.status}`)
  const currencyIds = JSON.parse(currencies.body).currencies?.map((entry) => entry.id) ?? []
  assert.ok(currencyIds.length > 0, 'the currencies list is not empty')

  const records = []
  let sigtermAt = null
  let stopLoad = false
  const client = async () => {
    // Each client has its own connections (fetch keeps them alive) and the signed-in cookies.
    const own = new Browser()
    own.cookies = new Map(browser.cookies)
    const next = loadRequests(currencyIds)
    while (!stopLoad) {
      const request = next()
      const sentAt = performance.now()
      const outcome = await own.send(request.method, request.path, {
        ...request.options,
        keepCookies: false,
      })
      records.push({ ...request, ...outcome, sentAt, afterSigterm: sigtermAt !== null })
      // Refused connections after the stop are expected: no busy loop on them.
      if (outcome.error) await sleep(20)
    }
  }
  const loadStartedAt = performance.now()
  const clients = Array.from({ length: LOAD_CLIENTS }, client)
  await sleep(LOAD_MS / 2)
  const beforeSigterm = records.length
  log(`SIGTERM to the primary (pid ${server.child.pid}) after ${beforeSigterm} answered requests`)
  sigtermAt = performance.now()
  server.child.kill('SIGTERM')
  await Promise.race([server.exit, sleep(SHUTDOWN_TIMEOUT_MS + 6_000)])
  await sleep(Math.max(0, LOAD_MS - (performance.now() - loadStartedAt)))
  stopLoad = true
  await Promise.all(clients)

  assert.ok(server.exited, `the primary exited within ${SHUTDOWN_TIMEOUT_MS + 6_000} ms`)
  const stopMs = server.exitedAt - sigtermAt
  const answered = records.filter((record) => record.status !== undefined)
  const serverErrors = answered.filter((record) => record.status >= 500)
  const cut = records.filter((record) => record.stage === 'body')
  const failedBefore = records.filter((record) => record.error && !record.afterSigterm)
  const refusedAfter = records.filter(
    (record) => record.stage === 'connect' && record.afterSigterm && record.sentAt >= sigtermAt
  )
  const unansweredInFlight = records.filter(
    (record) => record.stage === 'connect' && record.sentAt < sigtermAt
  )
  const countByCode = (list) => {
    const counts = new Map()
    for (const record of list) counts.set(record.code, (counts.get(record.code) ?? 0) + 1)
    return [...counts].map(([code, count]) => `${count} ${code}`).join(', ') || 'none'
  }
  const byKind = (list) =>
    ['page', 'json', 'write'].map((kind) => `${list.filter((r) => r.kind === kind).length} ${kind}`)
  const unexpected = answered.filter((record) => ![200, 302].includes(record.status))
  const describeFailures = (list) =>
    list
      .slice(0, 5)
      .map((r) => `${r.method} ${r.path}: ${r.status ?? r.code} ${r.body?.slice(0, 200) ?? ''}`)
      .join('; ')
  assert.equal(serverErrors.length, 0, `5xx answers: ${describeFailures(serverErrors)}`)
  assert.equal(unexpected.length, 0, `unexpected answers: ${describeFailures(unexpected)}`)
  assert.equal(cut.length, 0, `answers cut after their headers: ${describeFailures(cut)}`)
  assert.equal(failedBefore.length, 0, `failures before SIGTERM: ${describeFailures(failedBefore)}`)
  assert.equal(
    unansweredInFlight.length,
    0,
    `requests sent before SIGTERM never answered: ${describeFailures(unansweredInFlight)}`
  )
  const acknowledgedWrites = answered.filter((r) => r.kind === 'write' && r.status === 200).length
  const answeredAfter = answered.filter((record) => record.afterSigterm)
  const closing = answeredAfter.filter((r) => r.headers.get('connection') === 'close').length
  check(
    `(1) ${answered.length} answered requests (${byKind(answered).join(', ')}), none 5xx, none cut`,
    `${acknowledgedWrites} writes acknowledged; ${answeredAfter.length} answered after SIGTERM (${closing} with Connection: close); requests sent after SIGTERM and not taken: ${countByCode(refusedAfter)}`
  )
  assert.equal(server.code, 0, `the primary's exit code (${server.code ?? server.signal})`)
  assert.ok(stopMs <= SHUTDOWN_TIMEOUT_MS, `stopped within ${SHUTDOWN_TIMEOUT_MS} ms`)
  check(`(1) the primary exited with code 0`, `${stopMs.toFixed(0)} ms after SIGTERM`)
}

/** A TCP proxy to PostgreSQL that can be "stopped": it refuses and cuts every connection. */
class Proxy {
  sockets = new Set()
  server = null
  connections = 0

  async up() {
    this.server = net.createServer((socket) => {
      this.connections++
      const upstream = net.connect(PG_PORT, PG_HOST)
      for (const end of [socket, upstream]) {
        this.sockets.add(end)
        end.on('close', () => this.sockets.delete(end))
        end.on('error', () => {})
      }
      socket.on('close', () => upstream.destroy())
      upstream.on('close', () => socket.destroy())
      socket.pipe(upstream).pipe(socket)
    })
    await new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(PROXY_PORT, '127.0.0.1', resolve)
    })
  }

  /** Like a stopped server: new connections are refused, open ones are reset. */
  async down() {
    const closed = new Promise((resolve) => this.server.close(resolve))
    for (const socket of this.sockets) socket.resetAndDestroy?.() ?? socket.destroy()
    await closed
    this.server = null
  }

  async close() {
    if (this.server) await this.down()
  }
}

const feedbackCount = async (userId) =>
  Number((await sql('SELECT count(*) AS n FROM feedback WHERE user_id = $1', [userId]))[0].n)

async function databaseOutage() {
  const proxy = new Proxy()
  await proxy.up()
  try {
    log(`(2) the server on ${PORT}, reaching PostgreSQL through the proxy on ${PROXY_PORT}`)
    const server = startServer('outage', { WEB_CONCURRENCY: '1', PG_PORT: String(PROXY_PORT) })
    await waitForServer(server)
    const browser = new Browser()
    await browser.signIn(EMAIL)
    const [{ id: userId }] = await sql('SELECT id FROM users WHERE email = $1', [EMAIL])
    const before = await feedbackCount(userId)
    let acknowledged = 0
    for (let index = 0; index < WRITES_BEFORE_OUTAGE; index++) {
      const answer = await browser.send('POST', '/api/submit-feedback', {
        headers: json,
        json: { rating: 4, feedbackText: `Resilience write ${index + 1}`, route: '/' },
      })
      assert.equal(answer.status, 201, `feedback ${index + 1}: ${answer.status} ${answer.body}`)
      acknowledged++
    }
    const ready = await browser.send('GET', '/health/ready')
    assert.equal(ready.status, 200, `/health/ready before the outage: ${ready.body}`)
    check(`(2) ${acknowledged} feedback entries acknowledged (201) before the outage`)

    log(`stopping the database (the proxy refuses and resets connections) for ${OUTAGE_MS} ms`)
    const downAt = performance.now()
    await proxy.down()
    const records = []
    const kinds = [
      { kind: 'page', method: 'GET', path: '/', options: { headers: html } },
      { kind: 'json', method: 'GET', path: '/api/currencies', options: { headers: json } },
      {
        kind: 'write',
        method: 'POST',
        path: '/api/submit-feedback',
        options: { headers: json, json: { rating: 2, feedbackText: 'During the outage' } },
      },
      { kind: 'ready', method: 'GET', path: '/health/ready', options: {} },
      {
        kind: 'ready-detail',
        method: 'GET',
        path: '/health/ready',
        options: { headers: { 'x-health-token': HEALTH_TOKEN } },
      },
    ]
    const outageClient = async (offset) => {
      let turn = offset
      while (performance.now() - downAt < OUTAGE_MS) {
        const request = kinds[turn++ % kinds.length]
        const outcome = await browser.send(request.method, request.path, {
          ...request.options,
          keepCookies: false,
        })
        records.push({ ...request, ...outcome })
      }
    }
    await Promise.all([0, 1, 2, 3].map(outageClient))
    assert.ok(!server.exited, 'the server kept running during the outage')

    const slow = records.filter((r) => r.ms > OUTAGE_ANSWER_LIMIT_MS || r.error)
    const describe = (list) =>
      list
        .slice(0, 5)
        .map(
          (r) =>
            `${r.kind} ${r.path}: ${r.status ?? r.code} in ${r.ms.toFixed(0)} ms ${r.body?.slice(0, 300) ?? ''}`
        )
        .join('; ')
    assert.equal(slow.length, 0, `answers slower than 5 s or failed: ${describe(slow)}`)
    const not503 = records.filter((r) => r.status !== 503)
    assert.equal(not503.length, 0, `answers other than 503: ${describe(not503)}`)
    const leaks = records.filter(
      (r) => STACK.test(r.body) || (r.kind !== 'ready-detail' && DRIVER_TEXT.test(r.body))
    )
    assert.equal(leaks.length, 0, `bodies with a stack or an error's text: ${describe(leaks)}`)
    const pages = records.filter((r) => r.kind === 'page')
    for (const page of pages) {
      assert.match(page.headers.get('content-type') ?? '', /text\/html/, 'a page is HTML')
      const requestId = page.headers.get('x-request-id')
      assert.ok(requestId && page.body.includes(requestId), 'the page prints its request id')
      assert.ok(page.body.includes('errors/unavailable'), 'the unavailable page is rendered')
      assert.ok(page.body.includes('briefly unavailable'), 'the page says why')
    }
    for (const answer of records.filter((r) => r.kind === 'json' || r.kind === 'write')) {
      const body = JSON.parse(answer.body)
      assert.match(body.message, /briefly unavailable/, 'the JSON message says why')
      assert.equal(body.requestId, answer.headers.get('x-request-id'), 'JSON names the request')
    }
    for (const probe of records.filter((r) => r.kind === 'ready')) {
      assert.deepEqual(JSON.parse(probe.body), { status: 'error' }, 'the probe says not ready')
    }
    for (const probe of records.filter((r) => r.kind === 'ready-detail')) {
      const database = JSON.parse(probe.body).checks.find((entry) => entry.name === 'database')
      assert.equal(database?.status, 'error', `the database check fails: ${probe.body}`)
    }
    const slowest = Math.max(...records.map((r) => r.ms))
    const count = (kind) => records.filter((r) => r.kind === kind).length
    check(
      `(2) during the outage ${records.length} requests answered 503 within ${OUTAGE_ANSWER_LIMIT_MS} ms`,
      `${count('page')} pages (HTML error page with the request id), ${count('json') + count('write')} JSON ({ message, requestId }), no stack; slowest ${slowest.toFixed(0)} ms`
    )
    check(
      '(2) /health/ready answered 503 during the outage; with the token the database check is the failing one',
      `${count('ready') + count('ready-detail')} probes`
    )

    log('starting the database again (the proxy accepts connections)')
    await proxy.up()
    const upAt = performance.now()
    let page
    while (performance.now() - upAt < RECOVERY_LIMIT_MS) {
      page = await browser.send('GET', '/', { headers: html })
      if (page.status === 200) break
      await sleep(250)
    }
    assert.equal(page?.status, 200, `a page answers 200 within ${RECOVERY_LIMIT_MS} ms`)
    const recoveredMs = performance.now() - upAt
    assert.ok(!server.exited, 'the server was not restarted')
    const readyAgain = await browser.send('GET', '/health/ready')
    assert.equal(readyAgain.status, 200, `/health/ready after the outage: ${readyAgain.body}`)
    const api = await browser.send('GET', '/api/currencies', { headers: json })
    assert.equal(api.status, 200, 'the JSON API answers 200 again')
    check(
      `(2) recovered without a restart: pages answer 200 ${recoveredMs.toFixed(0)} ms after the database returned`,
      `same process ${server.child.pid}; /health/ready 200`
    )
    const stored = (await feedbackCount(userId)) - before
    assert.equal(stored, acknowledged, 'every acknowledged write is in the database')
    check(`(2) ${stored} of ${acknowledged} acknowledged writes are in the database`)
    await stopServer(server)
  } finally {
    await proxy.close()
  }
}

async function run() {
  const reuse = process.argv.includes('--no-build') && existsSync(`${BUILD_DIR}/bin/server.js`)
  if (!reuse) {
    if (BUILD_DIR !== 'build') throw new Error(`No build in ${BUILD_DIR} (RESILIENCE_BUILD_DIR)`)
    log('building the production app (node ace.js build)')
    step(process.execPath, ['ace.js', 'build'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: BUILD_LIMIT_MS,
      killSignal: 'SIGKILL',
    })
  }
  // The build runs against the project's installed packages.
  if (BUILD_DIR === 'build' && !existsSync('build/node_modules')) {
    symlinkSync('../node_modules', 'build/node_modules')
  }
  mkdirSync('tmp', { recursive: true })
  startDeadline()
  await seed()
  await shutdownUnderLoad()
  await databaseOutage()
  return results
}

let deadline
/** From the end of the build: the checks are bounded in time whatever happens. */
function startDeadline() {
  deadline = setTimeout(async () => {
    console.error(`[resilience] FAILED: the checks took longer than ${RUN_LIMIT_MS / 1000} s`)
    await stopServers()
    process.exit(1)
  }, RUN_LIMIT_MS)
}

try {
  await run()
  console.log(`\n${results.length} passed, 0 failed (${elapsed()})`)
} catch (error) {
  console.error(`\n[resilience] FAILED: ${error.stack ?? error}`)
  console.log(`\n${results.length} passed, 1 failed (${elapsed()})`)
  process.exitCode = 1
} finally {
  await stopServers()
  clearTimeout(deadline)
}
