import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { makeUser } from '#tests/helpers/accounts'
import { axeProblems, screenshots } from '#tests/helpers/browser'
import { pdfBytes } from '#tests/helpers/insights_reports'
import { researchProvider } from '#tests/helpers/rsa'
import { researchTheme, themeGroup } from '#tests/helpers/research'
import { zipOf } from '#tests/helpers/zip'
import { DOCUMENT_IMPORT_COLUMNS } from '#shared/research_admin'

const SHOTS = 'tmp/screens'

function csvOf(lines: Record<string, string>[]) {
  const headers = DOCUMENT_IMPORT_COLUMNS.map((column) => column.header)
  return Buffer.from(
    [headers.join(','), ...lines.map((line) => headers.map((h) => line[h] ?? '').join(','))]
      .map((text) => `${text}\r\n`)
      .join('')
  )
}

async function shoot(page: Page, name: string, problems: Record<string, unknown>) {
  problems[`${name} axe`] = await axeProblems(page)
  problems[`${name} overflow`] = await screenshots(page, SHOTS, name)
}

async function upload(page: Page, archive: Buffer, metadata: Buffer) {
  await page.getByLabel(/^ZIP archive of the PDFs/).setInputFiles({
    name: 'documents.zip',
    mimeType: 'application/zip',
    buffer: archive,
  })
  await page.getByLabel(/^Metadata table/).setInputFiles({
    name: 'metadata.csv',
    mimeType: 'text/csv',
    buffer: metadata,
  })
  await page.getByRole('button', { name: 'Upload and check' }).click()
}

test.group('Research document bulk import in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(240_000)

  test('an administrator uploads a ZIP and its table: a refused one shows its rows, a clean one is previewed and imported', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const provider = await researchProvider('Atlas Global Markets', 'bulge_bracket')
    const stored = await db.from('providers').where('id', provider.id).firstOrFail()
    const theme = await researchTheme('ECB policy', await themeGroup('Monetary policy'))
    const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    admin.shouldShowMainNavUserTour = false
    await admin.save()
    const problems: Record<string, unknown> = {}
    const line = (overrides: Record<string, string> = {}) => ({
      provider_key: String(stored.provider_key),
      title: 'Quetzal curve outlook',
      abstract: 'Where the long end of the curve goes next.',
      published_at: '2026-11-20',
      document_type: 'rates',
      primary_theme_id: String(theme.id),
      file_name: 'outlook.pdf',
      entitlement: 'open',
      ...overrides,
    })
    const archive = await zipOf({
      'outlook.pdf': await pdfBytes(2, 'Tezcatlipoca and the long end'),
      'notes/credit.pdf': await pdfBytes(1, 'Credit note'),
    })

    await browserContext.loginAs(admin)
    const page = await visit('/admin/research-discovery/documents/imports')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page
      .getByRole('heading', { name: 'Bulk import of research documents', level: 1 })
      .waitFor({ timeout: 90_000 })
    await shoot(page, 'research-document-import-upload', problems)

    // A table with problems: refused, its rows listed.
    await upload(
      page,
      archive,
      csvOf([line(), line({ title: 'Credit', file_name: 'missing.pdf', provider_key: 'nobody' })])
    )
    await page.getByRole('status').getByText('Refused').waitFor()
    const rejected = page.getByRole('table', { name: /Rejected rows: 1/ })
    await rejected.getByText('No research provider has the key “nobody”.').waitFor()
    await rejected.getByText('The archive holds no file named “missing.pdf”.').waitFor()
    await shoot(page, 'research-document-import-refused', problems)
    await page.getByRole('button', { name: 'Discard this upload' }).click()
    await page.waitForURL((url) => url.pathname.endsWith('/documents/imports'))

    // A clean one: previewed, then imported.
    await upload(
      page,
      archive,
      csvOf([
        line(),
        line({ title: 'Credit note', file_name: 'credit.pdf', document_type: 'credit' }),
      ])
    )
    await page.getByRole('status').getByText('Ready to commit').waitFor()
    const preview = page.getByRole('table', { name: 'Documents to import' })
    await preview.getByText('Quetzal curve outlook').waitFor()
    await preview.getByText('notes/credit.pdf').waitFor()
    await shoot(page, 'research-document-import-preview', problems)
    await page.getByRole('button', { name: 'Import 2 documents' }).click()
    await page.getByText(/2 documents imported on/).waitFor()
    await shoot(page, 'research-document-import-committed', problems)
    const imported = await db
      .from('research_documents')
      .whereIn('title', ['Quetzal curve outlook', 'Credit note'])
      .count('* as n')
      .firstOrFail()
    assert.equal(Number(imported.n), 2)

    assert.deepEqual(
      Object.fromEntries(
        Object.entries(problems).filter(([, value]) => (value as unknown[]).length > 0)
      ),
      {}
    )
  })
})
