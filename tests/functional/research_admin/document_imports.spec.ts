import { test } from '@japa/runner'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import ExcelJS from 'exceljs'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import { pdfBytes } from '#tests/helpers/insights_reports'
import {
  researchDocument,
  researchMember,
  researchTeam,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'
import { assemble, deflated, zipOf } from '#tests/helpers/zip'
import { flashedError } from '#tests/helpers/responses'
import { DOCUMENT_IMPORT_COLUMNS } from '#shared/research_admin'

/**
 * Bulk import of research documents: a ZIP of PDFs and a metadata table, checked row by row (each
 * PDF by its content and checksum), previewed, then committed all or nothing; hostile archives
 * (names pointing outside, bombs) refused as a whole; the operators' command.
 */

const BASE = '/admin/research-discovery/documents/imports'
const researchAdmin = () => makeUser({ isAdministrator: true, roles: ['Research administrator'] })
const fixture = (name: string) =>
  readFile(new URL(`../../fixtures/pdf/${name}.pdf`, import.meta.url))
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

async function count(table: string) {
  const counted = await db.from(table).count('* as n').firstOrFail()
  return Number(counted.n)
}

async function world() {
  const provider = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const group = await themeGroup('Monetary policy')
  const ecb = await researchTheme('ECB policy', group)
  const inflation = await researchTheme('Inflation', group)
  const retired = await researchTheme('Old theme', group)
  await db.from('research_themes').where('id', retired.id).update({ status: 'retired' })
  const stored = await db
    .from('providers')
    .where('id', provider.id)
    .select('provider_key')
    .firstOrFail()
  const key = String(stored.provider_key)
  return { provider, key, ecb, inflation, retired }
}
type World = Awaited<ReturnType<typeof world>>

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)

/** A metadata table: the template's columns, every row filled from `row` and its overrides. */
function csvOf(lines: Record<string, string>[]) {
  const headers = DOCUMENT_IMPORT_COLUMNS.map((column) => column.header)
  return Buffer.from(
    [
      headers.join(','),
      ...lines.map((line) => headers.map((h) => csvCell(line[h] ?? '')).join(',')),
    ]
      .map((text) => `${text}\r\n`)
      .join('')
  )
}

function row(w: World, overrides: Record<string, string> = {}) {
  return {
    document_id: 'SRC-1',
    provider_key: w.key,
    title: 'Zanzibar rates outlook',
    abstract: 'Where the Zanzibar curve goes next.',
    published_at: '2026-11-20T07:30:00Z',
    authors: 'A. Analyst|B. Economist',
    document_type: 'rates',
    asset_classes: 'rates|FX',
    regions: 'Global|europe_ex_uk',
    sectors_gics: 'Financials',
    primary_theme_id: String(w.ecb.id),
    theme_ids: w.inflation.name,
    language: 'en',
    file_name: 'outlook.pdf',
    entitlement: 'open',
    ...overrides,
  }
}

function send(
  client: ApiClient,
  user: User,
  files: { archive?: Buffer; archiveName?: string; metadata?: Buffer; metadataName?: string },
  publish = false
) {
  const request = client.post(BASE).loginAs(user).withCsrfToken().redirects(0)
  if (publish) request.field('publish', '1')
  if (files.archive) {
    request.file('archive', files.archive, { filename: files.archiveName ?? 'documents.zip' })
  }
  if (files.metadata) {
    request.file('metadata', files.metadata, { filename: files.metadataName ?? 'metadata.csv' })
  }
  return request
}

async function latestImport() {
  return db.from('research_document_imports').orderBy('id', 'desc').firstOrFail()
}

async function shown(client: ApiClient, user: User, id: number) {
  const response = await client.get(`${BASE}/${id}`).loginAs(user).withInertia()
  response.assertStatus(200)
  return response.inertiaProps as any
}

