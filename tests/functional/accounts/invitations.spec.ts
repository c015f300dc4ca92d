import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import type Team from '#models/team'
import TeamInvitationMail from '#mails/team_invitation_mail'
import { invitationUrl, inviteToTeam, type InvitationRow } from '#services/accounts/invitations'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { expectStatus, flashedError } from '#tests/helpers/responses'

const NEW_PASSWORD = 'Joining-Northwind-2026'

function pathOf(url: string) {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

async function accountsAdmin() {
  return makeUser({ isAdministrator: true, roles: ['Client services'] })
}

async function invitation(id: number) {
  return (await db.from('team_invitations').where('id', id).firstOrFail()) as InvitationRow
}

async function invite(team: Team, email: string, role: 'member' | 'manager' = 'member') {
  const admin = await accountsAdmin()
  const row = await inviteToTeam(team, { email, role }, admin)
  return { row, path: pathOf(invitationUrl(row)), admin }
}

async function teamWithDomains(domains: string[]) {
  const team = await makeTeam()
  await db
    .table('team_allowed_domains')
    .multiInsert(domains.map((domain) => ({ team_id: team.id, domain, created_at: new Date() })))
  return team
}

test.group('Invitations: sending', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an administrator invites by email; the mail carries a signed link', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const team = await makeTeam()
    const admin = await accountsAdmin()
    const response = await client
      .post(`/admin/account-management/teams/${team.id}/invitations`)
      .header('referer', `/admin/account-management/teams/${team.id}`)
      .withCsrfToken()
      .form({ email: 'New.Analyst@Example.com', role: 'manager' })
      .loginAs(admin)
      .redirects(0)
    response.assertFlashMessage(
      'success',
      'An invitation has been sent to new.analyst@example.com.'
    )
    const rows = await db.from('team_invitations').where('team_id', team.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].role, 'manager')
    mails.assertSent(TeamInvitationMail, (message) => {
      message.build()
      const html = String(message.message.toJSON().message.html ?? '')
      return (
        message.message.hasTo('new.analyst@example.com') &&
        /invitations\/\d+\?[^"]*signature=/.test(html)
      )
    })
    const event = await db.from('security_events').where('event', 'invitation_sent').first()
    assert.equal(event.user_id, admin.id)
  })

  test('an address outside the team’s allowed domains is refused', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const team = await teamWithDomains(['northwind.example'])
    const response = await client
      .post(`/admin/account-management/teams/${team.id}/invitations`)
      .header('referer', `/admin/account-management/teams/${team.id}`)
      .withCsrfToken()
      .form({ email: 'someone@gmail.example', role: 'member' })
      .loginAs(await accountsAdmin())
      .redirects(0)
    response.assertFlashMessage(
      'error',
      `${team.name} accepts only members with an address at northwind.example.`
    )
    // A form error as well, so that the form keeps the address that was typed.
    assert.equal(
      flashedError(response, 'form'),
      `${team.name} accepts only members with an address at northwind.example.`
    )
    assert.lengthOf(await db.from('team_invitations').where('team_id', team.id), 0)
    mails.assertNoneSent()
  })

  test('a malformed address or role is a field error', async ({ client, assert }) => {
    const team = await makeTeam()
    const response = await client
      .post(`/admin/account-management/teams/${team.id}/invitations`)
      .header('referer', `/admin/account-management/teams/${team.id}`)
      .withCsrfToken()
      .form({ email: 'not-an-email', role: 'owner' })
      .loginAs(await accountsAdmin())
      .redirects(0)
    assert.equal(flashedError(response, 'email'), 'Enter a valid email address.')
    assert.isDefined(flashedError(response, 'role'))
    assert.lengthOf(await db.from('team_invitations').where('team_id', team.id), 0)
  })

  test('members of the team are not invited again', async ({ assert }) => {
    const team = await makeTeam()
    const member = await makeUser({ teams: [team] })
    await assert.rejects(
      () => inviteToTeam(team, { email: member.email, role: 'member' }, member),
      `${member.email} is already a member of ${team.name}.`
    )
  })

  test('inviting the same address again refreshes the pending invitation', async ({
    assert,
    cleanup,
  }) => {
    mail.fake()
    cleanup(() => mail.restore())
    const team = await makeTeam()
    const first = await invite(team, 'twice@example.com')
    const second = await invite(team, 'twice@example.com')
    assert.equal(second.row.id, first.row.id)
    assert.equal(second.row.send_count, 2)
    assert.notEqual(second.row.nonce, first.row.nonce)
  })
})

