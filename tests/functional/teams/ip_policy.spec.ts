import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import TeamCreate from '#commands/team_create'
import { makeUser } from '#tests/helpers/accounts'

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
