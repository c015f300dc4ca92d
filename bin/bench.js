/*
 * `npm run bench`: the performance report. Builds the app, prepares the bench database (demo
 * seed plus the synthetic universe of demo:generate, reused between runs while unchanged),
 * serves the production build on 127.0.0.1 and measures, against a bare node:http baseline,
 * every page and GET endpoint of the registered routes as a persona allowed to see it; then
 * the dashboard and /login again on the production set-up (one worker per core), and the
 * JavaScript sizes of the build. Prints a markdown report (stdout) and writes
 * tmp/bench/results.{md,json}; exits with 1 on errors (failed requests, a crashed server, a
 * route neither measured nor skipped), not on missed targets. See bench/README.md.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus } from 'node:os'
import { join } from 'node:path'
import { bundleSizes } from '../bench/bundles.js'
import { ASSETS_VERSION, FLAGS, OUT_DIR, PERSONAS, PORTS, ROOT, SETTINGS } from '../bench/config.js'
import { benchDatabase, fingerprint } from '../bench/database.js'
import { discover } from '../bench/discovery.js'
import {
  aceOutput,
  processCount,
  runStep,
  startServer,
  stopAllServers,
} from '../bench/processes.js'
import { evaluateTargets, renderMarkdown, summarize, writeResults } from '../bench/report.js'
import {
  measure,
  probe,
  requestOf,
  signIn,
  startLoadGenerator,
  switchTeam,
} from '../bench/runner.js'
import { planScenarios } from '../bench/scenarios.js'

const startedAt = Date.now()
const log = (message) => process.stderr.write(`${message}\n`)
const elapsed = () => `${Math.round((Date.now() - startedAt) / 1000)} s`

mkdirSync(OUT_DIR, { recursive: true })

/** One key for the bench data, kept between runs (prepared data may hold encrypted values). */
function appKey() {
  const file = join(OUT_DIR, 'app_key')
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'))
  return readFileSync(file, 'utf8').trim()
}

const baseEnv = { ...process.env }
for (const name of ['QUERY_COUNT_HEADER', 'WEB_CONCURRENCY', 'SQLITE_FILE', 'PG_DATABASE']) {
  delete baseEnv[name]
}
Object.assign(baseEnv, {
  TZ: 'UTC',
  APP_KEY: appKey(),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SESSION_DRIVER: 'database',
  // Throughput is measured with one user per persona: per-user budgets would cut it short.
  LIMITER_STORE: 'memory',
  API_REQUESTS_PER_MINUTE: '1000000000',
  MAIL_MAILER: 'outbox',
  ASSETS_VERSION,
  DEMO_PASSWORD: SETTINGS.demoPassword,
})

const database = benchDatabase()

function aceEnv(which) {
  return {
    ...baseEnv,
    ...database.env(which),
    NODE_ENV: 'development',
    PORT: String(PORTS.app),
    APP_URL: `http://127.0.0.1:${PORTS.app}`,
  }
}

function serverEnv(port, { queryHeader, workers }) {
  return {
    ...baseEnv,
    ...database.env('run'),
    NODE_ENV: 'production',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    WEB_CONCURRENCY: String(workers),
    ...(queryHeader ? { QUERY_COUNT_HEADER: 'true' } : {}),
  }
}

