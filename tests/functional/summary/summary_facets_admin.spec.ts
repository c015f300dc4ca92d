import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { makeUser } from '#tests/helpers/accounts'
import { summaryWorld } from '#tests/helpers/summary'
import type { SummaryData } from '#shared/summary'

const PAGE = '/admin/summary-facets'

test.group('Admin summary facets: the dictionaries and their names', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists every dictionary with ids, names and what is tagged', async ({ client, assert }) => {
    const world = await summaryWorld()
    const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    const page = await client.get(PAGE).loginAs(admin).withInertia()
    page.assertStatus(200)
    const dictionaries = (page.inertiaProps as any).dictionaries
    assert.deepEqual(
      dictionaries.researchstyles.find((value: any) => value.id === 4).name,
      'Top Down Macro'
    )
    assert.equal(dictionaries.pricetypes[0].id, 0)
    const uk = dictionaries.geographies.find((value: any) => value.id === 4)
    assert.equal(uk.providers, 1)
    assert.isDefined(world)
  })

  test('a rename shows on the clients’ summary at once; the id stays', async ({
    client,
    assert,
  }) => {
    const world = await summaryWorld()
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    const renamed = await client
      .post(`${PAGE}/geographies/4`)
      .loginAs(admin)
      .withCsrfToken()
      .form({ name: '  United Kingdom  ' })
      .redirects(0)
    renamed.assertStatus(302)
    const value = await db
      .from('summary_facet_values')
      .where({ category: 'geographies', id: 4 })
      .firstOrFail()
    assert.equal(value.name, 'United Kingdom')
    const audits = await db.from('audit_logs').where('entity_type', 'summary_facet_value')
    assert.lengthOf(audits, 1)

    const response = await client.get('/api/dashboard/summary').loginAs(world.member)
    const data = response.body() as SummaryData
    assert.equal(
      data.filter_summary_data.filters.geographies.find((item) => item.id === 4)?.name,
      'United Kingdom'
    )
  })

  test('an empty, overlong or clashing name, an unknown facet or id is refused', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    const post = (url: string, name: unknown) =>
      client
        .post(url)
        .loginAs(admin)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json({ name })
    const cases: [string, unknown, number, RegExp | null][] = [
      [`${PAGE}/geographies/4`, '   ', 422, null],
      [`${PAGE}/geographies/4`, 'x'.repeat(121), 422, null],
      [`${PAGE}/geographies/4`, 'japan', 422, /already a value/],
      [`${PAGE}/geographies/999`, 'Somewhere', 404, null],
      [`${PAGE}/colours/1`, 'Red', 404, null],
      [`${PAGE}/geographies/4`, { name: 'x' }, 422, null],
    ]
    for (const [url, name, status, message] of cases) {
      const response = await post(url, name)
      assert.equal(response.status(), status, `${url} ${JSON.stringify(name)}`)
      if (message) assert.match(JSON.stringify(response.body()), message)
    }
    const value = await db
      .from('summary_facet_values')
      .where({ category: 'geographies', id: 4 })
      .firstOrFail()
    assert.equal(value.name, 'UK')
  })

  test('clients and administrators without research spend or market data are refused', async ({
    client,
  }) => {
    const world = await summaryWorld()
    const support = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    for (const user of [world.member, support]) {
      const page = await client
        .get(PAGE)
        .loginAs(user)
        .header('accept', 'application/json')
        .redirects(0)
      page.assertStatus(403)
      const rename = await client
        .post(`${PAGE}/geographies/4`)
        .loginAs(user)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json({ name: 'Renamed' })
        .redirects(0)
      rename.assertStatus(403)
    }
  })
})
