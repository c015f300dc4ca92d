import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser } from '#tests/helpers/accounts'

test.group('Rate limits on signed-out forms', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('password reset mails are limited per address; the form says so', async ({
    client,
    assert,
  }) => {
    const user = await makeUser()
    const { mails } = mail.fake()
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await client
        .post('/forgot-password')
        .header('referer', '/forgot-password')
        .withCsrfToken()
        .form({ email: user.email })
        .redirects(0)
      response.assertStatus(302)
    }
    const limited = await client
      .post('/forgot-password')
      .header('referer', '/forgot-password')
      .withCsrfToken()
      .form({ email: user.email })
      .redirects(0)
    limited.assertHeader('location', '/forgot-password')
    limited.assertFlashMessage(
      'error',
      'Too many reset requests for this address. Please try again later.'
    )
    assert.lengthOf(mails.sent(), 5)
  })

  test('registration attempts are limited per address', async ({ client }) => {
    let last
    for (let attempt = 0; attempt < 11; attempt++) {
      last = await client
        .post('/register')
        .header('referer', '/register')
        .withCsrfToken()
        .form({ name: 'Someone', email: `n${attempt}@nowhere.example`, password: 'x' })
        .redirects(0)
    }
    last!.assertFlashMessage('error', 'Too many attempts. Please wait a few minutes and try again.')
  })
})
