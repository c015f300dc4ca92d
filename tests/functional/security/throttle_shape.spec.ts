import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { apiLimiter, apiThrottleKey, API_REQUESTS_PER_MINUTE } from '#middleware/auth_middleware'
import { makeTeam, makeUser } from '#tests/helpers/accounts'

/**
 * Every throttled JSON answer: 429, one body shape (with the request id support asks for), and
 * Retry-After matching it.
 */
function assertThrottled(response: ApiResponse, assert: any) {
  response.assertStatus(429)
  const body = response.body()
  assert.sameMembers(Object.keys(body), ['message', 'code', 'retryAfter', 'requestId'])
  assert.equal(body.code, 'E_TOO_MANY_REQUESTS')
  assert.isString(body.message)
  assert.isAbove(body.retryAfter, 0)
  assert.equal(Number(response.header('retry-after')), body.retryAfter)
}

test.group('Throttled JSON answers', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('have the same shape on every throttled endpoint', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })

    // The API budget.
    await apiLimiter().set(apiThrottleKey(user.id), API_REQUESTS_PER_MINUTE)
    assertThrottled(await client.get('/api/currencies').loginAs(user), assert)

    // Sign-in attempts.
    let login
    for (let attempt = 0; attempt < 6; attempt++) {
      login = await client
        .post('/login')
        .header('accept', 'application/json')
        .withCsrfToken()
        .json({ email: user.email, password: 'Wrong-Password-1' })
    }
    assertThrottled(login!, assert)

    // Password reset mails (a route limiter).
    let reset
    for (let attempt = 0; attempt < 6; attempt++) {
      reset = await client
        .post('/forgot-password')
        .header('accept', 'application/json')
        .withCsrfToken()
        .json({ email: user.email })
    }
    assertThrottled(reset!, assert)

    // Password confirmation from a signed-in session.
    let confirm
    for (let attempt = 0; attempt < 6; attempt++) {
      confirm = await client
        .post('/user/confirm-password')
        .header('accept', 'application/json')
        .loginAs(user)
        .withCsrfToken()
        .json({ password: 'Wrong-Password-1' })
    }
    assertThrottled(confirm!, assert)

    // Single sign-on starts.
    let sso
    for (let attempt = 0; attempt < 21; attempt++) {
      sso = await client
        .post('/sso/start')
        .header('accept', 'application/json')
        .withCsrfToken()
        .json({ email: 'someone@nowhere.example' })
    }
    assertThrottled(sso!, assert)
  })
})