function startApp(name, port, options) {
  return startServer({
    name,
    args: ['bin/server.js'],
    cwd: join(ROOT, 'build'),
    env: serverEnv(port, options),
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

function build() {
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

/** The data steps; demo:generate once the command exists. */
function dataSteps() {
  const commands = JSON.parse(aceOutput(['list', '--json'], { cwd: ROOT, env: aceEnv('prepared') }))
  const generate = commands.find((command) => command.commandName === 'demo:generate')
  const steps = [['migration:run', '--force'], ['db:seed']]
  if (generate) steps.push(['demo:generate', `--scale=${SETTINGS.scale}`])
  if (FLAGS.benchSeed) steps.push(['bench:seed'])
  const label = [
    'demo seed',
    generate
      ? `demo:generate --scale=${SETTINGS.scale}`
      : 'no demo:generate in this tree (demo data only)',
    FLAGS.benchSeed ? 'bench:seed' : null,
  ]
  return { steps, label: label.filter(Boolean).join(' + ') }
}

async function prepareData() {
  const { steps, label } = dataSteps()
  const print = fingerprint(steps)
  const current = await database.preparedFingerprint()
  if (!FLAGS.fresh && current === print) {
    log(
      `Reusing the prepared ${database.kind} database (fingerprint ${print}; --fresh regenerates).`
    )
  } else {
    log(
      `Preparing the ${database.kind} database (${FLAGS.fresh ? '--fresh' : current ? 'sources changed' : 'none yet'}): ${label}`
    )
    const started = Date.now()
    await database.reset()
    for (const step of steps) {
      runStep(['ace.js', ...step], {
        cwd: ROOT,
        env: aceEnv('prepared'),
        label: `ace ${step.join(' ')}`,
      })
    }
    await database.seal(print)
    log(`Data prepared in ${Math.round((Date.now() - started) / 1000)} s.`)
  }
  await database.makeRunCopy()
  return { label, fingerprint: print }
}

function registeredRoutes() {
  const domains = JSON.parse(
    aceOutput(['list:routes', '--json'], { cwd: ROOT, env: aceEnv('run') })
  )
  return domains.flatMap((domain) => domain.routes)
}

function gitCommit() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT })
      .toString()
      .trim()
    const dirty =
      execFileSync('git', ['status', '--porcelain'], { cwd: ROOT }).toString().trim() !== ''
    return { commit, dirty }
  } catch {
    return { commit: 'unknown', dirty: false }
  }
}

const results = {
  meta: {
    date: new Date().toISOString(),
    ...gitCommit(),
    database: database.kind,
    data: null,
    scale: SETTINGS.scale,
    node: process.version,
    connections: SETTINGS.connections,
    seconds: SETTINGS.seconds,
    warmupSeconds: SETTINGS.warmupSeconds,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model?.trim() ?? 'unknown',
    queryHeader: null,
    partial: FLAGS.only ?? null,
  },
  baseline: null,
  header: null,
  oneProcess: { rows: [] },
  production: null,
  downloads: [],
  skipped: [],
  bundles: null,
  errors: [],
  warnings: [],
  summary: '',
}

let load = null

function rowOf(scenario, measured) {
  return {
    route: scenario.route,
    method: scenario.method,
    path: scenario.path,
    as: PERSONAS[scenario.as].label,
    team: scenario.team ? { id: scenario.team.id, name: scenario.team.name } : null,
    group: scenario.group,
    note: scenario.note ?? null,
    why: scenario.why ?? null,
    rps: measured.rps ?? null,
    p50: measured.p50 ?? null,
    p95: measured.p95 ?? null,
    p99: measured.p99 ?? null,
    requests: measured.requests ?? null,
    non2xx: measured.non2xx ?? null,
    statusCodes: measured.statusCodes ?? null,
    queries: measured.probe?.queries ?? null,
    probe: measured.probe ?? null,
    errors: measured.errors ?? [],
  }
}

function recordErrors(row, where) {
  for (const error of row.errors) {
    results.errors.push(`${where}: ${row.method} ${row.path} as ${row.as}: ${error}`)
  }
}

