/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, the
 * network between us cut, every connection busy for too long), as opposed to a fault of the
 * request or of the code. Such a request is answered 503 with UNAVAILABLE_MESSAGE, quickly: the
 * pool's timeouts (config/database.ts) bound the wait, and the pool replaces its broken
 * connections by itself once the database answers again.
 */
export const UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Nothing was lost: try again in a minute.'

/** Seconds a client is told to wait before trying again. */
export const UNAVAILABLE_RETRY_AFTER_S = 30

/** Socket-level failures of a connection to the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not accepting connections: class 08
 * (connection exception), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now
 * (starting up, recovery), 53300 too many connections.
 */
const PG_STATES = new Set(['57P01', '57P02', '57P03', '53300'])

/** Messages of the pool and of the pg driver that carry no code. */
const MESSAGES = [
  /Timeout acquiring a connection/i,
  /Connection terminated/i,
  /connection timeout/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Connection is closed/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
]

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  let current: unknown = error
  // The driver's error may be wrapped (knex, Lucid or a job's own error keeps it as `cause`).
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown }
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || PG_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
        return true
      }
    }
    if (name === 'KnexTimeoutError') return true
    if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) {
      return true
    }
    current = (current as { cause?: unknown }).cause
  }
  return false
}
