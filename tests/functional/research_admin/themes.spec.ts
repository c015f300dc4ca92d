import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeUser } from '#tests/helpers/accounts'
import { postJson as post } from '#tests/helpers/providers'
import { researchProvider } from '#tests/helpers/rsa'
import {
  researchDocument,
  researchMember,
  researchTeam,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'
import type { ThemeAdminProps } from '#shared/research_themes_admin'

/*
 * Theme management (`themeManagement`): the group tree and the themes' names, synonyms and
 * retirement; who may use it; what every write leaves in the audit trail. Merges:
 * themes_merge.spec.ts.
 */
const PAGE = '/admin/research-discovery/themes'

const editor = () => makeUser({ isAdministrator: true, roles: ['Research administrator'] })

const errorsOf = (response: { body: () => any }) =>
  Object.fromEntries(
    (response.body().errors as { field: string; message: string }[]).map((error) => [
      error.field,
      error.message,
    ])
  )

async function count(table: string) {
  const row = await db.from(table).count('* as n').firstOrFail()
  return Number(row.n)
}

const auditsOf = (entityType: string, entityId: number) =>
  db
    .from('audit_logs')
    .where({ entity_type: entityType, entity_id: entityId })
    .orderBy('id')
    .select('user_id', 'action', 'summary', 'before', 'after')

async function pageOf(client: any, user: any) {
  const response = await client.get(PAGE).loginAs(user).withInertia()
  response.assertStatus(200)
  response.assertInertiaComponent('admin/research/themes')
  return response.inertiaProps as ThemeAdminProps
}

/** Macro (Monetary policy (Rates), Fiscal), Equities: three levels to move groups across. */
async function treeWorld() {
  const macro = await themeGroup('Macro')
  const monetary = await themeGroup('Monetary policy', macro)
  const rates = await themeGroup('Rates', monetary)
  const fiscal = await themeGroup('Fiscal', macro)
  const equities = await themeGroup('Equities')
  const inflation = await researchTheme('Inflation', monetary)
  const tariffs = await researchTheme('Tariffs', fiscal)
  const groupRows = await db.from('research_theme_groups').select('id', 'name')
  const names = Object.fromEntries(groupRows.map((row) => [Number(row.id), String(row.name)]))
  return {
    admin: await editor(),
    groups: { macro, monetary, rates, fiscal, equities },
    names,
    themes: { inflation, tariffs },
  }
}

const themeField = async (id: number, field: 'name' | 'status') => {
  const row = await db.from('research_themes').where('id', id).firstOrFail()
  return row[field]
}

const groupRow = (id: number) =>
  db.from('research_theme_groups').where('id', id).select('name', 'parent_id', 'sort_order').first()

/** Every route of the page, with a path that reaches it. */
function routes() {
  return Object.values(router.toJSON())
    .flat()
    .filter((route) => route.pattern.startsWith(PAGE))
    .map((route) => ({
      name: route.name ?? '',
      method: route.methods.includes('POST') ? 'POST' : 'GET',
      pattern: route.pattern,
    }))
}

test.group('Theme management: who may use it', (suite) => {
  suite.each.setup(() => testUtils.db().withGlobalTransaction())

  test('refuses client users, administrators without the research discovery permission and visitors, on the page and every action; changes nothing', async ({
    client,
    assert,
  }) => {
    const { groups, themes } = await treeWorld()
    const team = await researchTeam()
    const member = await researchMember(team)
    const marketData = await makeUser({
      isAdministrator: true,
      roles: ['Market data administrator'],
    })
    const list = routes()
    assert.includeMembers(
      list.map((route) => route.name),
      [
        'themeManagement',
        'themeManagement.groups.store',
        'themeManagement.groups.rename',
        'themeManagement.groups.move',
        'themeManagement.groups.reorder',
        'themeManagement.store',
        'themeManagement.rename',
        'themeManagement.synonyms.store',
        'themeManagement.synonyms.destroy',
        'themeManagement.merge',
        'themeManagement.retire',
        'themeManagement.restore',
      ]
    )
    const before = {
      audit: await count('audit_logs'),
      groups: await db.from('research_theme_groups').orderBy('id').select('*'),
      themes: await db.from('research_themes').orderBy('id').select('*'),
    }
    const failures: string[] = []
    for (const route of list) {
      const path = route.pattern
        .replace('/groups/:id', `/groups/${groups.fiscal}`)
        .replace(':id', String(themes.inflation.id))
        .replace(':synonymId', '1')
      for (const [who, user] of [
        ['client user', member],
        ['administrator without the permission', marketData],
        ['visitor', null],
      ] as const) {
        const request =
          route.method === 'POST'
            ? client.post(path).withCsrfToken().json({
                name: 'Changed',
                parent_id: null,
                group_id: groups.macro,
                direction: 'up',
                synonym: 'Changed',
                into_id: themes.tariffs.id,
              })
            : client.get(path)
        if (user) request.loginAs(user)
        const response = await request.redirects(0)
        const status = response.status()
        const location = response.header('location') ?? ''
        const refused =
          status === 403 ||
          status === 401 ||
          (status === 302 &&
            (location.startsWith('/login') || location.startsWith('/admin/welcome')))
        if (!refused) failures.push(`${route.method} ${path} as ${who}: ${status} ${location}`)
      }
    }
    assert.deepEqual(failures, [])
    assert.equal(await count('audit_logs'), before.audit)
    assert.deepEqual(
      await db.from('research_theme_groups').orderBy('id').select('*'),
      before.groups
    )
    assert.deepEqual(await db.from('research_themes').orderBy('id').select('*'), before.themes)
  })

  test('the page: the tree depth first in order with paths, each theme with its counts and synonyms', async ({
    client,
    assert,
  }) => {
    const { admin, groups, names, themes } = await treeWorld()
    const provider = await researchProvider('Atlas Themes', 'independent')
    await researchDocument({
      provider,
      title: 'Sticky prices',
      publishedAt: '2024-11-20T09:00:00Z',
      themes: [themes.inflation],
    })
    const team = await researchTeam()
    const member = await researchMember(team)
    await db.table('research_starred_themes').insert({
      user_id: member.id,
      theme_id: themes.inflation.id,
      starred_at: '2024-11-21 09:00:00',
    })
    const props = await pageOf(client, admin)
    const ours = props.groups.filter((group) => Object.values(groups).includes(group.id))
    assert.deepEqual(
      ours.map((group) => [group.id, group.depth]),
      [
        [groups.macro, 0],
        [groups.monetary, 1],
        [groups.rates, 2],
        [groups.fiscal, 1],
        [groups.equities, 0],
      ]
    )
    assert.deepEqual(
      ours.slice(1, 4).map((group) => [group.position, group.siblingCount]),
      [
        [1, 2],
        [1, 1],
        [2, 2],
      ]
    )
    assert.equal(
      ours[2].path,
      `${names[groups.macro]} › ${names[groups.monetary]} › ${names[groups.rates]}`
    )
    const inflation = props.themes.find((theme) => theme.id === themes.inflation.id)!
    assert.deepEqual(inflation, {
      id: themes.inflation.id,
      name: themes.inflation.name,
      groupId: groups.monetary,
      status: 'active',
      synonyms: [],
      documentCount: 1,
      starCount: 1,
    })
  })
})

test.group('Theme management: groups', (suite) => {
  suite.each.setup(() => testUtils.db().withGlobalTransaction())

  test('adds a group at the top and inside another, last among its siblings; audited', async ({
    client,
    assert,
  }) => {
    const { admin, groups } = await treeWorld()
    const top = await post(client, admin, `${PAGE}/groups`, { name: '  Commodities  ' })
    top.assertStatus(200)
    const created = await db
      .from('research_theme_groups')
      .where('name', 'Commodities')
      .firstOrFail()
    assert.isNull(created.parent_id)
    const inside = await post(client, admin, `${PAGE}/groups`, {
      name: 'Central banks',
      parent_id: groups.monetary,
    })
    inside.assertStatus(200)
    const child = await db
      .from('research_theme_groups')
      .where('name', 'Central banks')
      .firstOrFail()
    assert.equal(Number(child.parent_id), groups.monetary)
    // After Rates, the only child so far.
    const rates = await groupRow(groups.rates)
    assert.isAbove(Number(child.sort_order), Number(rates!.sort_order))
    const [entry] = await auditsOf('research_theme_group', Number(child.id))
    assert.equal(Number(entry.user_id), admin.id)
    assert.equal(entry.action, 'create')
    assert.match(entry.summary, /Created theme group "Central banks" in "Monetary policy/)
  })

  test('refuses an empty, blank or overlong name, a sibling name clash (any case) and an unknown parent; nothing changes', async ({
    client,
    assert,
  }) => {
    const { admin, groups, names } = await treeWorld()
    const before = await count('research_theme_groups')
    const audits = await count('audit_logs')
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: '' }, 'name', /name/i],
      [{ name: '    ' }, 'name', /Give it a name/],
      [{ name: 'x'.repeat(121) }, 'name', /121 characters long: at most 120/],
      [{ name: 'x'.repeat(2000) }, 'name', /at most 120 characters/],
      [{ name: 'Bad\u202Ename' }, 'name', /invisible, direction-changing or control/],
      [
        { name: names[groups.fiscal].toUpperCase(), parent_id: groups.macro },
        'name',
        new RegExp(`holds a group called ${names[groups.fiscal]}`),
      ],
      [{ name: names[groups.equities] }, 'name', /already a top-level group called/],
      [{ name: 'Orphan', parent_id: 999_999_999 }, 'parent_id', /no longer exists/],
      [{ name: 'Orphan', parent_id: 'abc' }, 'parent_id', /Choose a group from the list/],
    ]
    for (const [body, field, message] of cases) {
      const response = await post(client, admin, `${PAGE}/groups`, body)
      response.assertStatus(422)
      assert.match(errorsOf(response)[field] ?? '', message, JSON.stringify(body).slice(0, 80))
    }
    // The same name under another parent is fine.
    const elsewhere = await post(client, admin, `${PAGE}/groups`, {
      name: names[groups.fiscal],
      parent_id: groups.equities,
    })
    elsewhere.assertStatus(200)
    assert.equal(await count('research_theme_groups'), before + 1)
    assert.equal(await count('audit_logs'), audits + 1)
  })

  test('renames a group; refuses a sibling clash, an empty name and an unknown group; audited', async ({
    client,
    assert,
  }) => {
    const { admin, groups, names } = await treeWorld()
    const renamed = await post(client, admin, `${PAGE}/groups/${groups.fiscal}`, {
      name: 'Fiscal policy',
    })
    renamed.assertStatus(200)
    assert.equal((await groupRow(groups.fiscal))!.name, 'Fiscal policy')
    const [entry] = await auditsOf('research_theme_group', groups.fiscal)
    assert.equal(entry.action, 'update')
    assert.deepEqual(JSON.parse(entry.after), { name: 'Fiscal policy' })
    assert.deepEqual(JSON.parse(entry.before), { name: names[groups.fiscal] })

    const clash = await post(client, admin, `${PAGE}/groups/${groups.fiscal}`, {
      name: names[groups.monetary].toLowerCase(),
    })
    clash.assertStatus(422)
    assert.match(errorsOf(clash).name, /already holds a group called/)
    const empty = await post(client, admin, `${PAGE}/groups/${groups.fiscal}`, { name: ' ' })
    empty.assertStatus(422)
    assert.equal((await groupRow(groups.fiscal))!.name, 'Fiscal policy')
    const unknown = await post(client, admin, `${PAGE}/groups/999999999`, { name: 'Ghost' })
    unknown.assertStatus(404)
    const notAnId = await post(client, admin, `${PAGE}/groups/abc`, { name: 'Ghost' })
    notAnId.assertStatus(404)
  })

  test('moves a group with its subtree to another parent and to the top; refuses itself, a descendant, a clash and an unknown parent', async ({
    client,
    assert,
  }) => {
    const { admin, groups, names, themes } = await treeWorld()
    const moved = await post(client, admin, `${PAGE}/groups/${groups.monetary}/move`, {
      parent_id: groups.equities,
    })
    moved.assertStatus(200)
    assert.equal(Number((await groupRow(groups.monetary))!.parent_id), groups.equities)
    // Its own group and theme came along.
    assert.equal(Number((await groupRow(groups.rates))!.parent_id), groups.monetary)
    const theme = await db.from('research_themes').where('id', themes.inflation.id).firstOrFail()
    assert.equal(Number(theme.group_id), groups.monetary)
    const [entry] = await auditsOf('research_theme_group', groups.monetary)
    assert.match(entry.summary, /Moved theme group .* from ".*Macro.*" to ".*Equities.*"/)

    const toTop = await post(client, admin, `${PAGE}/groups/${groups.rates}/move`, {
      parent_id: null,
    })
    toTop.assertStatus(200)
    assert.isNull((await groupRow(groups.rates))!.parent_id)

    const audits = await count('audit_logs')
    const itself = await post(client, admin, `${PAGE}/groups/${groups.equities}/move`, {
      parent_id: groups.equities,
    })
    itself.assertStatus(422)
    assert.equal(errorsOf(itself).parent_id, 'A group cannot be moved into itself.')
    const descendant = await post(client, admin, `${PAGE}/groups/${groups.equities}/move`, {
      parent_id: groups.monetary,
    })
    descendant.assertStatus(422)
    assert.equal(
      errorsOf(descendant).parent_id,
      `${names[groups.monetary]} is inside ${names[groups.equities]}: a group cannot be moved into one of its own groups.`
    )
    // A sibling of the same name where it would land.
    await db.from('research_theme_groups').where('id', groups.fiscal).update({
      name: names[groups.monetary],
    })
    const clash = await post(client, admin, `${PAGE}/groups/${groups.monetary}/move`, {
      parent_id: groups.macro,
    })
    clash.assertStatus(422)
    assert.match(
      errorsOf(clash).parent_id,
      /already holds a group called .*: rename one of them first/
    )
    const unknown = await post(client, admin, `${PAGE}/groups/${groups.monetary}/move`, {
      parent_id: 999_999_999,
    })
    unknown.assertStatus(422)
    const unknownGroup = await post(client, admin, `${PAGE}/groups/999999999/move`, {
      parent_id: null,
    })
    unknownGroup.assertStatus(404)
    assert.equal(Number((await groupRow(groups.monetary))!.parent_id), groups.equities)
    assert.equal(Number((await groupRow(groups.equities))!.parent_id ?? 0), 0)
    assert.equal(await count('audit_logs'), audits)
  })

  test('reorders a group among its siblings (the client tree follows); refuses beyond the ends', async ({
    client,
    assert,
  }) => {
    const { admin, groups, names } = await treeWorld()
    const down = await post(client, admin, `${PAGE}/groups/${groups.monetary}/reorder`, {
      direction: 'down',
    })
    down.assertStatus(200)
    const props = await pageOf(client, admin)
    const children = props.groups.filter((group) => group.parentId === groups.macro)
    assert.deepEqual(
      children.map((group) => [group.name, group.position]),
      [
        [names[groups.fiscal], 1],
        [names[groups.monetary], 2],
      ]
    )
    const [entry] = await auditsOf('research_theme_group', groups.monetary)
    assert.deepEqual(JSON.parse(entry.after), { position: 2 })

    // Clients see the same order.
    const team = await researchTeam()
    const member = await researchMember(team)
    const tree = await client.get('/api/trending-themes/all-theme-groups').loginAs(member)
    tree.assertStatus(200)
    const macro = (tree.body().themeGroups ?? tree.body()).find(
      (node: any) => node.id === groups.macro
    )
    assert.deepEqual(
      macro.children.map((node: any) => node.id),
      [groups.fiscal, groups.monetary]
    )

    const beyond = await post(client, admin, `${PAGE}/groups/${groups.monetary}/reorder`, {
      direction: 'down',
    })
    beyond.assertStatus(422)
    assert.match(errorsOf(beyond).direction, /already last/)
    const bad = await post(client, admin, `${PAGE}/groups/${groups.monetary}/reorder`, {
      direction: 'sideways',
    })
    bad.assertStatus(422)
    assert.equal(errorsOf(bad).direction, 'Choose up or down.')
  })
})