async function run() {
  build()
  const data = await prepareData()
  results.meta.data = data.label
  results.meta.database = await database.describe()
  const routes = registeredRoutes()
  results.bundles = bundleSizes()

  const db = await database.open()
  let discovery
  let plan
  try {
    discovery = await discover(db, { personas: PERSONAS, uploads: database.uploads })
    plan = await planScenarios(routes, discovery, { only: FLAGS.only })
  } finally {
    await db.close()
  }
  results.skipped = plan.skipped
  results.warnings.push(...plan.warnings)
  if (FLAGS.only) results.warnings.push(...plan.errors.map((error) => `not checked: ${error}`))
  else results.errors.push(...plan.errors)
  if (FLAGS.planOnly) return printPlan(plan)

  load = startLoadGenerator()

  log('Baseline: bare node:http…')
  const baseline = await startServer({
    name: 'baseline',
    args: ['-e', BASELINE_SOURCE],
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: String(PORTS.baseline) },
    port: PORTS.baseline,
  })
  const baselineRequest = { method: 'GET', path: '/', headers: { accept: 'application/json' } }
  results.baseline = await measure({
    load,
    server: baseline,
    request: baselineRequest,
    expect: 200,
  })
  for (const error of results.baseline.errors) results.errors.push(`baseline: ${error}`)
  await baseline.stop()
  log(`  ${Math.round(results.baseline.rps)} req/s`)

  log('Starting the app (one process; with and without x-query-count)…')
  const withHeader = await startApp('one-process', PORTS.app, { queryHeader: true, workers: 1 })
  const withoutHeader = await startApp('one-process-no-header', PORTS.appWithoutHeader, {
    queryHeader: false,
    workers: 1,
  })

  const sessions = {
    analyst: await signIn(withHeader.base, PERSONAS.analyst),
    admin: await signIn(withHeader.base, PERSONAS.admin),
  }
  const home = discovery.analyst.home
  let analystTeam = discovery.analyst.currentTeamId
  const useTeam = async (team) => {
    if (team && team.id !== analystTeam) {
      await switchTeam(withHeader.base, sessions.analyst, team.id)
      analystTeam = team.id
    }
  }
  await useTeam(home)

  try {
    // Does the header cost throughput? Two rounds each way on the dashboard, interleaved.
    log('Measuring the cost of x-query-count on the dashboard…')
    const dashboard = requestOf(
      { as: 'analyst', kind: 'inertia', method: 'GET', path: '/' },
      sessions
    )
    const rounds = { with: [], without: [] }
    for (let round = 0; round < 2; round++) {
      for (const [key, server] of [
        ['without', withoutHeader],
        ['with', withHeader],
      ]) {
        const measured = await measure({ load, server, request: dashboard, expect: 200 })
        for (const error of measured.errors) results.errors.push(`header check: ${error}`)
        rounds[key].push(measured.rps)
      }
    }
    const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length
    const header = { withHeader: mean(rounds.with), withoutHeader: mean(rounds.without) }
    header.cost = 1 - header.withHeader / header.withoutHeader
    header.kept = header.cost < SETTINGS.headerCostTolerance
    results.header = header
    results.meta.queryHeader = header.kept
      ? `x-query-count on every measured server (costs ${(header.cost * 100).toFixed(1)}% of the dashboard's req/s: negligible)`
      : `load measured without x-query-count (it cost ${(header.cost * 100).toFixed(1)}%); counts from a probe to a server with it`
    log(
      `  ${Math.round(header.withHeader)} req/s with, ${Math.round(header.withoutHeader)} without: ${header.kept ? 'kept on' : 'off for the load'}`
    )
    const loadServer = header.kept ? withHeader : withoutHeader
    const probeServer = header.kept ? null : withHeader
    if (header.kept) await withoutHeader.stop()

    log(`Measuring ${plan.scenarios.length} scenarios on one process…`)
    let index = 0
    for (const scenario of plan.scenarios) {
      index++
      if (scenario.as === 'analyst') await useTeam(scenario.team)
      const request = requestOf(scenario, sessions)
      if (scenario.mode === 'status') {
        const probed = await probe(withHeader.base, request)
        const errors =
          probed.status === scenario.expect
            ? []
            : [`answered ${probed.status}, expected ${scenario.expect}`]
        const row = rowOf(scenario, { probe: probed, errors })
        results.downloads.push(row)
        recordErrors(row, 'download')
        log(
          `  [${index}/${plan.scenarios.length}] ${request.method} ${request.path}: ${probed.status}`
        )
        continue
      }
      const measured = await measure({
        load,
        server: loadServer,
        probeServer,
        request,
        expect: scenario.expect,
      })
      const row = rowOf(scenario, measured)
      results.oneProcess.rows.push(row)
      recordErrors(row, 'one process')
      log(
        `  [${index}/${plan.scenarios.length}] ${request.method} ${request.path} (${row.as}): ${Math.round(row.rps)} req/s, p95 ${row.p95} ms, ${row.queries ?? '?'} queries${row.errors.length ? ` — ${row.errors.join('; ')}` : ''}`
      )
      if (loadServer.crashed) throw new Error(`The app ${loadServer.crashed}`)
    }
  } finally {
    await useTeam(home).catch((error) => results.errors.push(`restoring the team: ${error}`))
    await withHeader.stop()
    await withoutHeader.stop()
  }

  log(`Production set-up: WEB_CONCURRENCY=${SETTINGS.productionWorkers}…`)
  const production = await startApp('production', PORTS.production, {
    queryHeader: results.header.kept,
    workers: SETTINGS.productionWorkers,
  })
  results.production = {
    workersRequested: SETTINGS.productionWorkers,
    processesObserved: null,
    rows: [],
  }
  try {
    const oneProcessRows = new Map(results.oneProcess.rows.map((row) => [row.route, row]))
    const scenarios = plan.scenarios.filter(
      (scenario) => scenario.route === 'dashboard' || scenario.route === 'login'
    )
    for (const scenario of scenarios) {
      const measured = await measure({
        load,
        server: production,
        request: requestOf(scenario, sessions),
        expect: scenario.expect,
      })
      const row = rowOf(scenario, measured)
      // Without the header on this server, the count is the one-process probe's.
      if (row.queries === null) row.queries = oneProcessRows.get(scenario.route)?.queries ?? null
      results.production.rows.push(row)
      recordErrors(row, 'production set-up')
      log(`  ${scenario.method} ${scenario.path}: ${Math.round(row.rps)} req/s, p95 ${row.p95} ms`)
      results.production.processesObserved = Math.max(
        results.production.processesObserved ?? 0,
        processCount(production.pid) ?? 0
      )
    }
    if (production.crashed) results.errors.push(`production set-up: the app ${production.crashed}`)
  } finally {
    await production.stop()
  }
}