test.group('Invitations: accepting', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('someone new registers from the link and lands in the team, signed in', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const { row, path } = await invite(team, 'newcomer@example.com', 'manager')

    const page = await client.get(path).withInertia()
    page.assertInertiaComponent('auth/invitation')
    page.assertInertiaPropsContains({ valid: true, mode: 'register', teamName: team.name })

    const response = await client
      .post(path)
      .withCsrfToken()
      .form({ name: 'Nia Newcomer', password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/')
    const user = await User.findByOrFail('email', 'newcomer@example.com')
    assert.isNotNull(user.emailVerifiedAt, 'the invitation mail proved the address')
    const membership = await db
      .from('team_user')
      .where({ team_id: team.id, user_id: user.id })
      .first()
    assert.equal(membership.role, 'manager')
    const accepted = await invitation(row.id)
    assert.isNotNull(accepted.accepted_at)

    // The link works once.
    const again = await client.get(path).withInertia()
    again.assertStatus(410)
    again.assertInertiaPropsContains({ valid: false })
  })

  test('registration from an invitation follows the password policy', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    await db.from('teams').where('id', team.id).update({ password_min_length: 30 })
    const { path } = await invite(team, 'policy@example.com')
    const common = await client
      .post(path)
      .header('referer', path)
      .withCsrfToken()
      .form({
        name: 'Pat Policy',
        password: 'Password2026!',
        passwordConfirmation: 'Password2026!',
      })
      .redirects(0)
    assert.equal(
      flashedError(common, 'password'),
      'This password is one of the most commonly used and easy to guess. Choose another.'
    )
    const short = await client
      .post(path)
      .header('referer', path)
      .withCsrfToken()
      .form({ name: 'Pat Policy', password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
      .redirects(0)
    assert.equal(
      flashedError(short, 'password'),
      'Your team requires passwords of at least 30 characters.'
    )
    assert.isNull(await User.findBy('email', 'policy@example.com'))
  })

  test('a tampered link is refused', async ({ client, assert }) => {
    const team = await makeTeam()
    const { row, path } = await invite(team, 'tamper@example.com')
    const otherId = path.replace(`/invitations/${row.id}`, `/invitations/${row.id + 1000}`)
    const badFingerprint = path.replace(/fp=[^&]+/, 'fp=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    const badSignature = path.replace(/signature=[^&]+/, 'signature=forged')
    for (const candidate of [otherId, badFingerprint, badSignature, `/invitations/${row.id}`]) {
      const response = await client.get(candidate).withInertia()
      response.assertStatus(410)
      response.assertInertiaPropsContains({ valid: false })
    }
    const post = await client
      .post(badFingerprint)
      .withCsrfToken()
      .form({ name: 'Mallory', password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
      .redirects(0)
    post.assertHeader('location', '/login')
    assert.isNull(await User.findBy('email', 'tamper@example.com'))
  })

  test('an expired link is refused', async ({ client, assert }) => {
    const team = await makeTeam()
    const realNow = Date.now
    Date.now = () => realNow() - 8 * 24 * 60 * 60 * 1000
    let path: string
    try {
      ;({ path } = await invite(team, 'late@example.com'))
    } finally {
      Date.now = realNow
    }
    const response = await client.get(path).withInertia()
    response.assertStatus(410)
    // Even with a fresh signature, the stored expiry is checked.
    const row = await db.from('team_invitations').where('email', 'late@example.com').first()
    await db
      .from('team_invitations')
      .where('id', row.id)
      .update({ expires_at: new Date(realNow() - 1000) })
    const fresh = await client.get(pathOf(invitationUrl(row))).withInertia()
    fresh.assertStatus(410)
    assert.isNull(await User.findBy('email', 'late@example.com'))
  })

  test('a resent invitation replaces the earlier link; a revoked one stops working', async ({
    client,
  }) => {
    const team = await makeTeam()
    const first = await invite(team, 'resend@example.com')
    const admin = await accountsAdmin()
    await client
      .post(`/admin/account-management/teams/${team.id}/invitations/${first.row.id}/resend`)
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    await expectStatus(client.get(first.path).withInertia(), 410)
    const current = pathOf(invitationUrl(await invitation(first.row.id)))
    await expectStatus(client.get(current).withInertia(), 200)

    await client
      .post(`/admin/account-management/teams/${team.id}/invitations/${first.row.id}/revoke`)
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    await expectStatus(client.get(current).withInertia(), 410)
  })

  test('an invitation of another team cannot be revoked through this team', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const other = await makeTeam()
    const { row } = await invite(other, 'cross@example.com')
    const response = await client
      .post(`/admin/account-management/teams/${team.id}/invitations/${row.id}/revoke`)
      .withCsrfToken()
      .loginAs(await accountsAdmin())
      .redirects(0)
    response.assertStatus(404)
    const untouched = await invitation(row.id)
    assert.isNull(untouched.revoked_at)
  })

  test('an existing user signs in as the invited address and joins', async ({ client, assert }) => {
    const team = await makeTeam()
    const existing = await makeUser()
    const someoneElse = await makeUser()
    const { path } = await invite(team, existing.email)

    const anonymous = await client.get(path).withInertia()
    anonymous.assertInertiaPropsContains({ mode: 'sign-in', signedInAs: null })

    const wrongUser = await client
      .post(path)
      .header('referer', path)
      .withCsrfToken()
      .loginAs(someoneElse)
      .redirects(0)
    wrongUser.assertFlashMessage('error', `Sign in as ${existing.email} to accept this invitation.`)
    assert.isNull(
      await db.from('team_user').where({ team_id: team.id, user_id: someoneElse.id }).first()
    )

    const page = await client.get(path).withInertia().loginAs(existing)
    page.assertInertiaPropsContains({ mode: 'join' })
    const joined = await client.post(path).withCsrfToken().loginAs(existing).redirects(0)
    joined.assertHeader('location', '/')
    assert.isNotNull(
      await db.from('team_user').where({ team_id: team.id, user_id: existing.id }).first()
    )
    const user = await User.findOrFail(existing.id)
    assert.equal(user.currentTeamId, team.id)
  })

  test('a domain policy set after the invitation still applies when it is accepted', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const { path } = await invite(team, 'outsider@elsewhere.example')
    await db
      .table('team_allowed_domains')
      .insert({ team_id: team.id, domain: 'northwind.example', created_at: new Date() })
    const response = await client
      .post(path)
      .header('referer', path)
      .withCsrfToken()
      .form({ name: 'Otto Outsider', password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
      .redirects(0)
    assert.equal(
      flashedError(response, 'name'),
      `${team.name} accepts only members with an address at northwind.example.`
    )
    assert.isNull(await User.findBy('email', 'outsider@elsewhere.example'))
  })
})
