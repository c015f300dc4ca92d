import { test } from '@japa/runner'
import { generate } from 'otplib'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type User from '#models/user'
import ace from '@adonisjs/core/services/ace'
import TeamCreate from '#commands/team_create'
import { makeTeam, makeUser, passwordJustConfirmed, TEST_PASSWORD } from '#tests/helpers/accounts'
import { flashedError } from '#tests/helpers/responses'

async function secretOf(userId: number) {
  const row = await db.from('users').where('id', userId).select('two_factor_secret').firstOrFail()
  return encryption.decrypt<string>(row.two_factor_secret)!
}

/** A code for the current step, or for a step `offset` periods away. */
async function codeFor(userId: number, offset = 0) {
  return generate({
    secret: await secretOf(userId),
    epoch: Math.floor(Date.now() / 1000) + offset * 30,
  })
}

async function enabledUser(client: any) {
  const user = await makeUser({ teams: [await makeTeam()] })
  await client
    .post('/user/two-factor')
    .loginAs(user)
    .withCsrfToken()
    .withSession(passwordJustConfirmed())
  const confirmed = await client
    .post('/user/two-factor/confirm')
    .loginAs(user)
    .withSession(passwordJustConfirmed())
    .withCsrfToken()
    .form({ code: await codeFor(user.id) })
  confirmed.assertStatus(200)
  // The set-up code's step is used; sign-ins start from a clean slate.
  await db.from('users').where('id', user.id).update({ two_factor_last_step: null })
  return user
}

function signIn(client: any, user: User) {
  return client
    .post('/login')
    .withCsrfToken()
    .form({ email: user.email, password: TEST_PASSWORD })
    .redirects(0)
}

test.group('Two-factor authentication', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('set-up needs a confirmed password, then a valid code; recovery codes are shown once', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const unconfirmed = await client
      .post('/user/two-factor')
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    unconfirmed.assertHeader('location', '/user/confirm-password')

    await client
      .post('/user/two-factor')
      .loginAs(user)
      .withCsrfToken()
      .withSession(passwordJustConfirmed())
    const pending = await client.get('/user/profile').loginAs(user).withInertia()
    const state = (pending.inertiaProps as any).twoFactor
    assert.isFalse(state.enabled)
    assert.match(state.pending.secret, /^[A-Z2-7]+$/)
    assert.match(state.pending.qrCode, /^data:image\/png;base64,/)
    assert.include(state.pending.uri, 'otpauth://totp/')

    const wrong = await client
      .post('/user/two-factor/confirm')
      .loginAs(user)
      .withSession(passwordJustConfirmed())
      .withCsrfToken()
      .form({ code: '000000' })
      .redirects(0)
    assert.match(flashedError(wrong, 'code')!, /not valid/)

    const confirmed = await client
      .post('/user/two-factor/confirm')
      .loginAs(user)
      .withSession(passwordJustConfirmed())
      .withCsrfToken()
      .withInertia()
      .form({ code: await codeFor(user.id) })
    const props = confirmed.inertiaProps as any
    assert.isTrue(props.twoFactor.enabled)
    assert.lengthOf(props.twoFactor.recoveryCodes, 10)
    const stored = await db
      .from('users')
      .where('id', user.id)
      .select('two_factor_recovery_codes', 'two_factor_secret')
      .firstOrFail()
    // Hashed at rest; the secret is encrypted.
    assert.notInclude(stored.two_factor_recovery_codes, props.twoFactor.recoveryCodes[0])
    assert.notEqual(stored.two_factor_secret, state.pending.secret)

    const later = await client.get('/user/profile').loginAs(user).withInertia()
    assert.isNull((later.inertiaProps as any).twoFactor.recoveryCodes)
  })

  test('sign-in asks for the code; a wrong, stale or replayed code is refused', async ({
    client,
    assert,
  }) => {
    const user = await enabledUser(client)
    const first = await signIn(client, user)
    first.assertHeader('location', '/two-factor-challenge')
    const session = first.session()

    // Not signed in yet: the challenge is the only way on.
    const dashboard = await client.get('/').withSession(session).redirects(0)
    dashboard.assertStatus(302)
    dashboard.assertHeader('location', '/login')

    const wrong = await client
      .post('/two-factor-challenge')
      .withSession(session)
      .withCsrfToken()
      .form({ code: '123456' })
      .redirects(0)
    assert.match(flashedError(wrong, 'code')!, /not valid/)

    const stale = await client
      .post('/two-factor-challenge')
      .withSession(session)
      .withCsrfToken()
      .form({ code: await codeFor(user.id, -4) })
      .redirects(0)
    assert.match(flashedError(stale, 'code')!, /not valid/)

    const code = await codeFor(user.id)
    const accepted = await client
      .post('/two-factor-challenge')
      .withSession(session)
      .withCsrfToken()
      .form({ code })
      .redirects(0)
    accepted.assertHeader('location', '/')

    // The same code in another sign-in is a replay.
    const second = await signIn(client, user)
    const replay = await client
      .post('/two-factor-challenge')
      .withSession(second.session())
      .withCsrfToken()
      .form({ code })
      .redirects(0)
    assert.match(flashedError(replay, 'code')!, /not valid/)
    const logged = await db
      .from('security_events')
      .where('user_id', user.id)
      .orderBy('id')
      .select('event')
    assert.deepEqual(
      logged.map((row) => row.event),
      [
        'two_factor_enabled',
        'two_factor_failed',
        'two_factor_failed',
        'sign_in',
        'two_factor_failed',
      ]
    )
  })

  test('a recovery code signs in once', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    await client
      .post('/user/two-factor')
      .loginAs(user)
      .withCsrfToken()
      .withSession(passwordJustConfirmed())
    const confirmed = await client
      .post('/user/two-factor/confirm')
      .loginAs(user)
      .withSession(passwordJustConfirmed())
      .withCsrfToken()
      .withInertia()
      .form({ code: await codeFor(user.id) })
    const [recovery] = (confirmed.inertiaProps as any).twoFactor.recoveryCodes

    const first = await signIn(client, user)
    const used = await client
      .post('/two-factor-challenge')
      .withSession(first.session())
      .withCsrfToken()
      .form({ recovery_code: recovery.toUpperCase() })
      .redirects(0)
    used.assertHeader('location', '/')

    const second = await signIn(client, user)
    const again = await client
      .post('/two-factor-challenge')
      .withSession(second.session())
      .withCsrfToken()
      .form({ recovery_code: recovery })
      .redirects(0)
    assert.match(flashedError(again, 'recovery_code')!, /already used/)
  })

  test('an expired challenge goes back to sign-in; attempts are throttled', async ({
    client,
    assert,
  }) => {
    const user = await enabledUser(client)
    const expired = await client
      .post('/two-factor-challenge')
      .withSession({ two_factor_pending: { userId: user.id, expiresAt: Date.now() - 1 } })
      .withCsrfToken()
      .form({ code: await codeFor(user.id) })
      .redirects(0)
    expired.assertHeader('location', '/login')

    const pending = await signIn(client, user)
    let last
    for (let attempt = 0; attempt < 6; attempt++) {
      last = await client
        .post('/two-factor-challenge')
        .withSession(pending.session())
        .withCsrfToken()
        .form({ code: '000000' })
        .redirects(0)
    }
    assert.match(flashedError(last!, 'code')!, /Too many/)
  })

  test('turning it off needs a confirmed password', async ({ client, assert }) => {
    const user = await enabledUser(client)
    const refused = await client
      .post('/user/two-factor/disable')
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    refused.assertHeader('location', '/user/confirm-password')
    await client
      .post('/user/two-factor/disable')
      .loginAs(user)
      .withCsrfToken()
      .withSession(passwordJustConfirmed())
    const row = await db
      .from('users')
      .where('id', user.id)
      .select('two_factor_secret', 'two_factor_confirmed_at')
      .firstOrFail()
    assert.isNull(row.two_factor_secret)
    assert.isNull(row.two_factor_confirmed_at)
    const plain = await signIn(client, user)
    plain.assertHeader('location', '/')
  })
})

