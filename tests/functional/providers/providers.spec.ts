import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { MODULES } from '#shared/modules'
import { ALL_REGIONS, ALL_SECTORS } from '#shared/providers'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { analystWorld, providersTeam } from '#tests/helpers/providers'
import { pinClock } from '#tests/helpers/clock'
import ace from '@adonisjs/core/services/ace'
import { IGNORED_FILTERS_NOTICE } from '#controllers/providers/providers_controller'
import ProvidersStatistics from '#commands/providers_statistics'
import { refreshProviderStatistics } from '#services/providers/statistics'

/*
 * Providers (analyst mapping) for client teams: the league table, the provider page and every
 * spec §7 call, against the world of tests/helpers/providers.ts computed by hand.
 */

const heatmapPaths = {
  'headcount-gained': '/api/providers/headcount/gained',
  'headcount-lost': '/api/providers/headcount/lost',
  'experience-gained': '/api/providers/experience/gained',
  'experience-lost': '/api/providers/experience/lost',
} as const

const cell = (body: any, year: number, sectorId: number) =>
  body.cells.find((entry: any) => entry.year === year && entry.sectorId === sectorId)?.value

test.group('Providers: statistics', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('provider × year statistics match the hand-computed world', async ({ assert }) => {
    const { A, B, E, F } = await analystWorld()
    const stat = async (providerId: number, sectorId: number, region: string) =>
      db
        .from('provider_year_stats')
        .where({ provider_id: providerId, year: 2024, sector_id: sectorId, region_code: region })
        .first()
    assert.containsSubset(await stat(A.id, ALL_SECTORS, ALL_REGIONS), {
      headcount_start: 3,
      headcount_end: 2,
      joiners: 1,
      leavers: 2,
      experience_gained: 2,
      experience_lost: 38,
      experience_end_sum: 6,
      senior_end: 0,
    })
    assert.containsSubset(await stat(A.id, E, ALL_REGIONS), {
      headcount_start: 2,
      headcount_end: 1,
      joiners: 1,
      leavers: 2,
      experience_lost: 38,
    })
    assert.containsSubset(await stat(A.id, F, ALL_REGIONS), {
      headcount_start: 2,
      headcount_end: 1,
      joiners: 0,
      leavers: 1,
      experience_lost: 24,
    })
    // a4 covered two UK cells: once in the UK roll-up.
    assert.containsSubset(await stat(A.id, ALL_SECTORS, 'UK'), {
      headcount_start: 3,
      headcount_end: 1,
      leavers: 2,
      experience_lost: 38,
    })
    assert.containsSubset(await stat(B.id, ALL_SECTORS, ALL_REGIONS), {
      headcount_start: 1,
      headcount_end: 2,
      joiners: 1,
      experience_gained: 14,
      leavers: 0,
      // a1 (14 years) is senior, a5 (9 years) not yet.
      experience_end_sum: 23,
      senior_end: 1,
    })
    // 2023: nobody moved; A had a1, a2 and a4 at the end.
    assert.containsSubset(
      await db
        .from('provider_year_stats')
        .where({ provider_id: A.id, year: 2023, sector_id: ALL_SECTORS, region_code: ALL_REGIONS })
        .first(),
      { headcount_end: 3, joiners: 0, leavers: 0 }
    )
    assert.isNotNull(await db.from('provider_stat_runs').where('trigger', 'test').first())
  })

  test('providers:statistics recomputes one provider or all; an unknown key writes nothing', async ({
    assert,
  }) => {
    const { A, B } = await analystWorld()
    ace.ui.switchMode('raw')
    try {
      await db.from('provider_year_stats').delete()
      const one = await ace.create(ProvidersStatistics, [`--provider=${A.key}`])
      await one.exec()
      one.assertSucceeded()
      const providers = await db.from('provider_year_stats').distinct('provider_id')
      assert.deepEqual(
        providers.map((row) => Number(row.provider_id)),
        [A.id]
      )
      const unknown = await ace.create(ProvidersStatistics, [`--provider=no-such-provider`])
      await unknown.exec()
      unknown.assertFailed()
      assert.lengthOf(await db.from('provider_year_stats').where('provider_id', B.id), 0)
      const all = await ace.create(ProvidersStatistics, [])
      await all.exec()
      all.assertSucceeded()
      const recomputed = await db.from('provider_year_stats').where('provider_id', B.id)
      assert.isAbove(recomputed.length, 0)
    } finally {
      ace.ui.switchMode('normal')
    }
  })
})

