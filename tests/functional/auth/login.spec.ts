import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { flashedError } from '#tests/helpers/responses'

test.group('Sign-in', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows the login page to signed-out visitors', async ({ client }) => {
    const response = await client.get('/login').withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('auth/login')
  })

  test('redirects an unauthenticated page visit to /login', async ({ client }) => {
    const response = await client.get('/market-data').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('signs in with the right password and lands on the dashboard', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })

    const response = await client
      .post('/login')
      .form({ email: user.email, password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/')
    await user.refresh()
    assert.isNotNull(user.lastLoginAt)
  })

  test('starts a new session id at sign-in', async ({ client, assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const before = await client.get('/login')
    const initialId = before.cookie('spendlens-session')?.value
    assert.isString(initialId)
    const response = await client
      .post('/login')
      .withCookie('spendlens-session', initialId!)
      .form({ email: user.email, password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    const newId = response.cookie('spendlens-session')?.value
    assert.isString(newId)
    assert.notEqual(newId, initialId)
  })

  test('remembers the page a signed-out visitor was going to', async ({ client }) => {
    const response = await client.get('/market-data?tab=expiring').redirects(0)
    response.assertHeader('location', '/login')
    response.assertSession('intended_url', '/market-data?tab=expiring')
  })

  test('sends the user back to that page after signing in', async ({ client }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const response = await client
      .post('/login')
      .withSession({ intended_url: '/market-data' })
      .form({ email: user.email, password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/market-data')
  })

  test('never follows an intended URL to another site', async ({ client }) => {
    const user = await makeUser()
    const response = await client
      .post('/login')
      .withSession({ intended_url: '//evil.example.com/x' })
      .form({ email: user.email, password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/')
  })

  test('refuses a wrong password with a generic message', async ({ client, assert }) => {
    const user = await makeUser()
    const response = await client
      .post('/login')
      .header('referer', '/login')
      .form({ email: user.email, password: 'not-the-password' })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
    assert.equal(flashedError(response, 'email'), 'These credentials do not match our records.')
  })

  test('answers an unknown email exactly like a wrong password', async ({ client, assert }) => {
    const response = await client
      .post('/login')
      .header('referer', '/login')
      .form({ email: 'nobody@example.com', password: 'whatever-it-is-1' })
      .withCsrfToken()
      .redirects(0)
    assert.equal(flashedError(response, 'email'), 'These credentials do not match our records.')
  })

  test('rejects a malformed email before checking anything', async ({ client, assert }) => {
    const response = await client
      .post('/login')
      .header('referer', '/login')
      .form({ email: 'not-an-email', password: 'x' })
      .withCsrfToken()
      .redirects(0)
    assert.equal(flashedError(response, 'email'), 'Enter a valid email address.')
  })

  test('blocks an email and address pair after five failed attempts', async ({
    client,
    assert,
  }) => {
    const user = await makeUser()
    for (let attempt = 0; attempt < 5; attempt++) {
      await client
        .post('/login')
        .header('referer', '/login')
        .form({ email: user.email, password: 'wrong-password-1' })
        .withCsrfToken()
        .redirects(0)
    }
    const response = await client
      .post('/login')
      .header('referer', '/login')
      .form({ email: user.email, password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    assert.equal(
      flashedError(response, 'email'),
      'Too many sign-in attempts. Try again in 15 minutes.'
    )
  })

  test('refuses a disabled account', async ({ client, assert }) => {
    const user = await makeUser()
    user.disabledAt = DateTime.now()
    await user.save()
    const response = await client
      .post('/login')
      .header('referer', '/login')
      .form({ email: user.email, password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    assert.equal(
      flashedError(response, 'email'),
      'Your account has been disabled. Contact your administrator.'
    )
  })

  test('signs out with POST /logout', async ({ client }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const response = await client.post('/logout').loginAs(user).withCsrfToken().redirects(0)
    response.assertHeader('location', '/login')
  })

  test('refuses a logout without a CSRF token and keeps the session', async ({ client }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const response = await client.post('/logout').header('referer', '/').loginAs(user).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/')
    response.assertFlashMessage('error', 'Page expired. Reload the page and try again.')
  })
})
