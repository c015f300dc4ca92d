import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { researchProvider } from '#tests/helpers/rsa'
import {
  daysBefore,
  researchDocument,
  researchMember,
  researchTeam,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'
import { digestFor, digestWeek } from '#services/research/digest'
import { discardPendingUsage, flushUsage } from '#services/research/usage'

/*
 * What the research discovery analytics reads besides reads: the searches clients run (with
 * what they found) and the digest links they follow (with the digest's week).
 */

async function searchWorld() {
  const provider = await researchProvider('Atlas Research', 'independent')
  const group = await themeGroup('Macro')
  const theme = await researchTheme('Inflation', group)
  const today = DateTime.utc().toISODate()!
  for (let index = 0; index < 3; index++) {
    await researchDocument({
      provider,
      title: `Inflation outlook ${index}`,
      abstract: 'Where inflation goes next.',
      publishedAt: daysBefore(today, 2 + index),
      themes: [theme],
    })
  }
  const team = await researchTeam()
  const member = await researchMember(team)
  return { team, member, theme, provider, today }
}

/** What was recorded: the waiting rows written first (the request does not wait for them). */
async function searches() {
  await flushUsage()
  return db
    .from('research_searches')
    .orderBy('id')
    .select('user_id', 'team_id', 'term', 'result_count')
}

async function clicks() {
  await flushUsage()
  return db
    .from('research_digest_clicks')
    .orderBy('id')
    .select('user_id', 'week', 'target', 'document_id')
}

test.group('Research analytics recording: searches', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => discardPendingUsage())

  test('a text search on All research or My research is recorded once with its result count', async ({
    client,
    assert,
  }) => {
    const { team, member } = await searchWorld()
    const found = await client
      .get('/research-discovery/research?searchTerm=%20inflation%20%20outlook%20')
      .loginAs(member)
      .withInertia()
    found.assertStatus(200)
    const total = (found.inertiaProps as { result: { total: number } }).result.total
    assert.equal(total, 3)
    const nothing = await client
      .get('/research-discovery/research?searchTerm=zzyzx')
      .loginAs(member)
      .withInertia()
    nothing.assertStatus(200)
    await client.get('/research-discovery/my-research?searchTerm=inflation').loginAs(member)
    assert.deepEqual(await searches(), [
      { user_id: member.id, team_id: team.id, term: 'inflation outlook', result_count: 3 },
      { user_id: member.id, team_id: team.id, term: 'zzyzx', result_count: 0 },
      // My research holds nothing of this reader's yet.
      { user_id: member.id, team_id: team.id, term: 'inflation', result_count: 0 },
    ])
  })

  test('browsing without a search term, or turning a search’s pages, records nothing', async ({
    client,
    assert,
  }) => {
    const { member, theme } = await searchWorld()
    for (const url of [
      '/research-discovery/research',
      `/research-discovery/research?themeIds=${theme.id}`,
      '/research-discovery/research?searchTerm=inflation&page=2',
      '/research-discovery/research?searchTerm=%20%20',
    ]) {
      const response = await client.get(url).loginAs(member).withInertia()
      response.assertStatus(200)
    }
    assert.deepEqual(await searches(), [])
  })
})

test.group('Research analytics recording: digest clicks', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => discardPendingUsage())

  test('every digest link names the digest’s week, and following one records the click (and the read as from the digest)', async ({
    client,
    assert,
  }) => {
    const { team, member, theme } = await searchWorld()
    await db.table('research_starred_themes').insert({
      user_id: member.id,
      theme_id: theme.id,
      starred_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
    })
    const asOf = DateTime.utc()
    const week = digestWeek(asOf).key
    const digest = await digestFor(
      { id: member.id, name: member.name, email: member.email, teamIds: [team.id] },
      asOf
    )
    assert.isNotNull(digest)
    assert.isAbove(digest!.documents.length, 0)
    for (const url of [digest!.trendingUrl, ...digest!.documents.map((entry) => entry.url)]) {
      assert.equal(new URL(url).searchParams.get('digest'), week, url)
    }

    // The reader follows the first document's link (its team is already the current one).
    const link = new URL(digest!.documents[0].url)
    link.searchParams.delete('team')
    const documentId = Number(link.pathname.split('/').pop())
    const opened = await client.get(`${link.pathname}${link.search}`).loginAs(member).withInertia()
    opened.assertStatus(200)
    const trending = await client
      .get(`/research-discovery/trending-themes?digest=${week}`)
      .loginAs(member)
      .withInertia()
    trending.assertStatus(200)
    const themeLink = await client
      .get(`/research-discovery/research?themeIds=${theme.id}&digest=${week}`)
      .loginAs(member)
      .withInertia()
    themeLink.assertStatus(200)

    assert.deepEqual(await clicks(), [
      { user_id: member.id, week, target: 'document', document_id: documentId },
      { user_id: member.id, week, target: 'trending', document_id: null },
      { user_id: member.id, week, target: 'theme', document_id: null },
    ])
    const read = await db
      .from('research_read_events')
      .where({ user_id: member.id, document_id: documentId })
      .select('channel')
    assert.deepEqual(
      read.map((row) => row.channel),
      ['digest']
    )
  })

  test('a visit without a digest week, or with one not written as a week, records no click', async ({
    client,
    assert,
  }) => {
    const { member, theme } = await searchWorld()
    const [document] = await db.from('research_documents').select('id').limit(1)
    for (const url of [
      `/research-discovery/research/${document.id}`,
      `/research-discovery/research/${document.id}?digest=2026-W99`,
      `/research-discovery/research/${document.id}?digest[]=2026-W10`,
      '/research-discovery/trending-themes?digest=last-week',
      `/research-discovery/research?themeIds=${theme.id}&digest=2026-W1`,
      // My research is no digest link's page.
      '/research-discovery/my-research?digest=2026-W10',
    ]) {
      const response = await client.get(url).loginAs(member).withInertia()
      response.assertStatus(200)
    }
    assert.deepEqual(await clicks(), [])
    const channels = await db
      .from('research_read_events')
      .where('user_id', member.id)
      .select('channel')
    assert.deepEqual(
      channels.map((row) => row.channel),
      ['web', 'web', 'web']
    )
  })
})