test.group('Providers: league table', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('ranks by net experience with the metrics, spend, interactions and the alert', async ({
    client,
    assert,
  }) => {
    const { A, B, member } = await analystWorld()
    const response = await client.get('/providers').loginAs(member).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('providers/league_table')
    const props = response.inertiaProps as any
    assert.deepEqual(props.filters, { year: 2024, sectorId: null, regionCode: null })
    assert.isTrue(props.hasSpend)
    assert.isNull(props.notice)
    const rows = props.rows.filter((row: any) => [A.id, B.id].includes(row.providerId))
    assert.deepEqual(
      rows.map((row: any) => row.name),
      ['Brookline Research', 'Ashdown Securities']
    )
    assert.containsSubset(rows[1], {
      headcount: 2,
      headcountStart: 3,
      netChange: -1,
      netChangePct: -33.3,
      joiners: 1,
      leavers: 2,
      experienceGained: 2,
      experienceLost: 38,
      netExperience: -36,
      avgExperience: 3,
      seniorShare: 0,
      stability: 33.3,
      sectorsCovered: 2,
      spend: 120000,
      interactions: 4,
    })
    assert.isBelow(rows[0].rank, rows[1].rank)
    assert.containsSubset(rows[0], { spend: null, interactions: 0, netExperience: 14 })
    assert.deepEqual(
      props.topSectors.map((sector: any) => [sector.name, sector.interactions]),
      [
        ['Financials', 2],
        ['Energy', 1],
      ]
    )
    assert.lengthOf(props.alerts, 1)
    assert.containsSubset(props.alerts[0], {
      providerId: A.id,
      leavers: 2,
      headcountStart: 3,
      experienceLost: 38,
    })
    assert.include(props.alerts[0].message, 'You budgeted £120,000 for Ashdown Securities in 2024')
    assert.include(props.alerts[0].message, 'covering your top two sectors')
    assert.include(props.alerts[0].message, 'lost 2 of 3')
    assert.include(props.alertRule, '1 of the 1 provider your team budgeted for in 2024 is flagged')
    assert.equal(rows[1].alert.providerId, A.id)

    // The ranking is kept for every team under the statistics run; a renamed provider shows at
    // once all the same.
    await db.from('providers').where('id', B.id).update({ name: 'Brookline Partners' })
    const renamed = await client.get('/providers').loginAs(member).withInertia()
    const names = (renamed.inertiaProps as any).rows.map((row: any) => row.name)
    assert.include(names, 'Brookline Partners')
    assert.notInclude(names, 'Brookline Research')
  })

  test('filters by sector, region and year; unknown values are left out and said', async ({
    client,
    assert,
  }) => {
    const { A, E, member } = await analystWorld()
    const energy = await client
      .get(`/providers?year=2024&sector=${E}&region=UK`)
      .loginAs(member)
      .withInertia()
    const props = energy.inertiaProps as any
    assert.deepEqual(props.filters, { year: 2024, sectorId: E, regionCode: 'UK' })
    const row = props.rows.find((entry: any) => entry.providerId === A.id)
    assert.containsSubset(row, { headcountStart: 2, headcount: 0, leavers: 2, joiners: 0 })
    assert.isNull(row.avgExperience)

    const us = await client.get(`/providers?sector=${E}&region=US`).loginAs(member).withInertia()
    assert.containsSubset(
      (us.inertiaProps as any).rows.find((entry: any) => entry.providerId === A.id),
      { headcountStart: 0, headcount: 1, joiners: 1, netChangePct: null }
    )

    const old = await client.get('/providers?year=2023').loginAs(member).withInertia()
    assert.containsSubset(
      (old.inertiaProps as any).rows.find((entry: any) => entry.providerId === A.id),
      { headcount: 3, joiners: 0 }
    )

    for (const query of [
      'year=1999',
      'sector=999999',
      'region=MARS',
      'sector=abc',
      'year=2024.5',
    ]) {
      const bad = await client.get(`/providers?${query}`).loginAs(member).withInertia()
      bad.assertStatus(200)
      assert.equal((bad.inertiaProps as any).notice, IGNORED_FILTERS_NOTICE, query)
      assert.deepEqual(
        (bad.inertiaProps as any).filters,
        { year: 2024, sectorId: null, regionCode: null },
        query
      )
    }
  })

  test('CSV export with the same figures and the team columns', async ({ client, assert }) => {
    const { member } = await analystWorld()
    const response = await client.get('/providers/league-table.csv?year=2024').loginAs(member)
    response.assertStatus(200)
    assert.include(response.header('content-type'), 'text/csv')
    assert.include(response.header('content-disposition'), 'provider-league-table-2024.csv')
    const lines = response
      .text()
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    assert.include(lines[0], 'Net experience (years)')
    assert.include(lines[0], 'Your budget (GBP)')
    const ashdown = lines.find((line) => line.includes('Ashdown Securities'))!
    assert.include(ashdown, ',2,-1,-33.3,1,2,2,38,-36,3,0,2,120000,4')
  })

  test('a team without Research Spend Analytics data has no spend columns or alerts', async ({
    client,
    assert,
  }) => {
    await analystWorld()
    const other = await providersTeam({ modules: [MODULES.analystMapping] })
    const response = await client.get('/providers').loginAs(other.member).withInertia()
    const props = response.inertiaProps as any
    assert.isFalse(props.hasSpend)
    assert.deepEqual(props.alerts, [])
    assert.isTrue(props.rows.every((row: any) => row.spend === null && row.interactions === null))
  })
})

