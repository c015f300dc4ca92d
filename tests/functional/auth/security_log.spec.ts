import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'

const events = async (userId?: number) => {
  const query = db.from('security_events').orderBy('id')
  if (userId) query.where('user_id', userId)
  const rows = await query
  return rows.map((row) => row.event)
}

test.group('Security log', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('records sign-ins, failed attempts, sign-outs and password changes with the client', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    await client
      .post('/login')
      .withCsrfToken()
      .header('user-agent', 'SecurityTest/1.0')
      .form({ email: user.email, password: 'wrong-password-1' })
    await client
      .post('/login')
      .withCsrfToken()
      .form({ email: 'nobody@example.com', password: 'wrong-password-1' })
    const signedIn = await client
      .post('/login')
      .withCsrfToken()
      .form({ email: user.email, password: TEST_PASSWORD })
      .redirects(0)
    await client
      .post('/user/password')
      .withSession(signedIn.session())
      .loginAs(user)
      .withCsrfToken()
      .form({
        currentPassword: TEST_PASSWORD,
        password: 'Another-Password-77',
        passwordConfirmation: 'Another-Password-77',
      })
    await client.post('/logout').loginAs(user).withCsrfToken()

    assert.deepEqual(await events(user.id), [
      'sign_in_failed',
      'sign_in',
      'password_changed',
      'sign_out',
    ])
    const failed = await db.from('security_events').where('event', 'sign_in_failed').orderBy('id')
    assert.equal(failed[0].user_agent, 'SecurityTest/1.0')
    assert.isNotNull(failed[0].ip)
    assert.isNull(failed[1].user_id)
    assert.equal(failed[1].email, 'nobody@example.com')

    const profile = await client.get('/user/profile').loginAs(user).withInertia()
    const recent = (profile.inertiaProps as any).securityEvents
    assert.equal(recent[0].label, 'Signed out')
    assert.lengthOf(recent, 4)
  })

  test('administrators with the accounts permission read and filter the log; others are refused', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    await client.post('/login').withCsrfToken().form({ email: user.email, password: 'nope-nope-1' })
    await client.post('/login').withCsrfToken().form({ email: user.email, password: TEST_PASSWORD })

    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const all = await client
      .get('/admin/account-management/security-log')
      .loginAs(admin)
      .withInertia()
    all.assertInertiaComponent('admin/security_log')
    assert.equal((all.inertiaProps as any).meta.total, 2)

    const failed = await client
      .get(
        `/admin/account-management/security-log?event=sign_in_failed&email=${encodeURIComponent(user.email.slice(0, 8))}`
      )
      .loginAs(admin)
      .withInertia()
    const rows = (failed.inertiaProps as any).events
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].label, 'Failed sign-in')

    const mdAdmin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    const refused = await client
      .get('/admin/account-management/security-log')
      .loginAs(mdAdmin)
      .withInertia()
    refused.assertStatus(403)
  })
})
