import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { flashedError } from '#tests/helpers/responses'
import { MODULES } from '#shared/modules'

const NEW_PASSWORD = 'Brand-New-Password-2027'

async function userWithOldPassword(daysOld: number) {
  const team = await makeTeam({ modules: [MODULES.marketDataContracts] })
  return makeUser({ teams: [team], passwordChangedAt: DateTime.now().minus({ days: daysOld }) })
}

test.group('Password rotation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('sends a user with a 91-day-old password to the rotate page from every page', async ({
    client,
  }) => {
    const user = await userWithOldPassword(91)
    for (const path of ['/', '/market-data', '/user/profile', '/admin/welcome']) {
      const response = await client.get(path).loginAs(user).redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/password/rotate')
    }
  })

  test('refuses API calls with 403 until the password is changed', async ({ client }) => {
    const user = await userWithOldPassword(91)
    const response = await client.get('/api/permissions').loginAs(user)
    response.assertStatus(403)
    response.assertBodyContains({ code: 'E_PASSWORD_EXPIRED' })
  })

  test('lets an 89-day-old password through', async ({ client }) => {
    const user = await userWithOldPassword(89)
    const response = await client.get('/').loginAs(user).withInertia()
    response.assertStatus(200)
  })

  test('shows the rotate page to a user whose password expired', async ({ client }) => {
    const user = await userWithOldPassword(91)
    const response = await client.get('/password/rotate').loginAs(user).withInertia()
    response.assertInertiaComponent('auth/rotate_password')
  })

  test('changes the password and opens the application again', async ({ client, assert }) => {
    const user = await userWithOldPassword(91)
    const response = await client
      .post('/password/rotate')
      .loginAs(user)
      .withCsrfToken()
      .form({
        currentPassword: TEST_PASSWORD,
        password: NEW_PASSWORD,
        passwordConfirmation: NEW_PASSWORD,
      })
      .redirects(0)
    response.assertHeader('location', '/')
    const fresh = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(fresh.password, NEW_PASSWORD))
    assert.isBelow(DateTime.now().diff(fresh.passwordChangedAt, 'minutes').minutes, 1)

    const home = await client.get('/').loginAs(fresh).withInertia()
    home.assertStatus(200)
  })

  test('refuses a wrong current password', async ({ client, assert }) => {
    const user = await userWithOldPassword(91)
    const response = await client
      .post('/password/rotate')
      .header('referer', '/password/rotate')
      .loginAs(user)
      .withCsrfToken()
      .form({
        currentPassword: 'wrong-password-1',
        password: NEW_PASSWORD,
        passwordConfirmation: NEW_PASSWORD,
      })
      .redirects(0)
    assert.equal(flashedError(response, 'currentPassword'), 'The current password is incorrect.')
    const fresh = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(fresh.password, TEST_PASSWORD))
  })

  test('refuses a password of a few repeated characters', async ({ client, assert }) => {
    const user = await userWithOldPassword(91)
    const response = await client
      .post('/password/rotate')
      .header('referer', '/password/rotate')
      .loginAs(user)
      .withCsrfToken()
      .form({
        currentPassword: TEST_PASSWORD,
        password: 'aaaaaaaaaaa1',
        passwordConfirmation: 'aaaaaaaaaaa1',
      })
      .redirects(0)
    assert.equal(
      flashedError(response, 'password'),
      'This password repeats a few characters and is easy to guess. Use more different characters.'
    )
    const fresh = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(fresh.password, TEST_PASSWORD))
  })

  test('refuses the same password again', async ({ client, assert }) => {
    const user = await userWithOldPassword(91)
    const response = await client
      .post('/password/rotate')
      .header('referer', '/password/rotate')
      .loginAs(user)
      .withCsrfToken()
      .form({
        currentPassword: TEST_PASSWORD,
        password: TEST_PASSWORD,
        passwordConfirmation: TEST_PASSWORD,
      })
      .redirects(0)
    assert.equal(
      flashedError(response, 'password'),
      'Choose a password different from the current one.'
    )
  })

  test('refuses a password that breaks the policy', async ({ client, assert }) => {
    const user = await userWithOldPassword(91)
    const cases: [string, string][] = [
      ['short1', 'The password must be at least 12 characters long.'],
      ['onlyletterslongenough', 'The password must contain both letters and digits.'],
    ]
    for (const [password, message] of cases) {
      const response = await client
        .post('/password/rotate')
        .header('referer', '/password/rotate')
        .loginAs(user)
        .withCsrfToken()
        .form({ currentPassword: TEST_PASSWORD, password, passwordConfirmation: password })
        .redirects(0)
      assert.equal(flashedError(response, 'password'), message)
    }
  })

  test('refuses a confirmation that does not match', async ({ client, assert }) => {
    const user = await userWithOldPassword(91)
    const response = await client
      .post('/password/rotate')
      .header('referer', '/password/rotate')
      .loginAs(user)
      .withCsrfToken()
      .form({
        currentPassword: TEST_PASSWORD,
        password: NEW_PASSWORD,
        passwordConfirmation: 'Something-Else-123',
      })
      .redirects(0)
    assert.equal(
      flashedError(response, 'passwordConfirmation'),
      'The password confirmation does not match.'
    )
    assert.notProperty(response.flashMessages(), 'currentPassword')
    assert.notProperty(response.flashMessages(), 'passwordConfirmation')
  })
})