test.group('Providers: provider page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('key indicators, trend, footprint, notable moves, spend and alert', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(pinClock('2026-11-28'))
    const { A, member, viewer } = await analystWorld()
    const response = await client.get(`/providers/${A.key}`).loginAs(member).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('providers/provider')
    const props = response.inertiaProps as any
    assert.equal(props.provider.id, A.id)
    assert.equal(props.teamId, viewer.team.id)
    assert.containsSubset(props.figures, {
      headcountStart: 3,
      headcount: 2,
      netChange: -1,
      netExperience: -36,
      avgExperience: 3,
      seniorShare: 0,
      stability: 33.3,
      sectorsCovered: 2,
    })
    assert.deepEqual(
      props.trend.map((point: any) => [point.year, point.headcount]),
      [
        // From the first year with data (coverage from 2023) to this year; a1, a2 and a4
        // were there before any move.
        [2023, 3],
        [2024, 2],
        [2025, 2],
        [2026, 2],
      ]
    )
    assert.deepEqual(props.footprint, [
      { regionCode: 'UK', junior: 1, mid: 0, senior: 0 },
      { regionCode: 'US', junior: 1, mid: 0, senior: 0 },
    ])
    assert.deepEqual(
      props.notableMoves.map((entry: any) => [entry.analystName, entry.direction, entry.sectors]),
      [
        ['Dmitri Dorn', 'left', ['Energy', 'Financials']],
        ['Alice Ashby', 'left', ['Energy']],
        ['Chloe Chen', 'joined', ['Energy']],
      ]
    )
    assert.equal(props.spend, 120000)
    assert.equal(props.interactions, 4)
    assert.equal(props.alert.providerId, A.id)
  })

  test('an unknown provider key is a 404; a non-research provider too', async ({ client }) => {
    const { member } = await analystWorld()
    const response = await client.get('/providers/no-such-provider').loginAs(member)
    response.assertStatus(404)
  })
})

