import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { API_REQUESTS_PER_MINUTE, apiLimiter, apiThrottleKey } from '#middleware/auth_middleware'
import { makeTeam, makeUser } from '#tests/helpers/accounts'

test.group('JSON API rate limit', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('each user has a per-minute budget; beyond it the API answers 429', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const colleague = await makeUser({ teams: [team] })

    const first = await client.get('/api/currencies').loginAs(user)
    first.assertStatus(200)
    assert.equal(await apiLimiter().remaining(apiThrottleKey(user.id)), API_REQUESTS_PER_MINUTE - 1)

    await apiLimiter().set(apiThrottleKey(user.id), API_REQUESTS_PER_MINUTE)
    const limited = await client.get('/api/currencies').loginAs(user)
    limited.assertStatus(429)
    limited.assertBodyContains({ code: 'E_TOO_MANY_REQUESTS' })
    assert.isAbove(Number(limited.header('retry-after')), 0)

    // A colleague behind the same address keeps their own budget; pages are not counted.
    const other = await client.get('/api/currencies').loginAs(colleague)
    other.assertStatus(200)
    const page = await client.get('/').loginAs(user)
    page.assertStatus(200)
  })
})
