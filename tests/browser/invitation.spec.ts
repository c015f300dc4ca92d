import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import TeamInvitationMail from '#mails/team_invitation_mail'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'

test.group('Invitations in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an administrator invites someone who registers from the mailed link', async ({
    visit,
    browserContext,
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const team = await makeTeam({ name: 'Invitation Capital' })
    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })

    const page = await visit('/login')
    await page.getByLabel('Email address').fill(admin.email)
    await page.getByLabel('Password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/welcome')

    const origin = new URL(page.url()).origin
    await page.goto(`${origin}/admin/account-management?q=Invitation`)
    await page.getByRole('link', { name: 'Invitation Capital' }).click()
    await page.waitForURL((url) => url.pathname === `/admin/account-management/teams/${team.id}`)
    const invite = page.getByRole('form', { name: 'Invite someone' })
    await invite.getByLabel('Invite by email').fill('casey.newhire@example.com')
    await invite.getByLabel('Role').selectOption('manager')
    await invite.getByRole('button', { name: 'Send invitation' }).click()
    await page
      .getByRole('table', { name: 'Invitations' })
      .getByText('casey.newhire@example.com')
      .waitFor()

    const sent = mails.sent().find((message) => message instanceof TeamInvitationMail)!
    sent.build()
    const html = String(sent.message.toJSON().message.html ?? '')
    const link = html.match(/href="([^"]*\/invitations\/[^"]+)"/)![1].replaceAll('&amp;', '&')
    const path = `${new URL(link).pathname}${new URL(link).search}`

    await browserContext.clearCookies()
    await page.goto(`${origin}${path}`)
    await page.getByRole('heading', { name: 'Join Invitation Capital' }).waitFor()
    await page.getByLabel('Full name').fill('Casey Newhire')
    await page.getByLabel('New password', { exact: true }).fill('Welcome-Aboard-2026')
    await page.getByLabel('Confirm new password').fill('Welcome-Aboard-2026')
    await page.getByRole('button', { name: 'Create account and join' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.assertTextContains('main', 'Invitation Capital')

    // The link has been used: opening it again says so.
    await page.goto(`${origin}${path}`)
    await page.getByText('This invitation link is invalid').waitFor()
    assert.include(await page.textContent('main'), 'Ask your team administrator')
  })
})
