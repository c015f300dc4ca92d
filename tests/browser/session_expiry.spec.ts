import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'

test.group('Client reaction to a lost session', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the first 401 cancels pending calls and goes to /login once', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.assertTextContains('h1', 'Welcome')
    // Responses still in flight would set the session cookie again.
    await page.waitForLoadState('networkidle')

    await browserContext.clearCookies()
    const outcome = await page.evaluate(async () => {
      const { createApiClient } = await import('/inertia/lib/api.ts' as string)
      const redirects: string[] = []
      const client = createApiClient((url: string) => redirects.push(url))
      const results = await Promise.allSettled([
        client.get('/api/permissions'),
        client.get('/api/currencies'),
        client.get('/api/permissions'),
      ])
      const later = await client.get('/api/permissions').then(
        () => 'sent',
        (error: { name?: string }) => error.name
      )
      return { redirects, rejected: results.filter((r) => r.status === 'rejected').length, later }
    })
    assert.deepEqual(outcome.redirects, ['/login'])
    assert.equal(outcome.rejected, 3)
    assert.equal(outcome.later, 'CanceledError')
  })

  test('the shared client sends the browser to the login page', async ({
    visit,
    browserContext,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.waitForLoadState('networkidle')
    await browserContext.clearCookies()
    await page.evaluate(async () => {
      const { api } = await import('/inertia/lib/api.ts' as string)
      await api.get('/api/permissions').catch(() => null)
    })
    await page.waitForURL((url) => url.pathname === '/login')
  })

  test('every API request carries the XMLHttpRequest marker', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    await browserContext.loginAs(user)
    const page = await visit('/')
    const request = page.waitForRequest((r) => r.url().includes('/api/currencies'))
    await page.reload()
    const sent = await request
    const headers = sent.headers()
    assert.equal(headers['x-requested-with'], 'XMLHttpRequest')
  })
})
