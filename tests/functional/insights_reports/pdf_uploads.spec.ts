import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { makeCategory, makeReport } from '#tests/helpers/insights_reports'
import { makeContract, makeProvider } from '#tests/helpers/market_data_fixtures'
import { writesOf } from '#tests/helpers/query_count'
import { PROTECTED_PDF_MESSAGE } from '#services/files/pdf_check'
import { MODULES } from '#shared/modules'
import { researchProvider } from '#tests/helpers/rsa'
import { researchTheme, themeGroup } from '#tests/helpers/research'

/**
 * Every path by which the product accepts a PDF refuses, on the parsed document, what a
 * viewer would run or open (the committed fixtures hide each feature in compressed object
 * streams: tests/fixtures/pdf/make_fixtures.sh), and protected files; nothing is stored.
 */

const fixture = (name: string) =>
  readFile(new URL(`../../fixtures/pdf/${name}.pdf`, import.meta.url))

const REFUSED: { name: string; message: RegExp }[] = [
  { name: 'launch_open_action_objstm', message: /\(Launch\) in the action run when it opens/ },
  { name: 'launch_annotation_actions', message: /\(Launch\) in a link or annotation/ },
  { name: 'javascript_page_actions', message: /JavaScript in a page’s actions/ },
  { name: 'javascript_names_tree', message: /JavaScript in the document’s names/ },
  { name: 'embedded_file_names_tree', message: /an embedded file in the document’s names/ },
  { name: 'remote_goto_bookmark', message: /a link that opens another PDF file in a bookmark/ },
  { name: 'submit_form_annotation', message: /a form that sends data to another address/ },
  { name: 'rich_media_annotation', message: /rich media/ },
  { name: 'owner_password_no_print', message: exactly(PROTECTED_PDF_MESSAGE) },
  { name: 'user_password', message: exactly(PROTECTED_PDF_MESSAGE) },
]

function exactly(text: string) {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
}

const administrator = () =>
  makeUser({
    isAdministrator: true,
    roles: ['Client services', 'Market data administrator', 'Research administrator'],
  })

async function counts() {
  const [reports, versions, contractDocuments, researchDocuments] = await Promise.all(
    [
      'insights_reports',
      'insights_report_versions',
      'contract_documents',
      'research_documents',
    ].map(async (table) => {
      const row = await db.from(table).count('* as n').firstOrFail()
      return Number(row.n)
    })
  )
  return { reports, versions, documents: contractDocuments + researchDocuments }
}

type Send = (file: Buffer, filename: string) => Promise<any>

interface UploadPath {
  name: string
  /** What the path needs (a report, a contract), then how its form posts a file (as JSON). */
  prepare: (client: ApiClient, admin: User) => Promise<Send>
  /** Rows an accepted file adds (reports, versions, documents). */
  stores: number
}

async function reportFields() {
  return {
    title: 'PS24/9 one year on',
    file_name: 'ps24-9-one-year-on.pdf',
    category_id: String(await makeCategory(`Regulation ${Math.random()}`)),
    access_type: 'all_clients',
  }
}

function post(client: ApiClient, admin: User, url: string) {
  return client
    .post(url)
    .loginAs(admin)
    .withCsrfToken()
    .redirects(0)
    .header('accept', 'application/json')
}

const PATHS: UploadPath[] = [
  {
    name: 'the report wizard’s first step',
    stores: 0,
    prepare: async (client, admin) => (file, filename) =>
      post(client, admin, '/admin/insights-reports/file-check').file('file', file, { filename }),
  },
  {
    name: 'publishing a report',
    stores: 2,
    prepare: async (client, admin) => {
      const fields = await reportFields()
      return (file, filename) => {
        const request = post(client, admin, '/admin/insights-reports')
        for (const [key, value] of Object.entries(fields)) request.field(key, value)
        return request.file('file', file, { filename })
      }
    },
  },
  {
    name: 'a report’s new version',
    stores: 1,
    prepare: async (client, admin) => {
      const report = await makeReport({ withFile: true })
      return (file, filename) =>
        post(client, admin, `/admin/insights-reports/${report}/file`).file('file', file, {
          filename,
        })
    },
  },
  {
    name: 'a contract document',
    stores: 1,
    prepare: async (client, admin) => {
      const team = await makeTeam({ modules: [MODULES.marketDataContracts] })
      const contract = await makeContract(team.id, await makeProvider())
      return (file, filename) =>
        post(client, admin, `/admin/market-data/contracts/${contract.id}/documents`)
          .field('title', 'Signed order form')
          .file('file', file, { filename })
    },
  },
  {
    name: 'a research document',
    stores: 1,
    prepare: async (client, admin) => {
      const provider = await researchProvider('Atlas Global Markets', 'bulge_bracket')
      const theme = await researchTheme('ECB policy', await themeGroup('Monetary policy'))
      const fields: Record<string, string> = {
        providerId: String(provider.id),
        title: 'Rates outlook',
        abstract: 'Where the curve goes next.',
        documentType: 'rates',
        publishedOn: '2026-11-20',
        entitlement: 'open',
        primaryThemeId: String(theme.id),
      }
      return (file, filename) => {
        const request = post(client, admin, '/admin/research-discovery/documents')
        for (const [key, value] of Object.entries(fields)) request.field(key, value)
        return request.file('file', file, { filename })
      }
    },
  },
]

