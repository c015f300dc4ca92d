import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import PasswordResetMail from '#mails/password_reset_mail'
import { passwordResetUrl } from '#services/auth/signed_links'
import { makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { flashedError } from '#tests/helpers/responses'

const NEW_PASSWORD = 'Reset-Password-Works-9'
const SENT =
  'If an account exists for that address, we have sent a link to reset its password. Check your inbox.'

function pathOf(url: string) {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

test.group('Forgot password', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('mails a reset link to a known address', async ({ client, assert, cleanup }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const user = await makeUser()
    const response = await client
      .post('/forgot-password')
      .header('referer', '/forgot-password')
      .withCsrfToken()
      .form({ email: user.email.toUpperCase() })
      .redirects(0)
    response.assertFlashMessage('success', SENT)
    mails.assertSent(PasswordResetMail, (message) => {
      message.build()
      return (
        message.message.hasTo(user.email) &&
        /reset-password\/\d+\?/.test(String(message.message.toJSON().message.html ?? ''))
      )
    })
    assert.lengthOf(mails.sent(), 1)
  })

  test('answers an unknown address the same way and sends nothing', async ({ client, cleanup }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const response = await client
      .post('/forgot-password')
      .header('referer', '/forgot-password')
      .withCsrfToken()
      .form({ email: 'nobody@example.com' })
      .redirects(0)
    response.assertFlashMessage('success', SENT)
    mails.assertNoneSent()
  })

  test('rejects a malformed address', async ({ client, assert }) => {
    const response = await client
      .post('/forgot-password')
      .header('referer', '/forgot-password')
      .withCsrfToken()
      .form({ email: 'not-an-email' })
      .redirects(0)
    assert.equal(flashedError(response, 'email'), 'Enter a valid email address.')
  })
})

test.group('Reset password link', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows the form for a valid link', async ({ client }) => {
    const user = await makeUser()
    const response = await client.get(pathOf(passwordResetUrl(user))).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('auth/reset_password')
    response.assertInertiaPropsContains({ valid: true, email: user.email })
  })

  test('sets the new password and ends every session', async ({ client, assert }) => {
    const user = await makeUser()
    const response = await client
      .post(pathOf(passwordResetUrl(user)))
      .withCsrfToken()
      .form({ password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
      .redirects(0)
    response.assertHeader('location', '/login')
    const fresh = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(fresh.password, NEW_PASSWORD))
  })

  test('works only once', async ({ client, assert }) => {
    const user = await makeUser()
    const url = pathOf(passwordResetUrl(user))
    await client
      .post(url)
      .withCsrfToken()
      .form({ password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
      .redirects(0)

    const again = await client.get(url).withInertia()
    again.assertStatus(410)
    again.assertInertiaPropsContains({ valid: false })
    const reuse = await client
      .post(url)
      .withCsrfToken()
      .form({ password: 'Another-Password-123', passwordConfirmation: 'Another-Password-123' })
      .redirects(0)
    reuse.assertHeader('location', '/forgot-password')
    const fresh = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(fresh.password, NEW_PASSWORD))
  })

  test('refuses a tampered link', async ({ client, assert }) => {
    const user = await makeUser()
    const other = await makeUser()
    const url = pathOf(passwordResetUrl(user)).replace(
      `/reset-password/${user.id}`,
      `/reset-password/${other.id}`
    )
    const response = await client.get(url).withInertia()
    response.assertStatus(410)
    response.assertInertiaPropsContains({ valid: false })

    const post = await client
      .post(url)
      .withCsrfToken()
      .form({ password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
      .redirects(0)
    post.assertHeader('location', '/forgot-password')
    const fresh = await User.findOrFail(other.id)
    assert.isTrue(await hash.verify(fresh.password, TEST_PASSWORD))
  })

  test('refuses a link without its signature', async ({ client }) => {
    const user = await makeUser()
    const response = await client.get(`/reset-password/${user.id}`).withInertia()
    response.assertStatus(410)
  })

  test('refuses an expired link', async ({ client, cleanup }) => {
    const user = await makeUser()
    // Issue the link 61 minutes ago: its 60-minute expiry has passed.
    const realNow = Date.now
    Date.now = () => realNow() - 61 * 60 * 1000
    let url: string
    try {
      url = pathOf(passwordResetUrl(user))
    } finally {
      Date.now = realNow
    }
    cleanup(() => {
      Date.now = realNow
    })
    const response = await client.get(url).withInertia()
    response.assertStatus(410)
    response.assertInertiaPropsContains({ valid: false })
  })

  test('keeps the policy on the new password', async ({ client, assert }) => {
    const user = await makeUser()
    const url = pathOf(passwordResetUrl(user))
    const response = await client
      .post(url)
      .header('referer', url)
      .withCsrfToken()
      .form({ password: 'short', passwordConfirmation: 'short' })
      .redirects(0)
    assert.equal(
      flashedError(response, 'password'),
      'The password must be at least 12 characters long.'
    )
  })
})
