import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { researchProvider, rsaBudget, rsaTeam } from '#tests/helpers/rsa'
import {
  daysBefore,
  entitle,
  researchDocument,
  researchMember,
  researchTeam,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'
import { computeTrendingSnapshot } from '#services/research/trending'
import { isStale } from '#services/research/trending_view'
import { queryCountOf } from '#tests/helpers/query_count'
import ResearchTrending from '#commands/research_trending'
import { MODULES } from '#shared/modules'

/*
 * Trending themes computed from stored documents. Week 1 ends 2024-12-02, week 2 a week later.
 *
 * - Week 1: Tariffs from 3 providers (one note each, score 3); Oil from 3 providers (score 3,
 *   tie broken by id: Tariffs was created first); Gold from 2 providers only (not ranked).
 * - Week 2: Oil from 4 providers, one note each (score 4); Tariffs from 3, but Atlas writes
 *   four notes, damped to 4 × 1/√4 = 2, plus Birch and Cedar 1 each (score 4); Gold now from
 *   3 providers (score 3). Oil and Tariffs tie on score; Tariffs has more documents (6 to 4):
 *   Tariffs 1, Oil 2, Gold 3 (new).
 */
const WEEK1 = '2024-12-02'
const WEEK2 = '2024-12-09'

async function trendingWorld() {
  const names = ['Atlas', 'Birch', 'Cedar', 'Delta', 'Elm']
  const providers = []
  for (const name of names) providers.push(await researchProvider(name, 'independent'))
  const [atlas, birch, cedar, delta, elm] = providers
  const group = await themeGroup('Macro')
  const tariffs = await researchTheme('Tariffs', group)
  const oil = await researchTheme('Oil supply', group)
  const gold = await researchTheme('Gold', group)

  const note = (provider: { id: number }, theme: { id: number }, weekEnd: string, day = 2) =>
    researchDocument({
      provider,
      title: `Note ${theme.id} ${provider.id} ${weekEnd} ${day}`,
      publishedAt: daysBefore(weekEnd, day),
      themes: [theme],
    })
  for (const provider of [atlas, birch, cedar]) await note(provider, tariffs, WEEK1)
  for (const provider of [atlas, delta, elm]) await note(provider, oil, WEEK1)
  for (const provider of [atlas, birch]) await note(provider, gold, WEEK1)

  for (const day of [1, 2, 3, 4]) await note(atlas, tariffs, WEEK2, day)
  for (const provider of [birch, cedar]) await note(provider, tariffs, WEEK2)
  for (const provider of [atlas, birch, delta, elm]) await note(provider, oil, WEEK2)
  for (const provider of [cedar, delta, elm]) await note(provider, gold, WEEK2)
  // Outside both weeks, and withdrawn: not counted.
  await note(atlas, gold, WEEK1, 30)
  await researchDocument({
    provider: birch,
    title: 'Withdrawn',
    publishedAt: daysBefore(WEEK2, 1),
    themes: [gold],
    status: 'withdrawn',
  })
  return { providers: { atlas, birch, cedar, delta, elm }, themes: { tariffs, oil, gold } }
}

async function entriesOf(snapshotId: number) {
  const rows = await db
    .from('research_trending_entries')
    .where('snapshot_id', snapshotId)
    .orderBy('theme_id')
    .select('theme_id', 'rank', 'score', 'document_count', 'provider_count', 'previous_rank')
  return rows.map((row) => ({
    themeId: Number(row.theme_id),
    rank: row.rank === null ? null : Number(row.rank),
    score: Number(row.score),
    documents: Number(row.document_count),
    providers: Number(row.provider_count),
    previousRank: row.previous_rank === null ? null : Number(row.previous_rank),
  }))
}

test.group('Trending themes › computation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('ranks the trailing week by the damped score, 3 providers at least, with movement', async ({
    assert,
  }) => {
    const { themes } = await trendingWorld()
    const first = await computeTrendingSnapshot(DateTime.fromISO(WEEK1, { zone: 'utc' }))
    assert.equal(first.documentCount, 8)
    assert.deepEqual(await entriesOf(first.snapshotId!), [
      {
        themeId: themes.tariffs.id,
        rank: 1,
        score: 3,
        documents: 3,
        providers: 3,
        previousRank: null,
      },
      { themeId: themes.oil.id, rank: 2, score: 3, documents: 3, providers: 3, previousRank: null },
      {
        themeId: themes.gold.id,
        rank: null,
        score: 2,
        documents: 2,
        providers: 2,
        previousRank: null,
      },
    ])

    const second = await computeTrendingSnapshot(DateTime.fromISO(WEEK2, { zone: 'utc' }))
    assert.equal(second.documentCount, 13)
    assert.deepEqual(await entriesOf(second.snapshotId!), [
      {
        themeId: themes.tariffs.id,
        rank: 1,
        score: 4,
        documents: 6,
        providers: 3,
        previousRank: 1,
      },
      { themeId: themes.oil.id, rank: 2, score: 4, documents: 4, providers: 4, previousRank: 2 },
      {
        themeId: themes.gold.id,
        rank: 3,
        score: 3,
        documents: 3,
        providers: 3,
        previousRank: null,
      },
    ])
  })

  test('a week with no theme from 3 providers stores nothing; running again replaces, not adds', async ({
    assert,
  }) => {
    await trendingWorld()
    const empty = await computeTrendingSnapshot(DateTime.fromISO('2020-01-01', { zone: 'utc' }))
    assert.isNull(empty.snapshotId)
    await computeTrendingSnapshot(DateTime.fromISO(WEEK1, { zone: 'utc' }))
    await computeTrendingSnapshot(DateTime.fromISO(WEEK1, { zone: 'utc' }))
    const count = await db.from('research_trending_snapshots').count('* as n').first()
    assert.equal(Number(count!.n), 1)
  })

  test('research:trending --day --weeks computes the weeks; a bad day is refused', async ({
    assert,
  }) => {
    await trendingWorld()
    const done = await ace.exec('research:trending', ['--day', WEEK2, '--weeks', '2'])
    assert.equal(done.exitCode, 0)
    const count = await db.from('research_trending_snapshots').count('* as n').first()
    assert.equal(Number(count!.n), 2)
    const refused = await ace.exec('research:trending', ['--day', '2024-13-40'])
    assert.equal(refused.exitCode, 1)
    assert.instanceOf(refused, ResearchTrending)
  })
})

