import { test } from '@japa/runner'
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
import { insertReturningId } from '#services/db/insert'
import { THEME_REFERENCES } from '#services/research/admin/themes'

/*
 * Theme management: merging a theme into another (`themeManagement.merge`). "Sticky inflation"
 * (the merged theme) and "Price level" (the kept one):
 * - `only`: tagged Sticky only (primary) → tagged Price level, primary;
 * - `both`: Sticky primary (relevance 1), Price level secondary (0.4) → one tag, primary, 1;
 * - `keptPrimary`: Price level primary (0.8), Sticky secondary (0.9) → one tag, primary, 0.9;
 * - `other`: another theme only, untouched.
 * Stars: Ann starred Sticky only; Bob both (Sticky first). Trending: week 1 ranked both (Sticky
 * 1st, Price level 3rd), week 2 only Sticky. None of the documents' text names either theme.
 */
const PAGE = '/admin/research-discovery/themes'
const WEEK1 = '2024-11-25 00:00:00'
const WEEK2 = '2024-12-02 00:00:00'

const errorsOf = (response: { body: () => any }) =>
  Object.fromEntries(
    (response.body().errors as { field: string; message: string }[]).map((error) => [
      error.field,
      error.message,
    ])
  )

async function snapshot(periodStart: string, periodEnd: string) {
  return insertReturningId(db, 'research_trending_snapshots', {
    period_start: periodStart,
    period_end: periodEnd,
    document_count: 10,
    computed_at: periodEnd,
  })
}

async function mergeWorld() {
  const group = await themeGroup('Macro')
  const sticky = await researchTheme('Sticky inflation', group)
  const price = await researchTheme('Price level', group)
  const tariffs = await researchTheme('Tariffs', group)
  const provider = await researchProvider('Atlas Merge', 'independent')
  const doc = (title: string, day: number, themes: { id: number; relevance?: number }[]) =>
    researchDocument({ provider, title, publishedAt: `2024-11-${day}T09:00:00Z`, themes })
  const only = await doc('Wage settlements in services', 20, [sticky])
  const both = await doc('Core goods after the reopening', 19, [
    { id: sticky.id, relevance: 1 },
    { id: price.id, relevance: 0.4 },
  ])
  const keptPrimary = await doc('Rents and owners equivalent', 18, [
    { id: price.id, relevance: 0.8 },
    { id: sticky.id, relevance: 0.9 },
  ])
  const other = await doc('Steel duties', 17, [tariffs])

  const team = await researchTeam()
  const ann = await researchMember(team)
  const bob = await researchMember(team)
  await db.table('research_starred_themes').multiInsert([
    { user_id: ann.id, theme_id: sticky.id, starred_at: '2024-10-05 09:00:00' },
    { user_id: bob.id, theme_id: sticky.id, starred_at: '2024-10-01 09:00:00' },
    { user_id: bob.id, theme_id: price.id, starred_at: '2024-10-10 09:00:00' },
  ])
  const week1 = await snapshot('2024-11-18 00:00:00', WEEK1)
  const week2 = await snapshot(WEEK1, WEEK2)
  const entry = (snapshotId: number, themeId: number, rank: number | null, score: number) => ({
    snapshot_id: snapshotId,
    theme_id: themeId,
    rank,
    score,
    document_count: Math.round(score),
    provider_count: 3,
    previous_rank: null,
  })
  await db
    .table('research_trending_entries')
    .multiInsert([
      entry(week1, sticky.id, 1, 9),
      entry(week1, price.id, 3, 4),
      entry(week2, sticky.id, 2, 5),
    ])
  const editor = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
  return {
    editor,
    team,
    ann,
    bob,
    themes: { sticky, price, tariffs },
    documents: { only, both, keptPrimary, other },
    weeks: { week1, week2 },
  }
}

async function tagsOf(documentId: number) {
  const rows = await db
    .from('research_document_themes')
    .where('document_id', documentId)
    .orderBy('theme_id')
    .select('theme_id', 'is_primary', 'relevance')
  return rows.map((row) => [Number(row.theme_id), Boolean(row.is_primary), Number(row.relevance)])
}

async function count(table: string) {
  const row = await db.from(table).count('* as n').firstOrFail()
  return Number(row.n)
}

