import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { highlightParts } from '#shared/research_views'
import { researchProvider } from '#tests/helpers/rsa'
import {
  researchDocument,
  researchMember,
  researchTeam,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'

/*
 * What a research search means, with the same expectations on SQLite (FTS5) and PostgreSQL
 * (tsvector): run this file on both. Whole words (a prefix only with a trailing star), the
 * engines' English stemming, quoted phrases, OR, a leading minus; highlighting of what the
 * index matched, and only that.
 */
async function world() {
  const provider = await researchProvider('Oak Street Research', 'independent')
  const group = await themeGroup('Macro')
  const theme = await researchTheme('Policy', group)
  const team = await researchTeam()
  const viewer = await researchMember(team)
  const note = (title: string, body: string, day: number) =>
    researchDocument({
      provider,
      title,
      abstract: `Note ${day}.`,
      body,
      publishedAt: `2024-03-${String(day).padStart(2, '0')}T09:00:00Z`,
      themes: [{ id: theme.id }],
    })
  const docs = {
    ai: await note('AI spending plans', 'Model training budgets keep growing.', 1),
    aircraft: await note('Aircraft orders', 'Airlines aim to renew their fleets.', 2),
    fed: await note('The Fed holds', 'Policy makers wait for the data.', 3),
    federal: await note('Federal budget outlook', 'Fiscal deficits widen.', 4),
    ecb: await note(
      'ECB cuts its deposit rate',
      'A rate cut in June, and cutting rates again later. The S&P 500 suggests policy stress is low.',
      5
    ),
    both: await note('Fed and ECB diverge', 'Two central banks, two paths.', 6),
    inflation: await note(
      'Inflation persists',
      'The rate of services inflation will not cut itself.',
      7
    ),
    sp: await note('S&P 500 earnings season', 'Strategists see upside.', 8),
    us: await note('US dollar strength', 'The greenback rallies.', 9),
    usd: await note('Dollar hedging costs', 'USD funding costs rise for investors.', 10),
    use: await note('How investors use options', 'Hedges are used more.', 11),
  }
  return { viewer, docs }
}

function search(client: ApiClient, user: User, searchTerm: string, sort?: string) {
  return client
    .post('/api/trending-themes/research-documents')
    .loginAs(user)
    .withCsrfToken()
    .json({ page: 1, isAnyFilterApplied: true, filters: { searchTerm }, sort })
}

type Row = { id: number; highlight: { title: string; extract: string } | null }

const rowsOf = (response: { body: () => any }) => response.body().researchDocuments as Row[]

/** The words marked in a highlighted text, lower case. */
const markedWords = (text: string) =>
  highlightParts(text)
    .filter((part) => part.match)
    .flatMap((part) => part.text.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter(Boolean)

test.group('Research search › what a search means (SQLite and PostgreSQL alike)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a word is a whole word; a prefix only with a trailing star', async ({ client, assert }) => {
    const { viewer, docs } = await world()
    const found = async (term: string) =>
      rowsOf(await search(client, viewer, term))
        .map((row) => row.id)
        .sort((a, b) => a - b)
    assert.deepEqual(await found('AI'), [docs.ai.id])
    assert.deepEqual(
      await found('ai*'),
      [docs.ai.id, docs.aircraft.id].sort((a, b) => a - b)
    )
    assert.deepEqual(
      await found('Fed'),
      [docs.fed.id, docs.both.id].sort((a, b) => a - b)
    )
    assert.deepEqual(
      await found('fed*'),
      [docs.fed.id, docs.federal.id, docs.both.id].sort((a, b) => a - b)
    )
    // Not "USD", nor "use" or "used" (which the Porter stemmer reduces to "us").
    assert.deepEqual(await found('US'), [docs.us.id])
    assert.deepEqual(await found('US dollar'), [docs.us.id])
    const best = await search(client, viewer, 'us', 'relevance')
    assert.deepEqual(
      rowsOf(best).map((row) => row.id),
      [docs.us.id]
    )
    // Stemming: "cutting" finds "cut" and "cuts"; "rates" finds "rate"; "cut" finds "cuts".
    assert.deepEqual(await found('cut deposit'), [docs.ecb.id])
    assert.deepEqual(
      await found('cutting rates'),
      [docs.ecb.id, docs.inflation.id].sort((a, b) => a - b)
    )
    // A derived form the stemmers keep apart: "inflationary" finds "inflation".
    assert.deepEqual(await found('inflationary'), [docs.inflation.id])
  })

  test('quoted phrases, punctuated words, OR and a leading minus', async ({ client, assert }) => {
    const { viewer, docs } = await world()
    const found = async (term: string) =>
      rowsOf(await search(client, viewer, term))
        .map((row) => row.id)
        .sort((a, b) => a - b)
    const sorted = (...ids: number[]) => ids.sort((a, b) => a - b)
    assert.deepEqual(await found('rate cut'), sorted(docs.ecb.id, docs.inflation.id))
    assert.deepEqual(await found('"rate cut"'), [docs.ecb.id])
    assert.deepEqual(await found('S&P 500'), sorted(docs.ecb.id, docs.sp.id))
    // OR finds either: more than one of them alone, never fewer.
    assert.deepEqual(await found('fed OR ecb'), sorted(docs.fed.id, docs.ecb.id, docs.both.id))
    assert.deepEqual(await found('fed | ecb diverge'), [docs.both.id])
    // A leading minus leaves out; alone, it lists everything else.
    assert.deepEqual(await found('ecb -fed'), [docs.ecb.id])
    assert.deepEqual(await found('ecb -"deposit rate"'), [docs.both.id])
    const without = await search(client, viewer, '-fed -ecb')
    assert.equal(without.body().total, 8)
    assert.notInclude(
      rowsOf(without).map((row) => row.id),
      docs.fed.id
    )
    // A hyphen inside a word is no minus; punctuation alone searches nothing.
    const nothing = await search(client, viewer, '& -- "" *')
    assert.equal(nothing.body().total, 11)
    // Best match with only exclusions is newest first, not an error.
    const ranked = await search(client, viewer, '-fed', 'relevance')
    ranked.assertStatus(200)
    assert.equal(rowsOf(ranked)[0].id, docs.use.id)
  })

  test('what is marked is what the index matched, stemmed forms included', async ({
    client,
    assert,
  }) => {
    const { viewer, docs } = await world()
    const rowFor = async (term: string, id: number) =>
      rowsOf(await search(client, viewer, term)).find((row) => row.id === id)!
    // "S&P 500": S, P and 500 are marked, not every word starting with s or p.
    const sp = await rowFor('S&P 500', docs.ecb.id)
    assert.sameMembers([...new Set(markedWords(sp.highlight!.extract))], ['s', 'p', '500'])
    assert.include(sp.highlight!.extract, 'suggests')
    // "cutting rates": "cuts", "cut", "cutting", "rate" and "rates" are marked.
    const cutting = await rowFor('cutting rates', docs.ecb.id)
    assert.sameMembers(markedWords(cutting.highlight!.title), ['cuts', 'rate'])
    assert.includeMembers(markedWords(cutting.highlight!.extract), ['cut', 'cutting', 'rates'])
    // "AI": the title's AI, not "aircraft" nor "aim".
    const ai = await rowFor('ai', docs.ai.id)
    assert.deepEqual(markedWords(ai.highlight!.title), ['ai'])
    // A prefix marks the words it found.
    const prefix = await rowFor('infla*', docs.inflation.id)
    assert.deepEqual(markedWords(prefix.highlight!.title), ['inflation'])
    // Exclusions mark nothing.
    const excluded = rowsOf(await search(client, viewer, '-fed'))
    assert.isTrue(excluded.every((row) => row.highlight === null))
  })
})
