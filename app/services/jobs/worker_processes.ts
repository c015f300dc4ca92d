import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import string from '@adonisjs/core/helpers/string'

/**
 * The processes that run jobs and imports (`worker_processes`), and whether each is alive.
 *
 * A queue worker or an import command registers itself and keeps a heartbeat written by a
 * thread of its own: an import that keeps the main thread busy (a long check, a large commit)
 * does not stop it. A process is alive while:
 * - it runs on this host and its pid answers (SQLite: every process shares the host; a write
 *   held by a long commit may delay a heartbeat, never this answer), or
 * - it runs on another host and its heartbeat is younger than the stalled threshold.
 * A process that stopped cleanly says so (`stopped_at`).
 */

export type ProcessKind = 'worker' | 'command'

export interface WorkerProcessRow {
  id: string
  hostname: string
  pid: number | string
  heartbeat_at: number | string
  stopped_at: number | string | null
}

const HOST = hostname()

/** The process registered by this process (a worker, or a running import command). */
let current: { id: string; kind: ProcessKind } | null = null

export function currentProcessId() {
  return current?.id ?? null
}

/** Whether a pid answers on this host (EPERM: it exists, owned by another user). */
function pidAnswers(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function isProcessAlive(row: WorkerProcessRow, staleAfter: number, now = Date.now()) {
  if (row.stopped_at !== null && row.stopped_at !== undefined) return false
  if (row.hostname === HOST) return pidAnswers(Number(row.pid))
  return now - Number(row.heartbeat_at) < staleAfter
}

/**
 * How long a process on another host may go without a heartbeat before it counts as gone: the
 * queue's stalled threshold.
 */
export function staleAfterMs() {
  const threshold = app.config.get<string | number | undefined>('queue.worker.stalledThreshold')
  if (typeof threshold === 'number') return threshold
  return string.milliseconds.parse(threshold ?? '2m') || 120_000
}

/** Of these process ids, the ones alive (an id never registered is not). */
export async function liveProcessIds(
  ids: string[],
  staleAfter = staleAfterMs(),
  client = db.connection()
) {
  const wanted = [...new Set(ids.filter(Boolean))]
  if (wanted.length === 0) return new Set<string>()
  const rows = (await client
    .from('worker_processes')
    .whereIn('id', wanted)
    .select('id', 'hostname', 'pid', 'heartbeat_at', 'stopped_at')) as WorkerProcessRow[]
  const now = Date.now()
  return new Set(rows.filter((row) => isProcessAlive(row, staleAfter, now)).map((row) => row.id))
}

/**
 * The code of the heartbeat thread: its own connection (better-sqlite3 or pg), one update of the
 * process's row every `intervalMs`. A failed write (the database busy or away) is tried again
 * at the next beat.
 */
const HEARTBEAT_THREAD = `
const { workerData, parentPort } = require('node:worker_threads')
const { createRequire } = require('node:module')
const load = createRequire(workerData.base)
const { id, intervalMs, connection } = workerData
let write
let close = async () => {}
if (connection.client === 'better-sqlite3') {
  const Database = load('better-sqlite3')
  const sqlite = new Database(connection.filename)
  // A beat missed while another process writes is tried again at the next one.
  sqlite.pragma('busy_timeout = 250')
  const update = sqlite.prepare('UPDATE worker_processes SET heartbeat_at = ? WHERE id = ?')
  write = async () => update.run(Date.now(), id)
  close = async () => sqlite.close()
} else {
  const { Client } = load('pg')
  const client = new Client(connection.connection)
  const ready = client.connect()
  write = async () => {
    await ready
    await client.query('UPDATE worker_processes SET heartbeat_at = $1 WHERE id = $2', [Date.now(), id])
  }
  close = async () => { try { await client.end() } catch {} }
}
const beat = async () => { try { await write() } catch (error) { parentPort.postMessage(String(error && error.message || error)) } }
const timer = setInterval(beat, intervalMs)
beat()
parentPort.on('message', async (message) => {
  if (message === 'stop') { clearInterval(timer); await close(); process.exit(0) }
})
`

function threadConnection() {
  const config = db.manager.get('queue')?.config ?? db.manager.get(db.primaryConnectionName)!.config
  if (config.client === 'better-sqlite3' || config.client === 'sqlite3') {
    const filename = (config.connection as { filename: string }).filename
    return { client: 'better-sqlite3', filename }
  }
  return { client: 'pg', connection: config.connection }
}

/**
 * Registers this process and starts its heartbeat. `id` is the queue worker's own id (the one
 * it writes on the jobs it claims), or a new one for a command. `stop()` marks it stopped.
 */
export async function registerProcess(input: {
  kind: ProcessKind
  description: string
  id?: string
  heartbeatMs: number
}) {
  const id = input.id ?? randomUUID()
  const now = Date.now()
  await db.table('worker_processes').insert({
    id,
    kind: input.kind,
    hostname: HOST,
    pid: process.pid,
    description: input.description.slice(0, 255),
    started_at: now,
    heartbeat_at: now,
    stopped_at: null,
  })
  current = { id, kind: input.kind }
  const thread = new Worker(HEARTBEAT_THREAD, {
    eval: true,
    workerData: {
      id,
      intervalMs: Math.max(200, input.heartbeatMs),
      base: join(app.appRoot.pathname, 'package.json'),
      connection: threadConnection(),
    },
  })
  thread.unref()
  let lastWarning = 0
  thread.on('message', (message) => {
    // SQLite busy: another process holds the write lock; the pid tells liveness meanwhile.
    if (/locked|busy/i.test(String(message))) return
    if (Date.now() - lastWarning < 60_000) return
    lastWarning = Date.now()
    logger.warn({ processId: id, error: message }, 'heartbeat not written')
  })
  thread.on('error', (error) => logger.error({ err: error, processId: id }, 'heartbeat stopped'))
  let stopped = false
  return {
    id,
    async stop() {
      if (stopped) return
      stopped = true
      thread.postMessage('stop')
      await new Promise((resolve) => {
        thread.once('exit', resolve)
        setTimeout(resolve, 2000).unref()
      })
      await db.from('worker_processes').where('id', id).update({ stopped_at: Date.now() })
      if (current?.id === id) current = null
    },
  }
}

/** Forgets processes stopped or silent for more than a week (the registry stays small). */
export async function pruneProcesses() {
  const cutoff = Date.now() - 7 * 24 * 3600 * 1000
  await db
    .from('worker_processes')
    .where((query) => query.where('stopped_at', '<', cutoff).orWhere('heartbeat_at', '<', cutoff))
    .delete()
}
