import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { securityLog } from '#services/auth/security_log'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'

test.group('Security log after an account deletion', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test("the deletion is logged and the person's earlier events still say who it was", async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    await client
      .post('/login')
      .withCsrfToken()
      .form({ email: user.email, password: TEST_PASSWORD })
      .redirects(0)
    const deleted = await client
      .post('/user/delete')
      .withSession({ password_confirmed_at: Date.now() })
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    deleted.assertHeader('location', '/login')

    const deletion = await db.from('security_events').where('event', 'account_deleted').first()
    assert.equal(deletion?.email, user.email)

    const { events } = await securityLog({ email: user.email, page: 1 })
    assert.sameMembers(
      events.map((event) => event.event),
      ['sign_in', 'account_deleted']
    )
    for (const event of events) assert.equal(event.user, user.email)
  })
})
