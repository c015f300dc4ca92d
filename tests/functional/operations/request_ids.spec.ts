import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import logger from '@adonisjs/core/services/logger'
import loggerConfig from '#config/logger'
import { createUser } from '#services/accounts/accounts'
import { DEFAULT_DEMO_PASSWORD } from '#database/demo/demo_universe'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * Runs `callback` with the application's logger (its own configuration, redaction included, at
 * the info level) writing into memory, and returns the lines written meanwhile.
 */
async function captureLogs(callback: () => Promise<void>) {
  const lines: string[] = []
  const capture = logger.create({
    ...loggerConfig.loggers.app,
    level: 'info',
    transport: undefined,
    desination: { write: (line: string) => void lines.push(line) },
  })
  const original = logger.pino
  logger.pino = capture.pino
  try {
    await callback()
    // The request summary is written when the answer has gone.
    await new Promise((resolve) => setTimeout(resolve, 50))
  } finally {
    logger.pino = original
  }
  return lines
}

test.group('Request ids', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every answer names its request; a well-formed incoming id is kept', async ({
    client,
    assert,
  }) => {
    const page = await client.get('/login')
    page.assertStatus(200)
    assert.match(page.header('x-request-id') ?? '', UUID)

    const other = await client.get('/login')
    assert.notEqual(other.header('x-request-id'), page.header('x-request-id'))

    const kept = await client.get('/login').header('x-request-id', 'lb-7f3a.42:req_9')
    assert.equal(kept.header('x-request-id'), 'lb-7f3a.42:req_9')

    for (const malformed of ['a'.repeat(65), 'with space', '<script>', 'id\u00e9']) {
      const replaced = await client.get('/login').header('x-request-id', malformed)
      assert.match(replaced.header('x-request-id') ?? '', UUID, malformed)
    }
  })

  test('JSON errors carry the id as requestId', async ({ client, assert }) => {
    const unknown = await client.get('/api/no-such-thing').header('accept', 'application/json')
    unknown.assertStatus(404)
    assert.equal(unknown.body().requestId, unknown.header('x-request-id'))
    assert.match(unknown.body().requestId, UUID)

    const signedOut = await client
      .get('/api/permissions')
      .header('x-requested-with', 'XMLHttpRequest')
      .header('x-request-id', 'support-case-1234')
    signedOut.assertStatus(401)
    assert.equal(signedOut.body().requestId, 'support-case-1234')
    assert.equal(signedOut.header('x-request-id'), 'support-case-1234')
  })

  test('error pages print the id', async ({ client, assert }) => {
    const response = await client
      .get('/no-such-page')
      .withInertia()
      .header('x-request-id', 'page-ref-77')
    response.assertStatus(404)
    response.assertInertiaComponent('errors/not_found')
    assert.equal(response.inertiaProps.requestId, 'page-ref-77')

    const html = await client.get('/no-such-page')
    html.assertStatus(404)
    assert.include(html.text(), html.header('x-request-id') ?? 'missing')
  })

  test('one log line per request, without the password or the session cookie', async ({
    client,
    assert,
  }) => {
    const user = await createUser({
      name: 'Log Watcher',
      email: 'log.watcher@example.com',
      password: DEFAULT_DEMO_PASSWORD,
      teamNames: [],
      isAdministrator: false,
      roleNames: [],
    })
    let requestId = ''
    let cookieValues: string[] = []
    const lines = await captureLogs(async () => {
      const response = await client
        .post('/login?next=%2Fsecret-query')
        .header('x-request-id', 'login-probe-5511')
        .header('authorization', 'Bearer api-token-never-logged')
        .withCsrfToken()
        .form({ email: user.email, password: DEFAULT_DEMO_PASSWORD })
        .redirects(0)
      response.assertStatus(302)
      requestId = response.header('x-request-id') ?? ''
      const setCookie = ([] as string[]).concat(response.header('set-cookie') ?? [])
      cookieValues = setCookie
        .map((cookie) => cookie.split(';')[0].split('=').slice(1).join('='))
        .filter((value) => value.length > 8)
      const session = response.cookie('spendlens-session')?.value
      if (typeof session === 'string') cookieValues.push(session)
      assert.isAbove(cookieValues.length, 0, 'the sign-in sets the session cookie')

      // Whatever logs a request or a body by mistake is redacted by the configuration too.
      logger.warn(
        {
          req: { headers: { cookie: `spendlens-session=${cookieValues[0]}` }, body: {} },
          body: { password: DEFAULT_DEMO_PASSWORD },
          headers: { 'authorization': 'Bearer api-token-never-logged', 'x-health-token': 'hx' },
        },
        'a request logged by mistake'
      )
    })

    const text = lines.join('')
    assert.equal(requestId, 'login-probe-5511')
    assert.notInclude(text, DEFAULT_DEMO_PASSWORD)
    assert.notInclude(text, 'api-token-never-logged')
    assert.notInclude(text, 'secret-query')
    for (const value of cookieValues) assert.notInclude(text, value)

    const summaries = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'request' && entry.request_id === 'login-probe-5511')
    assert.lengthOf(summaries, 1)
    assert.containsSubset(summaries[0], {
      route: 'login.store',
      method: 'POST',
      path: '/login',
      status: 302,
      userId: user.id,
      teamId: null,
    })
    assert.isNumber(summaries[0].durationMs)
  })
})
