import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { MODULES } from '#shared/modules'

test.group('Module guard', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lets a team holding the module into its area', async ({ client }) => {
    const team = await makeTeam({ modules: [MODULES.rsaBudgets] })
    const user = await makeUser({ teams: [team] })
    const response = await client.get('/rsa/budgets').loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('rsa/budgets')
  })

  test('refuses a team without the module with 403', async ({ client }) => {
    const team = await makeTeam({ modules: [MODULES.rsaBudgets] })
    const user = await makeUser({ teams: [team] })
    const response = await client.get('/market-data').loginAs(user).withInertia()
    response.assertStatus(403)
    response.assertInertiaComponent('errors/forbidden')
  })

  test('follows the current team, not any team of the user', async ({ client }) => {
    const withModule = await makeTeam({
      name: 'B with market data',
      modules: [MODULES.marketDataContracts],
    })
    const without = await makeTeam({ name: 'A without', modules: [] })
    const user = await makeUser({ teams: [without, withModule] })
    const response = await client.get('/market-data').loginAs(user).withInertia()
    response.assertStatus(403)
  })

  test('answers a JSON caller without the module with 403 JSON', async ({ client }) => {
    const team = await makeTeam({ modules: [] })
    const user = await makeUser({ teams: [team] })
    const response = await client
      .get('/market-data')
      .loginAs(user)
      .header('X-Requested-With', 'XMLHttpRequest')
    response.assertStatus(403)
    response.assertBodyContains({ code: 'E_MODULE_REQUIRED' })
  })
})

test.group('No team', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows the no-team page to a user without a team', async ({ client }) => {
    const user = await makeUser()
    const response = await client.get('/').loginAs(user).withInertia()
    response.assertStatus(403)
    response.assertInertiaComponent('errors/no_team')
  })

  test('sends an administrator without a team from the dashboard to Admin Home', async ({
    client,
  }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    const response = await client.get('/').loginAs(admin).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/admin/welcome')
  })
})

test.group('Admin guard', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('opens Admin Home to any administrator', async ({ client }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    const response = await client.get('/admin/welcome').loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('admin/welcome')
  })

  test('refuses Admin Home to a client user', async ({ client }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const response = await client.get('/admin/welcome').loginAs(user).withInertia()
    response.assertStatus(403)
    response.assertInertiaComponent('errors/forbidden')
  })

  test('opens an admin area to an administrator holding its permission', async ({ client }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    const response = await client.get('/admin/market-data').loginAs(admin).withInertia()
    response.assertStatus(200)
  })

  test('refuses an admin area to an administrator without its permission', async ({ client }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    const response = await client.get('/admin/account-management').loginAs(admin).withInertia()
    response.assertStatus(403)
  })

  test('refuses admin areas to a client user even with an admin role attached', async ({
    client,
  }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const { default: Role } = await import('#models/role')
    const role = await Role.findByOrFail('name', 'Super administrator')
    await user.related('roles').attach([role.id])
    const response = await client.get('/admin/account-management').loginAs(user).withInertia()
    response.assertStatus(403)
  })
})