test.group('Providers: heat maps', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the four heat maps, year × sector, with regions and empty filters', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(pinClock('2026-11-28'))
    const { A, E, F, member } = await analystWorld()
    const post = (metric: keyof typeof heatmapPaths, body: object) =>
      client.post(heatmapPaths[metric]).loginAs(member).withCsrfToken().json(body)

    const lost = await post('headcount-lost', {
      providerId: A.id,
      sectorList: [],
      yearList: [],
      regionCodes: [],
    })
    lost.assertStatus(200)
    // No year asked for: every year offered, from the first with data to this year.
    assert.deepEqual(lost.body().years, [2023, 2024, 2025, 2026])
    assert.lengthOf(lost.body().sectors, 11)
    assert.lengthOf(lost.body().cells, 44)
    assert.equal(cell(lost.body(), 2024, E), 2)
    assert.equal(cell(lost.body(), 2024, F), 1)
    assert.equal(cell(lost.body(), 2023, E), 0)
    assert.equal(lost.body().unit, 'analysts')

    const experience = await post('experience-lost', {
      providerId: A.id,
      sectorList: [E, F],
      yearList: [2024],
      regionCodes: ['UK'],
    })
    assert.deepEqual(experience.body().cells, [
      { year: 2024, sectorId: E, value: 38 },
      { year: 2024, sectorId: F, value: 24 },
    ])
    // a4 covered both sectors: in both rows, once in the totals (14 + 24), as the cards count.
    assert.equal(experience.body().total, 38)
    assert.deepEqual(experience.body().yearTotals, [{ year: 2024, value: 38 }])
    assert.equal(experience.body().unit, 'years')

    const usOnly = await post('experience-lost', {
      providerId: A.id,
      sectorList: [E],
      yearList: [2024],
      regionCodes: ['US'],
    })
    assert.equal(usOnly.body().total, 0)

    const gained = await post('headcount-gained', {
      providerId: A.id,
      sectorList: [E],
      yearList: [2024],
      regionCodes: ['US', 'UK'],
    })
    assert.deepEqual(gained.body().cells, [{ year: 2024, sectorId: E, value: 1 }])
    const gainedYears = await post('experience-gained', { providerId: A.id, yearList: [2024] })
    assert.equal(gainedYears.body().total, 2)
  })

  test('bad input is refused in words; an unknown provider is a 404', async ({
    client,
    assert,
  }) => {
    const { A, member } = await analystWorld()
    const post = (body: object) =>
      client.post('/api/providers/headcount/gained').loginAs(member).withCsrfToken().json(body)
    for (const body of [
      {},
      { providerId: 'x' },
      { providerId: A.id, yearList: [2019] },
      { providerId: A.id, regionCodes: ['MARS'] },
      { providerId: A.id, sectorList: [1.5] },
      { providerId: A.id, sectorList: new Array(60).fill(1) },
      { providerId: -1 },
      { providerId: String(A.id) },
      { providerId: [A.id] },
      { providerId: A.id, yearList: ['2024'] },
    ]) {
      const response = await post(body)
      assert.equal(response.status(), 422, JSON.stringify(body))
    }
    const unknownSector = await post({ providerId: A.id, sectorList: [999999] })
    unknownSector.assertStatus(422)
    assert.equal(
      unknownSector.body().errors[0].message,
      'Choose sectors from the list of GICS sectors.'
    )
    const missing = await post({ providerId: 999999 })
    missing.assertStatus(404)
  })
})

/** `POST /api/providers/interactions/sector-breakdown` as `member`. */
function breakdown(client: ApiClient, member: User, body: object) {
  return client
    .post('/api/providers/interactions/sector-breakdown')
    .loginAs(member)
    .withCsrfToken()
    .json(body)
}

test.group('Providers: interactions sector breakdown', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('counts per sector in the latest year, share mapped, selection', async ({
    client,
    assert,
  }) => {
    const { A, B, E, F, member, viewer } = await analystWorld()
    const post = (body: object) => breakdown(client, member, body)
    const all = await post({ teamId: viewer.team.id, providerId: A.id, selectedSectorIds: [] })
    all.assertStatus(200)
    assert.containsSubset(all.body(), {
      countPerSector: { [E]: 1, [F]: 2 },
      latestYear: 2024,
      percentageMapped: 75,
      overallCount: 4,
    })
    const selected = await post({
      teamId: viewer.team.id,
      providerId: A.id,
      selectedSectorIds: [F],
    })
    assert.deepEqual(selected.body().countPerSector, { [F]: 2 })
    assert.equal(selected.body().percentageMapped, 75)

    const none = await post({ teamId: viewer.team.id, providerId: B.id, selectedSectorIds: [] })
    assert.containsSubset(none.body(), {
      countPerSector: {},
      latestYear: null,
      percentageMapped: null,
      overallCount: 0,
    })
  })

  test("another team's id is a 403, an unknown provider a 404, bad input a 422", async ({
    client,
    assert,
  }) => {
    const { A, member } = await analystWorld()
    const other = await providersTeam()
    const forbidden = await client
      .post('/api/providers/interactions/sector-breakdown')
      .loginAs(member)
      .withCsrfToken()
      .json({ teamId: other.team.id, providerId: A.id, selectedSectorIds: [] })
    forbidden.assertStatus(403)
    const missing = await client
      .post('/api/providers/interactions/sector-breakdown')
      .loginAs(member)
      .withCsrfToken()
      .json({ teamId: member.currentTeamId, providerId: 999999, selectedSectorIds: [] })
    missing.assertStatus(404)

    const post = (body: object) => breakdown(client, member, body)
    const asText = await post({ teamId: String(member.currentTeamId), providerId: A.id })
    asText.assertStatus(422)
    const unknownSector = await post({
      teamId: member.currentTeamId,
      providerId: A.id,
      selectedSectorIds: [999999],
    })
    unknownSector.assertStatus(422)
    assert.equal(unknownSector.body().errors[0].field, 'selectedSectorIds')
  })
})

