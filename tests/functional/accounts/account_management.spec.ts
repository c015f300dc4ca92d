import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import User from '#models/user'
import Team from '#models/team'
import { beginTwoFactorSetup } from '#services/auth/two_factor'
import { makeTeam, makeUser, passwordJustConfirmed } from '#tests/helpers/accounts'
import { expectStatus, flashedError } from '#tests/helpers/responses'
import { MODULES } from '#shared/modules'

const BASE = '/admin/account-management'

async function accountsAdmin() {
  return makeUser({ isAdministrator: true, roles: ['Client services'] })
}

function post(client: ApiClient, admin: User, path: string, form: Record<string, unknown> = {}) {
  return client
    .post(path)
    .header('referer', BASE)
    .withCsrfToken()
    .withSession(passwordJustConfirmed())
    .loginAs(admin)
    .json(form)
    .header('accept', 'text/html')
    .redirects(0)
}

async function userField<Key extends keyof User>(id: number, key: Key) {
  const user = await User.findOrFail(id)
  return user[key]
}

async function events(event: string) {
  return db.from('security_events').where('event', event).orderBy('id')
}

test.group('Account management: teams', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists teams with search and member counts; only for the accounts permission', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ name: 'Zephyr Capital Partners' })
    await makeUser({ teams: [team] })
    await makeUser({ teams: [team] })
    const admin = await accountsAdmin()
    const response = await client.get(`${BASE}?q=zephyr`).withInertia().loginAs(admin)
    response.assertInertiaComponent('admin/accounts/teams')
    const props = response.inertiaProps as { teams: { name: string; members: number }[] }
    assert.deepEqual(
      props.teams.map((row) => [row.name, row.members]),
      [['Zephyr Capital Partners', 2]]
    )
    const marketDataAdmin = await makeUser({
      isAdministrator: true,
      roles: ['Market data administrator'],
    })
    await expectStatus(client.get(BASE).loginAs(marketDataAdmin), 403)
    const teamMember = await makeUser({ teams: [team] })
    await expectStatus(client.get(BASE).loginAs(teamMember), 403)
  })

  test('creates a team; bad or duplicate input changes nothing', async ({ client, assert }) => {
    const admin = await accountsAdmin()
    const created = await post(client, admin, `${BASE}/teams`, {
      name: 'Harbour Lane Investors',
      currencyCode: 'usd',
      teamTypeKey: 'asset_manager',
      region: 'AMER',
    })
    const team = await Team.findByOrFail('name', 'Harbour Lane Investors')
    created.assertHeader('location', `${BASE}/teams/${team.id}`)
    assert.equal(team.region, 'AMER')

    const duplicate = await post(client, admin, `${BASE}/teams`, {
      name: 'Harbour Lane Investors',
      currencyCode: 'USD',
      teamTypeKey: 'asset_manager',
      region: 'AMER',
    })
    duplicate.assertFlashMessage('error', 'A team named "Harbour Lane Investors" already exists.')
    const invalid = await post(client, admin, `${BASE}/teams`, {
      name: 'X',
      currencyCode: 'ZZZ',
      teamTypeKey: 'asset_manager',
      region: 'MARS',
    })
    assert.isDefined(flashedError(invalid, 'name'))
    assert.isDefined(flashedError(invalid, 'region'))
    const unknownCurrency = await post(client, admin, `${BASE}/teams`, {
      name: 'Unknown Currency Fund',
      currencyCode: 'ZZZ',
      teamTypeKey: 'asset_manager',
      region: 'EMEA',
    })
    unknownCurrency.assertFlashMessage('error', 'Unknown currency "ZZZ".')
    assert.isNull(await Team.findBy('name', 'Unknown Currency Fund'))
  })

  test('the team profile shows members, invitations, products and policy; unknown ids are 404', async ({
    client,
  }) => {
    const team = await makeTeam()
    const member = await makeUser({ teams: [team] })
    const admin = await accountsAdmin()
    const response = await client.get(`${BASE}/teams/${team.id}`).withInertia().loginAs(admin)
    response.assertInertiaComponent('admin/accounts/team')
    response.assertInertiaPropsContains({
      managedTeam: { id: team.id, name: team.name, modules: [MODULES.marketDataContracts] },
      members: [{ id: member.id, role: 'member' }],
    })
    await expectStatus(client.get(`${BASE}/teams/999999`).loginAs(admin), 404)
  })

  test('edits the profile and the products', async ({ client, assert }) => {
    const team = await makeTeam()
    const admin = await accountsAdmin()
    await post(client, admin, `${BASE}/teams/${team.id}`, {
      name: `${team.name} Renamed`,
      currencyCode: 'CHF',
      teamTypeKey: 'asset_manager',
      region: 'APAC',
    })
    const renamed = await Team.query().where('id', team.id).preload('currency').firstOrFail()
    assert.equal(renamed.name, `${team.name} Renamed`)
    assert.equal(renamed.currency.code, 'CHF')
    assert.equal(renamed.region, 'APAC')

    await post(client, admin, `${BASE}/teams/${team.id}/modules`, {
      modules: [MODULES.alternativeData, MODULES.ssoManagement],
    })
    const modules = await db
      .from('team_modules')
      .join('modules', 'modules.id', 'team_modules.module_id')
      .where('team_id', team.id)
      .orderBy('modules.internal_name')
      .select('modules.internal_name')
    assert.deepEqual(
      modules.map((row) => row.internal_name),
      [MODULES.alternativeData, MODULES.ssoManagement]
    )
    const unknown = await post(client, admin, `${BASE}/teams/${team.id}/modules`, {
      modules: ['no-such-module'],
    })
    unknown.assertFlashMessage('error', 'Unknown module(s): no-such-module.')
    assert.lengthOf(await db.from('team_modules').where('team_id', team.id), 2)
    const logged = await events('team_policy_changed')
    assert.isAtLeast(logged.length, 2)
  })

  test('sets the security policy; IPv4 and IPv6 ranges and domains are validated', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    await makeUser({ teams: [team], email: 'member@northwind.example' })
    const admin = await accountsAdmin()
    const saved = await post(client, admin, `${BASE}/teams/${team.id}/security`, {
      requireTwoFactor: true,
      allowSelfRegistration: true,
      passwordMinLength: 16,
      domains: 'Northwind.example\n@northwind-capital.example',
      ips: '203.0.113.0/24, 2001:db8::/32',
    })
    saved.assertFlashMessage('success', 'The team’s security policy has been saved.')
    const row = await db.from('teams').where('id', team.id).first()
    assert.isTrue(Boolean(row.require_two_factor))
    assert.isTrue(Boolean(row.allow_self_registration))
    assert.equal(row.password_min_length, 16)
    const domains = await db
      .from('team_allowed_domains')
      .where('team_id', team.id)
      .orderBy('domain')
    assert.deepEqual(
      domains.map((d) => d.domain),
      ['northwind-capital.example', 'northwind.example']
    )
    const ips = await db.from('team_allowed_ips').where('team_id', team.id).orderBy('cidr')
    assert.deepEqual(
      ips.map((r) => r.cidr),
      ['2001:db8::/32', '203.0.113.0/24']
    )
    const [event] = await events('team_policy_changed')
    assert.include(event.details, '"requireTwoFactor":true')

    const refusals: [Record<string, unknown>, string][] = [
      [{ ips: '10.0.0.0/33' }, 'Not an IP address or range: 10.0.0.0/33.'],
      [{ ips: '2001:db8::zz/32' }, 'Not an IP address or range: 2001:db8::zz/32.'],
      [{ domains: 'not a domain!' }, 'Not an email domain:'],
      [
        { domains: 'elsewhere.example' },
        'These members use other domains: member@northwind.example.',
      ],
      [
        { domains: '', allowSelfRegistration: true },
        'Self-registration needs at least one allowed email domain.',
      ],
    ]
    for (const [change, message] of refusals) {
      const response = await post(client, admin, `${BASE}/teams/${team.id}/security`, {
        requireTwoFactor: false,
        allowSelfRegistration: false,
        passwordMinLength: 12,
        domains: 'northwind.example',
        ips: '',
        ...change,
      })
      const flashed =
        (response.flashMessages() as { error?: string }).error ?? `status ${response.status()}`
      assert.include(flashed, message)
    }
    const short = await post(client, admin, `${BASE}/teams/${team.id}/security`, {
      requireTwoFactor: false,
      allowSelfRegistration: false,
      passwordMinLength: 6,
    })
    assert.equal(
      flashedError(short, 'passwordMinLength'),
      'Minimum password length must be between 12 and 64 characters.'
    )
    const notANumber = await post(client, admin, `${BASE}/teams/${team.id}/security`, {
      requireTwoFactor: false,
      allowSelfRegistration: false,
      passwordMinLength: 'twelve',
    })
    assert.equal(
      flashedError(notANumber, 'passwordMinLength'),
      'Minimum password length must be between 12 and 64 characters.'
    )
    // Nothing of the refused policies was written.
    const after = await db.from('teams').where('id', team.id).first()
    assert.equal(after.password_min_length, 16)
    assert.lengthOf(await db.from('team_allowed_ips').where('team_id', team.id), 2)
  })

  test('a team’s recent events are its members’ own account events and events about the team', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ name: 'Event Capital' })
    const other = await makeTeam({ name: 'Elsewhere Partners' })
    const admin = await makeUser({
      isAdministrator: true,
      roles: ['Client services'],
      teams: [team],
    })
    const policy = { requireTwoFactor: false, allowSelfRegistration: false, passwordMinLength: 14 }
    await post(client, admin, `${BASE}/teams/${other.id}/security`, policy)
    await post(client, admin, `${BASE}/teams/${team.id}/security`, {
      ...policy,
      ips: '127.0.0.0/8\n::1',
    })
    await db.table('security_events').insert({
      user_id: admin.id,
      event: 'sign_in',
      ip: '203.0.113.5',
      created_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
    })
    const response = await client.get(`${BASE}/teams/${team.id}`).withInertia().loginAs(admin)
    const { events: shown } = response.inertiaProps as {
      events: { label: string; details: string | null }[]
    }
    assert.sameMembers(
      shown.map((event) => event.label),
      ['Signed in', 'Team security policy changed']
    )
    const policyChange = shown.find((event) => event.label === 'Team security policy changed')!
    assert.include(policyChange.details, 'team: Event Capital')
    assert.include(policyChange.details, 'IP ranges: none → 127.0.0.0/8, ::1')
    assert.notInclude(JSON.stringify(shown), 'Elsewhere Partners')
  })

  test('adds members, changes their role and removes them', async ({ client, assert }) => {
    const team = await makeTeam()
    const user = await makeUser()
    const admin = await accountsAdmin()
    await post(client, admin, `${BASE}/teams/${team.id}/members`, {
      email: user.email,
      role: 'member',
    })
    const unknown = await post(client, admin, `${BASE}/teams/${team.id}/members`, {
      email: 'nobody@example.com',
      role: 'member',
    })
    unknown.assertFlashMessage(
      'error',
      'No account uses nobody@example.com. Send an invitation instead.'
    )
    await post(client, admin, `${BASE}/teams/${team.id}/members/${user.id}/role`, {
      role: 'manager',
    })
    let membership = await db
      .from('team_user')
      .where({ team_id: team.id, user_id: user.id })
      .first()
    assert.equal(membership.role, 'manager')
    const badRole = await post(client, admin, `${BASE}/teams/${team.id}/members/${user.id}/role`, {
      role: 'owner',
    })
    assert.isDefined(flashedError(badRole, 'role'))

    await post(client, admin, `${BASE}/teams/${team.id}/members/${user.id}/remove`)
    membership = await db.from('team_user').where({ team_id: team.id, user_id: user.id }).first()
    assert.isNull(membership)
    const added = await events('member_added')
    assert.deepEqual(
      added.map((e) => e.user_id),
      [user.id]
    )
    assert.lengthOf(await events('member_role_changed'), 1)
    assert.lengthOf(await events('member_removed'), 1)
    // The removed member no longer reaches the team.
    const dashboard = await client.get('/').loginAs(await User.findOrFail(user.id))
    dashboard.assertStatus(403)
  })

  test('a member outside the allowed domains cannot be added', async ({ client, assert }) => {
    const team = await makeTeam()
    await db
      .table('team_allowed_domains')
      .insert({ team_id: team.id, domain: 'northwind.example', created_at: new Date() })
    const user = await makeUser({ email: 'someone@elsewhere.example' })
    const response = await post(client, await accountsAdmin(), `${BASE}/teams/${team.id}/members`, {
      email: user.email,
      role: 'member',
    })
    response.assertFlashMessage(
      'error',
      `${team.name} accepts only members with an address at northwind.example.`
    )
    assert.isNull(await db.from('team_user').where({ team_id: team.id, user_id: user.id }).first())
  })
})

