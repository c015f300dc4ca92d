import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Browser, Page } from 'playwright'
import type User from '#models/user'
import { makeUser } from '#tests/helpers/accounts'
import { axeProblems, screenshots } from '#tests/helpers/browser'
import { pdfBytes } from '#tests/helpers/insights_reports'
import { researchProvider } from '#tests/helpers/rsa'
import {
  entitle,
  researchMember,
  researchTeam,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'

const SHOTS = 'tmp/screens'
const base = () => process.env.APP_URL ?? `http://localhost:${process.env.PORT}`
const TITLE = 'Quetzal curve outlook'

/** The research list of a client, searched for a word only the uploaded PDF's text holds. */
async function clientSearch(browser: Browser, user: User) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  await context.loginAs(user)
  const page = await context.newPage()
  await page.goto(`${base()}/research-discovery/research?searchTerm=Tezcatlipoca`)
  const status = page.getByRole('status').filter({ hasText: /document/i })
  await status.filter({ hasNotText: 'Updating' }).first().waitFor()
  const shown = await status.first().textContent()
  const text = shown?.trim() ?? ''
  const titles = await page.getByRole('link', { name: TITLE }).count()
  await context.close()
  return { text, titles }
}

async function shoot(page: Page, name: string, problems: Record<string, unknown>) {
  problems[`${name} axe`] = await axeProblems(page)
  problems[`${name} overflow`] = await screenshots(page, SHOTS, name)
}

test.group('Research documents administration in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(240_000)

  test('an administrator uploads a PDF with its metadata; once processed an entitled team finds it by its text, another does not; withdrawn, it vanishes', async ({
    visit,
    browser,
    browserContext,
    assert,
  }) => {
    const provider = await researchProvider('Atlas Global Markets', 'bulge_bracket')
    await researchTheme('ECB policy', await themeGroup('Monetary policy'))
    const entitled = await researchTeam()
    const outsider = await researchTeam()
    await entitle(entitled, provider)
    const reader = await researchMember(entitled)
    const stranger = await researchMember(outsider)
    for (const user of [reader, stranger]) {
      user.shouldShowMainNavUserTour = false
      await user.save()
    }
    const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    admin.shouldShowMainNavUserTour = false
    await admin.save()
    const problems: Record<string, unknown> = {}

    await browserContext.loginAs(admin)
    const page = await visit('/admin/research-discovery/documents/new')
    await page.setViewportSize({ width: 1440, height: 900 })
    // The first page of a run waits for the development server's first build.
    await page
      .getByRole('heading', { name: 'Upload a research document', level: 1 })
      .waitFor({ timeout: 90_000 })
    assert.match(await page.title(), /^Upload a research document - /)

    // Submitted empty: every missing field says so next to itself.
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    const fileInput = page.getByLabel('PDF', { exact: true })
    await page.locator('#document-file-error').waitFor()
    assert.equal(await fileInput.getAttribute('aria-invalid'), 'true')
    assert.include(await fileInput.getAttribute('aria-describedby'), 'document-file-error')
    await shoot(page, 'research-document-new-errors', problems)

    await fileInput.setInputFiles({
      name: 'quetzal.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfBytes(2, 'Tezcatlipoca and the long end'),
    })
    await page.getByLabel('Provider').selectOption({ label: 'Atlas Global Markets' })
    await page.getByLabel('Type').selectOption({ label: 'Rates' })
    await page.getByLabel('Title').fill(TITLE)
    await page.getByLabel('Abstract').fill('Where the long end of the curve goes next.')
    await page.getByLabel('Authors').fill('A. Analyst\nB. Economist')
    await page.getByLabel('Publication date').fill('2026-11-20')
    await page.getByLabel('Who may read it').selectOption({ label: 'Subscribers of the provider' })
    await page.getByLabel('Primary theme').selectOption({ index: 1 })
    await page.getByRole('checkbox', { name: 'Government bonds / rates' }).check()
    await page.getByRole('button', { name: 'Upload', exact: true }).click()

    // The document's page follows its processing to the end: completed, then published.
    await page.waitForURL((url) =>
      /\/admin\/research-discovery\/documents\/\d+\/edit$/.test(url.pathname)
    )
    await page.getByText('Completed (done)').waitFor()
    const state = page.getByRole('complementary', { name: 'The document’s state' })
    await state.getByText('Published', { exact: true }).waitFor()
    await shoot(page, 'research-document-edit', problems)

    assert.deepEqual(await clientSearch(browser, reader), { text: '1 document', titles: 1 })
    assert.deepEqual(await clientSearch(browser, stranger), { text: 'No documents', titles: 0 })

    // The list shows it among the completed documents.
    await page.goto(`${base()}/admin/research-discovery/documents`)
    await page.getByRole('link', { name: TITLE }).waitFor()
    await shoot(page, 'research-documents-admin', problems)

    // Withdrawn from its page, confirmed: clients no longer find it.
    await page.getByRole('link', { name: TITLE }).click()
    await page.getByRole('button', { name: 'Withdraw' }).click()
    await page
      .getByRole('group', { name: 'Confirm the withdrawal' })
      .getByRole('button', { name: 'Withdraw' })
      .click()
    await state.getByText(/^Withdrawn on /).waitFor()
    assert.deepEqual(await clientSearch(browser, reader), { text: 'No documents', titles: 0 })

    // The list's bulk action publishes it again, confirmed in a dialog.
    await page.goto(`${base()}/admin/research-discovery/documents?status=withdrawn`)
    await page.getByRole('checkbox', { name: `Select ${TITLE}` }).check()
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText(/Publish 1 document/).waitFor()
    await shoot(page, 'research-documents-admin-bulk', problems)
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText('1 document: publish done.').waitFor()
    assert.deepEqual(await clientSearch(browser, reader), { text: '1 document', titles: 1 })

    assert.deepEqual(
      Object.fromEntries(
        Object.entries(problems).filter(([, value]) => (value as unknown[]).length > 0)
      ),
      {}
    )
  })
})
