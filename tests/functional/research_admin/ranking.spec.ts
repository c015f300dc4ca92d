import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import { postJson as post } from '#tests/helpers/providers'
import {
  daysBefore,
  researchDocument,
  researchMember,
  researchTeam,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'
import { computeTrendingSnapshot } from '#services/research/trending'
import { sendWeeklyDigests } from '#services/research/digest'
import { applyOverrides } from '#services/research/trending_overrides'
import WeeklyDigestMail from '#mails/weekly_digest_mail'
import type { RankingRow, RankingWeek } from '#shared/research_ranking'

/*
 * Theme ranking administration (`themeRanking`). Week 1 ends 2024-12-02, week 2 a week later.
 *
 * - Week 1: Tariffs and Oil from 3 providers, one note each (score 3 each; Tariffs first by id).
 * - Week 2: Tariffs from Atlas (4 notes, relevance 1 each: 4 × 1/√4 = 2) plus Birch and Cedar
 *   (1 each): 4; Oil from 4 providers: 4; Gold from Cedar, Delta, Elm: 3; Copper from Atlas and
 *   Birch only (2 providers: not ranked). Ranks: Tariffs 1, Oil 2, Gold 3.
 */
const PAGE = '/admin/research-discovery/theme-ranking'
const WEEK1 = '2024-12-02'
const WEEK2 = '2024-12-09'

async function rankingWorld() {
  const names = ['Atlas', 'Birch', 'Cedar', 'Delta', 'Elm']
  const providers = []
  for (const name of names) providers.push(await researchProvider(name, 'independent'))
  const [atlas, birch, cedar, delta, elm] = providers
  const group = await themeGroup('Macro')
  const tariffs = await researchTheme('Tariffs', group)
  const oil = await researchTheme('Oil supply', group)
  const gold = await researchTheme('Gold', group)
  const copper = await researchTheme('Copper', group)
  const note = (provider: { id: number }, theme: { id: number }, weekEnd: string, day = 2) =>
    researchDocument({
      provider,
      title: `Note ${theme.id} ${provider.id} ${weekEnd} ${day}`,
      publishedAt: daysBefore(weekEnd, day),
      themes: [theme],
    })
  for (const provider of [atlas, birch, cedar]) await note(provider, tariffs, WEEK1)
  for (const provider of [atlas, delta, elm]) await note(provider, oil, WEEK1)
  for (const day of [1, 2, 3, 4]) await note(atlas, tariffs, WEEK2, day)
  for (const provider of [birch, cedar]) await note(provider, tariffs, WEEK2)
  for (const provider of [atlas, birch, delta, elm]) await note(provider, oil, WEEK2)
  for (const provider of [cedar, delta, elm]) await note(provider, gold, WEEK2)
  for (const provider of [atlas, birch]) await note(provider, copper, WEEK2)
  await computeTrendingSnapshot(DateTime.fromISO(WEEK1, { zone: 'utc' }))
  await computeTrendingSnapshot(DateTime.fromISO(WEEK2, { zone: 'utc' }))
  const editor = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
  const team = await researchTeam()
  const member = await researchMember(team)
  return { editor, member, themes: { tariffs, oil, gold, copper }, providers: { atlas } }
}

type Page = {
  weeks: { value: string; published: boolean }[]
  week: RankingWeek
  rows: RankingRow[]
}

async function pageOf(client: any, user: any, week = WEEK2) {
  const response = await client.get(`${PAGE}?week=${week}`).loginAs(user).withInertia()
  response.assertStatus(200)
  return response.inertiaProps as Page
}

async function clientOrder(client: any, member: any) {
  const response = await client.get('/api/trending-themes').loginAs(member)
  response.assertStatus(200)
  return (response.body().trendingThemes as any[]).map((theme) => [
    theme.theme_id,
    theme.rank,
    theme.editorsPick,
  ])
}

async function expectStatus(request: PromiseLike<any>, status: number) {
  const response = await request
  response.assertStatus(status)
  return response
}

const overrideCount = async () =>
  Number((await db.from('research_trending_overrides').count('* as n').first())!.n)

test.group('Theme ranking administration', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the week’s breakdown equals the stored figures: score, documents, providers, damping per provider, movement', async ({
    client,
    assert,
  }) => {
    const { editor, themes, providers } = await rankingWorld()
    const page = await pageOf(client, editor)
    assert.deepEqual(
      page.weeks.map((week) => [week.value, week.published]),
      [
        [WEEK2, true],
        [WEEK1, true],
      ]
    )
    const snapshot = await db
      .from('research_trending_snapshots')
      .where('period_end', db.from('research_trending_snapshots').max('period_end'))
      .firstOrFail()
    const stored = await db.from('research_trending_entries').where('snapshot_id', snapshot.id)
    assert.lengthOf(page.rows, stored.length)
    for (const entry of stored) {
      const row = page.rows.find((candidate) => candidate.themeId === Number(entry.theme_id))!
      assert.equal(row.score, Number(entry.score))
      assert.equal(row.documentCount, Number(entry.document_count))
      assert.equal(row.providerCount, Number(entry.provider_count))
      assert.equal(row.rank, entry.rank === null ? null : Number(entry.rank))
      assert.equal(row.recomputedScore, row.score)
      assert.equal(
        row.providers.reduce((sum, provider) => sum + provider.documents, 0),
        row.documentCount
      )
    }
    const tariffs = page.rows.find((row) => row.themeId === themes.tariffs.id)!
    assert.deepInclude(tariffs.providers[0], {
      provider: providers.atlas.name,
      documents: 4,
      relevance: 4,
      damping: 0.5,
      contribution: 2,
    })
    assert.equal(tariffs.score, 4)
    assert.deepEqual(tariffs.movement, { kind: 'same' })
    const oil = page.rows.find((row) => row.themeId === themes.oil.id)!
    assert.deepEqual(oil.movement, { kind: 'same' })
    const gold = page.rows.find((row) => row.themeId === themes.gold.id)!
    assert.deepEqual(gold.movement, { kind: 'new' })
    const copper = page.rows.find((row) => row.themeId === themes.copper.id)!
    assert.isNull(copper.rank)
    assert.isNull(copper.previewRank)
    assert.equal(copper.providerCount, 2)
    // Untouched: published as computed by the job.
    assert.isFalse(page.week.hasUnpublishedChanges)
    assert.isNull(page.week.publication!.by)
    assert.deepEqual(
      page.rows.slice(0, 3).map((row) => [row.themeId, row.publishedRank]),
      [
        [themes.tariffs.id, 1],
        [themes.oil.id, 2],
        [themes.gold.id, 3],
      ]
    )
  })

  test('pin, hide and move need a note; unknown theme or week refused; nothing stored on refusal', async ({
    client,
    assert,
  }) => {
    const { editor, themes } = await rankingWorld()
    const base = { week: WEEK2, themeId: themes.gold.id, kind: 'pin', position: 1 }
    for (const kind of ['pin', 'move', 'hide']) {
      const response = await post(client, editor, `${PAGE}/overrides`, { ...base, kind })
      response.assertStatus(422)
      assert.include(JSON.stringify(response.body()), 'Write a note saying why')
      const blank = await post(client, editor, `${PAGE}/overrides`, { ...base, kind, note: '  ' })
      blank.assertStatus(422)
    }
    const noPosition = await post(client, editor, `${PAGE}/overrides`, {
      ...base,
      position: null,
      note: 'Gold is the story',
    })
    noPosition.assertStatus(422)
    assert.include(JSON.stringify(noPosition.body()), 'Enter the position')
    const unknownWeek = await post(client, editor, `${PAGE}/overrides`, {
      ...base,
      week: '2024-12-05',
      note: 'Gold is the story',
    })
    unknownWeek.assertStatus(422)
    assert.include(JSON.stringify(unknownWeek.body()), 'This week has no computed ranking')
    const otherTheme = await researchTheme('Never written on', await themeGroup('Other'))
    const unknownTheme = await post(client, editor, `${PAGE}/overrides`, {
      ...base,
      themeId: otherTheme.id,
      note: 'Gold is the story',
    })
    unknownTheme.assertStatus(422)
    assert.include(JSON.stringify(unknownTheme.body()), 'not in the week’s ranking')
    const badKind = await post(client, editor, `${PAGE}/overrides`, {
      ...base,
      kind: 'promote',
      note: 'Gold is the story',
    })
    badKind.assertStatus(422)
    const unknownPublish = await post(client, editor, `${PAGE}/publish`, { week: '2023-01-02' })
    unknownPublish.assertStatus(422)
    assert.equal(await overrideCount(), 0)
    assert.equal(
      Number(
        (await db
          .from('audit_logs')
          .where('entity_type', 'like', 'research_trending%')
          .count('* as n')
          .first())!.n
      ),
      0
    )

    const saved = await post(client, editor, `${PAGE}/overrides`, {
      ...base,
      note: 'Gold is the story',
    })
    saved.assertStatus(200)
    assert.equal(await overrideCount(), 1)
    // A second change of the same theme replaces it.
    const replaced = await post(client, editor, `${PAGE}/overrides`, {
      ...base,
      kind: 'move',
      position: 2,
      note: 'Second thoughts',
    })
    replaced.assertStatus(200)
    const [row] = await db.from('research_trending_overrides')
    assert.deepInclude(row, { kind: 'move', note: 'Second thoughts' })
    assert.equal(Number(row.position), 2)
    const removal = await post(client, editor, `${PAGE}/overrides/${row.id}/destroy`, {})
    removal.assertStatus(422)
    const removed = await post(client, editor, `${PAGE}/overrides/${row.id}/destroy`, {
      note: 'Back to the scores',
    })
    removed.assertStatus(200)
    assert.equal(await overrideCount(), 0)
    await expectStatus(
      post(client, editor, `${PAGE}/overrides/999999/destroy`, { note: 'Gone' }),
      404
    )
    await expectStatus(client.get(`${PAGE}?week=2024-12-05`).loginAs(editor), 404)
  })

  test('unpublished edits are not seen by clients; publishing shows the edited order with Editor’s pick, hidden themes gone from the page and the digest; audited', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { editor, member, themes } = await rankingWorld()
    const computed = [
      [themes.tariffs.id, 1, false],
      [themes.oil.id, 2, false],
      [themes.gold.id, 3, false],
    ]
    assert.deepEqual(await clientOrder(client, member), computed)

    await expectStatus(
      post(client, editor, `${PAGE}/overrides`, {
        week: WEEK2,
        themeId: themes.gold.id,
        kind: 'pin',
        position: 1,
        note: 'Gold is the story of the week',
      }),
      200
    )
    await expectStatus(
      post(client, editor, `${PAGE}/overrides`, {
        week: WEEK2,
        themeId: themes.oil.id,
        kind: 'hide',
        note: 'Duplicate of Energy',
      }),
      200
    )
    await expectStatus(
      post(client, editor, `${PAGE}/overrides`, {
        week: WEEK2,
        themeId: themes.copper.id,
        kind: 'move',
        position: 2,
        note: 'Worth a look though only two providers',
      }),
      200
    )

    // Preview on the page; clients still see the computed ranking.
    const page = await pageOf(client, editor)
    assert.isTrue(page.week.hasUnpublishedChanges)
    assert.deepEqual(
      page.rows
        .filter((row) => row.previewRank !== null)
        .map((row) => [row.themeId, row.previewRank, row.previewPick]),
      [
        [themes.gold.id, 1, true],
        [themes.tariffs.id, 2, false],
        [themes.copper.id, 3, false],
      ]
    )
    assert.deepEqual(await clientOrder(client, member), computed)

    const published = await post(client, editor, `${PAGE}/publish`, { week: WEEK2 })
    published.assertStatus(200)
    const after = [
      [themes.gold.id, 1, true],
      [themes.tariffs.id, 2, false],
      [themes.copper.id, 3, false],
    ]
    assert.deepEqual(await clientOrder(client, member), after)
    const movements = await client.get('/api/trending-themes/movements').loginAs(member)
    assert.notInclude(
      movements.body().movements.map((row: any) => row.theme_id),
      themes.oil.id
    )
    const html = await client.get('/research-discovery/trending-themes').loginAs(member)
    html.assertStatus(200)
    const republished = await pageOf(client, editor)
    assert.isFalse(republished.week.hasUnpublishedChanges)
    assert.equal(republished.week.publication!.by, 'Test User')
    assert.equal(republished.week.publication!.overrideCount, 3)

    // The digest of the week: the published order, the pick flagged, the hidden theme absent.
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    await db.table('email_subscriptions').insert({
      user_id: member.id,
      subscription: 'weekly_digest',
      created_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
    })
    await sendWeeklyDigests({ asOf: DateTime.fromISO(WEEK2, { zone: 'utc' }), email: member.email })
    const [sent] = mails.sent() as WeeklyDigestMail[]
    assert.instanceOf(sent, WeeklyDigestMail)
    await sent.buildWithContents()
    const message = sent.message.toJSON().message
    for (const body of [String(message.html), String(message.text)]) {
      assert.include(body, themes.gold.name)
      assert.include(body, 'Editor')
      assert.notInclude(body, themes.oil.name)
      assert.isBelow(body.indexOf(themes.gold.name), body.indexOf(themes.tariffs.name))
    }

    // A later edit stays unpublished: clients keep the published order.
    const [gold] = await db
      .from('research_trending_overrides')
      .where('theme_id', themes.gold.id)
      .select('id')
    await expectStatus(
      post(client, editor, `${PAGE}/overrides/${gold.id}/destroy`, { note: 'Enough gold' }),
      200
    )
    assert.deepEqual(await clientOrder(client, member), after)

    const trail = await db
      .from('audit_logs')
      .where('entity_type', 'like', 'research_trending%')
      .orderBy('id')
      .select('entity_type', 'action', 'summary', 'user_id', 'after')
    assert.deepEqual(
      trail.map((entry) => [entry.entity_type, entry.action]),
      [
        ['research_trending_override', 'create'],
        ['research_trending_override', 'create'],
        ['research_trending_override', 'create'],
        ['research_trending_publication', 'create'],
        ['research_trending_override', 'delete'],
      ]
    )
    assert.isTrue(trail.every((entry) => Number(entry.user_id) === editor.id))
    assert.include(trail[0].summary, `pin ${themes.gold.name} to position 1`)
    assert.include(trail[1].summary, `hide ${themes.oil.name}`)
    assert.include(trail[3].summary, 'Published the theme ranking 2 Dec – 8 Dec 2024 (3 overrides)')
    assert.include(String(trail[0].after), 'Gold is the story of the week')
  })

  test('a week no editor published stays away from clients: they keep the last published week', async ({
    client,
    assert,
  }) => {
    const { editor, member, themes } = await rankingWorld()
    await expectStatus(
      post(client, editor, `${PAGE}/overrides`, {
        week: WEEK2,
        themeId: themes.gold.id,
        kind: 'pin',
        position: 1,
        note: 'Gold first',
      }),
      200
    )
    // Week 2 recomputed after an editor touched it: not republished by the job, and its
    // publication withdrawn here to stand for a week computed, edited and not published yet.
    await computeTrendingSnapshot(DateTime.fromISO(WEEK2, { zone: 'utc' }))
    await db
      .from('research_trending_publications')
      .where('period_end', db.from('research_trending_snapshots').max('period_end'))
      .delete()
    const latest = await client.get('/api/trending-themes').loginAs(member)
    const body = latest.body()
    assert.deepEqual(body.period, {
      start: '2024-11-25T00:00:00.000Z',
      end: '2024-12-02T00:00:00.000Z',
    })
    assert.deepEqual(
      body.trendingThemes.map((theme: any) => theme.theme_id),
      [themes.tariffs.id, themes.oil.id]
    )
    const page = await pageOf(client, editor)
    assert.isNull(page.week.publication)
    assert.equal(page.week.clientWeek, WEEK1)
    await expectStatus(post(client, editor, `${PAGE}/publish`, { week: WEEK2 }), 200)
    assert.deepEqual(await clientOrder(client, member), [
      [themes.gold.id, 1, true],
      [themes.tariffs.id, 2, false],
      [themes.oil.id, 3, false],
    ])
  })

  test('only administrators holding the research discovery permission', async ({ client }) => {
    const { member, themes } = await rankingWorld()
    const clientServices = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    for (const user of [member, clientServices]) {
      await expectStatus(client.get(PAGE).loginAs(user), 403)
      await expectStatus(
        post(client, user, `${PAGE}/overrides`, {
          week: WEEK2,
          themeId: themes.gold.id,
          kind: 'hide',
          note: 'Not allowed',
        }),
        403
      )
      await expectStatus(post(client, user, `${PAGE}/publish`, { week: WEEK2 }), 403)
    }
    const anonymous = await client.get(PAGE)
    anonymous.assertRedirectsTo('/login')
  })
})

test.group('Theme ranking overrides (pure)', () => {
  const computed = [
    { themeId: 1, rank: 1 },
    { themeId: 2, rank: 2 },
    { themeId: 3, rank: 3 },
    { themeId: 4, rank: null },
  ]
  test('a pin at the place the theme already holds is no Editor’s pick; moves give way to pins', ({
    assert,
  }) => {
    assert.deepEqual(applyOverrides(computed, [{ themeId: 1, kind: 'pin', position: 1 }]), [
      { themeId: 1, rank: 1, editorsPick: false },
      { themeId: 2, rank: 2, editorsPick: false },
      { themeId: 3, rank: 3, editorsPick: false },
    ])
    assert.deepEqual(
      applyOverrides(computed, [
        { themeId: 3, kind: 'move', position: 1 },
        { themeId: 2, kind: 'pin', position: 1 },
        { themeId: 4, kind: 'pin', position: 9 },
        { themeId: 1, kind: 'hide', position: null },
      ]),
      [
        { themeId: 2, rank: 1, editorsPick: true },
        { themeId: 3, rank: 2, editorsPick: false },
        { themeId: 4, rank: 3, editorsPick: true },
      ]
    )
  })
})