test.group('Research document imports › check and commit', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a ZIP and its table are checked, previewed, then imported whole, processed and published', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const team = await researchTeam()
    const member = await researchMember(team)
    const first = await pdfBytes(2, `Quetzalcoatl spreads and ${w.inflation.name}`)
    const second = await pdfBytes(1, 'Tezcatlipoca credit note')
    const archive = await zipOf({ 'outlook.pdf': first, 'notes/credit.pdf': second })
    const metadata = csvOf([
      row(w, { sha256: sha(first), page_count: '2' }),
      row(w, {
        document_id: 'SRC-2',
        title: 'Credit note',
        document_type: 'Credit',
        primary_theme_id: w.inflation.name.toLowerCase(),
        theme_ids: '',
        asset_classes: 'credit',
        regions: '',
        sectors_gics: '',
        published_at: '2026-11-21',
        file_name: 'credit.pdf',
        entitlement: 'mnmb',
      }),
    ])
    const before = await count('research_documents')
    const response = await send(client, admin, { archive, metadata }, true)
    response.assertStatus(302)
    const imp = await latestImport()
    assert.equal(response.header('location'), `${BASE}/${imp.id}`)
    assert.equal(imp.status, 'previewed')
    assert.equal(await count('research_documents'), before, 'the check writes nothing')

    const props = await shown(client, admin, imp.id)
    assert.equal(props.current.status, 'previewed')
    assert.deepEqual(props.current.report.problems, [])
    assert.deepEqual(
      props.current.preview.map((r: any) => [r.row, r.fileName, r.provider, r.pages, r.themes]),
      [
        [2, 'outlook.pdf', 'Atlas Global Markets', 2, 2],
        [3, 'notes/credit.pdf', 'Atlas Global Markets', 1, 1],
      ]
    )

    const commit = await client
      .post(`${BASE}/${imp.id}/commit`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
    commit.assertStatus(302)
    const done = await db.from('research_document_imports').where('id', imp.id).firstOrFail()
    assert.equal(done.status, 'committed')
    assert.equal(Number(done.document_count), 2)
    assert.isNull(done.archive_key, 'the archive is not kept once imported')

    const documents = await db
      .from('research_documents')
      .whereIn('sha256', [sha(first), sha(second)])
      .orderBy('title')
    assert.deepEqual(
      documents.map((d) => [
        d.title,
        d.document_type,
        d.entitlement,
        d.status,
        d.processing_status,
      ]),
      [
        ['Credit note', 'credit', 'mnmb', 'published', 'completed'],
        ['Zanzibar rates outlook', 'rates', 'open', 'published', 'completed'],
      ]
    )
    const outlook = documents[1]
    assert.deepEqual(JSON.parse(outlook.authors), ['A. Analyst', 'B. Economist'])
    assert.deepEqual(JSON.parse(outlook.asset_classes), ['rates', 'fx'])
    assert.deepEqual(JSON.parse(outlook.regions), ['global', 'europe_ex_uk'])
    assert.equal(Number(outlook.page_count), 2)
    assert.isTrue(await drive.use().exists(outlook.file_key))
    const themes = await db
      .from('research_document_themes')
      .where('document_id', outlook.id)
      .orderBy('theme_id')
    assert.deepEqual(
      themes.map((t) => [Number(t.theme_id), Boolean(t.is_primary)]),
      [
        [w.ecb.id, true],
        [w.inflation.id, false],
      ]
    )

    // Clients find it by a word only its PDF holds.
    const found = await client
      .post('/api/trending-themes/research-documents')
      .loginAs(member)
      .withCsrfToken()
      .json({ page: 1, filters: { searchTerm: 'Quetzalcoatl' } })
    assert.deepEqual(
      found.body().researchDocuments.map((d: any) => d.id),
      [outlook.id]
    )

    const entry = await db
      .from('audit_logs')
      .where({ entity_type: 'research_document_import', entity_id: imp.id, action: 'import' })
      .firstOrFail()
    assert.equal(entry.user_id, admin.id)
    assert.equal(
      await db
        .from('audit_logs')
        .where({ entity_type: 'research_document', action: 'create' })
        .whereIn(
          'entity_id',
          documents.map((d) => d.id)
        )
        .count('* as n')
        .firstOrFail()
        .then((r) => Number(r.n)),
      2
    )

    // Committing again changes nothing.
    await client.post(`${BASE}/${imp.id}/commit`).loginAs(admin).withCsrfToken().redirects(0)
    assert.equal(await count('research_documents'), before + 2)
  })

  test('an XLSX table is read as the CSV is; without publish the documents stay drafts', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const pdf = await pdfBytes(1, 'Workbook note')
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Documents')
    const headers = DOCUMENT_IMPORT_COLUMNS.map((column) => column.header)
    sheet.addRow(headers)
    const values = row(w) as Record<string, string>
    sheet.addRow(headers.map((h) => values[h] ?? ''))
    const metadata = Buffer.from(await workbook.xlsx.writeBuffer())
    const response = await send(client, admin, {
      archive: await zipOf({ 'outlook.pdf': pdf }),
      metadata,
      metadataName: 'metadata.xlsx',
    })
    response.assertStatus(302)
    const imp = await latestImport()
    assert.equal(imp.status, 'previewed')
    assert.equal(imp.metadata_type, 'xlsx')
    await client.post(`${BASE}/${imp.id}/commit`).loginAs(admin).withCsrfToken().redirects(0)
    const document = await db.from('research_documents').where('sha256', sha(pdf)).firstOrFail()
    assert.equal(document.status, 'draft')
    assert.equal(document.processing_status, 'completed')
  })

  test('every bad row is reported by row and column, and nothing is written', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const good = await pdfBytes(1, 'Good one')
    const twin = await pdfBytes(1, 'Twin')
    const catalogued = await pdfBytes(1, 'Already there')
    const existing = await researchDocument({
      provider: w.provider,
      title: 'Catalogued note',
      publishedAt: '2026-11-01',
      themes: [w.ecb],
    })
    await db
      .from('research_documents')
      .where('id', existing.id)
      .update({ sha256: sha(catalogued) })
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    const archive = await zipOf({
      'good.pdf': good,
      'twin-a.pdf': twin,
      'twin-b.pdf': twin,
      'picture.pdf': png,
      'locked.pdf': await fixture('user_password'),
      'catalogued.pdf': catalogued,
      'spare.pdf': await pdfBytes(1, 'Nobody names me'),
    })
    const metadata = csvOf([
      row(w, { file_name: 'good.pdf', provider_key: 'nobody', primary_theme_id: '999999' }),
      row(w, { file_name: 'good.pdf', title: '', document_type: 'poetry' }),
      row(w, { file_name: 'twin-a.pdf', theme_ids: w.retired.name, published_at: '2099-01-01' }),
      row(w, { file_name: 'twin-b.pdf', entitlement: 'everyone', regions: 'Mars' }),
      row(w, { file_name: 'picture.pdf' }),
      row(w, { file_name: 'locked.pdf' }),
      row(w, { file_name: 'catalogued.pdf' }),
      row(w, { file_name: 'missing.pdf', abstract: '=HYPERLINK("x")' }),
      row(w, { file_name: 'good.pdf', sha256: 'ab'.repeat(32), page_count: '7' }),
    ])
    const before = await count('research_documents')
    const response = await send(client, admin, { archive, metadata })
    response.assertStatus(302)
    const imp = await latestImport()
    assert.equal(imp.status, 'refused')
    assert.equal(await count('research_documents'), before)
    const props = await shown(client, admin, imp.id)
    const problems = props.current.report.problems.map(
      (p: any) => `${p.row} ${p.column}: ${p.message}`
    ) as string[]
    const expectProblem = (rowNumber: number, column: string, text: RegExp) =>
      assert.isTrue(
        problems.some(
          (problem) => problem.startsWith(`${rowNumber} ${column}:`) && text.test(problem)
        ),
        `row ${rowNumber}, ${column}: ${text} among\n${problems.join('\n')}`
      )
    expectProblem(2, 'provider_key', /No research provider has the key “nobody”/)
    expectProblem(2, 'primary_theme_id', /not a theme of the taxonomy/)
    expectProblem(3, 'title', /title/i)
    expectProblem(3, 'document_type', /“poetry” is not a document type/)
    expectProblem(3, 'file_name', /named by another row/)
    expectProblem(4, 'theme_ids', /retired or merged/)
    expectProblem(4, 'published_at', /in the future/)
    expectProblem(5, 'entitlement', /not an entitlement/)
    expectProblem(5, 'regions', /“Mars” is not a known region/)
    expectProblem(5, 'file_name', /same PDF as row 4/)
    expectProblem(6, 'file_name', /not a PDF/)
    expectProblem(7, 'file_name', /password|protected/i)
    expectProblem(8, 'file_name', /already in the catalogue/)
    expectProblem(9, 'file_name', /no file named “missing.pdf”/)
    expectProblem(9, 'abstract', /formula/)
    expectProblem(10, 'file_name', /named by another row/)
    assert.equal(props.current.rejectedRows, 9)
    assert.deepEqual(props.current.report.unusedFiles, ['spare.pdf'])

    // A refused import cannot be committed.
    const commit = await client
      .post(`${BASE}/${imp.id}/commit`)
      .loginAs(admin)
      .withCsrfToken()
      .header('referer', `${BASE}/${imp.id}`)
      .redirects(0)
    commit.assertStatus(302)
    assert.match(flashedError(commit, 'import') ?? '', /Only a checked import without problems/)
    assert.equal(await count('research_documents'), before)

    // Discarding removes the stored files.
    const keys = [imp.archive_key, imp.metadata_key]
    await client.post(`${BASE}/${imp.id}/discard`).loginAs(admin).withCsrfToken().redirects(0)
    for (const key of keys) assert.isFalse(await drive.use().exists(key))
    const gone = await client.get(`${BASE}/${imp.id}`).loginAs(admin)
    gone.assertStatus(404)
  })

  test('the sha256 and page_count columns are checked against the PDF', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const pdf = await pdfBytes(2, 'Checked note')
    await send(client, admin, {
      archive: await zipOf({ 'outlook.pdf': pdf }),
      metadata: csvOf([row(w, { sha256: 'ab'.repeat(32), page_count: '3' })]),
    })
    const imp = await latestImport()
    const problems = JSON.parse(imp.report).problems.map((p: any) => `${p.column}: ${p.message}`)
    assert.deepEqual(problems, [
      `sha256: The PDF’s checksum is ${sha(pdf)}, not the one the table gives: the file is not the one described.`,
      'page_count: The PDF has 2 pages, not 3.',
    ])
  })
})

