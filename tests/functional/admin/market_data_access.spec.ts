import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'

/**
 * Every admin market data page and call, whatever is added later: found in the router, then
 * refused to a client user and to an administrator without the market data permission.
 */
function adminMarketDataRoutes() {
  const routes = Object.values(router.toJSON()).flat()
  return routes
    .filter(
      (route) =>
        route.pattern.startsWith('/admin/market-data') ||
        route.pattern.startsWith('/api/admin/market-data')
    )
    .map((route) => ({
      method: route.methods.includes('POST') ? ('post' as const) : ('get' as const),
      url: route.pattern.replace(':providerKey', 'bloomberg').replace(/:[A-Za-z_]+/g, '1'),
    }))
}

test.group('Admin market data access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every page and call refuses client users and administrators without the permission', async ({
    client,
    assert,
  }) => {
    const routes = adminMarketDataRoutes()
    assert.isAbove(routes.length, 30)
    const clientUser = await makeUser({ teams: [await makeTeam()] })
    const servicesAdmin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    for (const user of [clientUser, servicesAdmin]) {
      for (const { method, url } of routes) {
        const response =
          method === 'post'
            ? await client
                .post(url)
                .loginAs(user)
                .withCsrfToken()
                .header('accept', 'application/json')
                .json({})
            : await client.get(url).loginAs(user).header('accept', 'application/json')
        assert.equal(response.status(), 403, `${method.toUpperCase()} ${url}`)
      }
    }
  })
})
