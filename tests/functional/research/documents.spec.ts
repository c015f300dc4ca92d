import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { MODULES } from '#shared/modules'
import { MARK_END, MARK_START } from '#shared/research_views'
import { makeTeam } from '#tests/helpers/accounts'
import { queryCountOf } from '#tests/helpers/query_count'
import { researchProvider } from '#tests/helpers/rsa'
import {
  daysBefore,
  entitle,
  researchDocument,
  researchDocumentsInBulk,
  researchMember,
  researchTeam,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'

/*
 * All research / My research through the §7 API and the pages: 25 a page, newest first; each
 * filter alone and together; full-text search (on the database the suite runs on: SQLite FTS5
 * or PostgreSQL tsvector); entitlement; bookmarks.
 *
 * The world: Atlas (bulge bracket) and Birch (independent) write open research; Cedar writes
 * for its subscribers only, and only the viewer's team is entitled to Cedar; Delta's research
 * is for subscribers and nobody here is entitled. Themes Inflation and ECB policy (group
 * Rates) and AI capex (group Equities).
 */
async function world() {
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const birch = await researchProvider('Birch Independent Research', 'independent')
  const cedar = await researchProvider('Cedar Securities', 'regional_broker')
  const delta = await researchProvider('Delta Macro', 'macro_consultancy')
  const rates = await themeGroup('Rates')
  const equities = await themeGroup('Equities')
  const inflation = await researchTheme('Inflation', rates)
  const ecb = await researchTheme('ECB policy', rates)
  const ai = await researchTheme('AI capex', equities)

  const team = await researchTeam()
  const viewer = await researchMember(team)
  await entitle(team, cedar)
  const otherTeam = await researchTeam()
  const outsider = await researchMember(otherTeam)
  await entitle(otherTeam, delta)

  const inflationNote = await researchDocument({
    provider: atlas,
    title: 'Sticky services inflation keeps the ECB cautious',
    publishedAt: '2024-06-10T09:00:00Z',
    themes: [{ id: inflation.id }, { id: ecb.id }],
    body: 'Wage growth and shelter costs: the disinflation path is bumpy.',
    assetClasses: ['rates', 'economics'],
    regions: ['europe_ex_uk'],
  })
  const aiNote = await researchDocument({
    provider: birch,
    title: 'Hyperscaler capex: who pays for the data centres',
    publishedAt: '2024-05-02T09:00:00Z',
    themes: [{ id: ai.id }],
    body: 'Semiconductor supply and power grids constrain the build-out.',
    documentType: 'thematic',
    assetClasses: ['equities'],
    regions: ['north_america'],
  })
  const cedarNote = await researchDocument({
    provider: cedar,
    title: 'ECB June meeting preview',
    publishedAt: '2023-06-01T09:00:00Z',
    themes: [{ id: ecb.id }],
    entitlement: 'paid_provider_only',
    body: 'A quarter-point cut is priced; the statement matters more.',
  })
  const deltaNote = await researchDocument({
    provider: delta,
    title: 'Inflation expectations and the ECB reaction function',
    publishedAt: '2024-06-12T09:00:00Z',
    themes: [{ id: inflation.id }],
    entitlement: 'paid_provider_only',
    body: 'A private note for Delta subscribers about inflation.',
  })
  const withdrawn = await researchDocument({
    provider: atlas,
    title: 'Withdrawn inflation note',
    publishedAt: '2024-06-11T09:00:00Z',
    themes: [{ id: inflation.id }],
    status: 'withdrawn',
  })
  return {
    providers: { atlas, birch, cedar, delta },
    themes: { inflation, ecb, ai },
    team,
    viewer,
    otherTeam,
    outsider,
    documents: { inflationNote, aiNote, cedarNote, deltaNote, withdrawn },
  }
}

function list(
  client: ApiClient,
  user: User,
  body: Record<string, unknown>,
  path = '/api/trending-themes/research-documents'
) {
  return client.post(path).loginAs(user).withCsrfToken().json(body)
}

const ids = (response: { body: () => any }) =>
  (response.body().researchDocuments as { id: number }[]).map((row) => row.id)

test.group('Research documents › list, paging and filters', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the response has the spec fields; only documents the team may read, newest first', async ({
    client,
    assert,
  }) => {
    const { viewer, documents, themes } = await world()
    const response = await list(client, viewer, { page: 1, isAnyFilterApplied: false, filters: {} })
    response.assertStatus(200)
    const body = response.body()
    assert.containsSubset(body, { page: 1, pageSize: 25, total: 3 })
    // Delta's subscribers-only note and the withdrawn note are not listed.
    assert.deepEqual(ids(response), [
      documents.inflationNote.id,
      documents.aiNote.id,
      documents.cedarNote.id,
    ])
    const first = body.researchDocuments[0]
    assert.containsSubset(first, {
      id: documents.inflationNote.id,
      primary_theme: { id: themes.inflation.id, name: themes.inflation.name, is_starred: false },
      is_bookmarked: false,
      published_date: '2024-06-10T09:00:00.000Z',
      isRead: false,
      highlight: null,
      assetClasses: ['rates', 'economics'],
    })
    assert.deepEqual(
      first.themes.map((theme: { id: number }) => theme.id),
      [themes.inflation.id, themes.ecb.id]
    )
    assert.deepEqual(first.teams, [{ id: viewer.currentTeamId, name: first.teams[0].name }])
  })

  test('25 a page, newest first; a page past the end is empty with the total', async ({
    client,
    assert,
  }) => {
    const { viewer, providers, themes } = await world()
    for (let index = 0; index < 30; index++) {
      await researchDocument({
        provider: providers.birch,
        title: `Daily note ${index}`,
        publishedAt: daysBefore('2022-12-31', index),
        themes: [{ id: themes.ai.id }],
      })
    }
    const first = await list(client, viewer, { page: 1 })
    const second = await list(client, viewer, { page: 2 })
    const past = await list(client, viewer, { page: 3 })
    assert.lengthOf(ids(first), 25)
    assert.lengthOf(ids(second), 8)
    assert.equal(first.body().total, 33)
    assert.deepEqual(past.body(), {
      researchDocuments: [],
      page: 3,
      pageSize: 25,
      total: 33,
      isAnyFilterApplied: false,
    })
    const dates = [...first.body().researchDocuments, ...second.body().researchDocuments].map(
      (row: { published_date: string }) => row.published_date
    )
    assert.deepEqual(dates, [...dates].sort().reverse())
  })

  test('the unfiltered totals are kept, and follow a new document, a withdrawal and a star', async ({
    client,
    assert,
  }) => {
    const { viewer, providers, themes, documents } = await world()
    const totalAt = async (path?: string) => {
      const response = await list(client, viewer, { page: 1 }, path)
      return response.body().total as number
    }
    const all = () => totalAt()
    const mine = () => totalAt('/api/trending-themes/user-research-documents')
    assert.equal(await all(), 3)
    assert.equal(await mine(), 0)
    await researchDocument({
      provider: providers.birch,
      title: 'A new note',
      publishedAt: daysBefore('2022-12-31', 1),
      themes: [{ id: themes.ai.id }],
    })
    assert.equal(await all(), 4)
    await db
      .from('research_documents')
      .where('id', documents.cedarNote.id)
      .update({ status: 'withdrawn' })
    assert.equal(await all(), 3)
    const starred = await client
      .post('/api/trending-themes/starred-themes')
      .loginAs(viewer)
      .withCsrfToken()
      .json({ themeId: themes.ai.id })
    starred.assertStatus(200)
    assert.isAbove(await mine(), 0)
  })

  test('each filter alone, then combined', async ({ client, assert }) => {
    const { viewer, providers, themes, documents } = await world()
    const cases: [Record<string, unknown>, number[]][] = [
      [{ providerIds: [providers.birch.id] }, [documents.aiNote.id]],
      [{ themeIds: [themes.ecb.id] }, [documents.inflationNote.id, documents.cedarNote.id]],
      [{ startDate: '2024-05-03' }, [documents.inflationNote.id]],
      [{ endDate: '2024-05-02' }, [documents.aiNote.id, documents.cedarNote.id]],
      [{ providerTypes: ['regional_broker'] }, [documents.cedarNote.id]],
      [{ assetClasses: ['equities'] }, [documents.aiNote.id]],
      [{ regions: ['europe_ex_uk'] }, [documents.inflationNote.id]],
      [{ year: 2023 }, [documents.cedarNote.id]],
      [{ searchTerm: 'semiconductor' }, [documents.aiNote.id]],
      [
        { themeIds: [themes.ecb.id, themes.ai.id], startDate: '2024-01-01', endDate: '2024-12-31' },
        [documents.inflationNote.id, documents.aiNote.id],
      ],
      [
        { themeIds: [themes.ecb.id], providerIds: [providers.cedar.id], year: 2023 },
        [documents.cedarNote.id],
      ],
      [{ themeIds: [themes.ai.id], year: 2023 }, []],
    ]
    for (const [filters, expected] of cases) {
      const response = await list(client, viewer, { page: 1, isAnyFilterApplied: true, filters })
      response.assertStatus(200)
      assert.deepEqual(ids(response), expected, JSON.stringify(filters))
      assert.equal(response.body().total, expected.length)
    }
  })

  test('isAnyFilterApplied false asks for the unfiltered list; the response says whether it is filtered', async ({
    client,
    assert,
  }) => {
    const { viewer, documents, themes } = await world()
    const filters = { themeIds: [themes.ai.id] }
    const ignored = await list(client, viewer, { page: 1, isAnyFilterApplied: false, filters })
    ignored.assertStatus(200)
    assert.equal(ignored.body().total, 3)
    assert.isFalse(ignored.body().isAnyFilterApplied)
    for (const flag of [true, undefined]) {
      const applied = await list(client, viewer, { page: 1, isAnyFilterApplied: flag, filters })
      assert.deepEqual(ids(applied), [documents.aiNote.id])
      assert.isTrue(applied.body().isAnyFilterApplied)
    }
    // Filters that narrow nothing: the list is not filtered, whatever the flag said.
    const empty = await list(client, viewer, { page: 1, isAnyFilterApplied: true, filters: {} })
    assert.isFalse(empty.body().isAnyFilterApplied)
  })

  test('search: stemmed whole words in title, abstract or body, all required, a prefix with a star; matches marked', async ({
    client,
    assert,
  }) => {
    const { viewer, documents } = await world()
    const search = async (searchTerm: string, sort?: string) =>
      list(client, viewer, { page: 1, isAnyFilterApplied: true, filters: { searchTerm }, sort })
    // "inflation" is in the title, body or abstract of Atlas's note only (Delta's is not readable).
    assert.deepEqual(ids(await search('inflation')), [documents.inflationNote.id])
    // Stemming: "cuts" finds "cut"; a prefix only with its star: "semicond*".
    assert.deepEqual(ids(await search('cuts')), [documents.cedarNote.id])
    assert.deepEqual(ids(await search('semicond')), [])
    assert.deepEqual(ids(await search('semicond*')), [documents.aiNote.id])
    // Every word is required.
    assert.deepEqual(ids(await search('ECB semiconductor')), [])
    // What is not search syntax is words, never the engine's syntax.
    const hostile = await search('"ECB" OR title:* NEAR( -- ) \' ; DROP')
    hostile.assertStatus(200)
    const ecbSearch = await search('ecb')
    const marked = ecbSearch.body().researchDocuments[0]
    assert.include(marked.highlight.title, `${MARK_START}ECB${MARK_END}`)
    assert.isString(marked.highlight.extract)
    // Best match first when asked: the title match outranks the body match.
    const ranked = await search('ECB', 'relevance')
    assert.sameMembers(ids(ranked), [documents.inflationNote.id, documents.cedarNote.id])
  })

  test('a search of many matches and one of few page alike; its total is kept and follows a new document', async ({
    client,
    assert,
  }) => {
    const { viewer, providers } = await world()
    // 2,050 notes on liquidity (more than a search starts from its matches), three of them on
    // stablecoins: the first is walked newest first, the second read from its matches.
    const notes = await researchDocumentsInBulk(
      providers.birch,
      2_050,
      '2022-12-31T12:00:00Z',
      (i) => (i % 700 === 0 ? 'Liquidity and stablecoin reserves.' : 'Liquidity in repo markets.')
    )
    const search = (searchTerm: string, page = 1) =>
      list(client, viewer, { page, isAnyFilterApplied: true, filters: { searchTerm } })
    const first = await search('liquidity')
    assert.equal(first.body().total, 2_050)
    assert.deepEqual(ids(first), notes.slice(0, 25))
    // Asked again, the count and the page's ids are kept: the page is read by its ids, one
    // statement instead of the count and the search, with the same answer.
    const cold = await search('repo')
    const repeat = await search('repo')
    assert.deepEqual(repeat.body(), cold.body())
    assert.equal(queryCountOf(repeat), queryCountOf(cold) - 1)
    // A page deep into the matches (read from them), the last one and one past it.
    assert.deepEqual(ids(await search('liquidity', 60)), notes.slice(1_475, 1_500))
    assert.deepEqual(ids(await search('liquidity', 82)), notes.slice(2_025, 2_050))
    assert.deepEqual(ids(await search('liquidity', 83)), [])
    const few = await search('stablecoins')
    assert.equal(few.body().total, 3)
    assert.deepEqual(ids(few), [notes[0], notes[700], notes[1_400]])
    // The totals are kept: a new matching document is counted at once.
    const fresh = await researchDocument({
      provider: providers.atlas,
      title: 'Stablecoin liquidity, again',
      publishedAt: '2024-01-02T09:00:00Z',
      themes: [],
    })
    const again = await search('liquidity')
    assert.equal(again.body().total, 2_051)
    assert.deepEqual(ids(await search('stablecoin')), [
      fresh.id,
      notes[0],
      notes[700],
      notes[1_400],
    ])
  })

  test('bad input is refused with the field, nothing else', async ({ client, assert }) => {
    const { viewer } = await world()
    const cases: Record<string, unknown>[] = [
      { page: 0 },
      { page: 'two' },
      { page: 1.5 },
      { filters: { providerIds: ['x'] } },
      { filters: { startDate: '2024-02-30' } },
      { filters: { startDate: '2024-06-01', endDate: '2024-05-01' } },
      { filters: { year: 2019 } },
      { filters: { searchTerm: 'x'.repeat(201) } },
      { filters: { regions: ['atlantis'] } },
      { sort: 'random' },
      { page: -1 },
      { filters: { themeIds: [-3] } },
      { filters: { providerIds: Array.from({ length: 201 }, (_, index) => index + 1) } },
      { filters: { startDate: '99999-01-01' } },
    ]
    for (const body of cases) {
      const response = await list(client, viewer, body).header('accept', 'application/json')
      assert.equal(response.status(), 422, JSON.stringify(body))
    }
    // Numbers no type holds (1e400 is Infinity), in the page's query string.
    const infinite = await client
      .get('/research-discovery/research?page=1e400&themeIds=1e400&year=-2024')
      .loginAs(viewer)
      .header('accept', 'application/json')
    assert.equal(infinite.status(), 422)
    // Followed as a link: the page without its filters, and a word why (not the home page).
    const link = await client
      .get('/research-discovery/research?page=-1&startDate=2024-02-30')
      .loginAs(viewer)
      .redirects(0)
    link.assertStatus(302)
    assert.equal(link.header('location'), '/research-discovery/research')
    link.assertFlashMessage(
      'error',
      'The address held filters this page cannot use: they were cleared. Choose them again below.'
    )
  })

  test('My research: bookmarks and documents of starred themes, with the same filters', async ({
    client,
    assert,
  }) => {
    const { viewer, documents, themes } = await world()
    const mine = '/api/trending-themes/user-research-documents'
    assert.deepEqual(ids(await list(client, viewer, { page: 1 }, mine)), [])
    const bookmarked = await client
      .post('/api/trending-themes/bookmark')
      .loginAs(viewer)
      .withCsrfToken()
      .json({ userId: viewer.id, documentId: documents.aiNote.id })
    bookmarked.assertStatus(200)
    const starred = await client
      .post('/api/trending-themes/starred-themes')
      .loginAs(viewer)
      .withCsrfToken()
      .json({ themeId: themes.ecb.id })
    starred.assertStatus(200)
    const both = await list(client, viewer, { page: 1 }, mine)
    assert.deepEqual(ids(both), [
      documents.inflationNote.id,
      documents.aiNote.id,
      documents.cedarNote.id,
    ])
    const row = both
      .body()
      .researchDocuments.find((entry: { id: number }) => entry.id === documents.aiNote.id)
    assert.isTrue(row.is_bookmarked)
    const filtered = await list(client, viewer, { page: 1, filters: { year: 2023 } }, mine)
    assert.deepEqual(ids(filtered), [documents.cedarNote.id])
    assert.isTrue(filtered.body().researchDocuments[0].primary_theme.is_starred)
  })

  test('the pages render the same list from the query string', async ({ client, assert }) => {
    const { viewer, themes, documents } = await world()
    const page = await client
      .get(`/research-discovery/research?themeIds=${themes.ecb.id}&year=2023`)
      .loginAs(viewer)
      .withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('research/documents')
    const props = page.inertiaProps as any
    assert.equal(props.mode, 'all')
    assert.deepEqual(
      props.result.researchDocuments.map((row: { id: number }) => row.id),
      [documents.cedarNote.id]
    )
    assert.deepEqual(props.filters.themeIds, [themes.ecb.id])
    assert.isAbove(props.options.providers.length, 0)
    const mine = await client.get('/research-discovery/my-research').loginAs(viewer).withInertia()
    mine.assertStatus(200)
    assert.equal((mine.inertiaProps as any).mode, 'mine')
  })
})

