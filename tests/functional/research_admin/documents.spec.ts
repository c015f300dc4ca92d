import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import { pdfBytes } from '#tests/helpers/insights_reports'
import { crc32 } from 'node:zlib'
import {
  entitle,
  researchDocument,
  researchDocumentsInBulk,
  researchMember,
  researchTeam,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'
import { expectStatus, flashedError, readSpreadsheetsAsBuffers } from '#tests/helpers/responses'
import { PROTECTED_PDF_MESSAGE } from '#services/files/pdf_check'
import { mentions, themesFromText } from '#services/research/admin/processing'
import { MODULES } from '#shared/modules'

/**
 * Research discovery administration, documents: the catalogue's list and filters, the upload
 * of a document checked by its content and processed (text into the search index, themes
 * tagged, published when asked), edits audited, bulk actions, and withdrawal taking a document
 * out of every client view at once.
 */

const BASE = '/admin/research-discovery/documents'
const researchAdmin = () => makeUser({ isAdministrator: true, roles: ['Research administrator'] })
const fixture = (name: string) =>
  readFile(new URL(`../../fixtures/pdf/${name}.pdf`, import.meta.url))

async function count(table: string) {
  const row = await db.from(table).count('* as n').firstOrFail()
  return Number(row.n)
}

async function world() {
  const provider = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const other = await researchProvider('Cedar Macro', 'independent')
  const group = await themeGroup('Monetary policy')
  const ecb = await researchTheme('ECB policy', group)
  const inflation = await researchTheme('Inflation', group)
  const retired = await researchTheme('Old theme', group)
  await db.from('research_themes').where('id', retired.id).update({ status: 'retired' })
  return { provider, other, ecb, inflation, retired }
}

type World = Awaited<ReturnType<typeof world>>

function fields(w: World, overrides: Record<string, unknown> = {}) {
  return {
    providerId: w.provider.id,
    title: 'Zanzibar rates outlook',
    abstract: 'Where the Zanzibar curve goes next.',
    authors: ['A. Analyst', 'B. Economist'],
    documentType: 'rates',
    publishedOn: '2026-11-20',
    assetClasses: ['rates'],
    regions: ['global'],
    sectors: [],
    entitlement: 'open',
    primaryThemeId: w.ecb.id,
    themeIds: [],
    publishWhenProcessed: true,
    ...overrides,
  }
}

/** Posts the form as the page does (multipart, arrays as name[i]). */
function upload(
  client: ApiClient,
  user: User,
  url: string,
  values: Record<string, unknown>,
  file: { bytes: Buffer; name: string } | null
) {
  const request = client.post(url).loginAs(user).withCsrfToken().redirects(0)
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      value.forEach((entry, index) => request.field(`${key}[${index}]`, String(entry)))
    } else if (value !== undefined && value !== null) {
      request.field(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value))
    }
  }
  if (file) request.file('file', file.bytes, { filename: file.name })
  return request
}

async function listPage(client: ApiClient, user: User, query = '') {
  const response = await client.get(`${BASE}${query}`).loginAs(user).withInertia()
  response.assertStatus(200)
  return response.inertiaProps as any
}

