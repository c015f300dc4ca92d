/*
 * `npm run bench`: builds the app, fills a separate SQLite database with a large synthetic
 * universe, serves the production build on 127.0.0.1 and measures the main pages and endpoints
 * with autocannon. Loopback only; every run is bounded in time.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import autocannon from 'autocannon'

const PORT = 3399
const BASE = `http://127.0.0.1:${PORT}`
const DURATION = Number(process.env.BENCH_SECONDS || 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16)
const dbFile = `${process.cwd()}/tmp/bench.sqlite3`
const appKey = randomBytes(32).toString('base64url')
const env = {
  ...process.env,
  SQLITE_FILE: dbFile,
  APP_KEY: appKey,
  HOST: '127.0.0.1',
  PORT: String(PORT),
  APP_URL: BASE,
  LOG_LEVEL: 'warn',
  SESSION_DRIVER: 'database',
  LIMITER_STORE: 'memory',
  // Throughput is measured with one user per scenario: the per-user API budget would cut it.
  API_REQUESTS_PER_MINUTE: '1000000000',
  MAIL_MAILER: 'outbox',
  ASSETS_VERSION: 'bench',
}

function step(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  if (result.status !== 0) {
    console.error(`"${command} ${args.join(' ')}" failed`)
    process.exit(result.status ?? 1)
  }
}

mkdirSync('tmp', { recursive: true })
if (!process.argv.includes('--no-build') || !existsSync('build/bin/server.js')) {
  step(process.execPath, ['ace.js', 'build'])
}
// The build runs against the project's installed packages.
if (!existsSync('build/node_modules')) symlinkSync('../node_modules', 'build/node_modules')
for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbFile}${suffix}`, { force: true })
step(process.execPath, ['ace.js', 'migration:run', '--force'], {
  env: { ...env, NODE_ENV: 'development' },
})
step(process.execPath, ['ace.js', 'db:seed'], { env: { ...env, NODE_ENV: 'development' } })
step(
  process.execPath,
  ['ace.js', 'demo:generate', `--scale=${process.env.BENCH_SCALE || 'large'}`],
  { env: { ...env, NODE_ENV: 'development' } }
)

const server = spawn(process.execPath, ['bin/server.js'], {
  cwd: 'build',
  env: { ...env, NODE_ENV: 'production' },
  stdio: 'inherit',
})

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const response = await fetch(`${BASE}/login`)
      if (response.ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('The server did not start')
}

function cookiesOf(response) {
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
}

async function signIn(email, landing) {
  const page = await fetch(`${BASE}/login`)
  let cookies = cookiesOf(page)
  const xsrf = decodeURIComponent(
    cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? ''
  )
  const response = await fetch(`${BASE}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'cookie': cookies.join('; '),
      'x-xsrf-token': xsrf,
    },
    body: `email=${encodeURIComponent(email)}&password=Bench-Password-2026`,
  })
  cookies = cookiesOf(response)
  if (response.status !== 302 || response.headers.get('location') !== landing) {
    throw new Error(`Sign-in failed: ${response.status}`)
  }
  return cookies.join('; ')
}

function measure(title, path, headers) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `${BASE}${path}`, connections: CONNECTIONS, duration: DURATION, headers },
      (error, result) => {
        if (error) return reject(error)
        resolve({
          title,
          'req/s': Math.round(result.requests.average),
          'p50 ms': result.latency.p50,
          'p99 ms': result.latency.p99,
          'non-2xx': result.non2xx,
        })
      }
    )
  })
}

try {
  await waitForServer()
  const cookie = await signIn('bench.150.3@example.com', '/')
  const adminCookie = await signIn('bench.admin@example.com', '/')
  const inertia = {
    'cookie': cookie,
    'x-inertia': 'true',
    'x-inertia-version': 'bench',
    'x-requested-with': 'XMLHttpRequest',
  }
  const json = {
    'cookie': cookie,
    'x-requested-with': 'XMLHttpRequest',
    'accept': 'application/json',
  }
  const results = []
  results.push(await measure('GET /login (signed out, HTML)', '/login', {}))
  results.push(await measure('GET / dashboard (Inertia)', '/', inertia))
  results.push(await measure('GET /api/permissions', '/api/permissions', json))
  results.push(await measure('GET /api/currencies', '/api/currencies', json))
  results.push(
    await measure('GET /api/insights-reports/unread', '/api/insights-reports/unread', json)
  )
  const admin = { ...inertia, cookie: adminCookie }
  results.push(
    await measure('GET /admin/account-management (teams)', '/admin/account-management', admin)
  )
  results.push(
    await measure(
      'GET /admin/account-management/users?q=bench.1',
      '/admin/account-management/users?q=bench.1',
      admin
    )
  )
  results.push(
    await measure(
      'GET /admin/account-management/teams/150',
      '/admin/account-management/teams/150',
      admin
    )
  )
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, 300 teams × 20 members:`)
  console.table(results)
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  server.kill('SIGTERM')
}
