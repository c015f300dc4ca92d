import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import User from '#models/user'
import type Team from '#models/team'
import EmailChangeConfirmMail from '#mails/email_change_confirm_mail'
import EmailChangeNoticeMail from '#mails/email_change_notice_mail'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { flashedError } from '#tests/helpers/responses'
import { pathOf, textPartLink } from '#tests/helpers/mails'

async function currentEmail(userId: number) {
  const user = await User.findOrFail(userId)
  return user.email
}

async function eventsOf(userId: number) {
  const rows = await db.from('security_events').where('user_id', userId).orderBy('id')
  return rows.map((row) => row.event as string)
}

function requestChange(client: ApiClient, user: User, email: string, currentPassword?: string) {
  return client
    .post('/user/profile')
    .header('referer', '/user/profile')
    .loginAs(user)
    .withCsrfToken()
    .form({ name: user.name, email, ...(currentPassword ? { currentPassword } : {}) })
    .redirects(0)
}

/** The link of the latest confirmation mail to that address, from its plain-text part. */
function confirmationLink(mails: ReturnType<typeof mail.fake>['mails'], email: string) {
  const sent = mails.sent(
    (message) => message instanceof EmailChangeConfirmMail && message.message.hasTo(email)
  )
  return textPartLink(sent[sent.length - 1])
}

async function teamWithDomains(domains: string[]) {
  const team = await makeTeam()
  await db
    .table('team_allowed_domains')
    .multiInsert(domains.map((domain) => ({ team_id: team.id, domain, created_at: new Date() })))
  return team
}

