import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { ALL_MODULES } from '#shared/modules'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import { analyst } from '#tests/helpers/providers'
import { refreshProviderStatistics } from '#services/providers/statistics'

const BASE = '/admin/providers'
const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ')

async function world() {
  const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const birch = await researchProvider('Birch Independent Research', 'independent')
  const harriet = await analyst({ name: 'Harriet Vance', provider: atlas, startYear: 2010 })
  await refreshProviderStatistics({ trigger: 'test' })
  return { admin, atlas, birch, harriet }
}

test.group('Providers admin: audit trail', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows the providers administration’s changes only, newest first, with provider names; filtered by kind', async ({
    client,
    assert,
  }) => {
    const { admin, atlas, birch, harriet } = await world()
    // Harriet moves to Birch through the page: the move and her employer following it.
    await client
      .post(`${BASE}/moves`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
      .json({
        analyst_id: harriet.id,
        event_date: '2024-03-01',
        type: 'joiner',
        from_provider_id: atlas.id,
        to_provider_id: birch.id,
      })
      .then((response) => response.assertStatus(200))
    // Another area's change: not on this trail.
    await db.table('audit_logs').insert({
      user_id: admin.id,
      source: 'web',
      entity_type: 'product_benchmark',
      entity_id: 1,
      action: 'update',
      summary: 'Updated a market data benchmark',
      created_at: stamp(),
    })

    const page = await client.get(`${BASE}/audit`).loginAs(admin).withInertia()
    page.assertStatus(200)
    assert.equal(page.inertiaComponent, 'admin/market_data/audit')
    const props = page.inertiaProps as any
    assert.deepEqual(props.entityTypes, ['analyst', 'analyst_move', 'analyst_import'])
    assert.equal(props.scope.path, '/admin/providers/audit')
    const kinds = props.entries.map((entry: any) => entry.entityType)
    assert.sameMembers(kinds, ['analyst_move', 'analyst'])
    assert.notInclude(
      props.entries.map((entry: any) => entry.summary),
      'Updated a market data benchmark'
    )
    const recorded = props.entries.find((entry: any) => entry.entityType === 'analyst_move')
    assert.include(recorded.summary, 'Harriet Vance')
    assert.containsSubset(recorded.after, {
      'provider left': 'Atlas Global Markets',
      'provider joined': 'Birch Independent Research',
    })
    assert.include(recorded.user, admin.email)

    const moves = await client.get(`${BASE}/audit?entity=analyst_move`).loginAs(admin).withInertia()
    assert.deepEqual(
      (moves.inertiaProps as any).entries.map((entry: any) => entry.entityType),
      ['analyst_move']
    )
    // Another area's kind is not a filter of this trail.
    const other = await client
      .get(`${BASE}/audit?entity=product_benchmark`)
      .loginAs(admin)
      .withInertia()
    const otherProps = other.inertiaProps as any
    assert.include(otherProps.notice, 'not understood')
    assert.notInclude(
      otherProps.entries.map((entry: any) => entry.entityType),
      'product_benchmark'
    )
  })

  test('forbids client users and administrators without the research providers permission', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ modules: ALL_MODULES })
    const member = await makeUser({ teams: [team] })
    const clientServices = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    for (const user of [member, clientServices]) {
      const response = await client.get(`${BASE}/audit`).loginAs(user).redirects(0)
      const location = response.header('location') ?? ''
      assert.isTrue(
        response.status() === 403 ||
          (response.status() === 302 && location.startsWith('/admin/welcome')) ||
          (response.status() === 302 && location.startsWith('/login')),
        `${user.email}: ${response.status()} ${location}`
      )
    }
    const visitor = await client.get(`${BASE}/audit`).redirects(0)
    assert.include([302, 401], visitor.status())
  })
})
