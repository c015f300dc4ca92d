/*
 * `npm run bench`: the performance report. Builds the app, prepares the bench database (demo
 * seed plus the synthetic universe of demo:generate, reused between runs while unchanged),
 * serves the production build on 127.0.0.1 and measures, against a bare node:http baseline,
 * every page and GET endpoint of the registered routes as a persona allowed to see it; then
 * the dashboard and /login again on the production set-up (one worker per CPU), and the
 * JavaScript sizes of the build. Prints a markdown report (stdout) and writes
 * tmp/bench/results.{md,json}; exits with 1 on errors (failed requests, a crashed server, a
 * route neither measured nor skipped), not on missed targets. See bench/README.md.
 */
import { mkdirSync } from 'node:fs'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { bundleSizes } from '../bench/bundles.js'
import { FLAGS, OUT_DIR, PERSONAS, SETTINGS } from '../bench/config.js'
import { benchDatabase } from '../bench/database.js'
import { discover } from '../bench/discovery.js'
import {
  checkQueryHeader,
  measureBaseline,
  measureOneProcess,
  measureProduction,
  startOneProcess,
  stopBaseline,
} from '../bench/phases.js'
import { stopAllServers } from '../bench/processes.js'
import { evaluateTargets, renderMarkdown, summarize, writeResults } from '../bench/report.js'
import { startLoadGenerator } from '../bench/runner.js'
import { planScenarios } from '../bench/scenarios.js'
import { build, gitCommit, log, prepareData, registeredRoutes } from '../bench/setup.js'

const startedAt = Date.now()
mkdirSync(OUT_DIR, { recursive: true })

const database = benchDatabase()
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
    limiterStore: process.env.BENCH_LIMITER_STORE || 'memory',
    loadAverage: { start: loadavg()[0], end: null },
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
const ctx = { results, database, load: null }

/** The scenarios from the registered routes and the bench data (read-only queries). */
async function plan() {
  const routes = registeredRoutes(database)
  const db = await database.open()
  try {
    ctx.discovery = await discover(db, { personas: PERSONAS, uploads: database.uploads })
    return await planScenarios(routes, ctx.discovery, { only: FLAGS.only })
  } finally {
    await db.close()
  }
}

/** --plan: what a run would measure, and what it would not, without measuring. */
function printPlan(scenarioPlan) {
  const lines = ['| # | Request | As | Mode | Group | Expect |', '|--:|---|---|---|---|--:|']
  for (const [index, scenario] of scenarioPlan.scenarios.entries()) {
    const as = scenario.team ? `${scenario.as} (${scenario.team.name})` : scenario.as
    lines.push(
      `| ${index + 1} | \`${scenario.method} ${scenario.path}\` | ${as} | ${scenario.mode} | ${scenario.group} | ${scenario.expect} |`
    )
  }
  lines.push('', '| Not measured | Reason |', '|---|---|')
  for (const skip of scenarioPlan.skipped) lines.push(`| \`${skip.pattern}\` | ${skip.reason} |`)
  for (const problem of [...scenarioPlan.errors, ...scenarioPlan.warnings]) {
    lines.push('', `- ${problem}`)
  }
  process.stdout.write(lines.join('\n') + '\n')
}

async function run() {
  build()
  results.meta.data = (await prepareData(database)).label
  results.meta.database = await database.describe()
  results.bundles = bundleSizes()

  const scenarioPlan = await plan()
  results.skipped = scenarioPlan.skipped
  results.warnings.push(...scenarioPlan.warnings)
  if (FLAGS.only) {
    results.warnings.push(...scenarioPlan.errors.map((error) => `not checked: ${error}`))
  } else {
    results.errors.push(...scenarioPlan.errors)
  }
  if (FLAGS.planOnly) return printPlan(scenarioPlan)

  ctx.load = startLoadGenerator()
  await measureBaseline(ctx, 'first')
  await startOneProcess(ctx)
  await checkQueryHeader(ctx)
  await measureOneProcess(ctx, scenarioPlan)
  await measureBaseline(ctx, 'after the one-process list')
  await stopBaseline(ctx)
  await measureProduction(ctx, scenarioPlan)
}

/** Targets per row, the summary, the report on stdout and in tmp/bench/. */
function report() {
  results.meta.loadAverage.end = loadavg()[0]
  const busiest = Math.max(results.meta.loadAverage.start, results.meta.loadAverage.end)
  if (busiest > availableParallelism() * 0.5) {
    results.warnings.push(
      `The machine was busy (load average ${busiest.toFixed(1)} on ${availableParallelism()} CPUs, the bench's own processes included): compare runs made on a quiet machine.`
    )
  }
  const dashboardOf = (rows) => rows.find((row) => row.route === 'dashboard')?.rps ?? null
  for (const [rows, production] of [
    [results.oneProcess.rows, false],
    [results.production?.rows ?? [], true],
  ]) {
    const dashboardRps = dashboardOf(rows)
    for (const row of rows) {
      Object.assign(
        row,
        evaluateTargets(row, { baseline: results.baseline, dashboardRps, production })
      )
    }
  }
  const seconds = Math.round((Date.now() - startedAt) / 1000)
  results.summary = `${summarize(results)} Total time ${seconds} s.`
  const markdown = renderMarkdown(results)
  writeResults(results, markdown)
  process.stdout.write(markdown)
  log(`Written: ${join(OUT_DIR, 'results.md')} and results.json`)
}

async function shutdown() {
  ctx.load?.close()
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
if (FLAGS.planOnly) {
  for (const error of results.errors) log(error)
} else {
  report()
}
process.exitCode = results.errors.length ? 1 : 0