test.group('Research documents admin › upload and processing', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a PDF uploaded with its metadata is processed, published, searchable by its text and tagged', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const team = await researchTeam()
    const member = await researchMember(team)
    // The text names the inflation theme on each of its two pages: tagged from the text.
    const bytes = await pdfBytes(2, `Quetzalcoatl spreads and ${w.inflation.name}`)
    const response = await upload(client, admin, BASE, fields(w), {
      bytes,
      name: 'outlook.pdf',
    })
    response.assertStatus(302)
    const document = await db
      .from('research_documents')
      .where('title', 'Zanzibar rates outlook')
      .firstOrFail()
    assert.equal(response.header('location'), `${BASE}/${document.id}/edit`)
    assert.equal(document.processing_status, 'completed')
    assert.equal(document.status, 'published')
    assert.equal(document.created_by, admin.id)
    assert.equal(Number(document.page_count), 2)
    assert.deepEqual(JSON.parse(document.authors), ['A. Analyst', 'B. Economist'])
    assert.isTrue(await drive.use().exists(document.file_key))

    const themes = await db
      .from('research_document_themes')
      .where('document_id', document.id)
      .orderBy('theme_id')
    assert.deepEqual(
      themes.map((row) => [Number(row.theme_id), Boolean(row.is_primary), Number(row.relevance)]),
      [
        [w.ecb.id, true, 1],
        [w.inflation.id, false, 0.3],
      ]
    )

    // A word only the PDF's text holds finds it from a client's search.
    const found = await client
      .post('/api/trending-themes/research-documents')
      .loginAs(member)
      .withCsrfToken()
      .json({ page: 1, filters: { searchTerm: 'Quetzalcoatl' } })
    found.assertStatus(200)
    assert.deepEqual(
      found.body().researchDocuments.map((row: any) => row.id),
      [document.id]
    )

    const entry = await db
      .from('audit_logs')
      .where({ entity_type: 'research_document', entity_id: document.id, action: 'create' })
      .firstOrFail()
    assert.equal(entry.user_id, admin.id)
  })

  test('a draft upload stays unseen by clients until published; a subscribers-only one only by entitled teams', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const entitled = await researchTeam()
    const outsider = await researchTeam()
    await entitle(entitled, w.provider)
    const reader = await researchMember(entitled)
    const stranger = await researchMember(outsider)
    const response = await upload(
      client,
      admin,
      BASE,
      fields(w, { publishWhenProcessed: false, entitlement: 'paid_provider_only' }),
      { bytes: await pdfBytes(1, 'Tlaloc hedging note'), name: 'n.pdf' }
    )
    response.assertStatus(302)
    const document = await db
      .from('research_documents')
      .where('title', 'Zanzibar rates outlook')
      .firstOrFail()
    assert.equal(document.status, 'draft')
    assert.equal(document.processing_status, 'completed')
    const search = (user: User) =>
      client
        .post('/api/trending-themes/research-documents')
        .loginAs(user)
        .withCsrfToken()
        .json({ page: 1, filters: { searchTerm: 'Tlaloc' } })
    const found = async (user: User) => {
      const answer = await search(user)
      return answer.body().researchDocuments.length as number
    }
    assert.equal(await found(reader), 0)

    const publish = await client
      .post(`${BASE}/bulk`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
      .json({ action: 'publish', ids: [document.id] })
    publish.assertStatus(302)
    assert.equal(await found(reader), 1)
    assert.equal(await found(stranger), 0)
    const article = await client
      .get(`/research-discovery/research/${document.id}`)
      .loginAs(stranger)
    article.assertStatus(404)
  })

  test('refuses what is not a clean PDF, whatever its name, and writes nothing', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64'
    )
    const cases: { bytes: Buffer; name: string; message: RegExp }[] = [
      { bytes: png, name: 'chart.pdf', message: /not a PDF/ },
      { bytes: Buffer.from('just some words'), name: 'notes.pdf', message: /not a PDF/ },
      {
        bytes: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF'),
        name: 'broken.pdf',
        message: /could not be read|damaged/,
      },
      {
        bytes: await fixture('user_password'),
        name: 'locked.pdf',
        message: new RegExp(PROTECTED_PDF_MESSAGE.slice(0, 30)),
      },
      { bytes: await fixture('launch_open_action_objstm'), name: 'launch.pdf', message: /Launch/ },
      { bytes: Buffer.alloc(0), name: 'empty.pdf', message: /empty|Choose the PDF/ },
    ]
    const before = await count('research_documents')
    for (const entry of cases) {
      const response = await upload(client, admin, BASE, fields(w), entry)
      response.assertStatus(302)
      assert.match(flashedError(response, 'file') ?? '', entry.message, entry.name)
    }
    assert.equal(await count('research_documents'), before)
    assert.equal(await count('audit_logs'), 0)
  })

  test('refuses a file over the size limit with the form’s message', async ({ client, assert }) => {
    const w = await world()
    const admin = await researchAdmin()
    const big = Buffer.concat([await pdfBytes(1), Buffer.alloc(26 * 1024 * 1024, 32)])
    const response = await upload(client, admin, BASE, fields(w), { bytes: big, name: 'big.pdf' })
    response.assertStatus(302)
    assert.match(flashedError(response, 'file') ?? '', /25 ?MB/i)
    assert.equal(await count('research_documents'), 0)
  })

  test('a PDF already in the catalogue is refused with a link to it', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const bytes = await pdfBytes(1, 'Shared file')
    await expectStatus(upload(client, admin, BASE, fields(w), { bytes, name: 'a.pdf' }), 302)
    const first = await db.from('research_documents').firstOrFail()
    const again = await upload(client, admin, BASE, fields(w, { title: 'Same file again' }), {
      bytes,
      name: 'copy-with-another-name.pdf',
    })
    again.assertStatus(302)
    assert.match(
      flashedError(again, 'file') ?? '',
      /already in the catalogue as “Zanzibar rates outlook”/
    )
    assert.deepEqual((again.flashMessages() as any).duplicateOf, {
      id: Number(first.id),
      title: 'Zanzibar rates outlook',
    })
    assert.equal(await count('research_documents'), 1)
  })

  test('refuses unknown providers and themes, retired themes and bad metadata, writing nothing', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const marketData = await db
      .table('providers')
      .insert({
        provider_key: 'md-only',
        name: 'Market data only',
        provider_type: 'market_data',
        is_active: true,
        created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
        updated_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
      })
      .returning('id')
    const marketDataId = Number((marketData[0] as any)?.id ?? marketData[0])
    const bytes = await pdfBytes(1, 'Metadata checks')
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ providerId: 999_999 }, 'providerId', /research provider/],
      [{ providerId: marketDataId }, 'providerId', /research provider/],
      [{ primaryThemeId: 999_999 }, 'primaryThemeId', /not in the taxonomy/],
      [{ themeIds: [w.inflation.id, 999_998] }, 'themeIds', /not in the taxonomy/],
      [{ primaryThemeId: w.retired.id }, 'primaryThemeId', /retired/],
      [{ title: '   ' }, 'title', /Enter the document’s title/],
      [{ title: 'x'.repeat(301) }, 'title', /at most 300/],
      [{ documentType: 'poem' }, 'documentType', /type of document/],
      [{ entitlement: 'everyone' }, 'entitlement', /who may read/],
      [{ publishedOn: '2026-02-30' }, 'publishedOn', /date such as/],
      [{ publishedOn: '2999-01-01' }, 'publishedOn', /between 1990-01-01 and a year from today/],
      [{ regions: ['mars'] }, 'regions.0', /regions from the list/],
    ]
    for (const [overrides, field, message] of cases) {
      const response = await upload(client, admin, BASE, fields(w, overrides), {
        bytes,
        name: 'm.pdf',
      })
      response.assertStatus(302)
      assert.match(flashedError(response, field) ?? '', message, JSON.stringify(overrides))
    }
    assert.equal(await count('research_documents'), 0)
  })

  test('a PDF with no text fails its processing with the reason, and can be processed again', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const imageOnly = await new Promise<Buffer>(async (resolve, reject) => {
      const { default: PDFDocument } = await import('pdfkit')
      const doc = new PDFDocument({ size: 'A4' })
      const chunks: Buffer[] = []
      doc.on('data', (chunk: Buffer) => chunks.push(chunk))
      doc.on('end', () => resolve(Buffer.concat(chunks)))
      doc.on('error', reject)
      doc.rect(50, 50, 200, 100).fill('#336699')
      doc.end()
    })
    await expectStatus(
      upload(client, admin, BASE, fields(w), { bytes: imageOnly, name: 'scan.pdf' }),
      302
    )
    const document = await db.from('research_documents').firstOrFail()
    assert.equal(document.processing_status, 'failed')
    assert.match(document.processing_error, /holds no text to index/)
    assert.equal(document.status, 'draft')

    const state = await client.get(`${BASE}/${document.id}/processing`).loginAs(admin)
    state.assertStatus(200)
    assert.equal(state.body().processingStatus, 'failed')

    const list = await listPage(client, admin, '?processing=failed')
    assert.deepEqual(
      list.rows.map((row: any) => [row.id, row.processingError]),
      [[Number(document.id), document.processing_error]]
    )
    // Publishing a failed document does nothing.
    await client
      .post(`${BASE}/bulk`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
      .json({ action: 'publish', ids: [document.id] })
    const after = await db.from('research_documents').where('id', document.id).firstOrFail()
    assert.equal(after.status, 'draft')

    const retry = await client
      .post(`${BASE}/${document.id}/retry`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
    retry.assertStatus(302)
    const again = await db.from('research_documents').where('id', document.id).firstOrFail()
    assert.equal(again.processing_status, 'failed')
  })
})

