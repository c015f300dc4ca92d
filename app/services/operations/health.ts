import { timingSafeEqual, createHash } from 'node:crypto'

/**
 * Readiness checks behind `GET /health/ready`. Each check is a function of what it reads (a
 * ping, a query, a file system call), so that its failures can be tested without breaking the
 * real database or disk; `app/services/operations/health_probes.ts` wires them to the running
 * application.
 *
 * A check is `ok`, `warning` (worth a look; the instance still serves) or `error` (the instance
 * cannot serve: a load balancer should stop sending it requests).
 */
export type CheckStatus = 'ok' | 'warning' | 'error'

export interface CheckResult {
  name: string
  status: CheckStatus
  message: string
  data?: Record<string, number | string | null>
}

export interface Readiness {
  status: 'ok' | 'error'
  checks: CheckResult[]
}

/** How long a dependency may take to answer before it counts as unreachable. */
export const CHECK_TIMEOUT_MS = 2_000

export class CheckTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`)
  }
}

/** `promise`, or a CheckTimeout after `ms` (the promise itself is left to settle). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(ms)), ms)
    timer.unref?.()
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * A failure's message without what it may carry (connection strings, SQL, paths): its class of
 * error or code only, or the timeout.
 */
export function failureReason(error: unknown) {
  if (error instanceof CheckTimeout) return error.message
  const code = (error as { code?: unknown })?.code
  if (typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code)) return code
  return error instanceof Error ? error.name : 'failed'
}

export async function checkDatabase(
  ping: () => Promise<unknown>,
  timeoutMs = CHECK_TIMEOUT_MS
): Promise<CheckResult> {
  const started = performance.now()
  try {
    await withTimeout(ping(), timeoutMs)
    return {
      name: 'database',
      status: 'ok',
      message: 'The database answers.',
      data: { durationMs: Math.round(performance.now() - started) },
    }
  } catch (error) {
    return {
      name: 'database',
      status: 'error',
      message: `The database is unreachable: ${failureReason(error)}.`,
    }
  }
}

/** `ping` is null when no part of the application uses Redis. */
export async function checkRedis(
  ping: (() => Promise<unknown>) | null,
  timeoutMs = CHECK_TIMEOUT_MS
): Promise<CheckResult> {
  if (!ping) return { name: 'redis', status: 'ok', message: 'Redis is not used.' }
  const started = performance.now()
  try {
    await withTimeout(ping(), timeoutMs)
    return {
      name: 'redis',
      status: 'ok',
      message: 'Redis answers.',
      data: { durationMs: Math.round(performance.now() - started) },
    }
  } catch (error) {
    return {
      name: 'redis',
      status: 'error',
      message: `Redis is unreachable: ${failureReason(error)}.`,
    }
  }
}

export interface QueueBacklog {
  /** Jobs waiting for a worker (pending, and delayed ones whose time has come). */
  waiting: number
  /** When the oldest of them became due (ms since the epoch), null when none waits. */
  oldestDueAt: number | null
}

/** Past this, waiting jobs mean the workers are stopped or cannot keep up. */
export const QUEUE_MAX_WAIT_MS = 15 * 60_000

/**
 * The background queue. A backlog does not stop this instance from serving pages, so it is a
 * warning; a queue table that cannot be read is an error. `readBacklog` is null when jobs do not
 * wait in the database (the Redis or inline drivers).
 */
export async function checkQueue(
  readBacklog: (() => Promise<QueueBacklog>) | null,
  now: number,
  options: { timeoutMs?: number; maxWaitMs?: number; driver?: string } = {}
): Promise<CheckResult> {
  if (!readBacklog) {
    return {
      name: 'queue',
      status: 'ok',
      message: `Jobs do not wait in the database (QUEUE_DRIVER=${options.driver ?? 'unknown'}).`,
    }
  }
  try {
    const backlog = await withTimeout(readBacklog(), options.timeoutMs ?? CHECK_TIMEOUT_MS)
    const oldestAgeMs = backlog.oldestDueAt === null ? null : Math.max(0, now - backlog.oldestDueAt)
    const maxWait = options.maxWaitMs ?? QUEUE_MAX_WAIT_MS
    const late = oldestAgeMs !== null && oldestAgeMs > maxWait
    return {
      name: 'queue',
      status: late ? 'warning' : 'ok',
      message: late
        ? `The oldest waiting job has waited ${Math.round(oldestAgeMs! / 60_000)} min: are the workers running?`
        : backlog.waiting === 0
          ? 'No job is waiting.'
          : `${backlog.waiting} job(s) waiting.`,
      data: {
        waiting: backlog.waiting,
        oldestWaitingSeconds: oldestAgeMs === null ? null : Math.round(oldestAgeMs / 1000),
      },
    }
  } catch (error) {
    return {
      name: 'queue',
      status: 'error',
      message: `The queue cannot be read: ${failureReason(error)}.`,
    }
  }
}

export interface DiskSpace {
  /** Bytes free for the application (not root's reserve). */
  freeBytes: number
  totalBytes: number
}

/** Below this the uploads folder is about to refuse writes. */
export const DISK_MIN_FREE_BYTES = 100 * 1024 * 1024
/** Below this share of the disk, free space is worth a look. */
export const DISK_WARN_FREE_RATIO = 0.05

/** `readSpace` is null when uploads are not kept on this machine (an S3-compatible bucket). */
export async function checkDisk(
  readSpace: (() => Promise<DiskSpace>) | null,
  options: { timeoutMs?: number; minFreeBytes?: number; warnFreeRatio?: number } = {}
): Promise<CheckResult> {
  if (!readSpace) {
    return { name: 'disk', status: 'ok', message: 'Uploads are kept in object storage.' }
  }
  try {
    const space = await withTimeout(readSpace(), options.timeoutMs ?? CHECK_TIMEOUT_MS)
    const ratio = space.totalBytes > 0 ? space.freeBytes / space.totalBytes : 0
    const data = {
      freeBytes: space.freeBytes,
      totalBytes: space.totalBytes,
      freePercent: Math.round(ratio * 1000) / 10,
    }
    if (space.freeBytes < (options.minFreeBytes ?? DISK_MIN_FREE_BYTES)) {
      return {
        name: 'disk',
        status: 'error',
        message: `The uploads folder's disk is nearly full (${formatBytes(space.freeBytes)} free).`,
        data,
      }
    }
    if (ratio < (options.warnFreeRatio ?? DISK_WARN_FREE_RATIO)) {
      return {
        name: 'disk',
        status: 'warning',
        message: `The uploads folder's disk has ${formatBytes(space.freeBytes)} free (${data.freePercent} %).`,
        data,
      }
    }
    return {
      name: 'disk',
      status: 'ok',
      message: `${formatBytes(space.freeBytes)} free for uploads.`,
      data,
    }
  } catch (error) {
    return {
      name: 'disk',
      status: 'error',
      message: `The uploads folder cannot be checked: ${failureReason(error)}.`,
    }
  }
}

