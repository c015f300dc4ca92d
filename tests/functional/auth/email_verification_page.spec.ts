import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import VerifyEmailMail from '#mails/verify_email_mail'
import type User from '#models/user'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'

test.group('The confirm-your-email page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  const resend = (client: any, user: User) =>
    client
      .post('/email/verification-notification')
      .header('referer', '/email/verify')
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)

  test('a second link within a minute is refused with a message, and no mail goes out', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const user = await makeUser({ teams: [await makeTeam()], emailVerified: false })
    const first = await resend(client, user)
    first.assertFlashMessage('success', `We have sent a new confirmation link to ${user.email}.`)
    for (let click = 0; click < 7; click++) {
      const response = await resend(client, user)
      response.assertStatus(302)
      assert.match(
        (response.flashMessages() as { error?: string }).error ?? '',
        /^A new link was sent less than a minute ago\. Check your inbox, or ask again in \d+ seconds\.$/
      )
    }
    assert.lengthOf(
      mails.sent((message) => message instanceof VerifyEmailMail),
      1
    )
  })

  test('no more than five links an hour', async ({ client, assert, cleanup }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const user = await makeUser({ teams: [await makeTeam()], emailVerified: false })
    const minute = limiter.use('memory', { requests: 1, duration: '1 minute' })
    let refusal: string | undefined
    for (let click = 0; click < 6; click++) {
      // As if a minute had passed since the previous link.
      await minute.delete(`email-verification-minute_user_${user.id}`)
      const response = await resend(client, user)
      refusal = (response.flashMessages() as { error?: string }).error
    }
    assert.equal(
      refusal,
      'You have asked for five new links in the last hour. Please try again later, or check that the address is right.'
    )
    assert.lengthOf(
      mails.sent((message) => message instanceof VerifyEmailMail),
      5
    )
  })

  test('a mistyped address is corrected from Settings and the page shows the change waiting', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const user = await makeUser({
      teams: [await makeTeam()],
      email: 'anlayst@example.com',
      emailVerified: false,
    })
    const response = await client
      .post('/user/profile')
      .header('referer', '/user/profile')
      .loginAs(user)
      .withCsrfToken()
      .form({ name: user.name, email: 'analyst@example.com', currentPassword: TEST_PASSWORD })
      .redirects(0)
    response.assertStatus(302)
    assert.lengthOf(mails.sent(), 2)

    const page = await client.get('/email/verify').loginAs(user).withInertia()
    page.assertInertiaPropsContains({ pendingEmail: 'analyst@example.com', verified: false })
  })
})
