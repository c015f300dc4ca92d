import type { IncomingMessage, Server, ServerResponse } from 'node:http'

/**
 * How a stopping process ends its work: `SHUTDOWN_TIMEOUT_MS` (default 30 s) bounds how long a
 * web worker waits for its requests in flight, and the background worker for its running jobs.
 * The cluster primary (bin/server.ts) gives its workers that long plus a margin to close the
 * database and Redis before it kills them.
 */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 30_000

/** The configured bound, or a clear refusal of a value that is not a whole number of ms. */
export function shutdownTimeoutMs(value: string | undefined = process.env.SHUTDOWN_TIMEOUT_MS) {
  if (value === undefined || value.trim() === '') return DEFAULT_SHUTDOWN_TIMEOUT_MS
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(
      `SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds (0 or more), not "${value}".`
    )
  }
  return parsed
}

/**
 * Follows the HTTP server's requests so that a stop can end every connection as soon as its
 * request is answered. Installed once the server listens (bin/ignitor.ts); `drain` is called on
 * SIGTERM, before the application closes the server, the database and Redis.
 */
export class HttpDrain {
  readonly #server: Server
  readonly #inFlight = new Set<ServerResponse>()
  #draining = false

  constructor(server: Server) {
    this.#server = server
    server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
      if (this.#draining) {
        // A request on a kept-alive connection during the stop: answered, then the connection ends.
        this.#closeAfter(response)
      }
      this.#inFlight.add(response)
      response.once('close', () => this.#inFlight.delete(response))
    })
  }

  get draining() {
    return this.#draining
  }

  get inFlight() {
    return this.#inFlight.size
  }

  /**
   * Stops reusing connections: idle ones are closed now, busy ones once their answer has gone.
   * After `timeoutMs` whatever is still open is closed (the requests still running are cut and
   * `onTimeout` is told how many). Returns a function that cancels the timer.
   */
  drain(timeoutMs: number, onTimeout?: (cut: number) => void) {
    if (this.#draining) return () => {}
    this.#draining = true
    for (const response of this.#inFlight) this.#closeAfter(response)
    this.#server.closeIdleConnections()
    const timer = setTimeout(() => {
      onTimeout?.(this.#inFlight.size)
      this.#server.closeAllConnections()
    }, timeoutMs)
    timer.unref()
    return () => clearTimeout(timer)
  }

  #closeAfter(response: ServerResponse) {
    if (!response.headersSent) {
      response.setHeader('Connection', 'close')
      return
    }
    // Its headers promised to keep the connection: it is closed once idle.
    response.once('finish', () => setImmediate(() => this.#server.closeIdleConnections()))
  }
}