test.group('Providers: lists and context', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('providers, mapped providers, types, sectors, regions and context', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(pinClock('2026-11-28'))
    const { A, B, member, viewer } = await analystWorld()
    const get = async (path: string) => {
      const response = await client.get(path).loginAs(member)
      return response.body()
    }

    const { providers } = await get('/api/providers')
    assert.containsSubset(
      providers.find((entry: any) => entry.id === A.id),
      { providerKey: A.key, name: 'Ashdown Securities', type: 'bulge_bracket', analysts: 2 }
    )
    const { providers: mapped } = await get('/api/providers/mapped')
    assert.includeMembers(
      mapped.map((entry: any) => entry.id),
      [A.id, B.id]
    )
    assert.isTrue(mapped.every((entry: any) => entry.analysts > 0))

    // Kept under the statistics run and the catalogue's version: an analyst leaving (with the
    // statistics refreshed, as every change does) and a renamed provider show at once.
    const leaver = await db
      .from('analysts')
      .where({ provider_id: A.id, status: 'active' })
      .select('id')
      .first()
    await db.from('analysts').where('id', leaver.id).update({ status: 'left_industry' })
    await refreshProviderStatistics({ trigger: 'test', providerIds: [A.id] })
    await db.from('providers').where('id', A.id).update({ name: 'Ashdown Securities plc' })
    const { providers: after } = await get('/api/providers')
    assert.containsSubset(
      after.find((entry: any) => entry.id === A.id),
      { name: 'Ashdown Securities plc', analysts: 1 }
    )
    await db.from('providers').where('id', A.id).update({ name: 'Ashdown Securities' })
    await db.from('analysts').where('id', leaver.id).update({ status: 'active' })
    await refreshProviderStatistics({ trigger: 'test', providerIds: [A.id] })

    const { providerTypes: types } = await get('/api/providers/provider-types')
    assert.containsSubset(
      types.find((entry: any) => entry.key === 'bulge_bracket'),
      { name: 'Bulge-bracket bank' }
    )
    const { sectors } = await get('/api/providers/sectors')
    assert.lengthOf(sectors, 11)
    assert.containsSubset(sectors[0], { name: 'Energy', icon: 'flame' })
    const { regions } = await get('/api/providers/regions')
    assert.deepEqual(
      regions.map((region: any) => region.code),
      ['US', 'UK', 'EU', 'JP', 'APAC', 'EM']
    )
    const context = await get('/api/providers/context-info')
    assert.containsSubset(context, {
      teamId: viewer.team.id,
      years: [2023, 2024, 2025, 2026],
      defaultYear: 2024,
      hasSpend: true,
      hasResearchSpendAnalytics: true,
    })
    const marketData = await get('/api/market-data/context-info')
    assert.containsSubset(marketData, { teamId: viewer.team.id, modules: { rateCard: false } })
  })

  test('module guard: a team without Providers is refused every page and call', async ({
    client,
    assert,
  }) => {
    const { A } = await analystWorld()
    const team = await makeTeam({ modules: [MODULES.rsaBudgets] })
    const user = await makeUser({ teams: [team] })
    user.currentTeamId = team.id
    await user.save()
    for (const path of [
      '/providers',
      `/providers/${A.key}`,
      '/providers/league-table.csv',
      '/api/providers',
      '/api/providers/mapped',
      '/api/providers/provider-types',
      '/api/providers/sectors',
      '/api/providers/regions',
      '/api/providers/context-info',
    ]) {
      const response = await client.get(path).loginAs(user).redirects(0)
      assert.oneOf(response.status(), [302, 403], path)
    }
    for (const path of [
      ...Object.values(heatmapPaths),
      '/api/providers/interactions/sector-breakdown',
    ]) {
      const response = await client
        .post(path)
        .loginAs(user)
        .withCsrfToken()
        .json({ teamId: team.id, providerId: A.id })
        .redirects(0)
      assert.oneOf(response.status(), [302, 403], path)
    }
  })
})
