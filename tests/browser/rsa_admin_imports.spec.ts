import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import { axeProblems } from '#tests/helpers/browser'
import { IMPORT_COLUMNS } from '#shared/rsa_imports'
import { TEST_PASSWORD, makeUser } from '#tests/helpers/accounts'
import { researchProvider, rsaMember, rsaTeam } from '#tests/helpers/rsa'

const BASE = '/admin/research-spend-analytics'
const SHOTS = 'tmp/screenshots/rsa_admin'

/** A budget CSV in the template's column order; each line gives only the columns it names. */
function budgetCsv(lines: Record<string, string>[]) {
  const headers = IMPORT_COLUMNS.budgets.map((column) => column.header)
  const rows = lines.map((line) => headers.map((header) => line[header] ?? '').join(','))
  return {
    name: 'budget-2024.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([headers.join(','), ...rows].join('\r\n')),
  }
}

const budgetLine = (providerKey: string, amount: string) => ({
  provider_key: providerKey,
  service_type: 'written_research',
  price_type: 'fixed_fee',
  access_type: 'full',
  budget_amount: amount,
  currency: 'GBP',
})

async function world() {
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const birch = await researchProvider('Birch Independent Research', 'independent')
  const client = await rsaTeam({ currency: 'GBP' })
  const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
  return { atlas, birch, client, admin }
}

/** The preview counts as a user reads them: { new: 2, updated: 0, … }. */
async function countsOf(page: Page) {
  const terms = page.locator('dl[aria-label="What the file holds"] dt')
  await terms.first().waitFor()
  const result: Record<string, string> = {}
  const values = page.locator('dl[aria-label="What the file holds"] dd')
  for (let index = 0; index < (await terms.count()); index++) {
    result[(await terms.nth(index).textContent())!] = (await values.nth(index).textContent())!
  }
  return result
}

/** Step 1 and 2: the team and year chosen, the file uploaded; the page of the import opens. */
async function uploadBudget(
  page: Page,
  team: { id: number; name: string },
  file: ReturnType<typeof budgetCsv>
) {
  await page
    .getByLabel('Team', { exact: true })
    .selectOption({ label: `${team.name} (#${team.id})` })
  await page.getByLabel('Year', { exact: true }).selectOption('2024')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.waitForURL((url) => url.searchParams.get('team') === String(team.id))
  await page.getByRole('form', { name: 'Upload the file' }).waitFor()
  await page.getByLabel(/CSV \(UTF-8\) or XLSX file/).setInputFiles(file)
  await page.getByRole('button', { name: 'Upload and check' }).click()
  await page.waitForURL(new RegExp(`${BASE}/imports/\\d+$`))
}

const budgetLinesOf = (teamId: number) =>
  db
    .from('rsa_budget_lines')
    .where('team_id', teamId)
    .count('* as n')
    .first()
    .then((row) => Number(row!.n))

test.group('Research spend imports in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(180_000)

  test('an administrator uploads, previews and commits a budget file; the client sees its lines', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { atlas, birch, client, admin } = await world()
    await browserContext.loginAs(admin)
    await mkdir(SHOTS, { recursive: true })

    const page = await visit(`${BASE}/budget-upload`)
    await page.getByRole('heading', { name: 'Budget upload', level: 1 }).waitFor()
    const nav = page.getByRole('navigation', { name: 'Research spend administration' })
    assert.equal(
      await nav.getByRole('link', { name: 'Budget upload' }).getAttribute('aria-current'),
      'page'
    )
    assert.deepEqual(await axeProblems(page), [], 'step 1')

    await uploadBudget(
      page,
      client.team,
      budgetCsv([budgetLine(atlas.key, '160000'), budgetLine(birch.key, '50000.50')])
    )
    await page.getByText('Ready to commit').first().waitFor()
    assert.deepEqual(await countsOf(page), {
      new: '2',
      updated: '0',
      unchanged: '0',
      rejected: '0',
    })
    assert.equal(await budgetLinesOf(client.team.id), 0, 'the preview writes nothing')
    assert.deepEqual(await axeProblems(page), [], 'preview')

    await page.getByRole('button', { name: 'Commit 2 rows' }).click()
    await page.getByText(/^Committed on /).waitFor()
    assert.equal(await budgetLinesOf(client.team.id), 2)
    const list = page.getByRole('table', { name: 'Latest imports' })
    await list.getByRole('button', { name: /^Revert import #\d+$/ }).waitFor()
    assert.include(await list.textContent(), 'Committed')
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 1000 })
      await page.screenshot({ path: `${SHOTS}/budget-committed-${width}.png`, fullPage: true })
    }
    assert.deepEqual(await axeProblems(page), [], 'committed')

    // The client's budget page shows the imported lines to a member of the team.
    const member = await rsaMember(client.team)
    await browserContext.clearCookies()
    await page.goto(new URL('/login', page.url()).toString())
    await page.getByLabel('Email address').fill(member.email)
    await page.getByLabel('Password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname !== '/login')
    await page.goto(new URL('/rsa/budgets?year=2024', page.url()).toString())
    const budget = page.getByRole('table', { name: /Research budget 2024 by provider/ })
    await budget.waitFor()
    await budget.getByText(atlas.name).waitFor()
    await budget.getByText(birch.name).waitFor()
  })

  test('a file with an unknown provider is refused row by row and writes nothing', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { atlas, client, admin } = await world()
    await browserContext.loginAs(admin)
    await mkdir(SHOTS, { recursive: true })

    const page = await visit(`${BASE}/budget-upload`)
    await uploadBudget(
      page,
      client.team,
      budgetCsv([budgetLine(atlas.key, '160000'), budgetLine('no-such-research', '1000')])
    )
    await page.getByText('Nothing was written. Correct the file and upload it again.').waitFor()
    // A refused file is not compared with what is stored: its rows and rejections only.
    assert.deepEqual(await countsOf(page), { 'rows in the file': '2', 'rejected': '1' })
    const rejected = page.getByRole('table', { name: /^Rejected rows: 1/ })
    // The header is row 1: the second line of data is row 3.
    const row = rejected.getByRole('row').filter({ hasText: 'no-such-research' })
    assert.match(
      (await row.textContent())!,
      /^3provider_key.*Unknown provider_key 'no-such-research'/
    )
    assert.equal(await page.getByRole('button', { name: /^Commit/ }).count(), 0)
    assert.equal(await budgetLinesOf(client.team.id), 0)
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 1000 })
      await page.screenshot({ path: `${SHOTS}/budget-refused-${width}.png`, fullPage: true })
    }
    assert.deepEqual(await axeProblems(page), [], 'refused')
  })
})
