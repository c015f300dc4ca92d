import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { makeTeam, makeUser, passwordJustConfirmed } from '#tests/helpers/accounts'
import { enableTwoFactorFor, twoFactorCodeFor } from '#tests/helpers/two_factor'
import ace from '@adonisjs/core/services/ace'
import TeamCreate from '#commands/team_create'

async function twoFactorColumns(userId: number) {
  return db
    .from('users')
    .where('id', userId)
    .select('two_factor_confirmed_at', 'two_factor_recovery_codes', 'two_factor_secret')
    .firstOrFail()
}

async function eventsOf(userId: number) {
  const rows = await db.from('security_events').where('user_id', userId).orderBy('id')
  return rows.map((row) => row.event as string)
}

/** The session store the test clients use, to hold sessions signed in elsewhere. */
async function sessionStore() {
  const config = await configProvider.resolve<any>(app, app.config.get('session'))
  return config.stores.memory()
}

test.group('Two-factor settings', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('starting the set-up again while it is on does not turn it off', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    await enableTwoFactorFor(user)
    const before = await twoFactorColumns(user.id)

    const response = await client
      .post('/user/two-factor')
      .header('referer', '/user/profile')
      .loginAs(user)
      .withSession(passwordJustConfirmed())
      .withCsrfToken()
      .redirects(0)
    response.assertFlashMessage('error', 'Two-factor authentication is already on.')
    assert.deepEqual(await twoFactorColumns(user.id), before)
    assert.notInclude(await eventsOf(user.id), 'two_factor_disabled')
  })

  test('confirming again needs the password and never makes new recovery codes', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    await enableTwoFactorFor(user)
    const before = await twoFactorColumns(user.id)

    const unconfirmed = await client
      .post('/user/two-factor/confirm')
      .loginAs(user)
      .withCsrfToken()
      .form({ code: await twoFactorCodeFor(user.id) })
      .redirects(0)
    unconfirmed.assertHeader('location', '/user/confirm-password')

    const again = await client
      .post('/user/two-factor/confirm')
      .header('referer', '/user/profile')
      .loginAs(user)
      .withSession(passwordJustConfirmed())
      .withCsrfToken()
      .form({ code: await twoFactorCodeFor(user.id, 1) })
      .redirects(0)
    again.assertFlashMessage('error', 'Two-factor authentication is already on.')
    assert.isUndefined(again.flashMessages().two_factor_recovery_codes)
    assert.deepEqual(await twoFactorColumns(user.id), before)
    assert.deepEqual(await eventsOf(user.id), [])
  })

  test("turning it on ends the user's other sessions and no one else's", async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const colleague = await makeUser()
    const store = await sessionStore()
    await store.write('password-only-laptop', { auth_web: user.id })
    await store.tag('password-only-laptop', String(user.id))
    await store.write('colleague-session', { auth_web: colleague.id })
    await store.tag('colleague-session', String(colleague.id))

    await client
      .post('/user/two-factor')
      .loginAs(user)
      .withSession(passwordJustConfirmed())
      .withCsrfToken()
    const confirmed = await client
      .post('/user/two-factor/confirm')
      .loginAs(user)
      .withSession(passwordJustConfirmed())
      .withCsrfToken()
      .form({ code: await twoFactorCodeFor(user.id) })
      .redirects(0)
    confirmed.assertHeader('location', '/user/profile#two-factor')
    assert.lengthOf(confirmed.flashMessages().two_factor_recovery_codes as string[], 10)

    assert.isNull(await store.read('password-only-laptop'))
    assert.isNotNull(await store.read('colleague-session'))
    assert.include(await eventsOf(user.id), 'two_factor_enabled')
  })
})

test.group('Two-factor set-up required by a team', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('a session held at the mandatory set-up ends when it is turned on elsewhere', async ({
    client,
    assert,
  }) => {
    const command = await ace.create(TeamCreate, [
      '--name=Strict Holdings',
      '--currency=GBP',
      '--require-two-factor',
    ])
    await command.exec()
    const user = await makeUser({ teams: [{ name: 'Strict Holdings' }] })
    const store = await sessionStore()
    await store.write('held-at-set-up', { auth_web: user.id })
    await store.tag('held-at-set-up', String(user.id))

    await client
      .post('/user/two-factor')
      .loginAs(user)
      .withSession(passwordJustConfirmed())
      .withCsrfToken()
    await client
      .post('/user/two-factor/confirm')
      .loginAs(user)
      .withSession(passwordJustConfirmed())
      .withCsrfToken()
      .form({ code: await twoFactorCodeFor(user.id) })
      .redirects(0)
    assert.isNull(await store.read('held-at-set-up'))
  })
})
