import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import { unsubscribeUrl } from '#services/auth/signed_links'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { flashedError } from '#tests/helpers/responses'
import { CONSENT_VERSION } from '#shared/consent'

function pathOf(url: string) {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

test.group('Settings page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows the settings with sessions, subscriptions and consent state', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client.get('/user/profile').loginAs(user).withInertia()
    response.assertInertiaComponent('profile/show')
    const props = response.inertiaProps as any
    assert.deepEqual(props.subscriptions, [])
    assert.deepEqual(props.consent, { version: CONSENT_VERSION, acceptedAt: null })
    assert.equal(props.passwordExpiresInDays, 90)
  })

  test('updates the name and keeps the verified email', async ({ client, assert, cleanup }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/user/profile')
      .header('referer', '/user/profile')
      .loginAs(user)
      .withCsrfToken()
      .form({ name: 'Renamed Person', email: user.email })
      .redirects(0)
    response.assertFlashMessage('success', 'Profile saved.')
    const fresh = await User.findOrFail(user.id)
    assert.equal(fresh.name, 'Renamed Person')
    assert.isNotNull(fresh.emailVerifiedAt)
    mails.assertNoneSent()
  })

  test('refuses an email used by another account', async ({ client, assert }) => {
    const other = await makeUser()
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/user/profile')
      .header('referer', '/user/profile')
      .loginAs(user)
      .withCsrfToken()
      .form({ name: user.name, email: other.email, currentPassword: TEST_PASSWORD })
      .redirects(0)
    assert.equal(
      flashedError(response, 'email'),
      'This email address is already used by another account.'
    )
    const fresh = await User.findOrFail(user.id)
    assert.notEqual(fresh.email, other.email)
  })

  test('refuses a blank name', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/user/profile')
      .header('referer', '/user/profile')
      .loginAs(user)
      .withCsrfToken()
      .form({ name: ' ', email: user.email })
      .redirects(0)
    assert.isString(flashedError(response, 'name'))
  })

  test('saves email subscriptions as a set', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    await client
      .post('/user/subscriptions')
      .loginAs(user)
      .withCsrfToken()
      .json({ subscriptions: ['weekly_digest', 'insights_reports'] })
      .redirects(0)
    await client
      .post('/user/subscriptions')
      .loginAs(user)
      .withCsrfToken()
      .json({ subscriptions: ['insights_reports'] })
      .redirects(0)
    const rows = await db
      .from('email_subscriptions')
      .where('user_id', user.id)
      .select('subscription')
    assert.deepEqual(
      rows.map((row) => row.subscription),
      ['insights_reports']
    )
  })

  test('refuses an unknown subscription and changes nothing', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/user/subscriptions')
      .header('X-Requested-With', 'XMLHttpRequest')
      .loginAs(user)
      .withCsrfToken()
      .json({ subscriptions: ['spam'] })
    response.assertStatus(422)
    const rows = await db.from('email_subscriptions').where('user_id', user.id)
    assert.lengthOf(rows, 0)
  })

  test('records the consent once with its version and time', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    for (let i = 0; i < 2; i++) {
      await client.post('/user/consent').loginAs(user).withCsrfToken().redirects(0)
    }
    const rows = await db.from('user_consents').where('user_id', user.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].version, CONSENT_VERSION)
    const page = await client.get('/user/profile').loginAs(user).withInertia()
    assert.isString((page.inertiaProps as any).consent.acceptedAt)
  })
})

test.group('Unsubscribe link', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function subscribedUser() {
    const user = await makeUser()
    await db.table('email_subscriptions').multiInsert(
      ['weekly_digest', 'insights_reports'].map((subscription) => ({
        user_id: user.id,
        subscription,
        created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
      }))
    )
    return user
  }

  test('shows a confirmation page without signing in and unsubscribes on POST', async ({
    client,
    assert,
  }) => {
    const user = await subscribedUser()
    const url = pathOf(unsubscribeUrl(user, 'weekly_digest'))
    const page = await client.get(url).withInertia()
    page.assertStatus(200)
    page.assertInertiaPropsContains({ valid: true, done: false, title: 'Weekly research digest' })
    let rows = await db.from('email_subscriptions').where('user_id', user.id)
    assert.lengthOf(rows, 2)

    const done = await client.post(url).withCsrfToken().withInertia()
    done.assertInertiaPropsContains({ valid: true, done: true })
    rows = await db.from('email_subscriptions').where('user_id', user.id)
    assert.deepEqual(
      rows.map((row) => row.subscription),
      ['insights_reports']
    )
  })

  test('refuses a link changed to another subscription or user', async ({ client, assert }) => {
    const user = await subscribedUser()
    const other = await subscribedUser()
    const url = pathOf(unsubscribeUrl(user, 'weekly_digest'))
    for (const tampered of [
      url.replace('weekly_digest', 'insights_reports'),
      url.replace(`/unsubscribe/${user.id}`, `/unsubscribe/${other.id}`),
    ]) {
      const response = await client.post(tampered).withCsrfToken().withInertia()
      response.assertStatus(410)
    }
    const rows = await db.from('email_subscriptions').whereIn('user_id', [user.id, other.id])
    assert.lengthOf(rows, 4)
  })
})

test.group('Delete account', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('asks for the password first', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/user/delete')
      .header('referer', '/user/profile')
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/user/confirm-password')
    assert.isNotNull(await User.find(user.id))
  })

  test('deletes the account after password confirmation and signs out', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/user/delete')
      .withSession({ password_confirmed_at: Date.now() })
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/login')
    assert.isNull(await User.find(user.id))
  })

  test('refuses to delete the last administrator', async ({ client, assert }) => {
    await db.from('users').where('is_administrator', true).update({ is_administrator: false })
    const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    const response = await client
      .post('/user/delete')
      .header('referer', '/user/profile')
      .withSession({ password_confirmed_at: Date.now() })
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
    assert.equal(
      flashedError(response, 'account'),
      'You are the last administrator: appoint another administrator before deleting your account.'
    )
    assert.isNotNull(await User.find(admin.id))
  })

  test('lets an administrator go when another one remains', async ({ client, assert }) => {
    await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    await client
      .post('/user/delete')
      .withSession({ password_confirmed_at: Date.now() })
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
    assert.isNull(await User.find(admin.id))
  })
})