test.group('Research documents admin › list, edit and bulk actions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists completed documents by default, newest first, with filters, search and sort', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const a = await researchDocument({
      provider: w.provider,
      title: 'Alpha rates',
      publishedAt: '2026-11-01T09:00:00Z',
      themes: [w.ecb],
      body: 'the bund curve',
    })
    const b = await researchDocument({
      provider: w.other,
      title: 'Beta inflation',
      publishedAt: '2026-11-10T09:00:00Z',
      themes: [w.inflation],
      entitlement: 'paid_provider_only',
      status: 'withdrawn',
    })
    const c = await researchDocument({
      provider: w.provider,
      title: 'Gamma pending',
      publishedAt: '2026-11-20T09:00:00Z',
      themes: [w.ecb],
    })
    await db
      .from('research_documents')
      .where('id', c.id)
      .update({ processing_status: 'uploaded', status: 'draft' })

    const ids = (props: any) => props.rows.map((row: any) => row.id)
    const all = await listPage(client, admin)
    assert.equal(all.filters.processing, 'completed')
    assert.deepEqual(ids(all), [b.id, a.id])
    assert.equal(all.meta.total, 2)
    assert.equal(all.rows[0].primaryTheme, w.inflation.name)
    assert.deepEqual(ids(await listPage(client, admin, '?processing=all')), [c.id, b.id, a.id])
    assert.deepEqual(ids(await listPage(client, admin, '?processing=uploaded')), [c.id])
    assert.deepEqual(ids(await listPage(client, admin, '?status=withdrawn')), [b.id])
    assert.deepEqual(ids(await listPage(client, admin, `?provider=${w.other.id}`)), [b.id])
    assert.deepEqual(ids(await listPage(client, admin, `?processing=all&theme=${w.ecb.id}`)), [
      c.id,
      a.id,
    ])
    assert.deepEqual(ids(await listPage(client, admin, '?entitlement=paid_provider_only')), [b.id])
    assert.deepEqual(ids(await listPage(client, admin, '?from=2026-11-05&to=2026-11-10')), [b.id])
    assert.deepEqual(ids(await listPage(client, admin, '?q=bund')), [a.id])
    assert.deepEqual(ids(await listPage(client, admin, '?sort=published_asc')), [a.id, b.id])
    assert.deepEqual(ids(await listPage(client, admin, '?sort=title_asc')), [a.id, b.id])

    const bad = await listPage(client, admin, '?processing=nonsense')
    assert.match(bad.notice, /not understood/)
    assert.deepEqual(ids(bad), [b.id, a.id])
    const reversed = await listPage(client, admin, '?from=2026-11-30&to=2026-11-01')
    assert.match(reversed.notice, /end date was before the start date/)
    const past = await listPage(client, admin, '?page=40')
    assert.match(past.pageNotice, /no page 40/)
  })

  test('an edit saves the metadata and themes with an audit entry of before and after', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    await expectStatus(
      upload(client, admin, BASE, fields(w), {
        bytes: await pdfBytes(1, 'Edit me'),
        name: 'e.pdf',
      }),
      302
    )
    const document = await db.from('research_documents').firstOrFail()
    const page = await client.get(`${BASE}/${document.id}/edit`).loginAs(admin).withInertia()
    page.assertStatus(200)
    assert.equal(page.inertiaComponent, 'admin/research/document_form')
    const props = page.inertiaProps as any
    assert.equal(props.values.title, 'Zanzibar rates outlook')
    assert.equal(props.document.processingStatus, 'completed')

    const save = await upload(
      client,
      admin,
      `${BASE}/${document.id}`,
      {
        ...fields(w, {
          title: 'Zanzibar rates outlook, revised',
          primaryThemeId: w.inflation.id,
          themeIds: [w.ecb.id],
        }),
        publishWhenProcessed: undefined,
      },
      null
    )
    save.assertStatus(302)
    const saved = await db.from('research_documents').where('id', document.id).firstOrFail()
    assert.equal(saved.title, 'Zanzibar rates outlook, revised')
    assert.equal(saved.updated_by, admin.id)
    const themes = await db
      .from('research_document_themes')
      .where('document_id', document.id)
      .orderBy('theme_id')
    assert.deepEqual(
      themes.map((row) => [Number(row.theme_id), Boolean(row.is_primary)]),
      [
        [w.ecb.id, false],
        [w.inflation.id, true],
      ]
    )
    const entry = await db
      .from('audit_logs')
      .where({ entity_type: 'research_document', entity_id: document.id, action: 'update' })
      .firstOrFail()
    const before = typeof entry.before === 'string' ? JSON.parse(entry.before) : entry.before
    const after = typeof entry.after === 'string' ? JSON.parse(entry.after) : entry.after
    assert.equal(before.title, 'Zanzibar rates outlook')
    assert.equal(after.title, 'Zanzibar rates outlook, revised')
    assert.equal(after.primary_theme_id, w.inflation.id)

    const missing = await client.get(`${BASE}/999999/edit`).loginAs(admin)
    missing.assertStatus(404)
  })

  test('withdrawal takes a document out of client lists, search, its page and file at once; entitlement and re-tag in bulk', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const team = await researchTeam()
    const member = await researchMember(team)
    const doc = await researchDocument({
      provider: w.provider,
      title: 'Withdraw me',
      publishedAt: '2026-11-25T09:00:00Z',
      themes: [w.ecb],
      body: `${w.inflation.name}, again ${w.inflation.name}`,
    })
    const search = async () => {
      const answer = await client
        .post('/api/trending-themes/research-documents')
        .loginAs(member)
        .withCsrfToken()
        .json({ page: 1, filters: { searchTerm: 'withdraw' } })
      return answer.body().researchDocuments.length as number
    }
    assert.equal(await search(), 1)
    const bulk = (body: Record<string, unknown>) =>
      client.post(`${BASE}/bulk`).loginAs(admin).withCsrfToken().redirects(0).json(body)

    await expectStatus(bulk({ action: 'withdraw', ids: [doc.id] }), 302)
    assert.equal(await search(), 0)
    await expectStatus(client.get(`/research-discovery/research/${doc.id}`).loginAs(member), 404)
    await expectStatus(
      client.get(`/research-discovery/research/${doc.id}/pdf`).loginAs(member),
      404
    )
    const withdrawn = await db.from('research_documents').where('id', doc.id).firstOrFail()
    assert.equal(withdrawn.status, 'withdrawn')
    assert.isNotNull(withdrawn.withdrawn_at)

    await expectStatus(bulk({ action: 'publish', ids: [doc.id] }), 302)
    assert.equal(await search(), 1)

    const refused = await bulk({ action: 'entitlement', ids: [doc.id] })
    refused.assertStatus(302)
    assert.match(flashedError(refused, 'entitlement') ?? '', /Choose the new entitlement/)
    await expectStatus(
      bulk({ action: 'entitlement', ids: [doc.id], entitlement: 'paid_provider_only' }),
      302
    )
    assert.equal(await search(), 0)
    await entitle(team, w.provider)
    assert.equal(await search(), 1)

    // Tagging again from the indexed text adds the theme it names, keeping the primary.
    await expectStatus(bulk({ action: 'retag', ids: [doc.id] }), 302)
    const themes = await db
      .from('research_document_themes')
      .where('document_id', doc.id)
      .orderBy('theme_id')
    assert.deepEqual(
      themes.map((row) => [Number(row.theme_id), Boolean(row.is_primary)]),
      [
        [w.ecb.id, true],
        [w.inflation.id, false],
      ]
    )
    const unknown = await bulk({ action: 'withdraw', ids: [doc.id, 999_999] })
    assert.match(flashedError(unknown, 'ids') ?? '', /no longer exist/)
    const entries = await db
      .from('audit_logs')
      .where({ entity_type: 'research_document', entity_id: doc.id })
      .count('* as n')
      .firstOrFail()
    assert.equal(Number(entries.n), 4)
  })

  test('the stored PDF downloads for administrators whatever its state', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const doc = await researchDocument({
      provider: w.provider,
      title: 'Draft file',
      publishedAt: '2026-11-25T09:00:00Z',
      themes: [w.ecb],
      status: 'withdrawn',
    })
    const response = await client.get(`${BASE}/${doc.id}/pdf`).loginAs(admin)
    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'application/pdf')
    await expectStatus(client.get(`${BASE}/999999/pdf`).loginAs(admin), 404)
  })
})

