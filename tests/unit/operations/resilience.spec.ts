import { test } from '@japa/runner'
import { createServer, request as httpRequest, Agent, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import knex from 'knex'
import { isDatabaseUnavailable } from '#services/db/unavailable'
import {
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  HttpDrain,
  shutdownTimeoutMs,
} from '#services/operations/shutdown'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

test.group('Database unavailable', () => {
  test('connection failures, pool timeouts and server shutdowns are "unavailable"', ({
    assert,
  }) => {
    const unavailable = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('connect ETIMEDOUT 10.0.0.5:5432', 'ETIMEDOUT'),
      withCode('getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND'),
      new knex.KnexTimeoutError(
        'Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?'
      ),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('sorry, too many clients already', '53300'),
      withCode('connection failure', '08006'),
      // Wrapped by a caller that keeps the driver's error.
      new Error('The report could not be read', {
        cause: withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      }),
    ]
    for (const error of unavailable) {
      assert.isTrue(isDatabaseUnavailable(error), error.message)
    }
  })

  test('faults of the request or of the code are not', ({ assert }) => {
    const others: unknown[] = [
      withCode('duplicate key value violates unique constraint "users_email_unique"', '23505'),
      withCode('syntax error at or near "FROM"', '42601'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('E_ROW_NOT_FOUND: Row not found', 'E_ROW_NOT_FOUND'),
      withCode('Validation failure', 'E_VALIDATION_ERROR'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'a string',
      null,
      undefined,
    ]
    for (const error of others) {
      assert.isFalse(isDatabaseUnavailable(error), String((error as Error)?.message ?? error))
    }
  })

  test('a cause that refers back to itself ends the search', ({ assert }) => {
    const error = new Error('outer') as Error & { cause?: unknown }
    error.cause = error
    assert.isFalse(isDatabaseUnavailable(error))
  })
})

test.group('Shutdown timeout', () => {
  test('SHUTDOWN_TIMEOUT_MS: default, a whole number, or a clear refusal', ({ assert }) => {
    assert.equal(shutdownTimeoutMs(undefined), DEFAULT_SHUTDOWN_TIMEOUT_MS)
    assert.equal(shutdownTimeoutMs(''), DEFAULT_SHUTDOWN_TIMEOUT_MS)
    assert.equal(shutdownTimeoutMs('5000'), 5000)
    assert.equal(shutdownTimeoutMs('0'), 0)
    for (const wrong of ['soon', '2.5', '-1', '10s']) {
      assert.throws(() => shutdownTimeoutMs(wrong), /SHUTDOWN_TIMEOUT_MS must be a whole number/)
    }
  })
})

/** A GET on a kept-alive agent: status, the Connection header and the body. */
function get(port: number, path: string, agent: Agent) {
  return new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, agent }, (response: IncomingMessage) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (body += chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode!, connection: response.headers.connection, body })
      )
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

test.group('HTTP drain', () => {
  test('a request in flight finishes with Connection: close; the server then closes', async ({
    assert,
  }) => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const server = createServer(async (request, response) => {
      if (request.url === '/slow') await held
      response.end(`done ${request.url}`)
    })
    const drain = new HttpDrain(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const agent = new Agent({ keepAlive: true, maxSockets: 2 })

    // A kept-alive connection, idle when the stop begins, and one request in flight.
    const first = await get(port, '/fast', agent)
    assert.equal(first.connection, 'keep-alive')
    const slow = get(port, '/slow', agent)
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal(drain.inFlight, 1)

    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    drain.drain(5_000)
    release()
    const answer = await slow
    assert.equal(answer.status, 200)
    assert.equal(answer.body, 'done /slow')
    assert.equal(answer.connection, 'close')
    // Nothing holds the server open: no idle kept-alive connection is left.
    await closed
    assert.isFalse(server.listening)
    agent.destroy()
  })

  test('past the bound, what is still running is cut and reported', async ({ assert }) => {
    const server = createServer(() => {})
    const drain = new HttpDrain(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const agent = new Agent({ keepAlive: true })
    const stuck = get(port, '/never', agent).catch((error: NodeJS.ErrnoException) => error)
    await new Promise((resolve) => setTimeout(resolve, 50))

    let cut = -1
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    drain.drain(100, (count) => (cut = count))
    await closed
    assert.equal(cut, 1)
    assert.instanceOf(await stuck, Error)
    agent.destroy()
  })
})