test.group('Research documents › entitlement and ownership', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a document the team may not read is never listed, opened, downloaded or bookmarked: 404', async ({
    client,
    assert,
  }) => {
    const { viewer, outsider, documents } = await world()
    // The outsider's team is not entitled to Cedar: its note is not there for them.
    const listed = await list(client, outsider, { page: 1, filters: { searchTerm: 'ECB' } })
    assert.notInclude(ids(listed), documents.cedarNote.id)
    // The viewer's team is not entitled to Delta; nobody reads a withdrawn note.
    for (const id of [documents.deltaNote.id, documents.withdrawn.id]) {
      const page = await client.get(`/research-discovery/research/${id}`).loginAs(viewer)
      page.assertStatus(404)
      const file = await client.get(`/research-discovery/research/${id}/pdf`).loginAs(viewer)
      file.assertStatus(404)
      const bookmark = await client
        .post('/api/trending-themes/bookmark')
        .loginAs(viewer)
        .withCsrfToken()
        .json({ userId: viewer.id, documentId: id })
      bookmark.assertStatus(404)
    }
    const notExisting = await client.get('/research-discovery/research/99999999').loginAs(viewer)
    notExisting.assertStatus(404)
    const count = await db.from('research_bookmarks').count('* as n').first()
    assert.equal(Number(count!.n), 0)
    const reads = await db.from('research_read_events').count('* as n').first()
    assert.equal(Number(reads!.n), 0)
  })

  test("bookmarks are the signed-in user's own: another userId is refused (403)", async ({
    client,
    assert,
  }) => {
    const { viewer, outsider, documents } = await world()
    for (const path of ['/api/trending-themes/bookmark', '/api/trending-themes/bookmark/destroy']) {
      const response = await client
        .post(path)
        .loginAs(outsider)
        .withCsrfToken()
        .json({ userId: viewer.id, documentId: documents.aiNote.id })
      response.assertStatus(403)
    }
    const count = await db.from('research_bookmarks').count('* as n').first()
    assert.equal(Number(count!.n), 0)
  })

  test('bookmark, again (no duplicate), then remove', async ({ client, assert }) => {
    const { viewer, documents } = await world()
    const bookmark = (path: string) =>
      client
        .post(path)
        .loginAs(viewer)
        .withCsrfToken()
        .json({ userId: viewer.id, documentId: documents.aiNote.id })
    const first = await bookmark('/api/trending-themes/bookmark')
    assert.deepEqual(first.body(), { documentId: documents.aiNote.id, is_bookmarked: true })
    await bookmark('/api/trending-themes/bookmark')
    const rows = await db.from('research_bookmarks').where('user_id', viewer.id)
    assert.lengthOf(rows, 1)
    const removed = await bookmark('/api/trending-themes/bookmark/destroy')
    assert.deepEqual(removed.body(), { documentId: documents.aiNote.id, is_bookmarked: false })
    assert.lengthOf(await db.from('research_bookmarks').where('user_id', viewer.id), 0)
  })

  test('the article: metadata, more on its theme from other providers, a read recorded; the PDF inline, never cached', async ({
    client,
    assert,
  }) => {
    const { viewer, documents, providers, themes } = await world()
    // ECB policy is Birch's note's primary theme; on Atlas's inflation note it is a minor one.
    const birchEcb = await researchDocument({
      provider: providers.birch,
      title: 'ECB: the case for a pause',
      publishedAt: '2024-01-15T09:00:00Z',
      themes: [{ id: themes.ecb.id }, { id: themes.inflation.id }],
    })
    const page = await client
      .get(`/research-discovery/research/${documents.cedarNote.id}`)
      .loginAs(viewer)
      .withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('research/article')
    const props = page.inertiaProps as any
    assert.equal(props.document.title, 'ECB June meeting preview')
    assert.equal(props.document.entitlement, 'paid_provider_only')
    assert.equal(
      props.document.fileUrl,
      `/research-discovery/research/${documents.cedarNote.id}/pdf`
    )
    // More on ECB policy from other providers: Birch's note, whose primary theme it is; not
    // Atlas's, where it is minor, nor Cedar's own.
    assert.deepEqual(
      props.moreOnTheme.map((row: { id: number }) => row.id),
      [birchEcb.id]
    )
    const reads = await db.from('research_read_events').where('user_id', viewer.id)
    assert.lengthOf(reads, 1)
    assert.equal(reads[0].channel, 'web')

    const file = await client
      .get(`/research-discovery/research/${documents.cedarNote.id}/pdf`)
      .loginAs(viewer)
    file.assertStatus(200)
    assert.equal(file.header('content-type'), 'application/pdf')
    assert.match(
      file.header('content-disposition') ?? '',
      /^inline; filename="ECB June meeting preview\.pdf"/
    )
    assert.include(file.header('cache-control'), 'no-store')
    assert.equal(file.header('x-frame-options'), 'SAMEORIGIN')
    // Opened again, its rows are kept (the read is still recorded); a withdrawn note leaves
    // "more on the theme" and a lost entitlement makes the article a 404 at once.
    const openArticle = (id: number) =>
      client.get(`/research-discovery/research/${id}`).loginAs(viewer).withInertia()
    const open = () => openArticle(documents.cedarNote.id)
    const again = await open()
    const kept = await open()
    assert.deepEqual(kept.inertiaProps, again.inertiaProps)
    assert.isTrue((kept.inertiaProps as any).document.isRead)
    const other = () => openArticle(documents.aiNote.id)
    const otherFirst = await other()
    const otherAgain = await other()
    // The document, its primary theme and the others on it: three statements kept.
    assert.equal(queryCountOf(otherAgain), queryCountOf(otherFirst) - 3)
    await db.from('research_documents').where('id', birchEcb.id).update({ status: 'withdrawn' })
    const withdrawn = await open()
    assert.deepEqual((withdrawn.inertiaProps as any).moreOnTheme, [])
    await db.from('research_entitlements').where('team_id', viewer.currentTeamId!).delete()
    const lost = await open()
    lost.assertStatus(404)
    // Every opening was recorded, the refused one not.
    assert.lengthOf(await db.from('research_read_events').where('user_id', viewer.id), 6)
  })
})

