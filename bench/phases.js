/*
 * The measuring phases of a run, in order: the baseline, the cost of the x-query-count header,
 * every scenario on one process, the dashboard and /login on the production set-up. Each phase
 * adds its rows, errors and warnings to `ctx.results`.
 */
import { PERSONAS, PORTS, SETTINGS } from './config.js'
import { processCount } from './processes.js'
import { measure, probe, requestOf, signIn, switchTeam } from './runner.js'
import { log, startApp, startBaseline } from './setup.js'

/**
 * Runs `fn`; when one of `servers` was stopped by another process meanwhile (the machine is
 * shared), restarts it, notes it and runs `fn` again, once.
 */
async function guarded(ctx, servers, fn) {
  for (let attempt = 1; ; attempt++) {
    let value
    let failure
    try {
      value = await fn()
    } catch (error) {
      failure = error
    }
    const stopped = servers.filter((server) => server?.stoppedFromOutside)
    if (!stopped.length) {
      if (failure) throw failure
      return value
    }
    const names = stopped.map((server) => `${server.name} (${server.exitSignal})`).join(', ')
    if (attempt === 2) throw new Error(`Stopped from outside the bench twice in a row: ${names}`)
    ctx.results.warnings.push(
      `Stopped by another process during the run: ${names}; restarted, measurement repeated.`
    )
    log(`  ${names} stopped from outside: restarting and measuring again…`)
    for (const server of stopped) await server.restart()
  }
}

function rowOf(scenario, measured, at) {
  return {
    at,
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
    latency: measured.latency ?? null,
    latencyTargetMs: scenario.latencyTargetMs ?? null,
    probe: measured.probe ?? null,
    errors: measured.errors ?? [],
  }
}

function recordErrors(ctx, row, where) {
  for (const error of row.errors) {
    ctx.results.errors.push(`${where}: ${row.method} ${row.path} as ${row.as}: ${error}`)
  }
}

