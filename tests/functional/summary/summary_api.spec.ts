import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { MODULES } from '#shared/modules'
import type { SummaryData } from '#shared/summary'
import { FACET, summaryWorld } from '#tests/helpers/summary'
import { makeUser } from '#tests/helpers/accounts'
import { rsaMember, rsaTeam } from '#tests/helpers/rsa'

const API = '/api/dashboard/summary'
const SAVE = '/api/dashboard/summary/filters'
const PRIORITY = '/api/dashboard/summary/priorities'

/** The body of a summary call, once it has answered. */
async function bodyOf(request: PromiseLike<{ body(): unknown }>) {
  const response = await request
  return response.body() as SummaryData
}

const countOf = (
  data: SummaryData,
  facet: keyof SummaryData['filter_summary_data']['filters'],
  id: number
) => data.filter_summary_data.filters[facet].find((item) => item.id === id)?.count

test.group('Summary dashboard API: figures and faceted counts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists the team’s assets with spend, usage and benchmark, and only its own', async ({
    client,
    assert,
  }) => {
    const world = await summaryWorld()
    const response = await client.get(API).loginAs(world.member)
    response.assertStatus(200)
    const data = response.body() as SummaryData
    assert.equal(data.year, world.year)
    assert.equal(data.currency.code, 'GBP')
    assert.isFalse(data.isRestricted)
    assert.sameMembers(
      data.asset_summary_data_list.map((asset) => asset.id),
      [
        `research-${world.atlas.id}`,
        `research-${world.birch.id}`,
        ...world.contract.benchmarkIds.map((id) => `market_data-${id}`),
      ]
    )
    const atlas = data.asset_summary_data_list.find((asset) => asset.providerId === world.atlas.id)!
    assert.equal(atlas.spend, 150_000)
    assert.equal(atlas.usage, 3)
    assert.equal(atlas.costPerUse, 50_000)
    assert.deepEqual(atlas.priceTypes, ['Fixed fee'])
    const data0 = data.asset_summary_data_list.find((asset) => asset.kind === 'market_data')!
    // £52,000 over the two years of the contract (24 months) is £26,000 a year.
    assert.equal(data0.spend, 26_000)
    assert.equal(data0.benchmark, 25_000)
    assert.equal(data0.benchmarkDiff, 1_000)
    assert.equal(data0.usage, 25)
    assert.equal(data0.costPerUse, 1_040)
    assert.deepEqual(data0.priceTypes, ['Enterprise licence'])

    assert.equal(data.kpis.assets, 4)
    assert.equal(data.kpis.providers, 3)
    assert.equal(data.kpis.totalSpend, 150_000 + 40_000 + 26_000 * 2)
    assert.equal(data.kpis.benchmarkedAssets, 2)
    assert.equal(data.kpis.benchmarkGap, 2_000)
    assert.equal(data.kpis.research.uses, 3)
    assert.equal(data.kpis.data.users, 50)

    // The other team's Atlas line, contract and interactions count nowhere.
    assert.equal(countOf(data, 'providers', world.atlas.id), 1)
    assert.equal(countOf(data, 'providers', world.vendor.id), 2)
    assert.equal(countOf(data, 'geographies', FACET.geography.uk), 1)
    assert.equal(countOf(data, 'pricetypes', FACET.pricetype.all), 4)
    assert.equal(countOf(data, 'pricetypes', FACET.pricetype.enterprise), 2)
    assert.equal(countOf(data, 'providertypes', 1), 1)
    assert.equal(countOf(data, 'providertypes', 8), 2)

    const theirs = await bodyOf(client.get(API).loginAs(world.otherMember))
    assert.equal(theirs.kpis.totalSpend, 900_000 + 26_000 * 2)
    assert.equal(theirs.kpis.research.uses, 5)
    assert.equal(countOf(theirs, 'geographies', FACET.geography.japan), undefined)
  })

  test('filters narrow the assets; each facet counts under the other facets’ filters', async ({
    client,
    assert,
  }) => {
    const world = await summaryWorld()
    const saved = await client
      .post(SAVE)
      .loginAs(world.member)
      .withCsrfToken()
      .json({
        filters: [
          { filterName: 'pricetype_id', filterCategory: 'pricetypes', filterValues: [0] },
          { filterName: 'geography_id', filterCategory: 'geographies', filterValues: [4, 5] },
          {
            filterName: 'provider_id',
            filterCategory: 'providers',
            filterValues: [world.atlas.id],
          },
        ],
      })
    saved.assertStatus(200)
    const data = await bodyOf(
      client
        .get(API)
        .loginAs(world.member)
        .withSession({ summary_applied_filters: saved.body().filters })
    )
    assert.deepEqual(
      data.asset_summary_data_list.map((asset) => asset.id),
      [`research-${world.atlas.id}`]
    )
    assert.equal(data.kpis.totalSpend, 150_000)
    // Geographies count under the provider filter only: UK 1 (Atlas), Japan 0 (Birch is not Atlas).
    assert.equal(countOf(data, 'geographies', FACET.geography.uk), 1)
    assert.equal(countOf(data, 'geographies', FACET.geography.japan), 0)
    // Providers count under the geography filter only: Atlas 1, Birch 1, the vendor 0.
    assert.equal(countOf(data, 'providers', world.birch.id), 1)
    assert.equal(countOf(data, 'providers', world.vendor.id), 0)
  })

  test('price type "All" restricts nothing; another price type keeps its assets', async ({
    client,
    assert,
  }) => {
    const world = await summaryWorld()
    const ids = async (values: number[]) => {
      const response = await client
        .get(API)
        .qs({ pricetypes: values.join(',') })
        .loginAs(world.member)
      response.assertStatus(200)
      return (response.body() as SummaryData).asset_summary_data_list.map((asset) => asset.kind)
    }
    assert.lengthOf(await ids([0]), 4)
    assert.sameMembers(await ids([0, FACET.pricetype.enterprise]), ['market_data', 'market_data'])
    assert.sameMembers(await ids([FACET.pricetype.fixedFee, FACET.pricetype.payPerUse]), [
      'research',
      'research',
    ])
  })

  test('an asset filter and an index narrow market data by its product tags', async ({
    client,
    assert,
  }) => {
    const world = await summaryWorld()
    const response = await client
      .get(API)
      .qs({ asset: String(FACET.assetclass.equities) })
      .loginAs(world.member)
    const data = response.body() as SummaryData
    assert.deepEqual(
      data.asset_summary_data_list.map((asset) => asset.id),
      [`market_data-${world.contract.benchmarkIds[0]}`]
    )
    assert.deepEqual(data.asset_summary_data_list[0].facets.indices, [FACET.index.msciWorld])
  })
})