test.group('Research documents admin › who may use it', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('refuses clients, administrators without the research discovery permission, and visitors', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const doc = await researchDocument({
      provider: w.provider,
      title: 'Guarded',
      publishedAt: '2026-11-25T09:00:00Z',
      themes: [w.ecb],
    })
    const team = await makeTeam({ modules: [MODULES.trendingThemes] })
    const member = await makeUser({ teams: [team] })
    const otherAdmin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const gets = ['', '/new', `/${doc.id}/edit`, `/${doc.id}/processing`, `/${doc.id}/pdf`]
    for (const user of [member, otherAdmin]) {
      for (const path of gets) {
        const response = await client.get(`${BASE}${path}`).loginAs(user).redirects(0)
        assert.oneOf(response.status(), [302, 403, 404], `${path}`)
        assert.notEqual(response.status(), 200)
      }
      const bulk = await client
        .post(`${BASE}/bulk`)
        .loginAs(user)
        .withCsrfToken()
        .redirects(0)
        .json({ action: 'withdraw', ids: [doc.id] })
      assert.notEqual(bulk.status(), 200)
    }
    const visitor = await client.get(BASE).redirects(0)
    visitor.assertStatus(302)
    const row = await db.from('research_documents').where('id', doc.id).firstOrFail()
    assert.equal(row.status, 'published')
  })
})

