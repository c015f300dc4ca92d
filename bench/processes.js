/*
 * Child processes of the bench: one-off steps (build, ace commands) and the servers under
 * test. Servers run in their own process group so that a server with worker processes is
 * stopped as a whole; their output goes to a log file under tmp/bench/.
 */
import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream, readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { OUT_DIR } from './config.js'

/** Runs a step to completion with its output shown; throws when it fails. */
export function runStep(args, { env, cwd, label } = {}) {
  // Their output goes to stderr: stdout carries the report only.
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 2, 2], env, cwd })
  if (result.status !== 0) {
    throw new Error(`${label ?? `node ${args.join(' ')}`} failed (exit ${result.status})`)
  }
}

/** Runs an ace command and returns its standard output (for --json listings). */
export function aceOutput(args, { env, cwd }) {
  const result = spawnSync(process.execPath, ['ace.js', ...args], {
    env,
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0) {
    throw new Error(`ace ${args.join(' ')} failed:\n${result.stderr || result.stdout}`)
  }
  return result.stdout
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

const started = new Set()

/** Signals that end a server from outside: someone else stopped it, it did not crash. */
const OUTSIDE_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT']

/**
 * A server under test, in its own process group. `crashed` says why it ended when the bench
 * did not stop it; `stoppedFromOutside` whether that was a signal from another process (the
 * machine is shared), after which `restart()` brings it back on the same port.
 */
class Server {
  constructor({ name, args, cwd, env, port, readyPath = '/' }) {
    Object.assign(this, { name, args, cwd, env, port, readyPath })
    this.base = `http://127.0.0.1:${port}`
    this.logFile = join(OUT_DIR, `server-${name}.log`)
    this.child = null
  }

  get pid() {
    return this.child?.pid
  }

  get running() {
    return Boolean(this.child) && this.child.exitCode === null && this.child.signalCode === null
  }

  get stoppedFromOutside() {
    return Boolean(this.crashed) && OUTSIDE_SIGNALS.includes(this.exitSignal)
  }

  async launch() {
    if (!(await portIsFree(this.port))) {
      throw new Error(`Port ${this.port} is in use: stop whatever listens there and run again.`)
    }
    const log = createWriteStream(this.logFile, { flags: this.launched ? 'a' : 'w' })
    this.launched = true
    const child = spawn(process.execPath, this.args, {
      cwd: this.cwd,
      env: this.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.pipe(log)
    child.stderr.pipe(log)
    Object.assign(this, { child, crashed: null, exitSignal: null, stopping: false })
    this.exited = new Promise((resolve) => child.once('exit', resolve))
    child.once('exit', (code, signal) => {
      if (this.child !== child || this.stopping) return
      this.exitSignal = signal
      this.crashed = `exited with ${signal ?? `code ${code}`} (log: ${this.logFile})`
    })
    started.add(this)

    const deadline = Date.now() + 60_000
    while (Date.now() < deadline && !this.crashed) {
      try {
        const response = await fetch(`${this.base}${this.readyPath}`, { redirect: 'manual' })
        await response.arrayBuffer()
        if (response.status === 200) return this
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const reason = this.crashed ?? 'no answer within 60 s'
    await this.stop()
    throw new Error(`The ${this.name} server did not start: ${reason}\n${tail(this.logFile)}`)
  }

  async stop() {
    const child = this.child
    if (!child) return
    started.delete(this)
    if (child.exitCode === null && child.signalCode === null) {
      this.stopping = true
      signalGroup(child.pid, 'SIGTERM')
      const timer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 10_000)
      await this.exited
      clearTimeout(timer)
    }
    // Whatever is left of the group (workers whose primary was stopped from outside).
    signalGroup(child.pid, 'SIGKILL')
  }

  async restart() {
    await this.stop()
    await this.launch()
  }
}

/** Starts a server and waits until `readyPath` answers 200. */
export async function startServer(options) {
  const server = new Server(options)
  await server.launch()
  return server
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal)
  } catch {}
}

/** Stops every server this run started (on errors and interruptions). */
export async function stopAllServers() {
  await Promise.all([...started].map((server) => server.stop()))
}

/** The last lines of a log file, to explain a crash. */
export function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return ''
  }
}

/**
 * How many processes the server runs: itself plus its descendants (the workers of a cluster
 * mode), read from /proc. Null where /proc is not available.
 */
export function processCount(pid) {
  let entries
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))
  } catch {
    return null
  }
  const parents = new Map()
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command name may contain spaces: the fields after its closing parenthesis are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parents.set(Number(entry), Number(fields[1]))
    } catch {}
  }
  const family = new Set([pid])
  let grew = true
  while (grew) {
    grew = false
    for (const [child, parent] of parents) {
      if (family.has(parent) && !family.has(child)) {
        family.add(child)
        grew = true
      }
    }
  }
  return family.size
}