test.group('Theme management: merge', (suite) => {
  suite.each.setup(() => testUtils.db().withGlobalTransaction())

  test('re-points documents, stars, trending history, synonyms, requests and facet tags in one go; duplicates resolved; the old name kept as a synonym; audited', async ({
    client,
    assert,
  }) => {
    const { editor, team, ann, bob, themes, documents, weeks } = await mergeWorld()
    const { sticky, price, tariffs } = themes
    await db.table('research_theme_synonyms').insert({
      theme_id: sticky.id,
      name: 'Persistent inflation',
      folded: 'persistent inflation',
      created_at: '2024-10-01 00:00:00',
    })
    const request = (themeIds: number[]) =>
      insertReturningId(db, 'research_requests', {
        reference: `RR-${themeIds.join('-')}`,
        team_id: team.id,
        user_id: ann.id,
        topic: 'Inflation',
        description: 'Please cover it.',
        asset_class: 'rates',
        region: 'global',
        theme_ids: JSON.stringify(themeIds),
        needed_by: '2025-01-31',
        status: 'submitted',
        created_at: '2024-11-01 00:00:00',
        updated_at: '2024-11-01 00:00:00',
      })
    const requestBoth = await request([sticky.id, price.id])
    const requestOne = await request([tariffs.id, sticky.id])
    await db.table('summary_facet_tags').multiInsert([
      { subject_type: 'provider', subject_id: 1, category: 'themes', value_id: sticky.id },
      { subject_type: 'provider', subject_id: 1, category: 'themes', value_id: price.id },
      { subject_type: 'provider', subject_id: 2, category: 'themes', value_id: sticky.id },
    ])
    await db.table('research_trending_publications').insert({
      period_end: WEEK1,
      published_at: WEEK1,
      user_id: null,
      override_count: 1,
    })
    await db.table('research_trending_published_ranks').multiInsert([
      { period_end: WEEK1, theme_id: sticky.id, rank: 1, editors_pick: false },
      { period_end: WEEK1, theme_id: price.id, rank: 2, editors_pick: false },
    ])
    await db.table('research_trending_overrides').multiInsert(
      [sticky, price].map((theme) => ({
        period_end: WEEK1,
        theme_id: theme.id,
        kind: 'hide',
        position: null,
        note: `Hide ${theme.name}`,
        user_id: editor.id,
        created_at: WEEK1,
        updated_at: WEEK1,
      }))
    )

    const response = await post(client, editor, `${PAGE}/${sticky.id}/merge`, {
      into_id: price.id,
    })
    response.assertStatus(200)

    assert.isNull(await db.from('research_themes').where('id', sticky.id).first())
    assert.deepEqual(await tagsOf(documents.only.id), [[price.id, true, 1]])
    assert.deepEqual(await tagsOf(documents.both.id), [[price.id, true, 1]])
    assert.deepEqual(await tagsOf(documents.keptPrimary.id), [[price.id, true, 0.9]])
    assert.deepEqual(await tagsOf(documents.other.id), [[tariffs.id, true, 1]])
    assert.lengthOf(await db.from('research_document_themes').where('theme_id', sticky.id), 0)

    const stars = await db
      .from('research_starred_themes')
      .whereIn('user_id', [ann.id, bob.id])
      .orderBy('user_id')
      .select('user_id', 'theme_id', 'starred_at')
    assert.deepEqual(
      stars.map((row) => [Number(row.user_id), Number(row.theme_id)]),
      [
        [ann.id, price.id],
        [bob.id, price.id],
      ]
    )
    // Bob keeps the earlier star (Sticky's, 1 October).
    assert.match(
      String(
        stars[1].starred_at instanceof Date
          ? stars[1].starred_at.toISOString()
          : stars[1].starred_at
      ),
      /2024-10-01/
    )

    const entries = await db
      .from('research_trending_entries')
      .orderBy('snapshot_id')
      .select('snapshot_id', 'theme_id', 'rank', 'score')
    assert.deepEqual(
      entries.map((row) => [
        Number(row.snapshot_id),
        Number(row.theme_id),
        row.rank,
        Number(row.score),
      ]),
      [
        // Week 1 keeps the better-placed entry: Sticky's first place, now Price level's.
        [weeks.week1, price.id, 1, 9],
        [weeks.week2, price.id, 2, 5],
      ]
    )
    const published = await db.from('research_trending_published_ranks').select('theme_id', 'rank')
    assert.deepEqual(
      published.map((row) => [Number(row.theme_id), Number(row.rank)]),
      [[price.id, 1]]
    )
    const overrides = await db.from('research_trending_overrides').select('theme_id', 'note')
    assert.deepEqual(
      overrides.map((row) => [Number(row.theme_id), row.note]),
      [[price.id, `Hide ${price.name}`]]
    )

    const synonyms = await db
      .from('research_theme_synonyms')
      .orderBy('name')
      .select('theme_id', 'name', 'folded')
    assert.deepEqual(
      synonyms.map((row) => [Number(row.theme_id), row.name, row.folded]),
      [
        [price.id, 'Persistent inflation', 'persistent inflation'],
        [price.id, sticky.name, sticky.name.toLowerCase()],
      ]
    )
    const requestThemes = async (id: number) => {
      const row = await db.from('research_requests').where('id', id).firstOrFail()
      return JSON.parse(row.theme_ids as string)
    }
    assert.deepEqual(await requestThemes(requestBoth), [price.id])
    assert.deepEqual(await requestThemes(requestOne), [tariffs.id, price.id])
    const facetTags = await db
      .from('summary_facet_tags')
      .where('category', 'themes')
      .orderBy('subject_id')
      .select('subject_id', 'value_id')
    assert.deepEqual(
      facetTags.map((row) => [Number(row.subject_id), Number(row.value_id)]),
      [
        [1, price.id],
        [2, price.id],
      ]
    )

    const [audit] = await db
      .from('audit_logs')
      .where({ entity_type: 'research_theme', entity_id: price.id })
      .select('*')
    assert.equal(Number(audit.user_id), editor.id)
    assert.equal(audit.action, 'update')
    assert.equal(
      audit.summary,
      `Merged theme "${sticky.name}" into "${price.name}" (3 documents, 2 stars)`
    )
    const after = JSON.parse(audit.after)
    assert.deepEqual(after.counts.documents, { moved: 1, folded: 2 })
    assert.deepEqual(after.counts.stars, { moved: 1, folded: 1 })
    assert.deepEqual(after.counts.trending, { moved: 1, folded: 1 })
    assert.equal(after.synonym, sticky.name)
    assert.deepEqual(JSON.parse(audit.before).merged, {
      id: sticky.id,
      name: sticky.name,
      status: 'active',
    })
  })

  test('clients see the documents under the surviving theme, and a search for the old name finds them', async ({
    client,
    assert,
  }) => {
    const { editor, ann, themes, documents } = await mergeWorld()
    const { sticky, price } = themes
    const list = async (filters: Record<string, unknown>) => {
      const response = await client
        .post('/api/trending-themes/research-documents')
        .loginAs(ann)
        .withCsrfToken()
        .json({ page: 1, isAnyFilterApplied: true, filters })
      response.assertStatus(200)
      return response.body().researchDocuments as any[]
    }
    const ids = (rows: any[]) => rows.map((row) => row.id)
    // Before: the old name is in no document's text.
    assert.deepEqual(ids(await list({ searchTerm: sticky.name })), [])
    assert.deepEqual(ids(await list({ themeIds: [price.id] })), [
      documents.both.id,
      documents.keptPrimary.id,
    ])

    const merged = await post(client, editor, `${PAGE}/${sticky.id}/merge`, { into_id: price.id })
    merged.assertStatus(200)

    const expected = [documents.only.id, documents.both.id, documents.keptPrimary.id]
    const byTheme = await list({ themeIds: [price.id] })
    assert.deepEqual(ids(byTheme), expected)
    for (const row of byTheme) {
      assert.equal(row.primary_theme.id, price.id)
      assert.deepEqual(
        row.themes.map((theme: any) => theme.id),
        [price.id]
      )
    }
    assert.deepEqual(ids(await list({ searchTerm: sticky.name })), expected)
    assert.deepEqual(ids(await list({ searchTerm: sticky.name.toUpperCase() })), expected)

    // The client theme tree: the old theme gone, the kept one counting all three.
    const tree = await client.get('/api/trending-themes/all-theme-groups').loginAs(ann)
    const found: any[] = []
    const walk = (nodes: any[]) => {
      for (const node of nodes) {
        found.push(...node.themes)
        walk(node.children)
      }
    }
    walk(tree.body().themeGroups)
    assert.notInclude(
      found.map((theme) => theme.id),
      sticky.id
    )
    assert.equal(found.find((theme) => theme.id === price.id).documentCount, 3)
    // Ann's star followed.
    assert.isTrue(found.find((theme) => theme.id === price.id).is_starred)

    // The admin page: the old name is listed as a synonym.
    const page = await client.get(PAGE).loginAs(editor).withInertia()
    const kept = (page.inertiaProps as any).themes.find((theme: any) => theme.id === price.id)
    assert.deepEqual(
      kept.synonyms.map((synonym: any) => synonym.name),
      [sticky.name]
    )
    assert.equal(kept.documentCount, 3)
  })

  test('refuses merging into itself, into an unknown or retired theme, and an unknown theme; nothing changes', async ({
    client,
    assert,
  }) => {
    const { editor, themes, documents } = await mergeWorld()
    const { sticky, price, tariffs } = themes
    await db.from('research_themes').where('id', tariffs.id).update({ status: 'retired' })
    const before = {
      tags: await count('research_document_themes'),
      stars: await count('research_starred_themes'),
      entries: await count('research_trending_entries'),
      themes: await count('research_themes'),
      synonyms: await count('research_theme_synonyms'),
      audit: await count('audit_logs'),
    }
    const cases: [string, Record<string, unknown>, number, RegExp | null][] = [
      [`${PAGE}/${sticky.id}/merge`, { into_id: sticky.id }, 422, /cannot be merged into itself/],
      [`${PAGE}/${sticky.id}/merge`, { into_id: 999_999_999 }, 422, /no longer exists/],
      [`${PAGE}/${sticky.id}/merge`, { into_id: tariffs.id }, 422, /is retired: restore it first/],
      [`${PAGE}/${sticky.id}/merge`, {}, 422, /Choose a theme from the list/],
      [`${PAGE}/${sticky.id}/merge`, { into_id: 'x' }, 422, /Choose a theme from the list/],
      [`${PAGE}/999999999/merge`, { into_id: price.id }, 404, null],
    ]
    for (const [url, body, status, message] of cases) {
      const response = await post(client, editor, url, body)
      response.assertStatus(status)
      if (message) assert.match(errorsOf(response).into_id ?? '', message, JSON.stringify(body))
    }
    assert.deepEqual(
      {
        tags: await count('research_document_themes'),
        stars: await count('research_starred_themes'),
        entries: await count('research_trending_entries'),
        themes: await count('research_themes'),
        synonyms: await count('research_theme_synonyms'),
        audit: await count('audit_logs'),
      },
      before
    )
    assert.deepEqual(await tagsOf(documents.both.id), [
      [sticky.id, true, 1],
      [price.id, false, 0.4],
    ])
  })

  test('every table with a foreign key to research_themes is re-pointed by a merge', async ({
    assert,
  }) => {
    const dialect = db.connection().dialect.name
    let referencing: string[]
    if (dialect === 'postgres') {
      const result = await db.rawQuery(
        `SELECT DISTINCT tc.table_name FROM information_schema.table_constraints tc
         JOIN information_schema.constraint_column_usage ccu
           ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
         WHERE tc.constraint_type = 'FOREIGN KEY' AND ccu.table_name = 'research_themes'`
      )
      referencing = result.rows.map((row: { table_name: string }) => row.table_name)
    } else {
      const tables = await db.from('sqlite_master').where('type', 'table').select('name')
      referencing = []
      for (const { name } of tables) {
        const keys = await db.rawQuery(`PRAGMA foreign_key_list("${name}")`)
        if ((keys as { table: string }[]).some((key) => key.table === 'research_themes')) {
          referencing.push(name)
        }
      }
    }
    assert.sameMembers(referencing, [...THEME_REFERENCES])
  })
})
