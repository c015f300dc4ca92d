import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { API_REQUESTS_PER_MINUTE, apiLimiter, apiThrottleKey } from '#middleware/auth_middleware'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { researchMember } from '#tests/helpers/research'
import { MODULES } from '#shared/modules'

const SEARCH_PAGES = [
  (term: string) => `/research-discovery/research?searchTerm=${term}`,
  (term: string) => `/research-discovery/my-research?searchTerm=${term}`,
  (term: string) => `/insights-reports?q=${term}`,
]

async function reader() {
  const team = await makeTeam({ modules: [MODULES.trendingThemes, MODULES.insightsReports] })
  return researchMember(team)
}

/*
 * Searching through the pages counts against the same per-user budget as the JSON API:
 * the next search beyond it is refused with 429 and Retry-After; browsing is not counted.
 */
test.group('Search pages rate limit', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('each search counts; the search beyond the budget is refused on every search page', async ({
    client,
    assert,
  }) => {
    const user = await reader()
    const key = apiThrottleKey(user.id)
    for (const [index, url] of SEARCH_PAGES.entries()) {
      await limiter.clear(['memory'])
      const first = await client
        .get(url(`first${index}`))
        .loginAs(user)
        .withInertia()
      first.assertStatus(200)
      assert.equal(await apiLimiter().remaining(key), API_REQUESTS_PER_MINUTE - 1)

      // The last search of the budget is answered; the next distinct one is not.
      await apiLimiter().set(key, API_REQUESTS_PER_MINUTE - 1)
      const last = await client
        .get(url(`last${index}`))
        .loginAs(user)
        .withInertia()
      last.assertStatus(200)
      const refused = await client
        .get(url(`beyond${index}`))
        .loginAs(user)
        .withInertia()
      refused.assertStatus(429)
      assert.isAbove(Number(refused.header('retry-after')), 0)
      // A page for people, not a JSON body.
      refused.assertInertiaComponent('errors/error')
      assert.match((refused.inertiaProps as any).message, /Too many searches\. Try again in \d+/)
    }
  })

  test('the catalogue search of the research documents administration counts the same way', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    const key = apiThrottleKey(admin.id)
    const list = (q: string) =>
      client.get(`/admin/research-discovery/documents?q=${q}`).loginAs(admin).withInertia()
    const first = await list('first')
    first.assertStatus(200)
    assert.equal(await apiLimiter().remaining(key), API_REQUESTS_PER_MINUTE - 1)
    await apiLimiter().set(key, API_REQUESTS_PER_MINUTE)
    const refused = await list('beyond')
    refused.assertStatus(429)
    refused.assertInertiaComponent('errors/error')
    // Browsing the list without a search is not counted.
    const browsing = await client
      .get('/admin/research-discovery/documents')
      .loginAs(admin)
      .withInertia()
    browsing.assertStatus(200)
  })

  test('a JSON caller gets the throttled JSON shape', async ({ client, assert }) => {
    const user = await reader()
    await apiLimiter().set(apiThrottleKey(user.id), API_REQUESTS_PER_MINUTE)
    const refused = await client
      .get('/research-discovery/research?searchTerm=rates')
      .header('accept', 'application/json')
      .loginAs(user)
    refused.assertStatus(429)
    refused.assertBodyContains({ code: 'E_TOO_MANY_REQUESTS' })
    assert.equal(refused.body().retryAfter, Number(refused.header('retry-after')))
  })

  test('browsing the pages without a search is not counted nor refused', async ({
    client,
    assert,
  }) => {
    const user = await reader()
    const key = apiThrottleKey(user.id)
    for (const url of [
      '/research-discovery/research',
      '/research-discovery/research?searchTerm=&page=1',
      '/research-discovery/my-research',
      '/insights-reports',
      '/insights-reports?q=',
    ]) {
      const response = await client.get(url).loginAs(user).withInertia()
      response.assertStatus(200)
    }
    assert.equal(await apiLimiter().remaining(key), API_REQUESTS_PER_MINUTE)

    // Once the budget is spent, browsing still works; only searching waits.
    await apiLimiter().set(key, API_REQUESTS_PER_MINUTE)
    const browse = await client
      .get('/research-discovery/research?page=1')
      .loginAs(user)
      .withInertia()
    browse.assertStatus(200)
    const reports = await client.get('/insights-reports').loginAs(user).withInertia()
    reports.assertStatus(200)
  })
})
