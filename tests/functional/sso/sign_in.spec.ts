import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { flashedError } from '#tests/helpers/responses'
import {
  configureTeamSso,
  ssoAddress,
  ssoDomain,
  startTestIdentityProvider,
  type ResponseOptions,
  type TestIdentityProvider,
} from '#tests/helpers/saml_idp'
import { MODULES } from '#shared/modules'
import { SSO_SESSION_KEY } from '#middleware/fresh_password_middleware'

let idp: TestIdentityProvider

async function ssoTeam(state = { enabled: true, required: false }) {
  const team = await makeTeam({ modules: [MODULES.ssoManagement] })
  await configureTeamSso(team.id, idp.metadata, state)
  return team
}

/** A member of the team (and of `others`) at the team's single sign-on domain. */
function member(team: { id: number; name: string }, others: { name: string }[] = []) {
  return makeUser({ teams: [team, ...others], email: ssoAddress(team.id) })
}

async function allowDomain(teamId: number, domain: string) {
  await db.table('team_allowed_domains').insert({
    team_id: teamId,
    domain,
    created_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
  })
}

/** Starts a sign-in from the login page's single sign-on form; returns the IdP URL. */
async function startSignIn(client: ApiClient, email: string) {
  const response = await client
    .post('/sso/start')
    .form({ ssoEmail: email })
    .withCsrfToken()
    .redirects(0)
  response.assertStatus(302)
  return response.header('location') as string
}

/** The identity provider's answer, posted cross-site: no CSRF token, no session. */
function postToAcs(client: ApiClient, teamId: number, samlResponse: string) {
  return client.post(`/sso/acs/${teamId}`).form({ SAMLResponse: samlResponse }).redirects(0)
}

async function signInThroughIdp(
  client: ApiClient,
  teamId: number,
  email: string,
  options: ResponseOptions = {}
) {
  const location = await startSignIn(client, email)
  const answer = await idp.respond(location, email, options)
  return { response: await postToAcs(client, teamId, answer.SAMLResponse), answer }
}

/**
 * A sign-in started by a member the identity provider may sign in, answered with another
 * NameID: what an identity provider whose key a team manager holds can send.
 */
async function answerAs(client: ApiClient, teamId: number, startedBy: string, nameId: string) {
  const location = await startSignIn(client, startedBy)
  const answer = await idp.respond(location, nameId)
  return postToAcs(client, teamId, answer.SAMLResponse)
}

async function failedSignIns() {
  const rows = await db.from('security_events').where('event', 'sign_in_failed').orderBy('id')
  return rows.map((row) => JSON.parse(row.details ?? '{}') as Record<string, unknown>)
}

async function firstFailureReason() {
  const [first] = await failedSignIns()
  return first?.reason
}

async function signIns(userId: number) {
  return db.from('security_events').where({ event: 'sign_in', user_id: userId })
}