test.group('Research documents admin › tagging rules', () => {
  test('a theme is named by whole words, case and spacing aside', ({ assert }) => {
    assert.equal(mentions('ECB policy; ecb  POLICY and ECB policymakers', 'ECB policy'), 2)
    assert.equal(mentions('Inflationary inflation', 'Inflation'), 1)
    assert.equal(mentions('AI, ai and aircraft', 'AI'), 2)
  })

  test('themes named at least twice are tagged, most named first, within the document’s limit', ({
    assert,
  }) => {
    const vocabulary = [
      { themeId: 1, terms: ['Inflation'] },
      { themeId: 2, terms: ['ECB policy'] },
      { themeId: 3, terms: ['Gold'] },
    ]
    const text = 'Inflation inflation inflation. ECB policy and ECB policy. Gold once.'
    assert.deepEqual(themesFromText(text, vocabulary, []), [
      { themeId: 1, relevance: 0.4 },
      { themeId: 2, relevance: 0.3 },
    ])
    assert.deepEqual(themesFromText(text, vocabulary, [1]), [{ themeId: 2, relevance: 0.3 }])
    assert.deepEqual(themesFromText(text, vocabulary, [1, 2, 3, 4, 5, 6, 7, 8]), [])
  })
})

/** The entries of a ZIP of stored files, read from its local headers, checked against its CRCs. */
function zipEntries(archive: Buffer) {
  const entries = new Map<string, Buffer>()
  let offset = 0
  while (archive.readUInt32LE(offset) === 0x04034b50) {
    const crc = archive.readUInt32LE(offset + 14)
    const size = archive.readUInt32LE(offset + 18)
    const nameLength = archive.readUInt16LE(offset + 26)
    const extra = archive.readUInt16LE(offset + 28)
    const name = archive.toString('utf8', offset + 30, offset + 30 + nameLength)
    const start = offset + 30 + nameLength + extra
    const bytes = archive.subarray(start, start + size)
    if (crc32(bytes) !== crc) throw new Error(`${name}: CRC mismatch`)
    entries.set(name, bytes)
    offset = start + size
  }
  if (archive.readUInt32LE(offset) !== 0x02014b50) throw new Error('No central directory')
  return entries
}