test.group('Teams requiring two-factor authentication', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })
  group.each.setup(() => limiter.clear(['memory']))

  test('members without it reach only the mandatory set-up until it is on', async ({
    client,
    assert,
  }) => {
    const command = await ace.create(TeamCreate, [
      '--name=Strict Capital',
      '--currency=GBP',
      '--require-two-factor',
    ])
    await command.exec()
    command.assertSucceeded()
    const user = await makeUser({ teams: [{ name: 'Strict Capital' }] })

    const dashboard = await client.get('/').loginAs(user).redirects(0)
    dashboard.assertHeader('location', '/user/two-factor/required')
    const api = await client.get('/api/currencies').loginAs(user)
    api.assertStatus(403)
    assert.equal(api.body().code, 'E_TWO_FACTOR_REQUIRED')
    const profile = await client.get('/user/profile').loginAs(user).redirects(0)
    profile.assertHeader('location', '/user/two-factor/required')

    const page = await client.get('/user/two-factor/required').loginAs(user).withInertia()
    page.assertInertiaComponent('auth/two_factor_required')

    await client
      .post('/user/two-factor')
      .loginAs(user)
      .withCsrfToken()
      .withSession(passwordJustConfirmed())
    const confirmed = await client
      .post('/user/two-factor/confirm')
      .loginAs(user)
      .withSession(passwordJustConfirmed())
      .withCsrfToken()
      .form({ code: await codeFor(user.id) })
      .redirects(0)
    confirmed.assertStatus(302)

    const after = await client.get('/').loginAs(user).redirects(0)
    after.assertStatus(200)
  })

  test('members of other teams are not asked', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client.get('/').loginAs(user).redirects(0)
    response.assertStatus(200)
  })
})