test.group('Account management: users', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists and searches users; shows a user with their teams and events', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team], email: 'findable.person@example.com' })
    const admin = await accountsAdmin()
    const list = await client.get(`${BASE}/users?q=FINDABLE`).withInertia().loginAs(admin)
    const props = list.inertiaProps as { users: { id: number; teams: number }[] }
    assert.deepEqual(
      props.users.map((row) => [row.id, row.teams]),
      [[user.id, 1]]
    )
    const profile = await client.get(`${BASE}/users/${user.id}`).withInertia().loginAs(admin)
    profile.assertInertiaComponent('admin/accounts/user')
    profile.assertInertiaPropsContains({ teams: [{ id: team.id, role: 'member' }] })
    await expectStatus(client.get(`${BASE}/users/999999`).loginAs(admin), 404)
  })

  test('a disabled user is signed out at once and cannot sign in; enabling restores access', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const admin = await accountsAdmin()
    const unconfirmed = await client
      .post(`${BASE}/users/${user.id}/disable`)
      .header('referer', BASE)
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    unconfirmed.assertHeader('location', '/user/confirm-password')
    assert.isNull(await userField(user.id, 'disabledAt'))

    await post(client, admin, `${BASE}/users/${user.id}/disable`)
    const disabled = await User.findOrFail(user.id)
    assert.isNotNull(disabled.disabledAt)
    const next = await client.get('/').loginAs(disabled).redirects(0)
    next.assertHeader('location', '/login')
    const api = await client.get('/api/currencies').loginAs(disabled)
    api.assertStatus(401)
    assert.lengthOf(await events('user_disabled'), 1)

    await post(client, admin, `${BASE}/users/${user.id}/enable`)
    const enabled = await User.findOrFail(user.id)
    await expectStatus(client.get('/').loginAs(enabled), 200)
  })

  test('administrators cannot disable themselves', async ({ client, assert }) => {
    const admin = await accountsAdmin()
    const response = await post(client, admin, `${BASE}/users/${admin.id}/disable`)
    response.assertFlashMessage('error', 'You cannot disable your own account.')
    assert.isNull(await userField(admin.id, 'disabledAt'))
  })

  test('resets two-factor authentication and requires a new password', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    await beginTwoFactorSetup(user.id)
    const withTwoFactor = await User.findOrFail(user.id)
    withTwoFactor.twoFactorConfirmedAt = DateTime.now()
    await withTwoFactor.save()
    const admin = await accountsAdmin()

    await post(client, admin, `${BASE}/users/${user.id}/reset-two-factor`)
    const reset = await User.findOrFail(user.id)
    assert.isNull(reset.twoFactorConfirmedAt)
    assert.isNull(reset.twoFactorSecret)
    const again = await post(client, admin, `${BASE}/users/${user.id}/reset-two-factor`)
    again.assertFlashMessage('error', `${user.email} has no two-factor authentication to reset.`)

    await post(client, admin, `${BASE}/users/${user.id}/require-password-change`)
    const flagged = await User.findOrFail(user.id)
    assert.isNotNull(flagged.passwordResetRequiredAt)
    const dashboard = await client.get('/').loginAs(flagged).redirects(0)
    dashboard.assertHeader('location', '/password/rotate')
    const rotate = await client.get('/password/rotate').withInertia().loginAs(flagged)
    rotate.assertInertiaPropsContains({ reason: 'administrator' })
    const changed = await client
      .post('/password/rotate')
      .withCsrfToken()
      .loginAs(flagged)
      .form({
        currentPassword: 'Correct-Horse-Battery-42',
        password: 'Brand-New-Ledger-2027',
        passwordConfirmation: 'Brand-New-Ledger-2027',
      })
      .redirects(0)
    changed.assertHeader('location', '/')
    assert.isNull(await userField(user.id, 'passwordResetRequiredAt'))
    assert.lengthOf(await events('two_factor_reset'), 1)
    assert.lengthOf(await events('password_reset_forced'), 1)
  })
})

