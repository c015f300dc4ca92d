import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import VerifyEmailMail from '#mails/verify_email_mail'
import { REGISTRATION_REFUSED } from '#services/accounts/registration'
import { emailVerificationUrl } from '#services/auth/signed_links'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { flashedError } from '#tests/helpers/responses'

const PASSWORD = 'Fresh-Start-Ledger-77'

async function selfRegisteringTeam(domain: string, allow = true) {
  const team = await makeTeam()
  await db.from('teams').where('id', team.id).update({ allow_self_registration: allow })
  await db
    .table('team_allowed_domains')
    .insert({ team_id: team.id, domain, created_at: new Date() })
  return team
}

function register(client: ApiClient, form: Record<string, string>) {
  return client
    .post('/register')
    .header('referer', '/register')
    .withCsrfToken()
    .form({ name: 'Rita Register', password: PASSWORD, passwordConfirmation: PASSWORD, ...form })
    .redirects(0)
}

test.group('Self-registration', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('the page is for signed-out visitors', async ({ client }) => {
    const response = await client.get('/register').withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('auth/register')
  })

  test('an address without an invitation or an open domain is refused', async ({
    client,
    assert,
  }) => {
    await selfRegisteringTeam('open.example', false)
    for (const email of ['someone@open.example', 'someone@elsewhere.example']) {
      const response = await register(client, { email })
      assert.equal(flashedError(response, 'email'), REGISTRATION_REFUSED)
      assert.isNull(await User.findBy('email', email))
    }
  })

  test('an address at a team’s open domain registers, joins and must confirm its email', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const team = await selfRegisteringTeam('open.example')
    const response = await register(client, { email: 'Rita@Open.example' })
    response.assertHeader('location', '/email/verify')
    const user = await User.findByOrFail('email', 'rita@open.example')
    assert.isNull(user.emailVerifiedAt)
    assert.equal(user.currentTeamId, team.id)
    mails.assertSent(VerifyEmailMail)

    // The team's data waits for the confirmation.
    const dashboard = await client.get('/').loginAs(user).redirects(0)
    dashboard.assertHeader('location', '/email/verify')
    const api = await client.get('/api/currencies').loginAs(user)
    api.assertStatus(403)
    api.assertBodyContains({ code: 'E_EMAIL_UNVERIFIED' })

    const link = new URL(emailVerificationUrl(user))
    await client.get(`${link.pathname}${link.search}`)
    const after = await client
      .get('/')
      .loginAs(await User.findOrFail(user.id))
      .redirects(0)
    after.assertStatus(200)
    const event = await db
      .from('security_events')
      .where({ user_id: user.id, event: 'registered' })
      .first()
    assert.exists(event)
  })

  test('an address that already has an account is told to sign in', async ({ client, assert }) => {
    await selfRegisteringTeam('open.example')
    await makeUser({ email: 'taken@open.example' })
    const response = await register(client, { email: 'taken@open.example' })
    assert.equal(
      flashedError(response, 'email'),
      'An account already uses this address. Sign in, or reset your password if you forgot it.'
    )
  })

  test('weak passwords are refused: common, containing the name, too short for the team', async ({
    client,
    assert,
  }) => {
    const team = await selfRegisteringTeam('open.example')
    const common = await register(client, {
      email: 'a@open.example',
      password: 'Qwerty123456!',
      passwordConfirmation: 'Qwerty123456!',
    })
    assert.equal(
      flashedError(common, 'password'),
      'This password is one of the most commonly used and easy to guess. Choose another.'
    )
    const named = await register(client, {
      email: 'b@open.example',
      password: 'RitaRegister-2026-x',
      passwordConfirmation: 'RitaRegister-2026-x',
    })
    assert.equal(
      flashedError(named, 'password'),
      'The password must not contain your name or email address.'
    )
    await db.from('teams').where('id', team.id).update({ password_min_length: 32 })
    const short = await register(client, { email: 'c@open.example' })
    assert.equal(
      flashedError(short, 'password'),
      'Your team requires passwords of at least 32 characters.'
    )
    const count = await db.from('users').where('email', 'like', '%@open.example').count('* as n')
    assert.equal(Number(count[0].n), 0)
  })

  test('a signed-in user is not shown the registration page', async ({ client }) => {
    const user = await makeUser()
    const response = await client.get('/register').loginAs(user).redirects(0)
    response.assertStatus(302)
  })
})