test.group('Summary dashboard API: applied filters in the session', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('saved filters come back on the next visit; a new session starts from the default', async ({
    client,
    assert,
  }) => {
    const world = await summaryWorld()
    const first = await client.get(API).loginAs(world.member)
    assert.deepEqual(first.body().appliedFilters, [
      { filterName: 'pricetype_id', filterCategory: 'pricetypes', filterValues: [0] },
    ])
    const filters = [
      { filterName: 'pricetype_id', filterCategory: 'pricetypes', filterValues: [0] },
      { filterName: 'geography_id', filterCategory: 'geographies', filterValues: [5] },
    ]
    const saved = await client.post(SAVE).loginAs(world.member).withCsrfToken().json({ filters })
    saved.assertStatus(200)
    saved.assertSession('summary_applied_filters', filters)
    // The next visit in the same session: the API and the page start from the kept filters.
    const again = await client
      .get(API)
      .loginAs(world.member)
      .withSession({ summary_applied_filters: saved.session()['summary_applied_filters'] })
    assert.deepEqual(again.body().appliedFilters, filters)
    assert.deepEqual(
      (again.body() as SummaryData).asset_summary_data_list.map((asset) => asset.id),
      [`research-${world.birch.id}`]
    )
    const page = await client
      .get('/summary')
      .loginAs(world.member)
      .withSession({ summary_applied_filters: filters })
      .withInertia()
    page.assertStatus(200)
    assert.deepEqual((page.inertiaProps as any).summary.appliedFilters, filters)
    // An address with filters (a shared view) applies them and keeps them.
    const shared = await client
      .get('/summary')
      .qs({ geographies: '4' })
      .loginAs(world.member)
      .withInertia()
    shared.assertStatus(200)
    assert.deepEqual(shared.session()['summary_applied_filters'], [
      { filterName: 'geography_id', filterCategory: 'geographies', filterValues: [4] },
    ])
  })

  test('bad filters are refused whole with the field’s message, and nothing is saved', async ({
    client,
    assert,
  }) => {
    const world = await summaryWorld()
    const cases: [unknown, string, RegExp][] = [
      [
        [{ filterCategory: 'colours', filterValues: [1] }],
        'filters.0.filterCategory',
        /Unknown filter category/,
      ],
      [
        [{ filterName: 'theme_id', filterCategory: 'geographies', filterValues: [1] }],
        'filters.0.filterName',
        /geography_id/,
      ],
      [
        [{ filterCategory: 'geographies', filterValues: ['abc'] }],
        'filters.0.filterValues',
        /not an id/,
      ],
      [
        [{ filterCategory: 'geographies', filterValues: [1e400] }],
        'filters.0.filterValues',
        /not an id/,
      ],
      [
        [{ filterCategory: 'geographies', filterValues: [999] }],
        'filters.0.filterValues',
        /no value with id 999/,
      ],
      [
        [{ filterCategory: 'providers', filterValues: [2_000_000_000] }],
        'filters.0.filterValues',
        /no value/,
      ],
      [[{ filterCategory: 'themes', filterValues: [] }], 'filters.0.filterValues', /at least one/],
      ['geographies', 'filters', /must be a list/],
      [
        [
          { filterCategory: 'geographies', filterValues: [1] },
          { filterCategory: 'geographies', filterValues: [4] },
        ],
        'filters.1.filterCategory',
        /applied twice/,
      ],
    ]
    for (const [filters, field, message] of cases) {
      const response = await client
        .post(SAVE)
        .loginAs(world.member)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json({ filters })
      response.assertStatus(422)
      const error = response.body().errors.find((entry: any) => entry.field === field)
      assert.exists(error, `${JSON.stringify(filters)} → ${field}`)
      assert.match(error.message, message)
    }
    const bad = await client.get(API).qs({ geographies: 'x' }).loginAs(world.member)
    bad.assertStatus(422)
    const page = await client
      .get('/summary')
      .qs({ themes: '999999' })
      .loginAs(world.member)
      .redirects(0)
    page.assertStatus(302)
    assert.equal(page.header('location'), '/summary')
  })
})