test.group('PDF uploads: checked on the parsed document on every path', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const path of PATHS) {
    test(`${path.name} refuses {name}`)
      .with(REFUSED)
      .run(async ({ client, assert }, entry) => {
        const admin = await administrator()
        const send = await path.prepare(client, admin)
        const before = await counts()
        const response = await send(await fixture(entry.name), 'study.pdf')
        response.assertStatus(422)
        const errors = Object.fromEntries(
          (response.body().errors ?? []).map((error: any) => [error.field, error.message])
        )
        assert.match(errors.file ?? '', entry.message)
        assert.deepEqual(await counts(), before)
      })

    test(`${path.name} accepts a plain PDF with compressed object streams`, async ({
      client,
      assert,
    }) => {
      const admin = await administrator()
      const send = await path.prepare(client, admin)
      const before = await counts()
      const response = await send(await fixture('clean'), 'study.pdf')
      assert.oneOf(response.status(), [200, 302], JSON.stringify(response.body()))
      const after = await counts()
      assert.equal(
        after.reports + after.versions + after.documents,
        before.reports + before.versions + before.documents + path.stores
      )
    })
  }

  test('the wizard’s first step answers with the page count and writes nothing', async ({
    client,
    assert,
  }) => {
    const admin = await administrator()
    const before = await counts()
    const send = await PATHS[0].prepare(client, admin)
    const response = await send(await fixture('clean'), 'study.pdf')
    response.assertStatus(200)
    assert.deepEqual(response.body(), { pageCount: 1 })
    assert.equal(writesOf(response), 0)
    assert.deepEqual(await counts(), before)
  })
})

test.group('PDF uploads: a body over the request limit', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const oversized = () => Buffer.alloc(26 * 1024 * 1024, 0x20)

  test('a form post gets the form’s own message on its file field, not a 413 page', async ({
    client,
    assert,
  }) => {
    const admin = await administrator()
    const before = await counts()
    const response = await client
      .post('/admin/insights-reports')
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
      .header('referer', '/admin/insights-reports/new')
      .field('title', 'Too large')
      .file('file', oversized(), { filename: 'huge.pdf' })
    response.assertStatus(302)
    response.assertHeader('location', '/admin/insights-reports/new')
    assert.deepEqual((response.flashMessages() as any).inputErrorsBag, {
      file: ['File must be at most 20 MB.'],
    })
    assert.deepEqual(await counts(), before)
  })

  test('a JSON caller gets 413 with the field’s message', async ({ client, assert }) => {
    const admin = await administrator()
    const response = await post(client, admin, '/admin/insights-reports/file-check').file(
      'file',
      oversized(),
      { filename: 'huge.pdf' }
    )
    response.assertStatus(413)
    assert.deepEqual(response.body().errors, [
      { field: 'file', message: 'File must be at most 20 MB.', rule: 'file.size' },
    ])
  })
  test('the single sign-on metadata form gets its own message too', async ({ client, assert }) => {
    const team = await makeTeam({ modules: [MODULES.ssoManagement] })
    const manager = await makeUser({ teams: [team] })
    await db
      .from('team_user')
      .where({ team_id: team.id, user_id: manager.id })
      .update({ role: 'manager' })
    const response = await client
      .post('/sso-management/metadata')
      .loginAs(manager)
      .withCsrfToken()
      .redirects(0)
      .header('referer', '/sso-management')
      .file('metadataFile', oversized(), { filename: 'metadata.xml' })
    response.assertStatus(302)
    assert.deepEqual((response.flashMessages() as any).inputErrorsBag, {
      metadataFile: ['The metadata file must be smaller than 1 MB.'],
    })
  })
})