/**
 * Migrations in the application's folder that the database has not run. `files` are the names
 * the migrator records (`database/migrations/<file name without extension>`).
 */
export async function checkMigrations(
  listFiles: () => Promise<string[]>,
  listApplied: () => Promise<string[]>,
  timeoutMs = CHECK_TIMEOUT_MS
): Promise<CheckResult> {
  try {
    const [files, applied] = await withTimeout(Promise.all([listFiles(), listApplied()]), timeoutMs)
    const done = new Set(applied)
    const pending = files.filter((name) => !done.has(name))
    if (pending.length > 0) {
      return {
        name: 'migrations',
        status: 'error',
        message: `${pending.length} migration(s) not run: run \`migration:run --force\`.`,
        data: { pending: pending.length, first: pending.sort()[0] },
      }
    }
    return {
      name: 'migrations',
      status: 'ok',
      message: 'Every migration has run.',
      data: { applied: applied.length },
    }
  } catch (error) {
    return {
      name: 'migrations',
      status: 'error',
      message: `The migrations cannot be compared: ${failureReason(error)}.`,
    }
  }
}

/** Every check at once; ready unless one of them is an error. */
export async function readiness(checks: (() => Promise<CheckResult>)[]): Promise<Readiness> {
  const results = await Promise.all(checks.map((check) => check()))
  return {
    status: results.some((result) => result.status === 'error') ? 'error' : 'ok',
    checks: results,
  }
}

/**
 * Whether a request's `x-health-token` equals the configured token, in constant time. Without a
 * configured token nobody sees the detail.
 */
export function mayShowDetail(given: string | undefined | null, configured: string | undefined) {
  if (!configured || !given) return false
  // Hashes have the same length whatever was sent, so the comparison leaks nothing of it.
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()
  return timingSafeEqual(digest(given), digest(configured))
}

function formatBytes(bytes: number) {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`
  return `${Math.round(bytes / 1024 ** 2)} MB`
}