test.group('Research documents admin › bulk download', (group) => {
  group.setup(() => readSpreadsheetsAsBuffers(['application/zip']))
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the filtered documents become a ZIP of their PDFs with a manifest, for the administrator who asked, for a day', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const other = await researchAdmin()
    const a = await researchDocument({
      provider: w.provider,
      title: 'Alpha: rates =1+1',
      publishedAt: '2026-11-01T09:00:00Z',
      themes: [w.ecb],
    })
    const b = await researchDocument({
      provider: w.provider,
      title: 'Beta rates',
      publishedAt: '2026-11-10T09:00:00Z',
      themes: [w.inflation],
    })
    await researchDocument({
      provider: w.other,
      title: 'Not asked for',
      publishedAt: '2026-11-12T09:00:00Z',
      themes: [w.ecb],
    })
    const ask = await client
      .post(`${BASE}/exports`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
      .json({ provider: w.provider.id })
    ask.assertStatus(302)
    const row = await db.from('research_document_exports').firstOrFail()
    assert.equal(row.status, 'completed')
    assert.equal(Number(row.document_count), 2)

    const page = await listPage(client, admin)
    assert.deepEqual(
      page.exports.map((entry: any) => [entry.id, entry.status, entry.documentCount]),
      [[Number(row.id), 'completed', 2]]
    )
    const download = await client.get(`${BASE}/exports/${row.id}`).loginAs(admin)
    download.assertStatus(200)
    assert.equal(download.header('content-type'), 'application/zip')
    const entries = zipEntries(Buffer.from(download.body()))
    const pdfs = [...entries.keys()].filter((name) => name.startsWith('documents/')).sort()
    assert.deepEqual(pdfs, [
      `documents/${a.id}-alpha-rates-11.pdf`,
      `documents/${b.id}-beta-rates.pdf`,
    ])
    const stored = await drive.use().getBytes(b.key)
    assert.deepEqual(entries.get(pdfs[1]), Buffer.from(stored))
    const manifest = entries
      .get('manifest.csv')!
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    assert.lengthOf(manifest, 3)
    assert.match(manifest[0], /^file,id,title,provider/)
    assert.include(manifest[1], '"Beta rates"')
    // A title starting like a formula is kept as text in a spreadsheet.
    assert.include(manifest[2], `"Alpha: rates =1+1"`)

    // Another administrator cannot fetch it; past its day it is gone.
    await expectStatus(client.get(`${BASE}/exports/${row.id}`).loginAs(other), 404)
    await db
      .from('research_document_exports')
      .where('id', row.id)
      .update({ expires_at: '2026-01-01 00:00:00' })
    const late = await client.get(`${BASE}/exports/${row.id}`).loginAs(admin)
    late.assertStatus(410)
    assert.match(late.text(), /expired/)
    const entry = await db
      .from('audit_logs')
      .where({ entity_type: 'research_document_export', entity_id: row.id, action: 'create' })
      .firstOrFail()
    assert.equal(entry.user_id, admin.id)
  })

  test('refuses a download of nothing, or of more than 500 documents, writing nothing', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const ask = (body: Record<string, unknown>) =>
      client.post(`${BASE}/exports`).loginAs(admin).withCsrfToken().redirects(0).json(body)
    const none = await ask({ q: 'nothingmatchesthis' })
    assert.match(flashedError(none, 'filters') ?? '', /No document matches/)
    await researchDocumentsInBulk(w.provider, 501, '2026-11-20T09:00:00Z', () => 'bulk text')
    const many = await ask({})
    assert.match(
      flashedError(many, 'filters') ?? '',
      /501 documents match: a download holds at most 500/
    )
    const bad = await ask({ processing: 'nonsense' })
    assert.isDefined(flashedError(bad, 'processing'))
    assert.equal(await count('research_document_exports'), 0)
  })
})