/** --plan: what a run would measure, and what it would not, without measuring. */
function printPlan(plan) {
  const lines = ['| # | Request | As | Mode | Group | Expect |', '|--:|---|---|---|---|--:|']
  plan.scenarios.forEach((scenario, index) => {
    const as = scenario.team ? `${scenario.as} (${scenario.team.name})` : scenario.as
    lines.push(
      `| ${index + 1} | \`${scenario.method} ${scenario.path}\` | ${as} | ${scenario.mode} | ${scenario.group} | ${scenario.expect} |`
    )
  })
  lines.push('', '| Not measured | Reason |', '|---|---|')
  for (const skip of plan.skipped) lines.push(`| \`${skip.pattern}\` | ${skip.reason} |`)
  for (const problem of [...plan.errors, ...plan.warnings]) lines.push('', `- ${problem}`)
  process.stdout.write(lines.join('\n') + '\n')
}

function finish() {
  const baselineRps = results.baseline?.rps ?? null
  const dashboardOf = (rows) => rows.find((row) => row.route === 'dashboard')?.rps ?? null
  const oneProcessDashboard = dashboardOf(results.oneProcess.rows)
  for (const row of results.oneProcess.rows) {
    Object.assign(
      row,
      evaluateTargets(row, { baselineRps, dashboardRps: oneProcessDashboard, production: false })
    )
  }
  for (const row of results.production?.rows ?? []) {
    Object.assign(
      row,
      evaluateTargets(row, {
        baselineRps,
        dashboardRps: dashboardOf(results.production.rows),
        production: true,
      })
    )
  }
  results.summary = `${summarize(results)} Total time ${elapsed()}.`
  const markdown = renderMarkdown(results)
  writeResults(results, markdown)
  process.stdout.write(markdown)
  log(`Written: ${join(OUT_DIR, 'results.md')} and results.json`)
}

async function shutdown() {
  load?.close()
  await stopAllServers()
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    log(`\n${signal}: stopping the servers…`)
    await shutdown()
    process.exit(130)
  })
}

try {
  await run()
} catch (error) {
  results.errors.push(String(error?.message ?? error))
  log(String(error?.stack ?? error))
} finally {
  await shutdown()
}
if (!FLAGS.planOnly) finish()
else for (const error of results.errors) log(error)
process.exitCode = results.errors.length ? 1 : 0
