import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { ALL_MODULES } from '#shared/modules'
import { researchProvider } from '#tests/helpers/rsa'
import { analyst } from '#tests/helpers/providers'

async function count(table: string) {
  const row = await db.from(table).count('* as n').firstOrFail()
  return Number(row.n)
}

/** Every route of the providers administration, with a path that reaches it. */
function routes() {
  return Object.values(router.toJSON())
    .flat()
    .filter((route) => route.pattern.startsWith('/admin/providers'))
    .map((route) => ({
      name: route.name ?? '',
      method: route.methods.includes('POST') ? 'POST' : 'GET',
      path: route.pattern.replace(':kind', 'roster').replace(/:[A-Za-z_]+/g, '1'),
    }))
}

test.group('Providers admin: who may use it', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('has the five pages and their actions under /admin/providers', ({ assert }) => {
    assert.includeMembers(
      routes().map((route) => route.name),
      [
        'providersAdmin',
        'providersAdmin.analysts.search',
        'providersAdmin.analysts.store',
        'providersAdmin.analysts.update',
        'providersAdmin.moves',
        'providersAdmin.moves.store',
        'providersAdmin.moves.update',
        'providersAdmin.moves.destroy',
        'providersAdmin.import',
        'providersAdmin.import.template',
        'providersAdmin.import.store',
        'providersAdmin.dataQuality',
        'providersAdmin.audit',
      ]
    )
  })

  test('refuses client users, administrators without the permission, and visitors, on every page and action; writes nothing', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ modules: ALL_MODULES })
    const member = await makeUser({ teams: [team] })
    const clientServices = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
    const kept = await analyst({ name: 'Kept Analyst', provider: atlas, startYear: 2012 })
    const before = await count('audit_logs')
    const failures: string[] = []
    for (const route of routes()) {
      const path = route.path.replace('/analysts/1', `/analysts/${kept.id}`)
      for (const [who, user] of [
        ['client user', member],
        ['administrator without the permission', clientServices],
        ['visitor', null],
      ] as const) {
        const request =
          route.method === 'POST'
            ? client.post(path).withCsrfToken().json({ full_name: 'Changed' })
            : client.get(path)
        if (user) request.loginAs(user)
        const response = await request.redirects(0)
        const status = response.status()
        const location = response.header('location') ?? ''
        const refused =
          status === 403 ||
          status === 401 ||
          (status === 302 &&
            (location.startsWith('/login') || location.startsWith('/admin/welcome')))
        if (!refused) failures.push(`${route.method} ${path} as ${who}: ${status} ${location}`)
      }
    }
    assert.deepEqual(failures, [])
    const stored = await db.from('analysts').where('id', kept.id).firstOrFail()
    assert.equal(stored.full_name, 'Kept Analyst')
    assert.equal(await count('audit_logs'), before)
  })

  test('lets an administrator holding the research providers permission in', async ({
    client,
    assert,
  }) => {
    for (const roles of [
      ['Research administrator'],
      ['Market data administrator'],
      ['Super administrator'],
    ]) {
      const admin = await makeUser({ isAdministrator: true, roles })
      for (const route of routes().filter((entry) => entry.method === 'GET')) {
        const response = await client.get(route.path).loginAs(admin).withInertia().redirects(0)
        assert.equal(response.status(), 200, `${route.path} as ${roles[0]}`)
      }
    }
  })

  test('the area opens on the analyst roster', async ({ client, assert }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    const page = await client.get('/admin/providers').loginAs(admin).withInertia()
    page.assertStatus(200)
    assert.equal(page.inertiaComponent, 'admin/providers/analysts')
  })
})
