import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'

test.group('Security headers and cookies', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('pages carry a nonce-based content security policy and framing, sniffing and referrer rules', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/login')
    response.assertStatus(200)
    const csp = response.header('content-security-policy') ?? ''
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1]
    assert.isDefined(nonce, 'script-src carries a per-request nonce')
    assert.include(csp, "default-src 'self'")
    assert.include(csp, "frame-ancestors 'none'")
    assert.include(csp, "object-src 'none'")
    assert.notInclude(csp.match(/script-src[^;]*/)![0], 'unsafe-inline')
    // Every executable script of the page carries that nonce.
    const scripts = [...response.text().matchAll(/<script(?![^>]*application\/json)[^>]*>/g)]
    assert.isAbove(scripts.length, 0)
    for (const [tag] of scripts) assert.include(tag, `nonce="${nonce}"`)
    assert.equal(response.header('x-frame-options'), 'DENY')
    assert.equal(response.header('x-content-type-options'), 'nosniff')
    assert.equal(response.header('referrer-policy'), 'strict-origin-when-cross-origin')
  })

  test('the session cookie is HttpOnly and SameSite=Lax', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/login')
      .withCsrfToken()
      .form({ email: user.email, password: 'Correct-Horse-Battery-42' })
      .redirects(0)
    const cookies = ([] as string[]).concat(response.header('set-cookie') ?? [])
    const session = cookies.find((cookie) => /^spendlens-session=/.test(cookie))
    assert.isDefined(session)
    assert.match(session!, /HttpOnly/i)
    assert.match(session!, /SameSite=Lax/i)
  })
})