test.group('Research document imports › hostile and wrong files', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an archive with names pointing outside it is refused whole, nothing unpacked', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const pdf = await pdfBytes(1, 'Escaping')
    for (const name of ['../../etc/cron.d/x.pdf', '/etc/passwd', 'a/../../b.pdf', '..\\x.pdf']) {
      const archive = assemble([deflated(name, pdf)])
      const response = await send(client, admin, {
        archive,
        metadata: csvOf([row(w, { file_name: name })]),
      })
      response.assertStatus(302)
      const imp = await latestImport()
      assert.equal(imp.status, 'refused', name)
      const report = JSON.parse(imp.report)
      assert.match(report.fileProblems[0], /outside the archive|absolute|drive/i, name)
      assert.deepEqual(report.problems, [])
    }
    assert.equal(await count('research_documents'), 0)
  })

  test('a ZIP bomb is refused before it is unpacked', async ({ client, assert }) => {
    const w = await world()
    const admin = await researchAdmin()
    // 4 MB of zeros deflate to a few KB; declared as 2 GB it would be a bomb to unpack.
    const zeros = Buffer.alloc(4 * 1024 * 1024)
    const bomb = assemble([{ ...deflated('outlook.pdf', zeros), size: 2_000_000_000 }])
    await send(client, admin, { archive: bomb, metadata: csvOf([row(w)]) })
    let imp = await latestImport()
    assert.equal(imp.status, 'refused')
    assert.match(JSON.parse(imp.report).fileProblems[0], /ZIP bomb/)

    // Declared small but inflating to far more: stopped at what it declares.
    const liar = assemble([{ ...deflated('outlook.pdf', zeros), size: 1024 }])
    await send(client, admin, { archive: liar, metadata: csvOf([row(w)]) })
    imp = await latestImport()
    assert.equal(imp.status, 'refused')
    assert.deepEqual(JSON.parse(imp.report).fileProblems, [
      '“outlook.pdf” unpacks to more than the 1 KB the archive declares: the archive is damaged or built to exhaust the server; nothing was imported.',
    ])

    // Two entries sharing one file's bytes (the overlapping-files bomb).
    const overlapping = assemble([
      deflated('outlook.pdf', await pdfBytes(1, 'Shared')),
      { name: 'again.pdf', sameLocalAs: 0 },
    ])
    await send(client, admin, { archive: overlapping, metadata: csvOf([row(w)]) })
    imp = await latestImport()
    assert.equal(imp.status, 'refused')
    assert.match(JSON.parse(imp.report).fileProblems[0], /shares its bytes/)
    assert.equal(await count('research_documents'), 0)
  })

  test('files that are not what the form asks are refused at the upload, nothing recorded', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const metadata = csvOf([row(w)])
    const pdf = await pdfBytes(1, 'x')
    const cases: [Parameters<typeof send>[2], string, RegExp][] = [
      [{ archive: pdf, archiveName: 'documents.zip', metadata }, 'archive', /not a ZIP/],
      [
        { archive: await zipOf({ 'a.pdf': pdf }), archiveName: 'a.rar', metadata },
        'archive',
        /ZIP/,
      ],
      [{ metadata }, 'archive', /ZIP/],
      [{ archive: await zipOf({ 'a.pdf': pdf }) }, 'metadata', /CSV or XLSX/],
      [
        { archive: await zipOf({ 'a.pdf': pdf }), metadata: pdf, metadataName: 'metadata.csv' },
        'metadata',
        /PDF/,
      ],
    ]
    // A table over its 20 MB: refused while it arrives, the part received removed.
    cases.push([
      {
        archive: await zipOf({ 'a.pdf': pdf }),
        metadata: Buffer.concat([metadata, Buffer.alloc(21 * 1024 * 1024, 0x61)]),
      },
      'metadata',
      /The table is larger than 20 MB/,
    ])
    for (const [files, field, message] of cases) {
      const response = await send(client, admin, files)
      response.assertStatus(302)
      assert.match(flashedError(response, field) ?? '', message, `${field}: ${message}`)
    }
    assert.equal(await count('research_document_imports'), 0)
    const scratch = await readdir(new URL('../../../tmp/imports/', import.meta.url)).catch(() => [])
    assert.deepEqual(
      scratch.filter((name) => name.endsWith('.zip') || name.endsWith('.table')),
      [],
      'no scratch file left behind'
    )
  })

  test('a table without the required columns, or with unknown ones, is refused whole', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const admin = await researchAdmin()
    const archive = await zipOf({ 'outlook.pdf': await pdfBytes(1, 'x') })
    await send(client, admin, {
      archive,
      metadata: Buffer.from('title,file_name\r\nA,outlook.pdf\r\n'),
    })
    let imp = await latestImport()
    assert.equal(imp.status, 'refused')
    assert.match(JSON.parse(imp.report).fileProblems[0], /lacks the columns provider_key/)
    const headers = DOCUMENT_IMPORT_COLUMNS.map((column) => column.header)
    const values = row(w) as Record<string, string>
    await send(client, admin, {
      archive,
      metadata: Buffer.from(
        `${[...headers, 'primary_theme'].join(',')}\r\n${headers.map((h) => csvCell(values[h] ?? '')).join(',')},x\r\n`
      ),
    })
    imp = await latestImport()
    assert.match(JSON.parse(imp.report).fileProblems[0], /does not know: primary_theme/)
  })
})

