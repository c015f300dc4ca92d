import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import Team from '#models/team'
import { MODULES } from '#shared/modules'
import { PERMISSIONS } from '#shared/permissions'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { queryCountOf } from '#tests/helpers/query_count'
import {
  addMember,
  removeMember,
  requirePasswordChange,
  setAdministratorRoles,
  setTeamModules,
  setTeamSecurity,
  setUserDisabled,
  updateRole,
  updateTeamDetails,
} from '#services/accounts/account_admin'
import { changePassword } from '#services/auth/password_change'
import { identitySnapshot, modelFromRow } from '#services/context/request_context'

async function expectStatus(request: PromiseLike<ApiResponse>, status: number) {
  const response = await request
  response.assertStatus(status)
}

const JSON_HEADERS = { 'accept': 'application/json', 'x-requested-with': 'XMLHttpRequest' }

const policy = {
  requireTwoFactor: false,
  passwordMinLength: 12,
  allowSelfRegistration: false,
  domains: [] as string[],
  ips: [] as string[],
}

/**
 * The per-request identity and team context is read from the cache: a warm request makes no
 * context query, and every change that affects the context is seen on the very next request.
 */
test.group('Request context cache', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a warm signed-in request runs no more than two middleware queries', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const cold = await client.get('/api/currencies').headers(JSON_HEADERS).loginAs(user)
    cold.assertStatus(200)
    const warm = await client.get('/api/currencies').headers(JSON_HEADERS).loginAs(user)
    warm.assertStatus(200)
    // /api/permissions runs no query of its own: what is left is the middleware's.
    const permissions = await client.get('/api/permissions').headers(JSON_HEADERS).loginAs(user)
    permissions.assertStatus(200)
    assert.isAtMost(queryCountOf(permissions), 2)
    assert.isBelow(queryCountOf(warm), queryCountOf(cold))
  })

  test('each request gets its own model: a change to one copy stays in it', async ({ assert }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const snapshot = (await identitySnapshot(user.id))!
    const first = modelFromRow(User, snapshot.user)
    const second = modelFromRow(User, snapshot.user)
    assert.deepEqual(first.$dirty, {})
    first.name = 'Changed in one request'
    assert.deepEqual(first.$dirty, { name: 'Changed in one request' })
    assert.equal(second.name, user.name)
    assert.equal(modelFromRow(User, snapshot.user).name, user.name)
    assert.isTrue(second.$isPersisted)
    const seconds = 'yyyy-MM-dd HH:mm:ss'
    assert.equal(
      second.passwordChangedAt.toUTC().toFormat(seconds),
      user.passwordChangedAt.toUTC().toFormat(seconds)
    )
    // Secrets never enter the cache.
    assert.notProperty(snapshot.user, 'password')
    assert.notProperty(snapshot.user, 'two_factor_secret')
  })

  test('a removed module is refused on the next request', async ({ client }) => {
    const team = await makeTeam({ modules: [MODULES.marketDataContracts] })
    const user = await makeUser({ teams: [team] })
    const path = '/api/market-data/active-providers'
    await expectStatus(client.get(path).headers(JSON_HEADERS).loginAs(user), 200)
    await setTeamModules(team.id, [MODULES.alternativeData])
    const refused = await client.get('/market-data').headers(JSON_HEADERS).loginAs(user)
    refused.assertStatus(403)
    refused.assertBodyContains({ code: 'E_MODULE_REQUIRED' })
    await setTeamModules(team.id, [MODULES.marketDataContracts])
    await expectStatus(client.get(path).headers(JSON_HEADERS).loginAs(user), 200)
  })

  test('membership: a removed member loses the team, an added one gains it', async ({
    client,
    assert,
  }) => {
    const first = await makeTeam()
    const second = await makeTeam()
    const user = await makeUser({ teams: [first] })
    const before = await client.get('/').withInertia().loginAs(user)
    assert.deepEqual(
      before.body().props.team.teams.map((row: { id: number }) => row.id),
      [first.id]
    )
    await addMember(second.id, user.email, 'member')
    const added = await client.get('/').withInertia().loginAs(user)
    assert.sameMembers(
      added.body().props.team.teams.map((row: { id: number }) => row.id),
      [first.id, second.id]
    )
    await removeMember(first.id, user.id)
    await removeMember(second.id, user.id)
    const removed = await client.get('/api/currencies').headers(JSON_HEADERS).loginAs(user)
    removed.assertStatus(403)
    removed.assertBodyContains({ code: 'E_NO_TEAM' })
  })

  test('policy: new IP ranges and required two-factor apply on the next request', async ({
    client,
  }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    await expectStatus(client.get('/api/currencies').headers(JSON_HEADERS).loginAs(user), 200)
    await setTeamSecurity(team.id, { ...policy, ips: ['203.0.113.0/24'] })
    const outside = await client.get('/api/currencies').headers(JSON_HEADERS).loginAs(user)
    outside.assertStatus(403)
    outside.assertBodyContains({ code: 'E_IP_FORBIDDEN' })
    await setTeamSecurity(team.id, { ...policy, requireTwoFactor: true })
    const twoFactor = await client.get('/api/currencies').headers(JSON_HEADERS).loginAs(user)
    twoFactor.assertStatus(403)
    twoFactor.assertBodyContains({ code: 'E_TWO_FACTOR_REQUIRED' })
  })

  test('team details: a new name and currency reach the next page', async ({ client, assert }) => {
    const team = await makeTeam({ currencyCode: 'GBP' })
    const user = await makeUser({ teams: [team] })
    const before = await client.get('/').withInertia().loginAs(user)
    assert.equal(before.body().props.team.current.currency.code, 'GBP')
    await updateTeamDetails(team.id, {
      name: `${team.name} Renamed`,
      region: 'AMER',
      currencyCode: 'USD',
      teamTypeKey: 'asset_manager',
    })
    const after = await client.get('/').withInertia().loginAs(user)
    assert.equal(after.body().props.team.current.name, `${team.name} Renamed`)
    assert.equal(after.body().props.team.current.currency.code, 'USD')
    assert.equal(after.body().props.team.teams[0].name, `${team.name} Renamed`)
  })

  test('a team saved through its model is seen on the next request', async ({ client, assert }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    await client.get('/').withInertia().loginAs(user)
    const model = await Team.findOrFail(team.id)
    model.name = `${team.name} Model`
    await model.save()
    const after = await client.get('/').withInertia().loginAs(user)
    assert.equal(after.body().props.team.current.name, `${team.name} Model`)
  })

  test('roles: a permission taken from a role is refused on the next request', async ({
    client,
  }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    // Someone else keeps account management: the last holder could not lose it.
    await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    const role = await db.from('roles').where('name', 'Client services').firstOrFail()
    const granted: { name: string }[] = await db
      .from('permissions')
      .join('role_permissions', 'role_permissions.permission_id', 'permissions.id')
      .where('role_permissions.role_id', role.id)
      .select('permissions.name')
    const path = '/admin/account-management'
    const names = granted.map((row) => row.name)
    await updateRole(role.id, {
      name: role.name,
      description: role.description ?? '',
      permissions: [...new Set([...names, PERMISSIONS.viewAccounts])],
    })
    await expectStatus(client.get(path).headers(JSON_HEADERS).loginAs(admin), 200)
    await updateRole(role.id, {
      name: role.name,
      description: role.description ?? '',
      permissions: names.filter((name) => name !== PERMISSIONS.viewAccounts),
    })
    await expectStatus(client.get(path).headers(JSON_HEADERS).loginAs(admin), 403)
  })

  test('roles: an administrator whose roles are taken away is refused next', async ({ client }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    const path = '/admin/account-management'
    await expectStatus(client.get(path).headers(JSON_HEADERS).loginAs(admin), 200)
    await setAdministratorRoles(admin.id, { administrator: false, roleIds: [] })
    await expectStatus(client.get(path).headers(JSON_HEADERS).loginAs(admin), 403)
  })

  test('a disabled account is signed out on its next request', async ({ client }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const actor = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    await expectStatus(client.get('/api/currencies').headers(JSON_HEADERS).loginAs(user), 200)
    await setUserDisabled(user.id, true, actor)
    await expectStatus(client.get('/api/currencies').headers(JSON_HEADERS).loginAs(user), 401)
  })

  test('password: a required change and a new password are seen on the next request', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const user = await makeUser({
      teams: [team],
      passwordChangedAt: DateTime.now().minus({ days: 3 }),
    })
    const before = await client.get('/').withInertia().loginAs(user)
    const changedAt = before.body().props.user.passwordChangedAt
    await requirePasswordChange(user.id)
    const required = await client.get('/api/currencies').headers(JSON_HEADERS).loginAs(user)
    required.assertStatus(403)
    required.assertBodyContains({ code: 'E_PASSWORD_EXPIRED' })

    const fresh = await User.findOrFail(user.id)
    await changePassword(
      { request: { ip: () => '127.0.0.1' } } as never,
      fresh,
      TEST_PASSWORD,
      'Another-Long-Passphrase-77',
      'no-session'
    )
    const after = await client.get('/').withInertia().loginAs(user)
    after.assertStatus(200)
    assert.notEqual(after.body().props.user.passwordChangedAt, changedAt)
  })
})
