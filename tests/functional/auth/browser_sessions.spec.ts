import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import testUtils from '@adonisjs/core/services/test_utils'
import { SessionCollection } from '@adonisjs/session'
import { endOtherSessions, listSessions } from '#services/auth/user_sessions'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'

/**
 * Sessions in the production store (the database), whatever store the test clients use.
 */
async function databaseSessions() {
  const config = await configProvider.resolve<any>(app, app.config.get('session'))
  return {
    collection: new SessionCollection({ ...config, store: 'database' }),
    store: config.stores.database(null, config),
  }
}

test.group('Browser sessions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('signing in records where the session comes from', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/login')
      .header('user-agent', 'Mozilla/5.0 (Windows NT 10.0) Chrome/150.0')
      .withCsrfToken()
      .form({ email: user.email, password: TEST_PASSWORD })
      .redirects(0)
    const info = response.session().client
    assert.equal(info.userAgent, 'Mozilla/5.0 (Windows NT 10.0) Chrome/150.0')
    assert.isString(info.ip)
  })

  test("lists the user's sessions from the database store, current first", async ({ assert }) => {
    const user = await makeUser()
    const other = await makeUser()
    const { collection, store } = await databaseSessions()
    await store.write('sess-old', {
      client: { ip: '10.0.0.1', userAgent: 'Firefox', signedInAt: '2026-11-01T10:00:00Z' },
    })
    await store.tag('sess-old', String(user.id))
    await store.write('sess-now', {
      client: { ip: '10.0.0.2', userAgent: 'Chrome', signedInAt: '2026-11-20T10:00:00Z' },
    })
    await store.tag('sess-now', String(user.id))
    await store.write('sess-other-user', {
      client: { ip: '10.0.0.3', userAgent: 'Safari', signedInAt: '2026-11-21T10:00:00Z' },
    })
    await store.tag('sess-other-user', String(other.id))

    const sessions = await listSessions(user, 'sess-old', collection)
    assert.deepEqual(
      sessions.map((session) => [session.id, session.current, session.ip]),
      [
        ['sess-old', true, '10.0.0.1'],
        ['sess-now', false, '10.0.0.2'],
      ]
    )
  })

  test("ends every other session of the user and no one else's", async ({ assert }) => {
    const user = await makeUser()
    const other = await makeUser()
    const { collection, store } = await databaseSessions()
    for (const id of ['keep', 'end-1', 'end-2']) {
      await store.write(id, { client: { ip: '127.0.0.1', userAgent: 'x', signedInAt: '' } })
      await store.tag(id, String(user.id))
    }
    await store.write('theirs', {})
    await store.tag('theirs', String(other.id))

    assert.equal(await endOtherSessions(user, 'keep', collection), 2)
    assert.isNotNull(await store.read('keep'))
    assert.isNull(await store.read('end-1'))
    assert.isNull(await store.read('end-2'))
    assert.isNotNull(await store.read('theirs'))
  })

  test("a password reset ends all of the user's sessions", async ({ assert }) => {
    const user = await makeUser()
    const { collection, store } = await databaseSessions()
    await store.write('a', {})
    await store.tag('a', String(user.id))
    assert.equal(await endOtherSessions(user, null, collection), 1)
    assert.isNull(await store.read('a'))
  })

  test('the log-out-others endpoint answers after password confirmation', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/user/sessions/logout-others')
      .header('referer', '/user/profile')
      .withSession({ password_confirmed_at: Date.now() })
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/user/profile')
    response.assertFlashMessage('success', '0 other sessions were signed out.')
  })

  test('a signed-in request notes its time and address at most every few minutes', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const stale = new Date(Date.now() - 10 * 60 * 1000).toISOString()
    const info = {
      ip: '198.51.100.4',
      userAgent: 'Firefox',
      signedInAt: stale,
      lastActiveAt: stale,
    }
    const seen = await client.get('/user/profile').withSession({ client: info }).loginAs(user)
    const noted = seen.session().client
    assert.notEqual(noted.lastActiveAt, stale)
    assert.isBelow(Date.now() - Date.parse(noted.lastActiveAt), 60_000)
    assert.notEqual(noted.ip, '198.51.100.4')
    assert.equal(noted.signedInAt, stale)

    // Within the resolution, from the same address: the record is left alone.
    const recent = new Date(Date.now() - 60 * 1000).toISOString()
    const again = await client
      .get('/user/profile')
      .withSession({ client: { ...noted, lastActiveAt: recent } })
      .loginAs(user)
    assert.equal(again.session().client.lastActiveAt, recent)
  })

  test('lists each session with its last activity, most recent first', async ({ assert }) => {
    const user = await makeUser()
    const { collection, store } = await databaseSessions()
    await store.write('sess-a', {
      client: {
        ip: '10.0.0.1',
        userAgent: 'Firefox',
        signedInAt: '2026-11-20T10:00:00Z',
        lastActiveAt: '2026-11-20T11:00:00Z',
      },
    })
    await store.tag('sess-a', String(user.id))
    await store.write('sess-b', {
      client: {
        ip: '10.0.0.2',
        userAgent: 'Chrome',
        signedInAt: '2026-11-01T10:00:00Z',
        lastActiveAt: '2026-11-21T09:00:00Z',
      },
    })
    await store.tag('sess-b', String(user.id))
    await store.write('sess-c', {
      client: { ip: '10.0.0.3', userAgent: 'Safari', signedInAt: '2026-11-19T10:00:00Z' },
    })
    await store.tag('sess-c', String(user.id))

    const sessions = await listSessions(user, 'sess-none', collection)
    assert.deepEqual(
      sessions.map((session) => [session.id, session.lastActiveAt]),
      [
        ['sess-b', '2026-11-21T09:00:00Z'],
        ['sess-a', '2026-11-20T11:00:00Z'],
        ['sess-c', '2026-11-19T10:00:00Z'],
      ]
    )
  })
})
