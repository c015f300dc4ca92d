/*
 * Measuring: the load generator process, signing the personas in, and one scenario's run
 * (warm-up, a probe request that reads the status and the x-query-count header, then the
 * measured load).
 */
import { fork } from 'node:child_process'
import { ASSETS_VERSION, SETTINGS } from './config.js'

/** autocannon in a child process; one job at a time. */
export function startLoadGenerator() {
  const child = fork(new URL('./load_worker.js', import.meta.url), { stdio: 'inherit' })
  let next = 0
  const pending = new Map()
  child.on('message', (message) => {
    const entry = pending.get(message.id)
    if (!entry) return
    pending.delete(message.id)
    if (message.error) entry.reject(new Error(message.error))
    else entry.resolve(message.result)
  })
  child.on('exit', (code) => {
    for (const entry of pending.values()) entry.reject(new Error(`load generator exited (${code})`))
    pending.clear()
  })
  return {
    run(job) {
      return new Promise((resolve, reject) => {
        const id = ++next
        pending.set(id, { resolve, reject })
        child.send({ id, ...job })
      })
    },
    close() {
      child.disconnect()
      child.kill()
    },
  }
}

function cookiesOf(response) {
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
}

function mergeCookies(...lists) {
  const jar = new Map()
  for (const cookie of lists.flat()) jar.set(cookie.split('=')[0], cookie)
  return [...jar.values()]
}

function xsrfOf(cookies) {
  const cookie = cookies.find((entry) => entry.startsWith('XSRF-TOKEN='))
  return cookie ? decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) : ''
}

/** Signs a persona in through the login form, as a browser does. */
export async function signIn(base, persona) {
  const page = await fetch(`${base}/login`)
  await page.arrayBuffer()
  const visitor = cookiesOf(page)
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'cookie': visitor.join('; '),
      'x-xsrf-token': xsrfOf(visitor),
    },
    body: new URLSearchParams({ email: persona.email, password: SETTINGS.demoPassword }).toString(),
  })
  await response.arrayBuffer()
  const location = response.headers.get('location') ?? ''
  if (response.status !== 302 || location.startsWith('/login')) {
    throw new Error(
      `Signing in as ${persona.email} failed (${response.status} → ${location || 'no redirect'}); is DEMO_PASSWORD the one the data was seeded with?`
    )
  }
  const cookies = mergeCookies(visitor, cookiesOf(response))
  return { cookie: cookies.join('; '), xsrf: xsrfOf(cookies) }
}

/** Makes `teamId` the analyst's current team (the app keeps it on the user). */
export async function switchTeam(base, session, teamId) {
  const response = await fetch(`${base}/teams/switch`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'cookie': session.cookie,
      'x-xsrf-token': session.xsrf,
      'content-type': 'application/json',
      'accept': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    },
    body: JSON.stringify({ team_id: teamId }),
  })
  const text = await response.text()
  if (response.status !== 200) {
    throw new Error(`Switching to team ${teamId} failed: ${response.status} ${text.slice(0, 200)}`)
  }
}

/** The request of a scenario as a browser (or the app's own client) sends it. */
export function requestOf(scenario, sessions) {
  const session = scenario.as === 'guest' ? null : sessions[scenario.as]
  const headers = {}
  if (session) headers.cookie = session.cookie
  switch (scenario.kind) {
    case 'html':
      headers.accept = 'text/html,application/xhtml+xml'
      break
    case 'inertia':
      headers['accept'] = 'text/html, application/xhtml+xml'
      headers['x-inertia'] = 'true'
      headers['x-inertia-version'] = ASSETS_VERSION
      headers['x-requested-with'] = 'XMLHttpRequest'
      break
    case 'json':
      headers['accept'] = 'application/json'
      headers['x-requested-with'] = 'XMLHttpRequest'
      break
    default:
      headers.accept = '*/*'
  }
  let body
  if (scenario.method === 'POST') {
    headers['content-type'] = 'application/json'
    if (session) headers['x-xsrf-token'] = session.xsrf
    body = JSON.stringify(scenario.body ?? {})
  }
  return { method: scenario.method, path: scenario.path, headers, body }
}

/** One request: its status, the app's query count and the size of the answer. */
export async function probe(base, request) {
  const response = await fetch(`${base}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
  })
  const bytes = (await response.arrayBuffer()).byteLength
  const count = response.headers.get('x-query-count')
  return {
    status: response.status,
    queries: count === null ? null : Number(count),
    bytes,
    location: response.headers.get('location'),
  }
}

/**
 * Warm-up, probe, measured load. Returns the measurement with the errors it found: answers
 * other than the expected status, socket errors and timeouts, a server that stopped.
 */
export async function measure({
  load,
  server,
  probeServer,
  request,
  expect,
  seconds,
  latency = false,
}) {
  const job = {
    url: `${server.base}${request.path}`,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections: SETTINGS.connections,
  }
  const errors = []
  await load.run({ ...job, seconds: SETTINGS.warmupSeconds })
  // A separate probe server has not had the warm-up: a first request there fills its caches
  // (the request context after a team switch, figures kept under a data version), so that the
  // counted one runs what the loaded server runs.
  if (probeServer) await probe(probeServer.base, request)
  const probed = await probe((probeServer ?? server).base, request)
  if (probed.status !== expect) {
    errors.push(`probe answered ${probed.status}, expected ${expect}`)
  }
  const result = await load.run({ ...job, seconds: seconds ?? SETTINGS.seconds })
  // One user's requests, one after another: the response time without the queue of the load.
  const single = latency
    ? await load.run({ ...job, connections: 1, seconds: seconds ?? SETTINGS.seconds })
    : null
  const unexpected = Object.entries(result.statusCodes)
    .filter(([code]) => Number(code) !== expect)
    .map(([code, count]) => `${count}× ${code}`)
  if (unexpected.length) errors.push(`answers other than ${expect}: ${unexpected.join(', ')}`)
  if (result.errors) errors.push(`${result.errors} socket errors`)
  if (result.timeouts) errors.push(`${result.timeouts} timeouts`)
  for (const running of [server, probeServer]) {
    if (running?.crashed) errors.push(`${running.name} server ${running.crashed}`)
  }
  return {
    ...result,
    latency: single ? { p50: single.p50, p95: single.p95, requests: single.requests } : null,
    probe: probed,
    errors,
  }
}