test.group('Account management: administrator roles', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function roleId(name: string) {
    const row = await db.from('roles').where('name', name).firstOrFail()
    return row.id as number
  }

  test('roles decide the admin areas; changes are logged', async ({ client, assert }) => {
    const admin = await accountsAdmin()
    const colleague = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    await expectStatus(client.get('/admin/market-data').loginAs(colleague), 403)

    await post(client, admin, `${BASE}/users/${colleague.id}/roles`, {
      administrator: true,
      roleIds: [await roleId('Market data administrator')],
    })
    await expectStatus(client.get('/admin/market-data').loginAs(colleague), 200)
    await expectStatus(client.get(BASE).loginAs(colleague), 403)
    const [event] = await events('admin_roles_changed')
    assert.equal(event.user_id, colleague.id)
    assert.include(event.details, 'Market data administrator')

    const notAdmin = await post(client, admin, `${BASE}/users/${colleague.id}/roles`, {
      administrator: false,
      roleIds: [await roleId('Client services')],
    })
    notAdmin.assertFlashMessage('error', 'Only administrators hold administrator roles.')
  })

  test('nobody can remove the last account management access', async ({ client, assert }) => {
    await db.from('user_roles').delete()
    const admin = await accountsAdmin()
    const response = await post(client, admin, `${BASE}/users/${admin.id}/roles`, {
      administrator: true,
      roleIds: [await roleId('Market data administrator')],
    })
    assert.include(
      (response.flashMessages() as { error: string }).error,
      'This would leave no active administrator with account management.'
    )
    const held = await db.from('user_roles').where('user_id', admin.id)
    assert.deepEqual(
      held.map((row) => row.role_id),
      [await roleId('Client services')]
    )
  })

  test('an administrator removing their own account management must confirm it explicitly', async ({
    client,
    assert,
  }) => {
    const admin = await accountsAdmin()
    // Another administrator keeps account management, so only the confirmation is in the way.
    await accountsAdmin()
    const clientServices = await roleId('Client services')
    const marketData = await roleId('Market data administrator')
    const attempts = [
      { administrator: false, roleIds: [] },
      { administrator: true, roleIds: [marketData] },
      { administrator: true, roleIds: [marketData], confirmSelfRemoval: false },
    ]
    for (const attempt of attempts) {
      const refused = await post(client, admin, `${BASE}/users/${admin.id}/roles`, attempt)
      assert.include(
        (refused.flashMessages() as { error?: string }).error ?? '',
        'You are removing your own access to Account Management',
        JSON.stringify(attempt)
      )
      assert.isTrue(await userField(admin.id, 'isAdministrator'))
      const held = await db.from('user_roles').where('user_id', admin.id)
      assert.deepEqual(
        held.map((row) => row.role_id),
        [clientServices]
      )
    }
    assert.lengthOf(await events('admin_roles_changed'), 0)

    // Keeping account management needs no confirmation.
    const kept = await post(client, admin, `${BASE}/users/${admin.id}/roles`, {
      administrator: true,
      roleIds: [clientServices, marketData],
    })
    kept.assertFlashMessage('success', 'The administrator roles have been saved.')

    const confirmed = await post(client, admin, `${BASE}/users/${admin.id}/roles`, {
      administrator: false,
      roleIds: [],
      confirmSelfRemoval: true,
    })
    confirmed.assertHeader('location', '/')
    assert.isFalse(await userField(admin.id, 'isAdministrator'))
    assert.lengthOf(await db.from('user_roles').where('user_id', admin.id), 0)
    await expectStatus(client.get(BASE).loginAs(admin), 403)
  })

  test('creates, edits and deletes roles; the built-in role is read-only', async ({
    client,
    assert,
  }) => {
    const admin = await accountsAdmin()
    await post(client, admin, `${BASE}/roles`, {
      name: 'Research desk',
      description: 'Research areas',
      permissions: ['permission-view-research-discovery'],
    })
    const role = await db.from('roles').where('name', 'Research desk').firstOrFail()
    const duplicate = await post(client, admin, `${BASE}/roles`, {
      name: 'research DESK',
      permissions: [],
    })
    duplicate.assertFlashMessage('error', 'A role named "research DESK" already exists.')
    const unknown = await post(client, admin, `${BASE}/roles`, {
      name: 'Bad',
      permissions: ['permission-to-everything'],
    })
    assert.isDefined(flashedError(unknown, 'permissions.0'))

    await post(client, admin, `${BASE}/roles/${role.id}`, {
      name: 'Research desk',
      description: '',
      permissions: ['permission-view-research-discovery', 'permission-view-feedback'],
    })
    const granted = await db
      .from('role_permissions')
      .join('permissions', 'permissions.id', 'role_permissions.permission_id')
      .where('role_id', role.id)
      .orderBy('permissions.name')
    assert.deepEqual(
      granted.map((row) => row.name),
      ['permission-view-feedback', 'permission-view-research-discovery']
    )

    const superRole = await roleId('Super administrator')
    const builtIn = await post(client, admin, `${BASE}/roles/${superRole}`, {
      name: 'Super administrator',
      permissions: [],
    })
    builtIn.assertFlashMessage(
      'error',
      'The super administrator role holds every permission; it cannot be changed.'
    )
    const inUse = await post(
      client,
      admin,
      `${BASE}/roles/${await roleId('Client services')}/destroy`
    )
    assert.include((inUse.flashMessages() as { error: string }).error, 'is held by')

    await post(client, admin, `${BASE}/roles/${role.id}/destroy`)
    assert.isNull(await db.from('roles').where('id', role.id).first())
    assert.lengthOf(await events('role_definition_changed'), 3)
  })
})