function failOnCrash(servers) {
  for (const server of servers) {
    if (server?.crashed) throw new Error(`The ${server.name} server ${server.crashed}`)
  }
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/**
 * The bare node:http server, measured at several points of the run (first, just before the
 * dashboard, after the one-process list, which is also just before the production set-up):
 * each row is compared with the sample nearest in time, so that another process taking the
 * CPUs for a while skews the ratios less.
 */
export async function measureBaseline(ctx, when) {
  ctx.baseline ??= await startBaseline()
  log(`Baseline (${when})…`)
  const at = Date.now()
  const measured = await guarded(ctx, [ctx.baseline], () =>
    measure({
      load: ctx.load,
      server: ctx.baseline,
      request: { method: 'GET', path: '/', headers: { accept: 'application/json' } },
      expect: 200,
    })
  )
  for (const error of measured.errors) ctx.results.errors.push(`baseline (${when}): ${error}`)
  const runs = [...(ctx.results.baseline?.runs ?? []), { when, at, ...measured }]
  ctx.results.baseline = {
    rps: mean(runs.map((run) => run.rps)),
    p50: mean(runs.map((run) => run.p50)),
    p95: mean(runs.map((run) => run.p95)),
    p99: mean(runs.map((run) => run.p99)),
    runs,
  }
  log(`  ${Math.round(measured.rps)} req/s`)
}

export async function stopBaseline(ctx) {
  await ctx.baseline?.stop()
  const samples = ctx.results.baseline.runs.map((run) => run.rps)
  const [low, high] = [Math.min(...samples), Math.max(...samples)]
  if ((high - low) / high > 0.2) {
    ctx.results.warnings.push(
      `The baseline ranged from ${Math.round(low)} to ${Math.round(high)} req/s during the run: other processes used the CPUs. Each row is compared with the nearest sample.`
    )
  }
}

/**
 * Makes `team` the analyst's current team when it is not already. The switch goes through every
 * running one-process server: each keeps the request context in its own memory (separate
 * processes on one database, not workers of one cluster), and a switch made through a server
 * drops that server's cached copy.
 */
async function useTeam(ctx, team) {
  if (!team || team.id === ctx.analystTeam) return
  const servers = [ctx.servers.withHeader, ctx.servers.withoutHeader].filter(
    (server) => server?.running
  )
  for (const server of servers) {
    await guarded(ctx, [server], () => switchTeam(server.base, ctx.sessions.analyst, team.id))
  }
  ctx.analystTeam = team.id
}

/**
 * Starts the one-process servers (with and without x-query-count), signs the personas in and
 * puts the analyst in their home team.
 */
export async function startOneProcess(ctx) {
  log('Starting the app: one process, with and without x-query-count…')
  const options = { workers: 1 }
  ctx.servers = {
    withHeader: await startApp(ctx.database, {
      ...options,
      name: 'one-process',
      port: PORTS.app,
      queryHeader: true,
    }),
    withoutHeader: await startApp(ctx.database, {
      ...options,
      name: 'one-process-no-header',
      port: PORTS.appWithoutHeader,
      queryHeader: false,
    }),
  }
  // Sessions live in the database: valid on every server of the run.
  const base = ctx.servers.withHeader.base
  ctx.sessions = {
    analyst: await signIn(base, PERSONAS.analyst),
    admin: await signIn(base, PERSONAS.admin),
  }
  ctx.analystTeam = ctx.discovery.analyst.currentTeamId
  await useTeam(ctx, ctx.discovery.analyst.home)
}

/**
 * Does x-query-count cost throughput? The dashboard, three rounds each way, interleaved, the
 * median of each compared (one round disturbed by another process does not decide). Kept on
 * when the cost is under SETTINGS.headerCostTolerance; otherwise the load runs on the server
 * without it and each count comes from one probe to the server with it.
 */
export async function checkQueryHeader(ctx) {
  log('Measuring the cost of x-query-count on the dashboard…')
  const { withHeader, withoutHeader } = ctx.servers
  const dashboard = requestOf(
    { as: 'analyst', kind: 'inertia', method: 'GET', path: '/' },
    ctx.sessions
  )
  const rounds = { with: [], without: [] }
  for (let round = 0; round < 3; round++) {
    for (const [key, server] of [
      ['without', withoutHeader],
      ['with', withHeader],
    ]) {
      const measured = await guarded(ctx, [server], () =>
        measure({ load: ctx.load, server, request: dashboard, expect: 200 })
      )
      for (const error of measured.errors) ctx.results.errors.push(`header check: ${error}`)
      rounds[key].push(measured.rps)
    }
  }
  const header = {
    withHeader: median(rounds.with),
    withoutHeader: median(rounds.without),
    rounds,
  }
  header.cost = 1 - header.withHeader / header.withoutHeader
  header.kept = header.cost < SETTINGS.headerCostTolerance
  ctx.results.header = header
  const cost = `${(header.cost * 100).toFixed(1)}%`
  ctx.results.meta.queryHeader = header.kept
    ? `x-query-count on the measured servers (it cost ${cost} of the dashboard's req/s: negligible)`
    : `load measured without x-query-count (it cost ${cost}); each count from a probe to a second server with it`
  log(
    `  ${Math.round(header.withHeader)} req/s with, ${Math.round(header.withoutHeader)} without: ${header.kept ? 'kept on' : 'off for the load'}`
  )
  if (header.kept) await withoutHeader.stop()
}

/** Every scenario of the plan on one process; downloads are one request each. */
export async function measureOneProcess(ctx, plan) {
  const { withHeader, withoutHeader } = ctx.servers
  const kept = ctx.results.header.kept
  const loadServer = kept ? withHeader : withoutHeader
  const probeServer = kept ? null : withHeader
  const total = plan.scenarios.length
  log(`Measuring ${total} scenarios on one process…`)
  try {
    for (const [index, scenario] of plan.scenarios.entries()) {
      const prefix = `  [${index + 1}/${total}] ${scenario.method} ${scenario.path}`
      if (scenario.as === 'analyst') await useTeam(ctx, scenario.team)
      const request = requestOf(scenario, ctx.sessions)
      if (scenario.mode === 'status') {
        const probed = await guarded(ctx, [withHeader], () => probe(withHeader.base, request))
        const errors =
          probed.status === scenario.expect
            ? []
            : [`answered ${probed.status}, expected ${scenario.expect}`]
        const row = rowOf(scenario, { probe: probed, errors }, Date.now())
        ctx.results.downloads.push(row)
        recordErrors(ctx, row, 'download')
        log(`${prefix}: ${probed.status}, ${probed.bytes} bytes`)
        continue
      }
      if (scenario.route === 'dashboard') await measureBaseline(ctx, 'before the dashboard')
      const at = Date.now()
      const measured = await guarded(ctx, [loadServer, probeServer], () =>
        measure({
          load: ctx.load,
          server: loadServer,
          probeServer,
          request,
          expect: scenario.expect,
          latency: scenario.latencyTargetMs !== null,
        })
      )
      const row = rowOf(scenario, measured, at)
      ctx.results.oneProcess.rows.push(row)
      recordErrors(ctx, row, 'one process')
      const problems = row.errors.length ? ` — ${row.errors.join('; ')}` : ''
      const single = row.latency ? `, one user: p95 ${row.latency.p95} ms` : ''
      log(
        `${prefix} (${row.as}): ${Math.round(row.rps)} req/s, p95 ${row.p95} ms${single}, ${row.queries ?? '?'} queries${problems}`
      )
      failOnCrash([loadServer, probeServer])
    }
  } finally {
    await useTeam(ctx, ctx.discovery.analyst.home).catch((error) =>
      ctx.results.errors.push(`putting the analyst back in their home team: ${error.message}`)
    )
    await withHeader.stop()
    await withoutHeader.stop()
  }
}

/**
 * The dashboard and /login on the production set-up: WEB_CONCURRENCY set to the number of
 * CPUs, for the cluster mode (the same numbers as one process while the server ignores it).
 */
export async function measureProduction(ctx, plan) {
  const workers = SETTINGS.productionWorkers
  log(`Production set-up: WEB_CONCURRENCY=${workers}…`)
  const kept = ctx.results.header.kept
  const server = await startApp(ctx.database, {
    name: 'production',
    port: PORTS.production,
    queryHeader: kept,
    workers,
  })
  const production = { workersRequested: workers, processesObserved: null, rows: [] }
  ctx.results.production = production
  try {
    const oneProcess = new Map(ctx.results.oneProcess.rows.map((row) => [row.route, row]))
    const scenarios = plan.scenarios.filter((scenario) =>
      ['dashboard', 'login'].includes(scenario.route)
    )
    for (const scenario of scenarios) {
      const at = Date.now()
      const measured = await guarded(ctx, [server], () =>
        measure({
          load: ctx.load,
          server,
          request: requestOf(scenario, ctx.sessions),
          expect: scenario.expect,
        })
      )
      const row = rowOf(scenario, measured, at)
      // Without the header on this server, the count is the one-process probe's.
      if (row.queries === null) row.queries = oneProcess.get(scenario.route)?.queries ?? null
      production.rows.push(row)
      recordErrors(ctx, row, 'production set-up')
      log(`  ${scenario.method} ${scenario.path}: ${Math.round(row.rps)} req/s, p95 ${row.p95} ms`)
      const processes = processCount(server.pid)
      if (processes !== null) {
        production.processesObserved = Math.max(production.processesObserved ?? 0, processes)
      }
      failOnCrash([server])
    }
  } finally {
    await server.stop()
  }
}
