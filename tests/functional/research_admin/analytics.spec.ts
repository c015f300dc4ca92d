import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { makeUser } from '#tests/helpers/accounts'
import { pinClock } from '#tests/helpers/clock'
import { researchMember, researchTeam } from '#tests/helpers/research'
import {
  ANALYTICS_RANGE,
  analyticsAdministrator,
  analyticsWorld,
} from '#tests/helpers/research_analytics'
import type {
  ProvidersTab,
  TrendsTab,
  UsersTab,
  ThemeWeekFigures,
} from '#shared/research_analytics'

/*
 * Research discovery analytics (`researchDiscoveryAnalytics`): every figure of the three tabs
 * recomputed by hand from a small world (tests/helpers/research_analytics.ts), over the four
 * weeks 2 to 29 March 2026 (weeks of 2, 9, 16 and 23 March), on whichever database the suite
 * runs on.
 */

const URL = '/admin/research-discovery/analytics'
const RANGE = ANALYTICS_RANGE

test.group('Research discovery analytics: figures', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => pinClock('2026-04-01'))

  test('providers: ingested, reads, unique readers, bookmarks, reads per document and the median time to first read', async ({
    client,
    assert,
  }) => {
    const world = await analyticsWorld()
    const response = await client.get(`${URL}${RANGE}`).loginAs(world.administrator).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('admin/research/analytics')
    const props = response.inertiaProps as {
      figures: ProvidersTab
      range: unknown
      rangeErrors: {}
    }
    assert.deepEqual(props.range, { from: '2026-03-02', to: '2026-03-29' })
    assert.deepEqual(props.rangeErrors, {})
    assert.deepEqual(props.figures.providers, [
      {
        providerId: world.alder.id,
        provider: 'Alder Research',
        // d1, d2, d8 (d3 came in February).
        ingested: 3,
        // d1 three times, d2, d8, d3.
        reads: 6,
        uniqueReaders: 3,
        bookmarks: 1,
        // The reads of d1, d2 and d8 until 29 March: 5 over 3 documents.
        readsPerDocument: 1.67,
        readDocuments: 3,
        // 1 h, 2 h, 24 h: the middle one.
        medianHoursToFirstRead: 2,
      },
      {
        providerId: world.beech.id,
        provider: 'Beech Research',
        // d4, the withdrawn d5, d6, d7.
        ingested: 4,
        reads: 2,
        uniqueReaders: 1,
        bookmarks: 1,
        // d4 and d7 once each (d6's read came after the range): 2 over 4.
        readsPerDocument: 0.5,
        readDocuments: 2,
        // 6 h and 48 h: their mean.
        medianHoursToFirstRead: 27,
      },
    ])
  })

  test('trends: documents per theme per week, rising themes, stars and searches that found nothing', async ({
    client,
    assert,
  }) => {
    const world = await analyticsWorld()
    const response = await client
      .get(`${URL}/trends${RANGE}`)
      .loginAs(world.administrator)
      .withInertia()
    response.assertStatus(200)
    const props = response.inertiaProps as {
      figures: TrendsTab
      weeks: { index: number; start: string }[]
    }
    assert.deepEqual(
      props.weeks.map((week) => week.start),
      ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23']
    )
    const themes: ThemeWeekFigures[] = [
      // d2 (w1), d6 and d7 (w2), d4 (w3); the withdrawn d5 is left out.
      {
        themeId: world.themeB.id,
        theme: world.themeB.name,
        weeks: [0, 1, 2, 1],
        total: 4,
        newStars: 1,
      },
      // d1 (w0), d2 and d8 (w1).
      {
        themeId: world.themeA.id,
        theme: world.themeA.name,
        weeks: [1, 2, 0, 0],
        total: 3,
        newStars: 1,
      },
    ]
    assert.deepEqual(props.figures.themes, themes)
    // The last two weeks against the two before: Energy 3 against 1; Inflation 0 against 3.
    assert.equal(props.figures.risingWeeks, 2)
    assert.deepEqual(props.figures.rising, [
      { themeId: world.themeB.id, theme: world.themeB.name, earlier: 1, recent: 3, change: 2 },
    ])
    assert.deepEqual(props.figures.searchWeeks, [
      { week: 0, searches: 1, zeroResults: 0 },
      { week: 1, searches: 1, zeroResults: 1 },
      { week: 2, searches: 1, zeroResults: 1 },
      { week: 3, searches: 2, zeroResults: 1 },
    ])
    assert.deepEqual(props.figures.zeroResults, [
      { term: 'lithium', searches: 2, teams: 2 },
      { term: 'copper', searches: 1, teams: 1 },
    ])

    // The counts are kept under the catalogue's version: withdrawing d4 shows at once.
    await db
      .from('research_documents')
      .where('title', 'Note of 2026-03-24T09:00:00Z')
      .update({ status: 'withdrawn' })
    const again = await client
      .get(`${URL}/trends${RANGE}`)
      .loginAs(world.administrator)
      .withInertia()
    const figures = (again.inertiaProps as { figures: TrendsTab }).figures
    // Energy now ties with Inflation at 3 and comes first by name.
    assert.deepEqual(figures.themes, [{ ...themes[0], weeks: [0, 1, 2, 0], total: 3 }, themes[1]])
  })

  test('users: weekly active readers per team, reads per reader, requests and the digest click-through', async ({
    client,
    assert,
  }) => {
    const world = await analyticsWorld()
    const response = await client
      .get(`${URL}/users${RANGE}`)
      .loginAs(world.administrator)
      .withInertia()
    response.assertStatus(200)
    const props = response.inertiaProps as { figures: UsersTab }
    assert.deepEqual(props.figures.teams, [
      {
        teamId: world.ash.id,
        team: 'Ash Capital',
        weeklyReaders: [2, 2, 0, 0],
        averageWeeklyReaders: 1,
        readers: 2,
        reads: 5,
        readsPerReader: 2.5,
        requests: 0,
      },
      {
        teamId: world.oak.id,
        team: 'Oak Partners',
        weeklyReaders: [1, 0, 1, 1],
        averageWeeklyReaders: 0.8,
        readers: 1,
        reads: 3,
        readsPerReader: 3,
        requests: 1,
      },
    ])
    assert.deepEqual(props.figures.digests, [
      { week: '2026-W10', sent: 2, clicked: 1, clicks: 2, clickThroughRate: 0.5 },
      { week: '2026-W11', sent: 1, clicked: 1, clicks: 1, clickThroughRate: 1 },
    ])
    // Teams and counts: no person is named anywhere in the tab.
    assert.notInclude(JSON.stringify(props.figures), '@example.com')
  })

  test('the range defaults to the last 12 weeks, today included', async ({ client, assert }) => {
    const administrator = await analyticsAdministrator()
    const response = await client.get(URL).loginAs(administrator).withInertia()
    response.assertStatus(200)
    const props = response.inertiaProps as { range: unknown; weeks: unknown[] }
    assert.deepEqual(props.range, { from: '2026-01-08', to: '2026-04-01' })
    assert.lengthOf(props.weeks, 12)
  })

  test('a range not understood shows the last 12 weeks and says what was wrong', async ({
    client,
    assert,
  }) => {
    const administrator = await analyticsAdministrator()
    const cases: [string, 'from' | 'to', RegExp][] = [
      ['?from=2026-02-30&to=2026-03-10', 'from', /start date must be a real date/],
      ['?from=yesterday', 'from', /start date must be a real date/],
      ['?to=2026-13-01', 'to', /end date must be a real date/],
      ['?from=2026-03-10&to=2026-03-01', 'from', /on or before the end date/],
      ['?from=2026-03-10&to=2026-04-02', 'to', /cannot be after today/],
      ['?from=2024-01-01&to=2026-03-01', 'from', /at most 104 weeks/],
      ['?from[]=2026-01-01', 'from', /start date must be a real date/],
    ]
    for (const [query, field, message] of cases) {
      const response = await client.get(`${URL}/users${query}`).loginAs(administrator).withInertia()
      response.assertStatus(200)
      const props = response.inertiaProps as {
        range: unknown
        rangeErrors: Record<string, string>
        figures: { tab: string }
      }
      assert.match(props.rangeErrors[field] ?? '', message, query)
      assert.deepEqual(props.range, { from: '2026-01-08', to: '2026-04-01' }, query)
      assert.equal(props.figures.tab, 'users')
    }
  })
})

test.group('Research discovery analytics: who may see it', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('refuses client users, administrators without the permission and visitors', async ({
    client,
  }) => {
    const team = await researchTeam()
    const member = await researchMember(team)
    const clientServices = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    for (const path of [URL, `${URL}/trends`, `${URL}/users`]) {
      const asMember = await client.get(path).loginAs(member)
      asMember.assertStatus(403)
      const asClientServices = await client.get(path).loginAs(clientServices)
      asClientServices.assertStatus(403)
      const visitor = await client.get(path).redirects(0)
      visitor.assertStatus(302)
      visitor.assertHeader('location', '/login')
    }
  })

  test('opens to an administrator holding the research discovery permission', async ({
    client,
  }) => {
    const administrator = await makeUser({
      isAdministrator: true,
      roles: ['Research administrator'],
    })
    for (const path of [URL, `${URL}/trends`, `${URL}/users`]) {
      const response = await client.get(path).loginAs(administrator).withInertia()
      response.assertStatus(200)
      response.assertInertiaComponent('admin/research/analytics')
    }
  })
})
