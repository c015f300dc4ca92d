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

/*
 * The theme tree with the documents each team may read (7 days, 30 days, all, to the latest
 * document), stars and My themes' unread counts; research requests.
 */
async function themesWorld() {
  const atlas = await researchProvider('Atlas', 'independent')
  const cedar = await researchProvider('Cedar', 'regional_broker')
  const macro = await themeGroup('Macro')
  const rates = await themeGroup('Rates', macro)
  const inflation = await researchTheme('Inflation', rates)
  const growth = await researchTheme('Growth', macro)
  const latest = '2024-12-20'
  const recent = await researchDocument({
    provider: atlas,
    title: 'Recent inflation',
    publishedAt: daysBefore(latest, 0),
    themes: [inflation, growth],
  })
  await researchDocument({
    provider: atlas,
    title: 'Inflation, three weeks ago',
    publishedAt: daysBefore(latest, 21),
    themes: [inflation],
  })
  await researchDocument({
    provider: atlas,
    title: 'Inflation last year',
    publishedAt: daysBefore(latest, 400),
    themes: [inflation],
  })
  // For Cedar's subscribers only: not counted for this team.
  await researchDocument({
    provider: cedar,
    title: 'Private inflation',
    publishedAt: daysBefore(latest, 1),
    themes: [inflation],
    entitlement: 'paid_provider_only',
  })
  const team = await researchTeam()
  const member = await researchMember(team)
  return { groups: { macro, rates }, themes: { inflation, growth }, member, recent }
}

const sqlTime = (iso: string) =>
  DateTime.fromISO(iso, { zone: 'utc' }).toFormat(db.connection().dialect.dateTimeFormat)

/** A theme's node in a tree of groups. */
function themeNode(groups: any[], themeId: number): any {
  for (const group of groups) {
    const found =
      group.themes.find((theme: { id: number }) => theme.id === themeId) ??
      themeNode(group.children, themeId)
    if (found) return found
  }
  return undefined
}

test.group('Research themes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the tree: groups, child groups and themes with the counts the team may read', async ({
    client,
    assert,
  }) => {
    const { groups, themes, member } = await themesWorld()
    const response = await client.get('/api/trending-themes/all-theme-groups').loginAs(member)
    response.assertStatus(200)
    const macro = response.body().themeGroups.find((node: any) => node.id === groups.macro)
    assert.deepEqual(macro.themes, [
      {
        id: themes.growth.id,
        name: themes.growth.name,
        is_starred: false,
        documentCount7d: 1,
        documentCount30d: 1,
        documentCount: 1,
      },
    ])
    assert.deepEqual(macro.children[0].id, groups.rates)
    assert.containsSubset(macro.children[0].themes[0], {
      id: themes.inflation.id,
      documentCount7d: 1,
      documentCount30d: 2,
      documentCount: 3,
    })
    const page = await client.get('/research-discovery/themes').loginAs(member).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('research/themes')
    assert.equal((page.inertiaProps as any).mode, 'all')
  })

  test('star, unstar; My themes counts what is new since the theme was starred or the last visit, not opened', async ({
    client,
    assert,
  }) => {
    const { themes, member, recent } = await themesWorld()
    const atlas = await researchProvider('Atlas again', 'independent')
    const star = (path: string, themeId: number) =>
      client.post(path).loginAs(member).withCsrfToken().json({ themeId })
    const starred = await star('/api/trending-themes/starred-themes', themes.inflation.id)
    assert.deepEqual(starred.body(), { themeId: themes.inflation.id, is_starred: true })
    await star('/api/trending-themes/starred-themes', themes.inflation.id)
    assert.lengthOf(await db.from('research_starred_themes').where('user_id', member.id), 1)
    // Starred on 1 November: the notes of three weeks ago and of 20 December are new; last
    // year's is history, and Cedar's private note is not the team's to read.
    await db
      .from('research_starred_themes')
      .where('user_id', member.id)
      .update({ starred_at: sqlTime('2024-11-01T00:00:00Z') })
    const api = async () => {
      const response = await client.get('/api/trending-themes/user-theme-groups').loginAs(member)
      return themeNode(response.body().themeGroups, themes.inflation.id)
    }
    const sinceStar = await api()
    assert.containsSubset(sinceStar, { unreadCount: 2, documentCount: 3 })
    assert.equal(Date.parse(sinceStar.unreadSince), Date.parse('2024-11-01T00:00:00Z'))

    // Opening a document makes it read.
    const opened = await client.get(`/research-discovery/research/${recent.id}`).loginAs(member)
    opened.assertStatus(200)
    const afterReading = await api()
    assert.equal(afterReading.unreadCount, 1)

    const visit = async () => {
      const page = await client.get('/research-discovery/my-themes').loginAs(member).withInertia()
      page.assertStatus(200)
      const props = page.inertiaProps as any
      assert.equal(props.mode, 'mine')
      return themeNode(props.groups, themes.inflation.id)
    }
    // The first visit counts since the star.
    const first = await visit()
    assert.equal(first.unreadCount, 1)
    // The last visit was on 10 December: only what was published since is new.
    await db
      .from('research_theme_visits')
      .where('user_id', member.id)
      .update({ visited_at: sqlTime('2024-12-10T00:00:00Z') })
    await researchDocument({
      provider: atlas,
      title: 'Inflation in mid-December',
      publishedAt: '2024-12-15T09:00:00Z',
      themes: [themes.inflation],
    })
    const since = await visit()
    assert.equal(since.unreadCount, 1)
    assert.equal(Date.parse(since.unreadSince), Date.parse('2024-12-10T00:00:00Z'))
    // A reload is the same visit: the counts stay.
    const reload = await visit()
    assert.equal(reload.unreadCount, 1)
    const all = await client.get('/api/trending-themes/user-theme-groups').loginAs(member)
    assert.notInclude(JSON.stringify(all.body()), themes.growth.name)

    await star('/api/trending-themes/starred-themes/destroy', themes.inflation.id)
    const none = await client.get('/api/trending-themes/user-theme-groups').loginAs(member)
    assert.deepEqual(none.body().themeGroups, [])

    const unknown = await star('/api/trending-themes/starred-themes', 99_999_999)
    unknown.assertStatus(404)
  })

  test('providers whose research the team may read', async ({ client, assert }) => {
    const { member } = await themesWorld()
    const response = await client.get('/api/trending-themes/providers').loginAs(member)
    assert.deepEqual(
      response.body().providers.map((provider: { name: string }) => provider.name),
      ['Atlas']
    )
  })
})