test.group('Changing the email address', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('needs the current password; without it or with a wrong one nothing changes', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const user = await makeUser({ teams: [await makeTeam()] })
    const missing = await requestChange(client, user, 'attacker@evil.example')
    assert.equal(
      flashedError(missing, 'currentPassword'),
      'Enter your current password to change your email address.'
    )
    const wrong = await requestChange(client, user, 'attacker@evil.example', 'Not-The-Password-1')
    assert.equal(flashedError(wrong, 'currentPassword'), 'The current password is incorrect.')

    const fresh = await User.findOrFail(user.id)
    assert.equal(fresh.email, user.email)
    assert.isNull(await db.from('email_changes').where('user_id', user.id).first())
    mails.assertNoneSent()
    assert.deepEqual(await eventsOf(user.id), ['password_confirmation_failed'])
  })

  test('takes effect only once the link sent to the new address is opened', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const user = await makeUser({ teams: [await makeTeam()] })
    const oldEmail = user.email
    const response = await requestChange(client, user, 'New.Address@Example.com', TEST_PASSWORD)
    response.assertFlashMessage(
      'success',
      `Profile saved. Your email address changes to new.address@example.com once you open the link we have sent there; until then, keep using ${oldEmail}.`
    )

    // Nothing has changed yet; Settings shows the pending address.
    assert.equal(await currentEmail(user.id), oldEmail)
    const settings = await client.get('/user/profile').loginAs(user).withInertia()
    assert.equal((settings.inertiaProps as any).pendingEmail.email, 'new.address@example.com')

    // The old address is told, with what to do if it was not them.
    const [notice] = mails.sent(
      (message) => message instanceof EmailChangeNoticeMail && message.message.hasTo(oldEmail)
    )
    notice.build()
    const noticeText = String(notice.message.toJSON().message.text)
    assert.include(noticeText, 'new.address@example.com')
    assert.include(noticeText, 'reset your password now and tell your administrator')
    const resetPage = await client.get(pathOf(textPartLink(notice))).withInertia()
    resetPage.assertInertiaComponent('auth/forgot_password')

    // The plain-text link of the confirmation mail opens and applies the change.
    const link = confirmationLink(mails, 'new.address@example.com')
    const confirmed = await client.get(pathOf(link)).withInertia()
    confirmed.assertStatus(200)
    confirmed.assertInertiaPropsContains({ verified: true })
    const fresh = await User.findOrFail(user.id)
    assert.equal(fresh.email, 'new.address@example.com')
    assert.isNotNull(fresh.emailVerifiedAt)
    assert.isNull(await db.from('email_changes').where('user_id', user.id).first())
    assert.deepEqual(await eventsOf(user.id), ['email_change_requested', 'email_changed'])
    assert.lengthOf(
      mails.sent(
        (message) => message instanceof EmailChangeNoticeMail && message.message.hasTo(oldEmail)
      ),
      2
    )

    // The link works once.
    const again = await client.get(pathOf(link)).withInertia()
    again.assertStatus(410)
  })

  test('a newer request replaces the older one; cancelling ends it', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const user = await makeUser({ teams: [await makeTeam()] })
    await requestChange(client, user, 'first@example.com', TEST_PASSWORD)
    const first = confirmationLink(mails, 'first@example.com')
    await requestChange(client, user, 'second@example.com', TEST_PASSWORD)
    const second = confirmationLink(mails, 'second@example.com')

    const stale = await client.get(pathOf(first)).withInertia()
    stale.assertStatus(410)
    assert.equal(await currentEmail(user.id), user.email)

    await client.post('/user/email/cancel').loginAs(user).withCsrfToken().redirects(0)
    const cancelled = await client.get(pathOf(second)).withInertia()
    cancelled.assertStatus(410)
    assert.equal(await currentEmail(user.id), user.email)
    assert.include(await eventsOf(user.id), 'email_change_cancelled')
  })

  test("a link changed to another user's id is refused", async ({ client, assert }) => {
    const { mails } = mail.fake()
    const user = await makeUser({ teams: [await makeTeam()] })
    const other = await makeUser({ teams: [await makeTeam()] })
    await requestChange(client, user, 'mine@example.com', TEST_PASSWORD)
    await requestChange(client, other, 'mine@example.com', TEST_PASSWORD)
    const link = pathOf(confirmationLink(mails, 'mine@example.com')).replace(
      `/email/change/${other.id}`,
      `/email/change/${user.id}`
    )
    const response = await client.get(link).withInertia()
    response.assertStatus(410)
    assert.equal(await currentEmail(user.id), user.email)
  })

  test('sending the link again replaces it', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const user = await makeUser({ teams: [await makeTeam()] })
    await requestChange(client, user, 'resent@example.com', TEST_PASSWORD)
    const first = confirmationLink(mails, 'resent@example.com')
    const resent = await client
      .post('/user/email/resend')
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    resent.assertFlashMessage(
      'success',
      'We have sent a new confirmation link to resent@example.com.'
    )
    const second = confirmationLink(mails, 'resent@example.com')
    assert.notEqual(first, second)
    const replaced = await client.get(pathOf(first)).withInertia()
    replaced.assertStatus(410)
    const latest = await client.get(pathOf(second)).withInertia()
    latest.assertStatus(200)
    assert.equal(await currentEmail(user.id), 'resent@example.com')
  })

  test('the link expires', async ({ client, assert, cleanup }) => {
    const { mails } = mail.fake()
    const user = await makeUser({ teams: [await makeTeam()] })
    // Asked 25 hours ago: the 24-hour link has expired.
    const realNow = Date.now
    cleanup(() => {
      Date.now = realNow
    })
    Date.now = () => realNow() - 25 * 60 * 60 * 1000
    try {
      await requestChange(client, user, 'late@example.com', TEST_PASSWORD)
    } finally {
      Date.now = realNow
    }
    const response = await client
      .get(pathOf(confirmationLink(mails, 'late@example.com')))
      .withInertia()
    response.assertStatus(410)
    assert.equal(await currentEmail(user.id), user.email)
  })

  test("the team's allowed domains apply when asking and again when confirming", async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const team: Team = await teamWithDomains(['example.com', 'northwind.example'])
    const user = await makeUser({ teams: [team] })
    const outside = await requestChange(client, user, 'someone@gmail.example', TEST_PASSWORD)
    assert.match(flashedError(outside, 'email')!, /accepts only members with an address at/)
    assert.isNull(await db.from('email_changes').where('user_id', user.id).first())

    await requestChange(client, user, 'me@northwind.example', TEST_PASSWORD)
    const link = confirmationLink(mails, 'me@northwind.example')
    await db
      .from('team_allowed_domains')
      .where({ team_id: team.id, domain: 'northwind.example' })
      .delete()
    const refused = await client.get(pathOf(link)).withInertia()
    refused.assertStatus(422)
    refused.assertInertiaPropsContains({ verified: false })
    assert.equal(await currentEmail(user.id), user.email)
  })

  test('an address taken meanwhile by another account is refused at confirmation', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const user = await makeUser({ teams: [await makeTeam()] })
    await requestChange(client, user, 'contested@example.com', TEST_PASSWORD)
    const link = confirmationLink(mails, 'contested@example.com')
    await makeUser({ email: 'contested@example.com' })
    const refused = await client.get(pathOf(link)).withInertia()
    refused.assertStatus(422)
    assert.equal(await currentEmail(user.id), user.email)
  })
})