test.group('Research documents › module and sign-in', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a team without Research Insights is refused on every page and call', async ({ client }) => {
    const team = await makeTeam({ modules: [MODULES.rsaBudgets] })
    const member = await researchMember(team)
    const gets = [
      '/research-discovery/trending-themes',
      '/research-discovery/themes',
      '/research-discovery/my-themes',
      '/research-discovery/research',
      '/research-discovery/my-research',
      '/research-discovery/research/1',
      '/research-discovery/research/1/pdf',
      '/research-discovery/requests',
      '/api/trending-themes',
      '/api/trending-themes/movements',
      '/api/trending-themes/providers',
      '/api/trending-themes/all-theme-groups',
      '/api/trending-themes/user-theme-groups',
    ]
    for (const url of gets) {
      const response = await client.get(url).loginAs(member)
      response.assertStatus(403)
    }
    const posts = [
      '/api/trending-themes/research-documents',
      '/api/trending-themes/user-research-documents',
      '/api/trending-themes/bookmark',
      '/api/trending-themes/bookmark/destroy',
      '/api/trending-themes/starred-themes',
      '/api/trending-themes/starred-themes/destroy',
      '/research-discovery/requests',
    ]
    for (const url of posts) {
      const response = await client.post(url).loginAs(member).withCsrfToken().json({})
      response.assertStatus(403)
    }
  })

  test('signed out: pages send to sign-in, the API answers 401', async ({ client }) => {
    const page = await client.get('/research-discovery/research').redirects(0)
    page.assertStatus(302)
    const api = await client.get('/api/trending-themes').header('accept', 'application/json')
    api.assertStatus(401)
  })
})
