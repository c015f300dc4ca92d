import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import VerifyEmailMail from '#mails/verify_email_mail'
import { emailVerificationUrl } from '#services/auth/signed_links'
import { makeTeam, makeUser } from '#tests/helpers/accounts'

function pathOf(url: string) {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

test.group('Email verification', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('confirms the address through the signed link', async ({ client, assert }) => {
    const user = await makeUser({ emailVerified: false })
    const response = await client.get(pathOf(emailVerificationUrl(user))).withInertia()
    response.assertStatus(200)
    response.assertInertiaPropsContains({ verified: true })
    const fresh = await User.findOrFail(user.id)
    assert.isNotNull(fresh.emailVerifiedAt)
  })

  test('refuses a link for another user id', async ({ client, assert }) => {
    const user = await makeUser({ emailVerified: false })
    const other = await makeUser({ emailVerified: false })
    const url = pathOf(emailVerificationUrl(user)).replace(
      `/verify/${user.id}`,
      `/verify/${other.id}`
    )
    const response = await client.get(url).withInertia()
    response.assertStatus(410)
    const fresh = await User.findOrFail(other.id)
    assert.isNull(fresh.emailVerifiedAt)
  })

  test('refuses a link issued for a previous email address', async ({ client, assert }) => {
    const user = await makeUser({ emailVerified: false })
    const url = pathOf(emailVerificationUrl(user))
    user.email = `changed-${user.email}`
    await user.save()
    const response = await client.get(url).withInertia()
    response.assertStatus(410)
    const fresh = await User.findOrFail(user.id)
    assert.isNull(fresh.emailVerifiedAt)
  })

  test('sends a new link on request', async ({ client, cleanup }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const user = await makeUser({ teams: [await makeTeam()], emailVerified: false })
    const response = await client
      .post('/email/verification-notification')
      .header('referer', '/email/verify')
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    response.assertFlashMessage('success', `We have sent a new confirmation link to ${user.email}.`)
    mails.assertSent(VerifyEmailMail)
  })
})