test.group('Research requests', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const valid = (themeIds: number[]) => ({
    topic: 'Japan reflation and the yen',
    description: 'How far can the BoJ normalise before the yen carry trade unwinds again?',
    assetClass: 'fx',
    region: 'japan',
    themeIds,
    neededBy: DateTime.utc().plus({ days: 14 }).toISODate(),
  })

  test('a request gets a reference; the requester sees it with its status, nobody else does', async ({
    client,
    assert,
  }) => {
    const { themes, member } = await themesWorld()
    const response = await client
      .post('/research-discovery/requests')
      .loginAs(member)
      .withCsrfToken()
      .json(valid([themes.inflation.id]))
      .redirects(0)
    response.assertStatus(302)
    const year = DateTime.utc().year
    response.assertFlashMessage(
      'success',
      `Request RR-${year}-0001 sent. The research team answers within 3 business days.`
    )
    const page = await client.get('/research-discovery/requests').loginAs(member).withInertia()
    const requests = (page.inertiaProps as any).requests
    assert.lengthOf(requests, 1)
    assert.containsSubset(requests[0], {
      reference: `RR-${year}-0001`,
      status: 'submitted',
      statusLabel: 'Submitted',
      assetClass: 'FX',
      region: 'Japan',
      themes: [{ id: themes.inflation.id, name: themes.inflation.name }],
    })
    const colleague = await researchMember(await researchTeam())
    const theirs = await client.get('/research-discovery/requests').loginAs(colleague).withInertia()
    assert.lengthOf((theirs.inertiaProps as any).requests, 0)
  })

  test('refused with the field, nothing written: short description, past or far date, unknown theme, bad choice', async ({
    client,
    assert,
  }) => {
    const { member } = await themesWorld()
    const cases: [Record<string, unknown>, string][] = [
      [{ description: 'Too short' }, 'description'],
      [{ neededBy: '2020-01-01' }, 'neededBy'],
      [{ neededBy: DateTime.utc().plus({ years: 2 }).toISODate() }, 'neededBy'],
      [{ neededBy: '2025-02-30' }, 'neededBy'],
      [{ themeIds: [99_999_999] }, 'themeIds'],
      [{ assetClass: 'crypto' }, 'assetClass'],
      [{ region: 'mars' }, 'region'],
      [{ topic: 'x'.repeat(161) }, 'topic'],
    ]
    for (const [change, field] of cases) {
      const response = await client
        .post('/research-discovery/requests')
        .loginAs(member)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json({ ...valid([]), ...change })
      assert.equal(response.status(), 422, JSON.stringify(change))
      assert.include(
        response.body().errors.map((error: { field: string }) => error.field),
        field,
        JSON.stringify(change)
      )
    }
    const count = await db.from('research_requests').count('* as n').first()
    assert.equal(Number(count!.n), 0)
  })
})
