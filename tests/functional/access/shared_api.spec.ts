import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { ALL_PERMISSIONS, PERMISSIONS } from '#shared/permissions'

test.group('GET /api/permissions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists every permission of a super administrator', async ({ client, assert }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    const response = await client.get('/api/permissions').loginAs(admin)
    response.assertStatus(200)
    assert.sameMembers(response.body().permissions, ALL_PERMISSIONS)
  })

  test('lists only the role permissions of a limited administrator', async ({ client, assert }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    const response = await client.get('/api/permissions').loginAs(admin)
    assert.sameMembers(response.body().permissions, [
      PERMISSIONS.viewMarketData,
      PERMISSIONS.viewResearchProviders,
    ])
  })

  test('gives a client user no permissions', async ({ client }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    const response = await client.get('/api/permissions').loginAs(user)
    response.assertBody({ permissions: [] })
  })
})

test.group('GET /api/currencies', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists the currencies with the current team currency selected', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ currencyCode: 'CHF' })
    const user = await makeUser({ teams: [team] })
    const response = await client.get('/api/currencies').loginAs(user)
    response.assertStatus(200)
    const body = response.body()
    assert.includeMembers(
      body.currencies.map((c: { code: string }) => c.code),
      ['GBP', 'USD', 'EUR', 'CHF', 'JPY']
    )
    assert.properties(body.currencies[0], ['id', 'name'])
    assert.equal(body.selectedCurrency.code, 'CHF')
  })

  test('refuses a signed-out caller', async ({ client }) => {
    const response = await client
      .get('/api/currencies')
      .header('X-Requested-With', 'XMLHttpRequest')
    response.assertStatus(401)
  })
})