test.group('Summary dashboard: modules and tenancy', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a team with research spend only is restricted to research assets, counts included', async ({
    client,
    assert,
  }) => {
    const world = await summaryWorld({ modules: [MODULES.rsaBudgets] })
    const data = await bodyOf(client.get(API).loginAs(world.member))
    assert.isTrue(data.isRestricted)
    assert.deepEqual(data.modules, { research: true, market_data: false, alternative_data: false })
    assert.deepEqual(
      [...new Set(data.asset_summary_data_list.map((asset) => asset.kind))],
      ['research']
    )
    assert.isUndefined(countOf(data, 'providers', world.vendor.id))
    assert.isUndefined(countOf(data, 'indices', FACET.index.msciWorld))
  })

  test('teams without research spend or market data contracts are refused', async ({ client }) => {
    const { team } = await rsaTeam({ modules: [MODULES.alternativeData, MODULES.insightsReports] })
    const member = await rsaMember(team)
    for (const url of ['/summary', API]) {
      const response = await client.get(url).loginAs(member).header('accept', 'application/json')
      response.assertStatus(403)
    }
    const saved = await client
      .post(SAVE)
      .loginAs(member)
      .withCsrfToken()
      .json({ filters: [{ filterCategory: 'pricetypes', filterValues: [0] }] })
    saved.assertStatus(403)
    const admin = await makeUser({ isAdministrator: true })
    const adminCall = await client.get(API).loginAs(admin).header('accept', 'application/json')
    adminCall.assertStatus(403)
  })

  test('the ranking priority is the team’s own: set, counted, cleared, audited', async ({
    client,
    assert,
  }) => {
    const world = await summaryWorld()
    const set = await client
      .post(PRIORITY)
      .loginAs(world.member)
      .withCsrfToken()
      .json({ provider_id: world.atlas.id, rankingpriority_id: FACET.priority.core })
    set.assertStatus(200)
    const data = await bodyOf(client.get(API).loginAs(world.member))
    assert.equal(countOf(data, 'rankingpriorities', FACET.priority.core), 1)
    const atlas = data.asset_summary_data_list.find((asset) => asset.providerId === world.atlas.id)!
    assert.equal(atlas.rankingPriorityId, FACET.priority.core)
    // The other team's dashboard knows nothing of it.
    const theirs = await bodyOf(client.get(API).loginAs(world.otherMember))
    assert.isUndefined(countOf(theirs, 'rankingpriorities', FACET.priority.core))
    const audits = await db.from('audit_logs').where('entity_type', 'team_provider_priority')
    assert.lengthOf(audits, 1)

    const unknownTier = await client
      .post(PRIORITY)
      .loginAs(world.member)
      .withCsrfToken()
      .json({ provider_id: world.atlas.id, rankingpriority_id: 9 })
    unknownTier.assertStatus(422)
    const notTheirs = await client
      .post(PRIORITY)
      .loginAs(world.otherMember)
      .withCsrfToken()
      .json({ provider_id: world.birch.id, rankingpriority_id: 1 })
    notTheirs.assertStatus(422)
    const cleared = await client
      .post(PRIORITY)
      .loginAs(world.member)
      .withCsrfToken()
      .json({ provider_id: world.atlas.id, rankingpriority_id: null })
    cleared.assertStatus(200)
    const after = await db.from('team_provider_priorities').where('team_id', world.viewer.team.id)
    assert.lengthOf(after, 0)
  })
})