test.group('Account management: messages in the pages’ words', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a list entry that is not on offer is named as the page names the list, shown at the list', async ({
    client,
    assert,
  }) => {
    const admin = await accountsAdmin()
    const response = await post(client, admin, `${BASE}/roles`, {
      name: 'Research desk',
      permissions: ['permission-view-research-discovery', 'permission-to-everything'],
    })
    assert.equal(flashedError(response, 'permissions'), 'Choose permissions from the list.')
    assert.equal(flashedError(response, 'permissions.1'), 'Choose permissions from the list.')
    const roles = await post(client, admin, `${BASE}/users/${admin.id}/roles`, {
      administrator: true,
      roleIds: ['abc'],
    })
    assert.equal(flashedError(roles, 'roleIds'), 'Choose roles from the list.')
    assert.isNull(await db.from('roles').where('name', 'Research desk').first())
  })

  test('field names read as the page labels them, never as code', async ({ client, assert }) => {
    const admin = await accountsAdmin()
    const team = await makeTeam()
    const response = await post(client, admin, `${BASE}/teams/${team.id}`, {
      name: 'X',
      currencyCode: 'POUNDS',
      teamTypeKey: '',
      region: 'MARS',
    })
    assert.equal(
      flashedError(response, 'name'),
      'The name field must be at least 2 characters long.'
    )
    assert.equal(
      flashedError(response, 'currencyCode'),
      'The currency field must be exactly 3 characters long.'
    )
    assert.equal(flashedError(response, 'teamTypeKey'), 'The team type field is required.')
    assert.equal(flashedError(response, 'region'), 'Region must be one of: EMEA, AMER or APAC.')
  })
})
