import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import PasswordResetMail from '#mails/password_reset_mail'
import TeamInvitationMail from '#mails/team_invitation_mail'
import VerifyEmailMail from '#mails/verify_email_mail'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { pathOf, textPartLink } from '#tests/helpers/mails'

test.group('Links in the plain-text part of mails', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('the password reset link opens the reset form', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const user = await makeUser()
    await client.post('/forgot-password').withCsrfToken().form({ email: user.email }).redirects(0)
    const [sent] = mails.sent((message) => message instanceof PasswordResetMail)
    const link = textPartLink(sent)
    assert.notInclude(link, '&amp;')
    const page = await client.get(pathOf(link)).withInertia()
    page.assertStatus(200)
    page.assertInertiaPropsContains({ valid: true, email: user.email })
  })

  test('the invitation link opens the registration form', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const team = await makeTeam()
    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    await client
      .post(`/admin/account-management/teams/${team.id}/invitations`)
      .withCsrfToken()
      .form({ email: 'text.part@example.com', role: 'member' })
      .loginAs(admin)
      .redirects(0)
    const [sent] = mails.sent((message) => message instanceof TeamInvitationMail)
    const link = textPartLink(sent)
    assert.notInclude(link, '&amp;')
    const page = await client.get(pathOf(link)).withInertia()
    page.assertStatus(200)
    page.assertInertiaPropsContains({ valid: true, mode: 'register' })
  })

  test('the email confirmation link confirms the address', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const user = await makeUser({ teams: [await makeTeam()], emailVerified: false })
    await client.post('/email/verification-notification').loginAs(user).withCsrfToken().redirects(0)
    const [sent] = mails.sent((message) => message instanceof VerifyEmailMail)
    const link = textPartLink(sent)
    assert.notInclude(link, '&amp;')
    const page = await client.get(pathOf(link)).withInertia()
    page.assertStatus(200)
    page.assertInertiaPropsContains({ verified: true })
    const fresh = await User.findOrFail(user.id)
    assert.isNotNull(fresh.emailVerifiedAt)
  })
})