test.group('Research document imports › access, template and command', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the template holds the import columns; clients and other administrators are refused', async ({
    client,
    assert,
  }) => {
    const admin = await researchAdmin()
    const template = await client.get(`${BASE}/template`).loginAs(admin)
    template.assertStatus(200)
    assert.equal(
      template.text().trim(),
      DOCUMENT_IMPORT_COLUMNS.map((column) => column.header).join(',')
    )
    const page = await client.get(BASE).loginAs(admin).withInertia()
    page.assertStatus(200)
    assert.equal((page.inertiaProps as any).columns.length, DOCUMENT_IMPORT_COLUMNS.length)

    const other = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const team = await researchTeam()
    const member = await researchMember(team)
    const w = await world()
    const files = {
      archive: await zipOf({ 'outlook.pdf': await pdfBytes(1, 'Guarded') }),
      metadata: csvOf([row(w)]),
    }
    for (const user of [other, member]) {
      const response = await client.get(BASE).loginAs(user).redirects(0)
      assert.oneOf(response.status(), [302, 403, 404])
      const upload = await send(client, user, files)
      assert.oneOf(upload.status(), [302, 403, 404])
    }
    assert.equal(await count('research_document_imports'), 0)

    // An import checked by the research administrator: nobody else commits, checks or discards it.
    await send(client, admin, files)
    const imp = await latestImport()
    assert.equal(imp.status, 'previewed')
    for (const user of [other, member]) {
      for (const action of ['commit', 'check', 'discard']) {
        const response = await client
          .post(`${BASE}/${imp.id}/${action}`)
          .loginAs(user)
          .withCsrfToken()
          .redirects(0)
        assert.oneOf(response.status(), [302, 403, 404], action)
      }
      const shownPage = await client.get(`${BASE}/${imp.id}`).loginAs(user).redirects(0)
      assert.oneOf(shownPage.status(), [302, 403, 404])
    }
    const after = await db.from('research_document_imports').where('id', imp.id).firstOrFail()
    assert.equal(after.status, 'previewed')
    assert.equal(await count('research_documents'), 0)

    // While it is being committed, it cannot be discarded or checked again.
    await db.from('research_document_imports').where('id', imp.id).update({ status: 'committing' })
    const discard = await client
      .post(`${BASE}/${imp.id}/discard`)
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
    assert.match(flashedError(discard, 'import') ?? '', /being checked or committed/)
    const still = await db.from('research_document_imports').where('id', imp.id).firstOrFail()
    assert.equal(still.status, 'committing')
    assert.isTrue(await drive.use().exists(still.archive_key))
  })

  test('import:research-documents checks, refuses with the report, and imports', async ({
    assert,
  }) => {
    const w = await world()
    const folder = await mkdtemp(join(tmpdir(), 'document-import-cli-'))
    try {
      const pdf = await pdfBytes(1, 'Command line note')
      const archive = join(folder, 'documents.zip')
      const metadata = join(folder, 'metadata.csv')
      await writeFile(archive, await zipOf({ 'outlook.pdf': pdf }))

      await writeFile(metadata, csvOf([row(w, { provider_key: 'nobody' })]))
      const refused = await ace.exec('import:research-documents', [archive, metadata])
      assert.equal(refused.exitCode, 1)
      assert.equal(await count('research_documents'), 0)

      await writeFile(metadata, csvOf([row(w)]))
      const dry = await ace.exec('import:research-documents', [archive, metadata, '--dry-run'])
      assert.equal(dry.exitCode, 0)
      assert.equal(await count('research_documents'), 0)

      const done = await ace.exec('import:research-documents', [archive, metadata, '--publish'])
      assert.equal(done.exitCode, 0)
      const document = await db.from('research_documents').where('sha256', sha(pdf)).firstOrFail()
      assert.equal(document.title, 'Zanzibar rates outlook')
      const imp = await latestImport()
      assert.equal(imp.source, 'command_line')
      assert.equal(imp.status, 'committed')
      assert.match(imp.operator, /system user/)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})