test.group('Theme management: themes', (suite) => {
  suite.each.setup(() => testUtils.db().withGlobalTransaction())

  test('adds and renames a theme; refuses a name clash (any case), an empty or overlong name, an unknown group or theme; audited', async ({
    client,
    assert,
  }) => {
    const { admin, groups, themes } = await treeWorld()
    const added = await post(client, admin, PAGE, {
      name: ' Fiscal deficits ',
      group_id: groups.fiscal,
    })
    added.assertStatus(200)
    const theme = await db.from('research_themes').where('name', 'Fiscal deficits').firstOrFail()
    assert.equal(Number(theme.group_id), groups.fiscal)
    assert.equal(theme.status, 'active')
    const [created] = await auditsOf('research_theme', Number(theme.id))
    assert.equal(created.action, 'create')

    const audits = await count('audit_logs')
    const themeCount = await count('research_themes')
    for (const [body, field, message] of [
      [
        { name: themes.inflation.name.toUpperCase(), group_id: groups.fiscal },
        'name',
        /already a theme called/,
      ],
      [{ name: '', group_id: groups.fiscal }, 'name', /name/i],
      [{ name: 'y'.repeat(121), group_id: groups.fiscal }, 'name', /at most 120/],
      [{ name: 'Ghost', group_id: 999_999_999 }, 'group_id', /no longer exists/],
      [{ name: 'Ghost' }, 'group_id', /Choose a group from the list/],
    ] as [Record<string, unknown>, string, RegExp][]) {
      const response = await post(client, admin, PAGE, body)
      response.assertStatus(422)
      assert.match(errorsOf(response)[field] ?? '', message)
    }
    assert.equal(await count('research_themes'), themeCount)

    const renamed = await post(client, admin, `${PAGE}/${themes.tariffs.id}`, {
      name: 'Trade tariffs',
    })
    renamed.assertStatus(200)
    const [entry] = await auditsOf('research_theme', themes.tariffs.id)
    assert.deepEqual(JSON.parse(entry.after), { name: 'Trade tariffs' })
    const clash = await post(client, admin, `${PAGE}/${themes.tariffs.id}`, {
      name: `  ${themes.inflation.name.toLowerCase()} `,
    })
    clash.assertStatus(422)
    const unknown = await post(client, admin, `${PAGE}/999999999`, { name: 'Ghost' })
    unknown.assertStatus(404)
    assert.equal(await themeField(themes.tariffs.id, 'name'), 'Trade tariffs')
    assert.equal(await count('audit_logs'), audits + 1)
  })

  test('synonyms: added and removed (audited); refused when empty, the theme’s own name, another theme’s name or synonym; a theme name may not be a synonym either', async ({
    client,
    assert,
  }) => {
    const { admin, groups, themes } = await treeWorld()
    const added = await post(client, admin, `${PAGE}/${themes.inflation.id}/synonyms`, {
      synonym: '  Price pressures ',
    })
    added.assertStatus(200)
    const stored = await db
      .from('research_theme_synonyms')
      .where('theme_id', themes.inflation.id)
      .firstOrFail()
    assert.equal(stored.name, 'Price pressures')
    assert.equal(stored.folded, 'price pressures')
    const [entry] = await auditsOf('research_theme', themes.inflation.id)
    assert.match(entry.summary, /Added the synonym "Price pressures"/)

    const audits = await count('audit_logs')
    for (const [themeId, synonym, message] of [
      [themes.inflation.id, '', /synonym/i],
      [themes.inflation.id, '   ', /Type the synonym/],
      [themes.inflation.id, '!!!', /at least one letter or digit/],
      [themes.inflation.id, 's'.repeat(121), /at most 120/],
      [themes.inflation.id, themes.inflation.name.toUpperCase(), /the theme's own name/],
      [
        themes.inflation.id,
        themes.tariffs.name,
        /is another theme's name: merge the two themes instead/,
      ],
      [themes.inflation.id, 'price-pressures', /already has the synonym Price pressures/],
      [themes.tariffs.id, 'PRICE pressures', /already a synonym of/],
    ] as [number, string, RegExp][]) {
      const response = await post(client, admin, `${PAGE}/${themeId}/synonyms`, { synonym })
      response.assertStatus(422)
      assert.match(errorsOf(response).synonym ?? '', message, synonym)
    }
    const unknown = await post(client, admin, `${PAGE}/999999999/synonyms`, { synonym: 'Ghost' })
    unknown.assertStatus(404)
    // A new theme (or a rename) may not take a synonym's name.
    const taken = await post(client, admin, PAGE, {
      name: 'Price Pressures',
      group_id: groups.fiscal,
    })
    taken.assertStatus(422)
    assert.match(errorsOf(taken).name, /is a synonym of/)
    assert.equal(await count('audit_logs'), audits)

    // Removal: another theme's synonym id is not this theme's.
    const wrong = await post(
      client,
      admin,
      `${PAGE}/${themes.tariffs.id}/synonyms/${stored.id}/destroy`
    )
    wrong.assertStatus(404)
    const removed = await post(
      client,
      admin,
      `${PAGE}/${themes.inflation.id}/synonyms/${stored.id}/destroy`
    )
    removed.assertStatus(200)
    assert.equal(await count('research_theme_synonyms'), 0)
    const entries = await auditsOf('research_theme', themes.inflation.id)
    assert.match(entries[entries.length - 1].summary, /Removed the synonym "Price pressures"/)
  })

  test('a synonym finds the theme’s documents in client search, whatever their text; removed, it no longer does', async ({
    client,
    assert,
  }) => {
    const { admin, themes } = await treeWorld()
    const provider = await researchProvider('Atlas Synonyms', 'independent')
    const tagged = await researchDocument({
      provider,
      title: 'Core goods and services',
      abstract: 'Wage settlements and margins.',
      publishedAt: '2024-11-20T09:00:00Z',
      themes: [themes.inflation],
    })
    const worded = await researchDocument({
      provider,
      title: 'Price pressures in Europe',
      publishedAt: '2024-11-19T09:00:00Z',
      themes: [themes.tariffs],
    })
    await researchDocument({
      provider,
      title: 'Unrelated note',
      publishedAt: '2024-11-18T09:00:00Z',
      themes: [themes.tariffs],
    })
    const team = await researchTeam()
    const member = await researchMember(team)
    const search = async (searchTerm: string, sort = 'newest') => {
      const response = await client
        .post('/api/trending-themes/research-documents')
        .loginAs(member)
        .withCsrfToken()
        .json({ page: 1, isAnyFilterApplied: true, filters: { searchTerm }, sort })
      response.assertStatus(200)
      return (response.body().researchDocuments as { id: number }[]).map((row) => row.id)
    }
    assert.deepEqual(await search('price pressures'), [worded.id])

    await post(client, admin, `${PAGE}/${themes.inflation.id}/synonyms`, {
      synonym: 'Price pressures',
    }).then((response) => response.assertStatus(200))
    for (const term of ['price pressures', 'Price-Pressures', '"price pressures"']) {
      assert.deepEqual(await search(term), [tagged.id, worded.id], term)
    }
    // Best match first: the text match before the synonym's.
    assert.deepEqual(await search('price pressures', 'relevance'), [worded.id, tagged.id])
    // Only a search that is the synonym's words: not a part of it, nor with other words.
    assert.deepEqual(await search('pressures'), [worded.id])
    assert.deepEqual(await search('price pressures -europe'), [])
    // (price) and (pressures or wage): words with an OR are not a synonym.
    assert.deepEqual(await search('price pressures OR wage'), [worded.id])

    const synonym = await db.from('research_theme_synonyms').firstOrFail()
    await post(client, admin, `${PAGE}/${themes.inflation.id}/synonyms/${synonym.id}/destroy`).then(
      (response) => response.assertStatus(200)
    )
    assert.deepEqual(await search('price pressures'), [worded.id])
  })

  test('retire: clients no longer see it in the tree, filters or stars; its documents keep it; restore brings it back; audited', async ({
    client,
    assert,
  }) => {
    const { admin, themes } = await treeWorld()
    const provider = await researchProvider('Atlas Retire', 'independent')
    const note = await researchDocument({
      provider,
      title: 'A note on tariffs',
      publishedAt: '2024-11-20T09:00:00Z',
      themes: [themes.tariffs],
    })
    const team = await researchTeam()
    const member = await researchMember(team)
    const clientThemeIds = async () => {
      const response = await client.get('/api/trending-themes/all-theme-groups').loginAs(member)
      response.assertStatus(200)
      const ids: number[] = []
      const walk = (nodes: any[]) => {
        for (const node of nodes) {
          ids.push(...node.themes.map((theme: any) => theme.id))
          walk(node.children)
        }
      }
      walk(response.body().themeGroups ?? response.body())
      return ids
    }
    assert.include(await clientThemeIds(), themes.tariffs.id)

    const retired = await post(client, admin, `${PAGE}/${themes.tariffs.id}/retire`)
    retired.assertStatus(200)
    assert.equal(await themeField(themes.tariffs.id, 'status'), 'retired')
    assert.notInclude(await clientThemeIds(), themes.tariffs.id)
    const star = await client
      .post('/api/trending-themes/starred-themes')
      .loginAs(member)
      .withCsrfToken()
      .json({ themeId: themes.tariffs.id })
    star.assertStatus(404)
    // The document still carries it.
    const list = await client
      .post('/api/trending-themes/research-documents')
      .loginAs(member)
      .withCsrfToken()
      .json({ page: 1, isAnyFilterApplied: false, filters: {} })
    const row = (list.body().researchDocuments as any[]).find((doc) => doc.id === note.id)
    assert.equal(row.primary_theme.id, themes.tariffs.id)
    const again = await post(client, admin, `${PAGE}/${themes.tariffs.id}/retire`)
    again.assertStatus(422)
    assert.match(errorsOf(again).status, /already retired/)
    const listed = await pageOf(client, admin)
    assert.equal(listed.themes.find((t) => t.id === themes.tariffs.id)!.status, 'retired')

    const restored = await post(client, admin, `${PAGE}/${themes.tariffs.id}/restore`)
    restored.assertStatus(200)
    assert.include(await clientThemeIds(), themes.tariffs.id)
    const entries = await auditsOf('research_theme', themes.tariffs.id)
    assert.deepEqual(
      entries.map((entry) => [JSON.parse(entry.before).status, JSON.parse(entry.after).status]),
      [
        ['active', 'retired'],
        ['retired', 'active'],
      ]
    )
    const unknown = await post(client, admin, `${PAGE}/999999999/retire`)
    unknown.assertStatus(404)
  })

  test('after a change the page comes back with the list’s filters it was sent from, and nothing else of that address', async ({
    client,
    assert,
  }) => {
    const { admin, themes } = await treeWorld()
    const rename = (referer: string | null, name: string) => {
      const request = client
        .post(`${PAGE}/${themes.tariffs.id}`)
        .loginAs(admin)
        .withCsrfToken()
        .redirects(0)
        .form({ name })
      return referer === null ? request : request.header('referer', referer)
    }
    const cases: [string | null, string][] = [
      [
        `http://localhost${PAGE}?q=tar&group=12&status=retired`,
        `${PAGE}?q=tar&group=12&status=retired`,
      ],
      // Other parameters, and filters that mean nothing, are dropped.
      [
        `http://localhost${PAGE}?q=tar&next=https://evil.example&group=x&status=gone`,
        `${PAGE}?q=tar`,
      ],
      // Another page's address, another host, or none: the page as it is.
      [`http://localhost/admin/research-discovery/documents?q=tar`, PAGE],
      [`https://evil.example${PAGE}?q=tar`, `${PAGE}?q=tar`],
      ['not a url', PAGE],
      [null, PAGE],
    ]
    let index = 0
    for (const [referer, location] of cases) {
      const response = await rename(referer, `Tariffs ${++index}`)
      response.assertStatus(302)
      assert.equal(response.header('location'), location, String(referer))
    }
  })
})
