import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import TeamCreate from '#commands/team_create'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { flashedError } from '#tests/helpers/responses'

const OUTSIDE = '198.51.100.4'

async function walledTeamId() {
  const team = await db.from('teams').where('name', 'Walled Garden Capital').firstOrFail()
  return team.id as number
}

async function storedRanges(teamId: number) {
  const rows = await db.from('team_allowed_ips').where('team_id', teamId).orderBy('cidr')
  return rows.map((row) => row.cidr as string)
}

async function teamWith(ranges: string[]) {
  const command = await ace.create(TeamCreate, [
    '--name=Walled Garden Capital',
    '--currency=GBP',
    ...ranges.map((range) => `--allowed-ip=${range}`),
  ])
  await command.exec()
  return command
}

test.group('Team IP allow-lists', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('members outside the IPv4 and IPv6 ranges get the IP forbidden page', async ({ client }) => {
    const created = await teamWith(['10.0.0.0/8', '2001:db8::/32'])
    created.assertSucceeded()
    const user = await makeUser({ teams: [{ name: 'Walled Garden Capital' }] })

    // The test client connects from loopback, a trusted proxy: X-Forwarded-For is believed.
    const outside = await client
      .get('/')
      .loginAs(user)
      .header('x-forwarded-for', '198.51.100.4')
      .withInertia()
    outside.assertStatus(403)
    outside.assertInertiaComponent('errors/ip_forbidden')

    const insideV4 = await client.get('/').loginAs(user).header('x-forwarded-for', '10.1.2.3')
    insideV4.assertStatus(200)

    const insideV6 = await client.get('/').loginAs(user).header('x-forwarded-for', '2001:db8::42')
    insideV6.assertStatus(200)

    const outsideV6 = await client
      .get('/api/currencies')
      .loginAs(user)
      .header('x-forwarded-for', '2001:db9::1')
    outsideV6.assertStatus(403)
    outsideV6.assertBodyContains({ code: 'E_IP_FORBIDDEN' })
  })

  test('a team without ranges has no restriction; a bad range is refused at creation', async ({
    client,
    assert,
  }) => {
    const refused = await teamWith(['10.0.0.0/40'])
    assert.equal(refused.exitCode, 1)
    assert.isNull(await db.from('teams').where('name', 'Walled Garden Capital').first())

    const open = await teamWith([])
    open.assertSucceeded()
    const user = await makeUser({ teams: [{ name: 'Walled Garden Capital' }] })
    const response = await client.get('/').loginAs(user).header('x-forwarded-for', '198.51.100.4')
    response.assertStatus(200)
  })
})