/**
 * The trending world ranked for its two weeks, with a subscribers-only Tariffs note in week 2
 * that a team without an entitlement to its provider may not read.
 */
async function rankedWorldWithPrivateNote() {
  const world = await trendingWorld()
  await researchDocument({
    provider: world.providers.delta,
    title: 'Private tariffs note',
    publishedAt: daysBefore(WEEK2, 1),
    themes: [world.themes.tariffs],
    entitlement: 'paid_provider_only',
  })
  await computeTrendingSnapshot(DateTime.fromISO(WEEK1, { zone: 'utc' }))
  await computeTrendingSnapshot(DateTime.fromISO(WEEK2, { zone: 'utc' }))
  return world
}

test.group('Trending themes › page and API', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /api/trending-themes: ranked themes, movement, sparkline, related documents the team may read, updatedAt', async ({
    client,
    assert,
  }) => {
    const { themes } = await rankedWorldWithPrivateNote()
    const team = await researchTeam()
    const member = await researchMember(team)

    const response = await client.get('/api/trending-themes').loginAs(member)
    response.assertStatus(200)
    const body = response.body()
    assert.isString(body.updatedAt)
    assert.deepEqual(
      body.trendingThemes.map((row: any) => [row.theme_id, row.rank, row.movement]),
      [
        [themes.tariffs.id, 1, { kind: 'same' }],
        [themes.oil.id, 2, { kind: 'same' }],
        [themes.gold.id, 3, { kind: 'new' }],
      ]
    )
    const tariffs = body.trendingThemes[0]
    assert.equal(tariffs.theme, themes.tariffs.name)
    assert.lengthOf(tariffs.sparkline, 8)
    // Counts of what the team may read: Delta's private note is not among them (the market's
    // ranking counted it, the team is not told it exists).
    assert.deepEqual(tariffs.sparkline.slice(-2), [3, 6])
    assert.equal(tariffs.sparkline[0], 0)
    assert.equal(tariffs.documentCount, 6)
    assert.equal(tariffs.providerCount, 3)
    // Today the ranking of December 2024 is out of date, and says so; the day after its week
    // it was not.
    assert.isTrue(body.isStale)
    assert.deepEqual(body.period, {
      start: '2024-12-02T00:00:00.000Z',
      end: '2024-12-09T00:00:00.000Z',
    })
    assert.isFalse(isStale(body.period, DateTime.utc(2024, 12, 10, 8)))
    assert.isFalse(isStale(body.period, DateTime.utc(2024, 12, 16, 8)))
    assert.isTrue(isStale(body.period, DateTime.utc(2024, 12, 17, 8)))
    assert.lengthOf(tariffs.relatedDocuments, 3)
    assert.notInclude(
      tariffs.relatedDocuments.map((row: { title: string }) => row.title),
      'Private tariffs note'
    )
    // No research spend data: no spend-aware count.
    assert.isNull(tariffs.paidProviderCount)

    const movements = await client.get('/api/trending-themes/movements').loginAs(member)
    assert.deepEqual(
      movements.body().movements.map((row: any) => [row.theme_id, row.rank, row.previousRank]),
      [
        [themes.tariffs.id, 1, 1],
        [themes.oil.id, 2, 2],
        [themes.gold.id, 3, null],
      ]
    )
  })

  test('the heat map counts only what the team may read: a subscribers-only note of its week is not in its cell', async ({
    client,
    assert,
  }) => {
    const { themes } = await rankedWorldWithPrivateNote()
    const member = await researchMember(await researchTeam())
    const page = await client
      .get('/research-discovery/trending-themes')
      .loginAs(member)
      .withInertia()
    page.assertStatus(200)
    const heatmap = (page.inertiaProps as any).heatmap
    const tariffs = heatmap.themes.findIndex(
      (theme: { id: number }) => theme.id === themes.tariffs.id
    )
    const last = heatmap.weeks.length - 1
    const cell = heatmap.cells.find(([week, theme]: number[]) => week === last && theme === tariffs)
    // Six documents the team may read; Delta's private note of that week would make seven.
    assert.deepEqual(cell, [last, tariffs, 6])
  })

  test('the page: the heat map of themes × weeks, and the paid providers per theme', async ({
    client,
    assert,
  }) => {
    const { themes, providers } = await trendingWorld()
    await computeTrendingSnapshot(DateTime.fromISO(WEEK1, { zone: 'utc' }))
    await computeTrendingSnapshot(DateTime.fromISO(WEEK2, { zone: 'utc' }))
    // A team with research spend paying Atlas and Birch, holding Research Insights too.
    const { team, currencyId } = await rsaTeam({
      modules: [MODULES.rsaBudgets, MODULES.trendingThemes],
    })
    await rsaBudget(team, currencyId, [
      { provider: providers.atlas, price: 100_000 },
      { provider: providers.birch, price: 50_000 },
    ])
    await entitle(team, providers.atlas)
    const member = await researchMember(team)

    const page = await client
      .get('/research-discovery/trending-themes')
      .loginAs(member)
      .withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('research/trending_themes')
    const props = page.inertiaProps as any
    assert.deepEqual(props.spend, { hasSpendData: true, paidProviderCount: 2 })
    // Week 2: Tariffs by Atlas, Birch (paid) and Cedar; Oil by Atlas and Birch (paid); Gold by neither.
    assert.deepEqual(
      props.trending.trendingThemes.map((row: any) => [row.theme_id, row.paidProviderCount]),
      [
        [themes.tariffs.id, 2],
        [themes.oil.id, 2],
        [themes.gold.id, 0],
      ]
    )
    const atlasChip = props.trending.trendingThemes[0].relatedDocuments.find(
      (row: any) => row.provider.id === providers.atlas.id
    )
    assert.isTrue(atlasChip.provider.isPaid)
    assert.lengthOf(props.heatmap.weeks, 12)
    assert.deepEqual(props.heatmap.weeks.at(-1), { start: '2024-12-02', end: '2024-12-08' })
    assert.deepEqual(
      props.heatmap.themes.map((theme: { id: number }) => theme.id),
      [themes.tariffs.id, themes.oil.id, themes.gold.id]
    )
    // [week index, theme index, documents]: the weeks' documents, ranked or not (Atlas's gold
    // note of early November too); weeks without any have no cell.
    assert.sameDeepMembers(props.heatmap.cells, [
      [6, 2, 1],
      [10, 0, 3],
      [10, 1, 3],
      [10, 2, 2],
      [11, 0, 6],
      [11, 1, 4],
      [11, 2, 3],
    ])
  })

  test("kept per team: a repeat reads only the user's stars; a new entitlement or star shows at once", async ({
    client,
    assert,
  }) => {
    const { themes, providers } = await rankedWorldWithPrivateNote()
    const team = await researchTeam()
    const member = await researchMember(team)
    const colleague = await researchMember(team)
    const titles = (body: any) =>
      body.trendingThemes[0].relatedDocuments.map((row: { title: string }) => row.title)

    const first = await client.get('/api/trending-themes').loginAs(member)
    const again = await client.get('/api/trending-themes').loginAs(colleague)
    assert.deepEqual(again.body(), first.body())
    assert.isBelow(queryCountOf(again), queryCountOf(first))
    assert.notInclude(titles(first.body()), 'Private tariffs note')

    await entitle(team, providers.delta)
    const entitled = await client.get('/api/trending-themes').loginAs(member)
    assert.include(titles(entitled.body()), 'Private tariffs note')
    assert.containsSubset(entitled.body().trendingThemes[0], { documentCount: 7, providerCount: 4 })

    const star = await client
      .post('/api/trending-themes/starred-themes')
      .loginAs(member)
      .withCsrfToken()
      .json({ themeId: themes.tariffs.id })
    star.assertStatus(200)
    const starred = await client.get('/api/trending-themes').loginAs(member)
    assert.isTrue(starred.body().trendingThemes[0].is_starred)
    const others = await client.get('/api/trending-themes').loginAs(colleague)
    assert.isFalse(others.body().trendingThemes[0].is_starred)
  })

  test('no snapshot yet: an empty ranking, no date', async ({ client, assert }) => {
    const member = await researchMember(await researchTeam())
    const response = await client.get('/api/trending-themes').loginAs(member)
    assert.deepEqual(response.body(), {
      trendingThemes: [],
      updatedAt: null,
      period: null,
      isStale: false,
    })
  })
})
