import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import type { ApiResponse } from '@japa/api-client'
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

  test('an unknown address answers 404 with the same security headers, as a page and as JSON', async ({
    client,
    assert,
  }) => {
    const page = await client.get('/no-such-page-here')
    page.assertStatus(404)
    assertSecurityHeaders(assert, page)
    const nonce = page.header('content-security-policy')!.match(/'nonce-([^']+)'/)![1]
    // The error page's scripts carry the nonce, so that the policy does not blank it.
    const scripts = [...page.text().matchAll(/<script(?![^>]*application\/json)[^>]*>/g)]
    assert.isAbove(scripts.length, 0)
    for (const [tag] of scripts) assert.include(tag, `nonce="${nonce}"`)

    const json = await client.get('/api/no-such-endpoint').header('accept', 'application/json')
    json.assertStatus(404)
    assertSecurityHeaders(assert, json)
  })

  test('signed-in pages, JSON answers, redirects and errors are never stored by a browser or proxy', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const answers = [
      await client.get('/').loginAs(user),
      await client.get('/user/profile').loginAs(user),
      await client.get('/api/permissions').loginAs(user).header('accept', 'application/json'),
      await client.get('/admin/account-management').loginAs(user),
      await client.get('/no-such-page-here').loginAs(user),
      // A signed-in visit to the sign-in form is redirected.
      await client.get('/login').loginAs(user).redirects(0),
    ]
    answers.forEach((response, index) => {
      assert.equal(response.header('cache-control'), 'no-store', `answer ${index}`)
    })
    assert.equal(answers[3].status(), 403)
    assert.equal(answers[5].status(), 302)
  })

  test('sign-in and password forms are not stored either; static files keep their caching', async ({
    client,
    assert,
  }) => {
    for (const url of ['/login', '/forgot-password']) {
      const response = await client.get(url)
      response.assertStatus(200)
      assert.equal(response.header('cache-control'), 'no-store', url)
    }
    const asset = await client.get('/favicon.svg')
    asset.assertStatus(200)
    assert.notInclude(asset.header('cache-control') ?? '', 'no-store')
    assert.equal(asset.header('x-content-type-options'), 'nosniff')
  })
})

function assertSecurityHeaders(assert: Assert, response: ApiResponse) {
  const csp = response.header('content-security-policy') ?? ''
  assert.match(csp, /script-src[^;]*'nonce-[^']+'/)
  assert.include(csp, "frame-ancestors 'none'")
  assert.equal(response.header('x-frame-options'), 'DENY')
  assert.equal(response.header('x-content-type-options'), 'nosniff')
  assert.equal(response.header('referrer-policy'), 'strict-origin-when-cross-origin')
  assert.equal(response.header('cache-control'), 'no-store')
}