test.group('Team IP allow-lists never lock out administrators or other teams', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('a client team’s ranges do not govern the admin area, where the administrator can undo them', async ({
    client,
    assert,
  }) => {
    const walled = await teamWith(['10.0.0.0/8'])
    walled.assertSucceeded()
    const teamId = await walledTeamId()
    const admin = await makeUser({
      teams: [{ name: 'Walled Garden Capital' }],
      isAdministrator: true,
      roles: ['Super administrator'],
    })

    // The team's own pages stay closed to the administrator's network…
    const teamPage = await client.get('/').loginAs(admin).header('x-forwarded-for', OUTSIDE)
    teamPage.assertStatus(403)
    // …but not the admin area, nor the administrator's own settings.
    for (const url of [
      '/admin/welcome',
      `/admin/account-management/teams/${teamId}`,
      '/user/profile',
    ]) {
      const response = await client.get(url).loginAs(admin).header('x-forwarded-for', OUTSIDE)
      response.assertStatus(200)
    }
    const undo = await client
      .post(`/admin/account-management/teams/${teamId}/security`)
      .loginAs(admin)
      .withCsrfToken()
      .header('x-forwarded-for', OUTSIDE)
      .header('referer', `/admin/account-management/teams/${teamId}`)
      .form({ requireTwoFactor: false, allowSelfRegistration: false, passwordMinLength: 12 })
      .redirects(0)
    undo.assertStatus(302)
    assert.deepEqual(await storedRanges(teamId), [])
  })

  test('a member of several teams on a network one team forbids switches to another team', async ({
    client,
  }) => {
    const walled = await teamWith(['10.0.0.0/8'])
    walled.assertSucceeded()
    const open = await makeTeam({ name: 'Open Plains Partners' })
    const user = await makeUser({ teams: [open, { name: 'Walled Garden Capital' }] })
    user.currentTeamId = await walledTeamId()
    await user.save()

    const refused = await client.get('/').loginAs(user).header('x-forwarded-for', OUTSIDE)
    refused.assertStatus(403)
    const switched = await client
      .post('/teams/switch')
      .loginAs(user)
      .withCsrfToken()
      .header('x-forwarded-for', OUTSIDE)
      .header('referer', '/')
      .form({ team_id: open.id })
      .redirects(0)
    switched.assertStatus(302)
    const dashboard = await client.get('/').loginAs(user).header('x-forwarded-for', OUTSIDE)
    dashboard.assertStatus(200)
    dashboard.assertTextIncludes('Open Plains Partners')
  })

  test('saving ranges that exclude the saving member’s own address is refused', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ name: 'Self Lockout Capital' })
    const admin = await makeUser({
      teams: [team],
      isAdministrator: true,
      roles: ['Super administrator'],
    })
    const save = (from: string, ips: string) =>
      client
        .post(`/admin/account-management/teams/${team.id}/security`)
        .loginAs(admin)
        .withCsrfToken()
        .header('x-forwarded-for', from)
        .header('referer', `/admin/account-management/teams/${team.id}`)
        .form({ requireTwoFactor: false, allowSelfRegistration: false, passwordMinLength: 12, ips })
        .redirects(0)

    const refused = await save(OUTSIDE, '10.0.0.0/8')
    assert.include(flashedError(refused, 'form'), OUTSIDE)
    assert.deepEqual(await storedRanges(team.id), [])

    // From inside, the ranges are saved in canonical form, once each.
    const saved = await save('10.20.30.40', '10.0.0.1/8, 10.0.0.0/8\n2001:DB8:0::1/32')
    saved.assertStatus(302)
    assert.deepEqual(await storedRanges(team.id), ['10.0.0.0/8', '2001:db8::/32'])
  })

  test('ranges are stored canonical from the command line too', async ({ assert }) => {
    const created = await teamWith(['10.0.0.1/8', '203.0.113.7'])
    created.assertSucceeded()
    assert.deepEqual(await storedRanges(await walledTeamId()), ['10.0.0.0/8', '203.0.113.7/32'])
  })

  test('a sign-in from a network the team forbids is logged as such', async ({
    client,
    assert,
  }) => {
    const walled = await teamWith(['10.0.0.0/8'])
    walled.assertSucceeded()
    const user = await makeUser({ teams: [{ name: 'Walled Garden Capital' }] })
    const signIn = (from: string) =>
      client
        .post('/login')
        .header('x-forwarded-for', from)
        .form({ email: user.email, password: TEST_PASSWORD })
        .withCsrfToken()
        .redirects(0)
    const fromOutside = await signIn(OUTSIDE)
    fromOutside.assertStatus(302)
    const fromInside = await signIn('10.9.8.7')
    fromInside.assertStatus(302)
    const events = await db
      .from('security_events')
      .where('user_id', user.id)
      .orderBy('id')
      .select('event', 'ip')
    assert.deepEqual(
      events.map((row) => [row.event, row.ip]),
      [
        ['sign_in_outside_network', OUTSIDE],
        ['sign_in', '10.9.8.7'],
      ]
    )
  })
})

test.group('Team email domains', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('members must use an allowed domain; a malformed domain is refused', async ({ assert }) => {
    const created = await ace.create(TeamCreate, [
      '--name=Domain Capital',
      '--currency=GBP',
      '--allowed-domain=@Domain-Capital.com',
    ])
    await created.exec()
    created.assertSucceeded()

    const member = await makeUser({
      email: 'ana@domain-capital.com',
      teams: [{ name: 'Domain Capital' }],
    })
    assert.equal(member.email, 'ana@domain-capital.com')
    await assert.rejects(
      () => makeUser({ email: 'bob@elsewhere.com', teams: [{ name: 'Domain Capital' }] }),
      'Domain Capital accepts only members with an address at domain-capital.com.'
    )
    assert.isNull(await db.from('users').where('email', 'bob@elsewhere.com').first())

    const bad = await ace.create(TeamCreate, [
      '--name=Bad Domain Capital',
      '--currency=GBP',
      '--allowed-domain=not a domain',
    ])
    await bad.exec()
    assert.equal(bad.exitCode, 1)
  })
})