test.group('Single sign-on: signing in through the identity provider', (group) => {
  group.setup(async () => {
    idp = await startTestIdentityProvider()
    return () => idp.close()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('sends a member of a team with single sign-on to its identity provider', async ({
    client,
    assert,
  }) => {
    const team = await ssoTeam()
    const user = await member(team)
    const location = await startSignIn(client, user.email)

    assert.isTrue(location.startsWith(`${idp.ssoUrl}?SAMLRequest=`))
    const stored = await db.from('sso_requests').where('team_id', team.id)
    assert.lengthOf(stored, 1)
    const lifetime =
      new Date(stored[0].expires_at).getTime() - new Date(stored[0].created_at).getTime()
    assert.equal(lifetime, 10 * 60 * 1000)
  })

  test('sends an address at a team’s email domain to its identity provider', async ({
    client,
    assert,
  }) => {
    const team = await ssoTeam()
    await allowDomain(team.id, 'northwind.test')
    await makeUser({ teams: [team], email: 'someone@northwind.test' })
    const location = await startSignIn(client, 'someone@Northwind.test')
    assert.isTrue(location.startsWith(idp.ssoUrl))
  })

  test('answers an Inertia visit with a full-page visit to the identity provider', async ({
    client,
    assert,
  }) => {
    const team = await ssoTeam()
    const user = await member(team)
    const response = await client
      .post('/sso/start')
      .withInertia()
      .json({ ssoEmail: user.email })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(409)
    assert.isTrue(String(response.header('x-inertia-location')).startsWith(idp.ssoUrl))
  })

  test('refuses an address whose domain has no single sign-on', async ({ client, assert }) => {
    const withoutSso = await makeUser({ teams: [await makeTeam()] })
    const turnedOff = await ssoTeam({ enabled: false, required: false })
    const offMember = await member(turnedOff)
    // A team without email domains signs in nobody, not even its own members.
    const noDomains = await ssoTeam()
    const noDomainsMember = await member(noDomains)
    await db.from('team_allowed_domains').where('team_id', noDomains.id).delete()
    for (const email of [
      'nobody@unknown-domain.test',
      withoutSso.email,
      offMember.email,
      noDomainsMember.email,
    ]) {
      const response = await client
        .post('/sso/start')
        .header('referer', '/login')
        .form({ ssoEmail: email })
        .withCsrfToken()
        .redirects(0)
      response.assertHeader('location', '/login')
      assert.equal(
        flashedError(response, 'ssoEmail'),
        'No single sign-on is set up for this email domain.'
      )
    }
    assert.lengthOf(await db.from('sso_requests'), 0)
  })

  test('signs a member in with a signed response and lands on the dashboard', async ({
    client,
    assert,
  }) => {
    const team = await ssoTeam()
    const user = await member(team)
    await User.query().where('id', user.id).update({ currentTeamId: null })

    const { response } = await signInThroughIdp(client, team.id, user.email)
    response.assertStatus(302)
    response.assertHeader('location', '/')

    await user.refresh()
    assert.isNotNull(user.lastLoginAt)
    assert.equal(user.currentTeamId, team.id)
    const [event] = await signIns(user.id)
    assert.deepEqual(JSON.parse(event.details), { singleSignOn: true })

    // The new session belongs to the user: the next request is signed in.
    const dashboard = await client.get('/').withSession(response.session()).redirects(0)
    dashboard.assertStatus(200)
    dashboard.assertTextIncludes(team.name)
  })

  test('does not ask a member with two-factor authentication for a code', async ({ client }) => {
    const team = await ssoTeam()
    const user = await member(team)
    user.twoFactorConfirmedAt = DateTime.now()
    await user.save()
    const { response } = await signInThroughIdp(client, team.id, user.email)
    response.assertStatus(302)
    response.assertHeader('location', '/')
  })

  test('a session opened through single sign-on is not held up by our password expiry', async ({
    client,
    assert,
  }) => {
    const team = await ssoTeam()
    const user = await makeUser({
      teams: [team],
      email: ssoAddress(team.id),
      passwordChangedAt: DateTime.now().minus({ days: 200 }),
    })
    const { response } = await signInThroughIdp(client, team.id, user.email)
    response.assertHeader('location', '/')
    const session = response.session()
    assert.isTrue(session[SSO_SESSION_KEY])
    assert.notProperty(session, 'password_confirmed_at', 'no password was typed here')

    const dashboard = await client.get('/').withSession(session).loginAs(user).withInertia()
    dashboard.assertStatus(200)
    dashboard.assertInertiaPropsContains({ user: { signedInWithSso: true } })
    // The same account signing in with its password must still change it.
    const withPassword = await client.get('/').loginAs(user).redirects(0)
    withPassword.assertHeader('location', '/password/rotate')
  })

  test('refuses an unsigned response', async ({ client, assert }) => {
    const team = await ssoTeam()
    const user = await member(team)
    const { response } = await signInThroughIdp(client, team.id, user.email, { unsigned: true })
    response.assertStatus(403)
    response.assertTextIncludes('not signed by your team’s identity provider')
    assert.lengthOf(await signIns(user.id), 0)
    const [failure] = await failedSignIns()
    assert.include(failure, { singleSignOn: true, teamId: team.id, reason: 'signature' })
  })

  test('refuses a response signed with another key', async ({ client, assert }) => {
    const team = await ssoTeam()
    const user = await member(team)
    const { response } = await signInThroughIdp(client, team.id, user.email, {
      foreignKey: true,
    })
    response.assertStatus(403)
    assert.lengthOf(await signIns(user.id), 0)
    assert.equal(await firstFailureReason(), 'signature')
  })

  test('refuses an expired response', async ({ client, assert }) => {
    const team = await ssoTeam()
    const user = await member(team)
    const { response } = await signInThroughIdp(client, team.id, user.email, { expired: true })
    response.assertStatus(403)
    response.assertTextIncludes('has expired')
    assert.lengthOf(await signIns(user.id), 0)
    assert.equal(await firstFailureReason(), 'expired')
  })

  test('refuses a response for another service provider', async ({ client, assert }) => {
    const team = await ssoTeam()
    const user = await member(team)
    const { response } = await signInThroughIdp(client, team.id, user.email, {
      audience: 'https://another-service.example/saml',
    })
    response.assertStatus(403)
    response.assertTextIncludes('issued for another service')
    assert.lengthOf(await signIns(user.id), 0)
    assert.equal(await firstFailureReason(), 'audience')
  })

  test('refuses a response addressed to another sign-in address', async ({ client, assert }) => {
    const team = await ssoTeam()
    const user = await member(team)
    const { response } = await signInThroughIdp(client, team.id, user.email, {
      recipient: 'https://another-service.example/saml/acs',
    })
    response.assertStatus(403)
    assert.lengthOf(await signIns(user.id), 0)
    assert.equal(await firstFailureReason(), 'recipient')
  })

  test('refuses a response that answers no request (no InResponseTo)', async ({
    client,
    assert,
  }) => {
    const team = await ssoTeam()
    const user = await member(team)
    const { response } = await signInThroughIdp(client, team.id, user.email, {
      inResponseTo: '',
    })
    response.assertStatus(403)
    assert.lengthOf(await signIns(user.id), 0)
    assert.equal(await firstFailureReason(), 'in_response_to')
  })

  test('refuses a response to a request we never sent', async ({ client, assert }) => {
    const team = await ssoTeam()
    const user = await member(team)
    const { response } = await signInThroughIdp(client, team.id, user.email, {
      inResponseTo: '_not-a-request-of-ours',
    })
    response.assertStatus(403)
    assert.lengthOf(await signIns(user.id), 0)
  })

  test('refuses the same response played a second time', async ({ client, assert }) => {
    const team = await ssoTeam()
    const user = await member(team)
    const { response, answer } = await signInThroughIdp(client, team.id, user.email)
    response.assertStatus(302)

    const replay = await postToAcs(client, team.id, answer.SAMLResponse)
    replay.assertStatus(403)
    replay.assertTextIncludes('Start again from the sign-in page')
    assert.lengthOf(await signIns(user.id), 1)
    const request = await db.from('sso_requests').where('team_id', team.id).firstOrFail()
    assert.isNotNull(request.consumed_at)
    assert.lengthOf(await db.from('sso_assertions').where('team_id', team.id), 1)
  })

  test('refuses an answer to another team’s request at this team’s address', async ({
    client,
    assert,
  }) => {
    const team = await ssoTeam()
    const otherTeam = await ssoTeam()
    const user = await member(team)
    const otherMember = await member(otherTeam)
    const location = await startSignIn(client, otherMember.email)
    const answer = await idp.respond(location, user.email)
    const response = await postToAcs(client, team.id, answer.SAMLResponse)
    response.assertStatus(403)
    assert.lengthOf(await signIns(user.id), 0)
  })

  test('refuses an address without an account', async ({ client, assert }) => {
    const team = await ssoTeam()
    await allowDomain(team.id, 'northwind.test')
    const startedBy = await member(team)
    const response = await answerAs(client, team.id, startedBy.email, 'stranger@northwind.test')
    response.assertStatus(403)
    response.assertTextIncludes('there is no Spendlens account with that email address')
    const failure = await db.from('security_events').where('event', 'sign_in_failed').firstOrFail()
    assert.equal(failure.email, 'stranger@northwind.test')
  })

  test('refuses a user of another team', async ({ client, assert }) => {
    const team = await ssoTeam()
    await allowDomain(team.id, 'northwind.test')
    const elsewhere = await makeUser({
      teams: [await makeTeam()],
      email: 'outsider@northwind.test',
    })
    const startedBy = await member(team)
    const response = await answerAs(client, team.id, startedBy.email, elsewhere.email)
    response.assertStatus(403)
    response.assertTextIncludes('not a member of this team')
    assert.lengthOf(await signIns(elsewhere.id), 0)
  })

  test('refuses a disabled user', async ({ client, assert }) => {
    const team = await ssoTeam()
    const user = await member(team)
    const location = await startSignIn(client, user.email)
    await User.query().where('id', user.id).update({ disabledAt: DateTime.now().toSQL() })
    const answer = await idp.respond(location, user.email)
    const response = await postToAcs(client, team.id, answer.SAMLResponse)
    response.assertStatus(403)
    response.assertTextIncludes('Your account has been disabled')
    assert.lengthOf(await signIns(user.id), 0)
  })

  test('refuses responses once single sign-on is turned off', async ({ client, assert }) => {
    const team = await ssoTeam()
    const user = await member(team)
    const location = await startSignIn(client, user.email)
    await db.from('team_sso_configs').where('team_id', team.id).update({ enabled: false })
    const answer = await idp.respond(location, user.email)
    const response = await postToAcs(client, team.id, answer.SAMLResponse)
    response.assertStatus(403)
    assert.lengthOf(await signIns(user.id), 0)
  })

  test('answers a post without a SAML response with a bad request', async ({ client }) => {
    const team = await ssoTeam()
    const response = await client.post(`/sso/acs/${team.id}`).form({}).redirects(0)
    response.assertStatus(400)
  })

  test('refuses password sign-in to members of a team that makes single sign-on mandatory', async ({
    client,
    assert,
  }) => {
    const team = await ssoTeam({ enabled: true, required: true })
    const user = await member(team)
    const response = await client
      .post('/login')
      .header('referer', '/login')
      .form({ email: user.email, password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/login')
    assert.include(flashedError(response, 'email'), `${team.name} requires single sign-on`)
    assert.lengthOf(await signIns(user.id), 0)

    const { response: throughIdp } = await signInThroughIdp(client, team.id, user.email)
    throughIdp.assertHeader('location', '/')
  })

  test('still accepts passwords while single sign-on is optional', async ({ client }) => {
    const team = await ssoTeam({ enabled: true, required: false })
    const user = await member(team)
    const response = await client
      .post('/login')
      .form({ email: user.email, password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/')
  })
})

async function firstRefusal(userId: number) {
  const [first] = await refusals(userId)
  return first
}

async function refusals(userId: number) {
  const rows = await db
    .from('security_events')
    .where({ event: 'sso_sign_in_refused', user_id: userId })
    .orderBy('id')
  return rows.map((row) => JSON.parse(row.details) as Record<string, unknown>)
}

async function asManager(teamId: number, userId: number) {
  await db.from('team_user').where({ team_id: teamId, user_id: userId }).update({ role: 'manager' })
}

async function passwordSignIn(client: ApiClient, email: string) {
  return client
    .post('/login')
    .header('referer', '/login')
    .form({ email, password: TEST_PASSWORD })
    .withCsrfToken()
    .redirects(0)
}

test.group('Single sign-on: whom a team’s identity provider may sign in', (group) => {
  group.setup(async () => {
    idp = await startTestIdentityProvider()
    return () => idp.close()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a team manager’s own identity provider cannot sign in an administrator who is a member', async ({
    client,
    assert,
  }) => {
    // The attack: a client team's manager sets up an identity provider whose key they hold…
    const team = await makeTeam({ modules: [MODULES.ssoManagement] })
    const manager = await member(team)
    await asManager(team.id, manager.id)
    const admin = await makeUser({
      teams: [team],
      email: ssoAddress(team.id, 'platform.admin'),
      isAdministrator: true,
      roles: ['Super administrator'],
    })
    await allowDomain(team.id, ssoDomain(team.id))
    const upload = await client
      .post('/sso-management/metadata')
      .loginAs(manager)
      .withCsrfToken()
      .form({ metadataXml: idp.metadata, certificateFingerprint: idp.fingerprint })
      .redirects(0)
    upload.assertHeader('location', '/sso-management')
    const turnOn = await client
      .post('/sso-management/state')
      .loginAs(manager)
      .withCsrfToken()
      .form({ enabled: true, required: false })
      .redirects(0)
    turnOn.assertHeader('location', '/sso-management')

    // …starts a sign-in (the administrator's own address is not sent to the identity
    // provider, so with the manager's) and signs a response with the administrator's NameID.
    const response = await answerAs(client, team.id, manager.email, admin.email)
    response.assertStatus(403)
    response.assertTextIncludes('Administrator accounts cannot sign in through a team’s identity')
    assert.lengthOf(await signIns(admin.id), 0)
    const [refusal] = await refusals(admin.id)
    assert.include(refusal, { singleSignOn: true, teamId: team.id, reason: 'administrator' })

    // No administrator session came of it.
    const adminHome = await client
      .get('/admin/welcome')
      .withSession(response.session())
      .redirects(0)
    adminHome.assertHeader('location', '/login')
  })

  test('refuses a member who also belongs to another team, and logs it', async ({
    client,
    assert,
  }) => {
    const team = await ssoTeam()
    const user = await member(team, [await makeTeam()])
    const startedBy = await member(team)
    const response = await answerAs(client, team.id, startedBy.email, user.email)
    response.assertStatus(403)
    response.assertTextIncludes('also belongs to other teams')
    assert.lengthOf(await signIns(user.id), 0)
    assert.include(await firstRefusal(user.id), { teamId: team.id, reason: 'other_team' })
  })

  test('refuses a member whose address is outside the team’s email domains, and logs it', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ modules: [MODULES.ssoManagement] })
    // Joined at another domain before the team's domain was set.
    const user = await makeUser({ teams: [team], email: 'early.member@elsewhere.test' })
    await configureTeamSso(team.id, idp.metadata)
    // The sign-in starts at the team's domain; the identity provider answers with another name.
    const startedBy = await member(team)
    const location = await startSignIn(client, startedBy.email)
    const answer = await idp.respond(location, user.email)
    const response = await postToAcs(client, team.id, answer.SAMLResponse)
    response.assertStatus(403)
    response.assertTextIncludes('not at one of this team’s email domains')
    assert.lengthOf(await signIns(user.id), 0)
    assert.include(await firstRefusal(user.id), { teamId: team.id, reason: 'domain' })
  })

  test('refuses an account of another team at the team’s domain, and logs it', async ({
    client,
    assert,
  }) => {
    const team = await ssoTeam()
    const outsider = await makeUser({ teams: [await makeTeam()], email: ssoAddress(team.id) })
    const startedBy = await member(team)
    const response = await answerAs(client, team.id, startedBy.email, outsider.email)
    response.assertStatus(403)
    assert.lengthOf(await signIns(outsider.id), 0)
    assert.include(await firstRefusal(outsider.id), { reason: 'not_a_member' })
  })

  test('mandatory single sign-on never applies to administrators, members of other teams or addresses outside the domains', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ modules: [MODULES.ssoManagement] })
    const outsideDomain = await makeUser({ teams: [team], email: 'early.member@elsewhere.test' })
    await configureTeamSso(team.id, idp.metadata, { enabled: true, required: true })
    const admin = await makeUser({
      teams: [team],
      email: ssoAddress(team.id, 'admin'),
      isAdministrator: true,
      roles: ['Super administrator'],
    })
    const multiTeam = await member(team, [await makeTeam()])
    const covered = await member(team)

    for (const user of [admin, multiTeam, outsideDomain]) {
      const response = await passwordSignIn(client, user.email)
      response.assertHeader('location', '/')
      assert.lengthOf(await signIns(user.id), 1, user.email)
    }
    const refused = await passwordSignIn(client, covered.email)
    refused.assertHeader('location', '/login')
    assert.include(flashedError(refused, 'email'), `${team.name} requires single sign-on`)
  })

  test('sends to the identity provider only accounts it may sign in, with one answer for everyone else', async ({
    client,
    assert,
  }) => {
    const team = await ssoTeam()
    const admin = await makeUser({
      teams: [team],
      email: ssoAddress(team.id, 'admin'),
      isAdministrator: true,
      roles: ['Super administrator'],
    })
    const multiTeam = await member(team, [await makeTeam()])
    const otherTeams = await makeUser({ teams: [await makeTeam()], email: ssoAddress(team.id) })
    const disabled = await member(team)
    await User.query().where('id', disabled.id).update({ disabledAt: DateTime.now().toSQL() })
    const covered = await member(team)

    // The same page and words for an address without an account: the answer does not tell
    // which addresses have one, nor why an account may not use single sign-on.
    for (const email of [
      admin.email,
      multiTeam.email,
      otherTeams.email,
      disabled.email,
      ssoAddress(team.id, 'nobody'),
    ]) {
      const response = await client
        .post('/sso/start')
        .header('referer', '/login')
        .form({ ssoEmail: email })
        .withCsrfToken()
        .redirects(0)
      response.assertHeader('location', '/login')
      assert.equal(
        flashedError(response, 'ssoEmail'),
        'Single sign-on is not available for this email address: sign in with your email and password. (Administrators and members of more than one team always sign in with their password.)',
        email
      )
    }
    assert.lengthOf(await db.from('sso_requests'), 0)

    const location = await startSignIn(client, covered.email)
    assert.isTrue(location.startsWith(`${idp.ssoUrl}?SAMLRequest=`))
    assert.lengthOf(await db.from('sso_requests'), 1)
  })
})
