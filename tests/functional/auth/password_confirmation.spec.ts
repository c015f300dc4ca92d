import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { flashedError } from '#tests/helpers/responses'
import { appUrl } from '#config/app'

test.group('Password confirmation gate', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('sends a sensitive action to the confirmation page first', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/user/sessions/logout-others')
      .header('referer', '/user/profile')
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/user/confirm-password')
    response.assertSession('intended_url', '/user/profile')
  })

  test('remembers a confirmed password for a few minutes', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/user/sessions/logout-others')
      .header('referer', '/user/profile')
      .withSession({ password_confirmed_at: Date.now() - 60_000 })
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/user/profile')
    response.assertFlashMessage('success', '0 other sessions were signed out.')
  })

  test('asks again once the confirmation is older than five minutes', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/user/sessions/logout-others')
      .withSession({ password_confirmed_at: Date.now() - 6 * 60_000 })
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/user/confirm-password')
  })

  test('confirms with the right password and returns to the intended page', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/user/confirm-password')
      .withSession({ intended_url: '/user/profile' })
      .loginAs(user)
      .withCsrfToken()
      .form({ password: TEST_PASSWORD })
      .redirects(0)
    response.assertHeader('location', '/user/profile')
    assert.isAbove(Number(response.session().password_confirmed_at), Date.now() - 5000)
  })

  test('refuses a wrong password', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/user/confirm-password')
      .header('referer', '/user/confirm-password')
      .loginAs(user)
      .withCsrfToken()
      .form({ password: 'wrong-password-1' })
      .redirects(0)
    assert.equal(flashedError(response, 'password'), 'The password is incorrect.')
    assert.isUndefined(response.session().password_confirmed_at)
  })
})

test.group('Password confirmation: back to where the action started', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const REPEAT = 'Password confirmed. Repeat the action to complete it.'

  test("an administrator's user action returns to the user's page", async ({ client, assert }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const member = await makeUser({ teams: [await makeTeam()] })
    const page = `/admin/account-management/users/${member.id}`
    for (const action of ['disable', 'reset-two-factor', 'require-password-change', 'roles']) {
      const gated = await client
        .post(`${page}/${action}`)
        .header('referer', `${appUrl}${page}`)
        .loginAs(admin)
        .withCsrfToken()
        .redirects(0)
      gated.assertHeader('location', '/user/confirm-password')

      const confirmed = await client
        .post('/user/confirm-password')
        .withSession(gated.session())
        .loginAs(admin)
        .withCsrfToken()
        .form({ password: TEST_PASSWORD })
        .redirects(0)
      assert.equal(confirmed.header('location'), page, action)
      confirmed.assertFlashMessage('success', REPEAT)
    }
  })

  test("a user's own actions return to Settings", async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    for (const action of ['/user/sessions/logout-others', '/user/delete']) {
      const gated = await client
        .post(action)
        .header('referer', `${appUrl}/user/profile`)
        .loginAs(user)
        .withCsrfToken()
        .redirects(0)
      gated.assertHeader('location', '/user/confirm-password')
      const confirmed = await client
        .post('/user/confirm-password')
        .withSession(gated.session())
        .loginAs(user)
        .withCsrfToken()
        .form({ password: TEST_PASSWORD })
        .redirects(0)
      confirmed.assertHeader('location', '/user/profile')
      confirmed.assertFlashMessage('success', REPEAT)
    }
  })

  test('never returns to another site', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    for (const referer of ['https://evil.example/user/profile', '//evil.example/x']) {
      const gated = await client
        .post('/user/delete')
        .header('referer', referer)
        .loginAs(user)
        .withCsrfToken()
        .redirects(0)
      const confirmed = await client
        .post('/user/confirm-password')
        .withSession(gated.session())
        .loginAs(user)
        .withCsrfToken()
        .form({ password: TEST_PASSWORD })
        .redirects(0)
      assert.equal(confirmed.header('location'), '/user/profile', referer)
    }
  })
})
