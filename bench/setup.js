/*
 * Getting ready to measure: the build, the bench data, the registered routes, and starting
 * the servers (the app's production build, the bare node:http baseline) with the bench's
 * environment.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ASSETS_VERSION, FLAGS, OUT_DIR, PORTS, ROOT, SETTINGS } from './config.js'
import { fingerprint } from './database.js'
import { aceOutput, runStep, startServer } from './processes.js'

export const log = (message) => process.stderr.write(`${message}\n`)

/** One key for the bench data, kept between runs (prepared data may hold encrypted values). */
function appKey() {
  const file = join(OUT_DIR, 'app_key')
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'))
  return readFileSync(file, 'utf8').trim()
}

/** The environment of every app process; the database and the server's own come on top. */
function baseEnv() {
  const env = { ...process.env }
  for (const name of ['QUERY_COUNT_HEADER', 'WEB_CONCURRENCY', 'SQLITE_FILE', 'PG_DATABASE']) {
    delete env[name]
  }
  return Object.assign(env, {
    TZ: 'UTC',
    APP_KEY: appKey(),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SESSION_DRIVER: 'database',
    // Where the per-user API budget is counted (memory unless BENCH_LIMITER_STORE says
    // database or redis); the budget itself is lifted: one user per persona makes all the
    // traffic.
    LIMITER_STORE: process.env.BENCH_LIMITER_STORE || 'memory',
    API_REQUESTS_PER_MINUTE: '1000000000',
    MAIL_MAILER: 'outbox',
    ASSETS_VERSION,
    DEMO_PASSWORD: SETTINGS.demoPassword,
  })
}

/** For ace commands run from the sources (data steps, listings). */
function aceEnv(database, which) {
  return {
    ...baseEnv(),
    ...database.env(which),
    NODE_ENV: 'development',
    PORT: String(PORTS.app),
    APP_URL: `http://127.0.0.1:${PORTS.app}`,
  }
}

export function build() {
  if (FLAGS.noBuild && existsSync(join(ROOT, 'build', 'bin', 'server.js'))) {
    log('Using the existing build (--no-build).')
  } else {
    log('Building the production bundle…')
    runStep(['ace.js', 'build'], { cwd: ROOT, label: 'node ace.js build' })
  }
  // The build runs against the project's installed packages.
  const link = join(ROOT, 'build', 'node_modules')
  if (!existsSync(link)) symlinkSync('../node_modules', link)
}

/** The data steps: migrations, the demo seed (its personas), then the generated universe. */
function dataSteps() {
  const steps = [
    ['migration:run', '--force'],
    ['db:seed'],
    ['demo:generate', `--scale=${SETTINGS.scale}`],
  ]
  return { steps, label: `demo seed + demo:generate --scale=${SETTINGS.scale}` }
}

/** The prepared database (reused when its fingerprint matches), then this run's copy of it. */
export async function prepareData(database) {
  const { steps, label } = dataSteps()
  const print = fingerprint(steps)
  const current = await database.preparedFingerprint()
  if (!FLAGS.fresh && current === print) {
    log(`Reusing the prepared ${database.kind} database (${print}; --fresh regenerates it).`)
  } else {
    const why = FLAGS.fresh ? '--fresh' : current ? 'sources changed' : 'none yet'
    log(`Preparing the ${database.kind} database (${why}): ${label}`)
    const started = Date.now()
    await database.reset()
    for (const step of steps) {
      runStep(['ace.js', ...step], {
        cwd: ROOT,
        env: aceEnv(database, 'prepared'),
        label: `ace ${step.join(' ')}`,
      })
    }
    await database.seal(print)
    log(`Data prepared in ${Math.round((Date.now() - started) / 1000)} s.`)
  }
  await database.makeRunCopy()
  return { label, fingerprint: print }
}

/** Every registered route, from `node ace.js list:routes --json`. */
export function registeredRoutes(database) {
  const listing = aceOutput(['list:routes', '--json'], { cwd: ROOT, env: aceEnv(database, 'run') })
  return JSON.parse(listing).flatMap((domain) => domain.routes)
}

export function gitCommit() {
  try {
    const git = (...args) => execFileSync('git', args, { cwd: ROOT }).toString().trim()
    return {
      commit: git('rev-parse', '--short', 'HEAD'),
      dirty: git('status', '--porcelain') !== '',
    }
  } catch {
    return { commit: 'unknown', dirty: false }
  }
}

/**
 * The production build on `port`: `workers` is passed as WEB_CONCURRENCY (1 for one
 * process), `queryHeader` turns on x-query-count.
 */
export function startApp(database, { name, port, queryHeader, workers }) {
  return startServer({
    name,
    args: [join(ROOT, 'build', 'bin', 'server.js')],
    cwd: join(ROOT, 'build'),
    env: {
      ...baseEnv(),
      ...database.env('run'),
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      WEB_CONCURRENCY: String(workers),
      ...(queryHeader ? { QUERY_COUNT_HEADER: 'true' } : {}),
    },
    port,
    readyPath: '/login',
  })
}

const BASELINE_SOURCE = `
const body = JSON.stringify({ ok: true, service: 'baseline' })
require('node:http')
  .createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    response.end(body)
  })
  .listen(Number(process.env.PORT), '127.0.0.1')
`

/** The baseline: a bare node:http server answering a small JSON body, same Node. */
export function startBaseline() {
  return startServer({
    name: 'baseline',
    args: ['-e', BASELINE_SOURCE],
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: String(PORTS.baseline) },
    port: PORTS.baseline,
  })
}
