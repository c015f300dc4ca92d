import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Locator, Page } from 'playwright'
import User from '#models/user'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeUser } from '#tests/helpers/accounts'
import { focusIndicator, focusedName, hasFocus, tabTo, tabWalk } from '#tests/helpers/browser'
import { makeCategory, makeReport, makeTag, pdfBytes } from '#tests/helpers/insights_reports'
import { researchProvider } from '#tests/helpers/rsa'
import { IMPORT_COLUMNS } from '#shared/rsa_imports'

/**
 * The wizards and the benchmark editor driven by the keyboard alone: Tab reaches every control
 * in order and shows where it is, Enter and Space act, and after each step the focus is on the
 * new step (its heading or first field), never lost to the page's body.
 */

let admin: Awaited<ReturnType<typeof makeUser>>

/** Nothing but the focus: the page's body has it when a step loses it. */
const focusLost = (page: Page) =>
  page.evaluate(() => !document.activeElement || document.activeElement === document.body)

/**
 * Waits for the focus to settle on `target` (a step's heading after a page change); the locator
 * is found again each time, as a page change draws its elements anew.
 */
async function waitForFocus(page: Page, target: Locator, timeout = 10_000) {
  for (const start = Date.now(); Date.now() - start < timeout;) {
    if ((await target.count()) === 1 && (await hasFocus(target))) return
    await page.waitForTimeout(100)
  }
  throw new Error(`The focus is on ${await focusedName(page)}`)
}

/**
 * Opens the file chooser from the focused file input with Space, as a keyboard user does. On a
 * loaded machine Chromium can take the key without opening a chooser: Space is pressed again (at
 * most three times, and only while the input still has the focus), and a failure names where the
 * focus was rather than only timing out.
 */
async function chooseFile(
  page: Page,
  input: Locator,
  file: { name: string; mimeType: string; buffer: Buffer }
): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (!(await hasFocus(input))) {
      throw new Error(`The file input lost the focus to ${await focusedName(page)}`)
    }
    const opened = page.waitForEvent('filechooser', { timeout: 10_000 }).catch(() => null)
    await page.keyboard.press('Space')
    const chooser = await opened
    if (chooser) {
      await chooser.setFiles(file)
      return
    }
  }
  throw new Error(`Space on the focused file input opened no file chooser (three tries)`)
}

test.group('Keyboard: the benchmark editor and the wizards', (group) => {
  group.setup(async () => {
    const rollback = await testUtils.db().withGlobalTransaction()
    await db.transaction((trx) => seedDemoUniverse(trx))
    admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    await makeCategory('Research Spend Trends')
    await makeCategory('Market Data')
    await makeTag('Equities')
    return rollback
  })
  group.each.timeout(120_000)

  test('market data wizard: team, provider and contract by keyboard; each step starts at its heading', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(admin)
    const page = await visit('/admin/market-data')
    const search = page.getByLabel('Find a team')
    await tabTo(page, search, 40)
    assert.isTrue(await focusIndicator(page), 'the search shows its focus')
    await page.keyboard.type('Northbridge')
    const team = page.getByRole('list', { name: 'Teams' }).getByRole('link').first()
    await tabTo(page, team, 3, 'here')
    assert.isTrue(await focusIndicator(page), 'the team link shows its focus')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/admin\/market-data\/teams\/\d+$/)
    const heading = page.getByRole('heading', { level: 1 })
    await waitForFocus(page, heading)
    assert.include(await heading.textContent(), 'Northbridge')

    // Step 2: from the heading, Tab walks the page's actions and the done steps to the providers.
    const factset = page.getByRole('list', { name: 'Providers' }).getByRole('link', {
      name: /FactSet/,
    })
    await tabTo(page, factset, 40, 'here')
    assert.isTrue(await focusIndicator(page))
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/providers\/factset$/)
    await waitForFocus(page, page.getByRole('heading', { level: 1, name: /^FactSet for / }))

    // Step 3: the contract list; its first contract opens the benchmarks.
    const contract = page.getByRole('table', { name: 'Contracts' }).getByRole('link').first()
    await tabTo(page, contract, 40, 'here')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\?contract=\d+$/)
    await waitForFocus(page, page.getByRole('heading', { level: 1, name: /^FactSet for / }))

    // Back one step by keyboard: the done step "Provider" links back to the team's providers.
    const back = page
      .getByRole('navigation', { name: 'Wizard steps' })
      .getByRole('link', { name: /^Contract: / })
    await tabTo(page, back, 20, 'here')
    assert.isTrue(await focusIndicator(page), 'a done step shows its focus')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/providers\/factset$/)
    await waitForFocus(page, page.getByRole('heading', { level: 1, name: /^FactSet for / }))
    assert.isFalse(await focusLost(page))
  })

  test('benchmark editor: every field in order with a visible focus; add, copy and remove keep the focus on the page', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { url } = await editorContract()
    await browserContext.loginAs(admin)
    const page = await visit(url)
    const items = page.getByTestId('benchmark-item')
    await items.first().waitFor()
    const before = await items.count()
    // The first benchmark with sub products.
    const position = await items.evaluateAll((elements) =>
      elements.findIndex((element) => element.querySelector('[data-testid="sub-product"]'))
    )
    assert.isAbove(position, -1)
    const first = items.nth(position)

    // The item's own actions, then its fields from left to right, then its sub products.
    // From the item's heading (where a removal above it leaves the focus).
    await first.locator('h3').focus()
    await page.keyboard.press('Tab')
    assert.equal(await focusedName(page), 'button: Additional year')
    assert.isTrue(await focusIndicator(page))
    const walk = await tabWalk(page, 8)
    assert.deepEqual(
      walk.slice(0, 8),
      [
        'button: Remove',
        'select: Product',
        'input: Division',
        'input: Start date',
        'input: End date',
        'input: Payment',
        'input: Benchmark price',
        'select: Currency',
      ],
      walk.join(', ')
    )
    // Then the drivers, to the sub products: Add, then each one's name, price, currency, Remove.
    const addSub = first.getByRole('button', { name: 'Add sub product' })
    await tabWalk(page, 30, { until: addSub })
    assert.deepEqual(await tabWalk(page, 4), [
      'input: Sub product name',
      'input: Sub product price',
      'select: Sub product currency',
      'button: Remove sub product',
    ])

    // Add sub product (Enter): the new sub product's name takes the focus.
    const subs = first.getByTestId('sub-product')
    const subCount = await subs.count()
    await addSub.focus()
    await page.keyboard.press('Enter')
    await subs.nth(subCount).waitFor()
    assert.isTrue(await hasFocus(subs.nth(subCount).getByLabel('Sub product name')))
    await page.keyboard.type('Keyboard feed')
    // Removing it (Space) gives the focus to Add sub product, not to the page.
    await subs.nth(subCount).getByRole('button', { name: 'Remove sub product' }).focus()
    await page.keyboard.press('Space')
    await subs.nth(subCount).waitFor({ state: 'detached' })
    assert.equal(await subs.count(), subCount)
    assert.isTrue(await hasFocus(addSub))

    // Additional year: the copy's first field takes the focus.
    await first.getByRole('button', { name: 'Additional year' }).focus()
    await page.keyboard.press('Enter')
    await items.nth(before).waitFor()
    assert.isTrue(
      await hasFocus(items.nth(position + 1).getByLabel('Product', { exact: true })),
      await focusedName(page)
    )

    // Add product benchmark: the new one's product takes the focus; the arrows choose it.
    await page.getByRole('button', { name: 'Add product benchmark' }).focus()
    await page.keyboard.press('Enter')
    await items.nth(before + 1).waitFor()
    const added = items.last()
    assert.isTrue(
      await hasFocus(added.getByLabel('Product', { exact: true })),
      await focusedName(page)
    )
    await page.keyboard.press('ArrowDown')
    assert.notEqual(await added.getByLabel('Product', { exact: true }).inputValue(), '')

    // Removing an unsaved one (Enter) leaves the focus on the heading of the one before it.
    await added.getByRole('button', { name: 'Remove', exact: true }).focus()
    await page.keyboard.press('Enter')
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="benchmark-item"]').length === count,
      before + 1
    )
    assert.isFalse(await focusLost(page))
    assert.isTrue(await hasFocus(items.last().locator('h3')), await focusedName(page))
    assert.isTrue(await focusIndicator(page), 'the heading shows the focus it took')

    // Remove the copy too, then Save: nothing is left to save, Save is disabled, the focus
    // goes to the count of benchmarks.
    await items
      .nth(position + 1)
      .getByRole('button', { name: 'Remove', exact: true })
      .focus()
    await page.keyboard.press('Enter')
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="benchmark-item"]').length === count,
      before
    )
    assert.isFalse(await focusLost(page))
    await first.getByLabel('Division').focus()
    await page.keyboard.type(' (edited)')
    const save = page.getByRole('button', { name: 'Save changes' })
    await tabTo(page, save, 80)
    await page.keyboard.press('Enter')
    await page.getByText('Product benchmarks saved.').waitFor()
    assert.isFalse(await focusLost(page), 'Save disabled, the focus is still on the page')
    assert.equal(await focusedName(page), `p: ${before} product benchmarks`)
  })

  test('research spend import wizard: team and year, upload, preview and commit by keyboard', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const provider = await researchProvider('Keyboard Research', 'independent')
    await browserContext.loginAs(admin)
    const page = await visit('/admin/research-spend-analytics/budget-upload')

    // Step 1: the team and year chosen with the arrows, Continue with Enter.
    const team = page.getByLabel('Team', { exact: true })
    await tabTo(page, team, 60)
    assert.isTrue(await focusIndicator(page), 'the team select shows its focus')
    await page.keyboard.press('ArrowDown')
    const teamId = await team.inputValue()
    assert.notEqual(teamId, '')
    await page.keyboard.press('Tab')
    assert.isTrue(await hasFocus(page.getByLabel('Year', { exact: true })))
    await page.keyboard.press('ArrowDown')
    const year = await page.getByLabel('Year', { exact: true }).inputValue()
    await page.keyboard.press('Tab')
    assert.equal(await focusedName(page), 'button: Continue')
    assert.isTrue(await focusIndicator(page))
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('team') === teamId)

    // Step 2: its heading has the focus; Tab reaches the file, Space opens the chooser.
    await waitForFocus(page, page.getByRole('heading', { name: '2. Upload' }))
    await page.keyboard.press('Tab')
    assert.match(await focusedName(page), /^input: CSV \(UTF-8\) or XLSX file, up to /)
    assert.isTrue(await focusIndicator(page), 'the file input shows its focus')
    const headers = IMPORT_COLUMNS.budgets.map((column) => column.header)
    const line: Record<string, string> = {
      provider_key: provider.key,
      service_type: 'written_research',
      price_type: 'fixed_fee',
      access_type: 'full',
      budget_amount: '12000',
      currency: 'GBP',
    }
    await chooseFile(page, page.getByLabel(/^CSV \(UTF-8\) or XLSX file, up to /), {
      name: `budget-${year}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [headers.join(','), headers.map((header) => line[header] ?? '').join(',')].join('\r\n')
      ),
    })
    await page.keyboard.press('Tab')
    assert.equal(await focusedName(page), 'button: Upload and check')
    await page.keyboard.press('Enter')

    // Step 3: the import's heading has the focus; Tab reaches Commit.
    await page.waitForURL(/\/imports\/\d+$/)
    const importHeading = page.getByRole('heading', { name: /^Import #\d+: budget-/ })
    await page.getByText('Ready to commit').first().waitFor()
    assert.isTrue(await hasFocus(importHeading), await focusedName(page))
    const commit = page.getByRole('button', { name: 'Commit 1 rows' })
    await tabTo(page, commit, 10, 'here')
    assert.isTrue(await focusIndicator(page))
    await page.keyboard.press('Enter')

    // Step 4: Commit is gone with its step; the focus is on the import's heading again.
    await page.getByText(/^Committed on /).waitFor()
    await waitForFocus(page, importHeading)
    // The latest imports' table and its Revert button are reached by Tab, each with its focus.
    const revert = page.getByRole('button', { name: /^Revert import #\d+$/ })
    await tabTo(page, revert, 40, 'here')
    assert.isTrue(await focusIndicator(page))
  })

  test('insights report wizard: six steps by keyboard, back and forth, each step at its heading', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(admin)
    const page = await visit('/admin/insights-reports/new')
    const heading = page.locator('#wizard-step-heading')
    const file = page.getByLabel('Report PDF (required)')
    await tabTo(page, file, 60)
    assert.isTrue(await focusIndicator(page), 'the file input shows its focus')
    await chooseFile(page, file, {
      name: 'keyboard-study.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfBytes(2, 'Keyboard study'),
    })
    await page.getByText(/^Checked: /).waitFor()
    await page.keyboard.press('Tab')
    assert.equal(await focusedName(page), 'button: Next: Filename')
    await page.keyboard.press('Enter')

    // Step 2: the heading, then the title first.
    await waitForFocus(page, heading)
    assert.isTrue(await focusIndicator(page), 'the step heading shows the focus it took')
    await page.keyboard.press('Tab')
    assert.isTrue(await hasFocus(page.getByLabel('Title (required)')))
    assert.isTrue(await focusIndicator(page), 'the title shows its focus')
    await page.keyboard.type('Keyboard study')
    const next = page.getByRole('button', { name: /^Next: / })
    await tabTo(page, next, 10, 'here')
    await page.keyboard.press('Enter')

    // Step 3: a category with the arrows; Back (Shift+Tab from Next) returns to step 2.
    await waitForFocus(page, heading)
    assert.include(await heading.textContent(), 'Category')
    await page.keyboard.press('Tab')
    assert.equal(
      await page.evaluate(() => (document.activeElement as HTMLInputElement).type),
      'radio'
    )
    assert.isTrue(await focusIndicator(page), 'the radio shows its focus')
    await page.keyboard.press('Space')
    await tabTo(page, next, 10, 'here')
    await page.keyboard.press('Shift+Tab')
    assert.equal(await focusedName(page), 'button: Back')
    assert.isTrue(await focusIndicator(page))
    await page.keyboard.press('Enter')
    await waitForFocus(page, heading)
    assert.include(await heading.textContent(), 'Title, summary and file name')
    // The steps already reached are buttons in the step list, walked by Shift+Tab.
    const stepCategory = page
      .getByRole('navigation', { name: 'Upload steps' })
      .getByRole('button', { name: /Category/ })
    await page.keyboard.press('Shift+Tab')
    assert.isTrue(await hasFocus(stepCategory), await focusedName(page))
    assert.isTrue(await focusIndicator(page))
    await page.keyboard.press('Enter')
    await waitForFocus(page, heading)
    assert.include(await heading.textContent(), 'Category')

    // Access, tags, review: Next each time, the heading each time.
    for (const title of ['Access type', 'Tags', 'Review and publish']) {
      await tabTo(page, next, 20, 'here')
      await page.keyboard.press('Enter')
      await waitForFocus(page, heading)
      assert.include(await heading.textContent(), title)
    }

    // The review: every "Change" button shows its focus and leads to its step.
    const changes = await tabWalk(page, 60, {
      until: page.getByRole('button', { name: 'Publish' }),
    })
    assert.includeMembers(changes, [
      'button: Change file',
      'button: Change title',
      'button: Change category',
      'button: Change access',
      'button: Change tags',
      'button: Publish',
    ])
    await page.getByRole('button', { name: 'Change tags' }).focus()
    await page.keyboard.press('Enter')
    await waitForFocus(page, heading)
    assert.include(await heading.textContent(), 'Tags')
    assert.isFalse(await focusLost(page))
  })

  test('providers import: files, check only, and the answer take the focus in turn', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(admin)
    const page = await visit('/admin/providers/import')
    await tabTo(page, page.getByLabel(/^Analyst roster/), 60)
    assert.isTrue(await focusIndicator(page), 'the file input shows its focus')
    await chooseFile(page, page.getByLabel(/^Analyst roster/), {
      name: 'roster.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('not_a_column\r\nvalue\r\n'),
    })
    await page.keyboard.press('Tab')
    assert.isTrue(await hasFocus(page.getByLabel(/^Analyst moves/)))
    await page.keyboard.press('Tab')
    assert.isTrue(await hasFocus(page.getByLabel(/^Check only/)))
    assert.isTrue(await focusIndicator(page), 'the checkbox shows its focus')
    await page.keyboard.press('Space')
    await page.keyboard.press('Tab')
    assert.equal(await focusedName(page), 'button: Check files')
    await page.keyboard.press('Enter')

    // Refused: the focus goes to the refusal, from which Tab reaches its problems.
    const refusal = page.getByRole('heading', { name: /The import was refused/ })
    await waitForFocus(page, refusal)
    assert.isTrue(await focusIndicator(page), 'the refusal shows the focus it took')
  })

  test('market data universe import: preview, then import, and the contracts file, by keyboard', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(admin)
    const page = await visit('/admin/market-data/universe')
    // The current universe as a workbook: previewed, everything is unchanged.
    const download = await page.request.get('/admin/market-data/universe/workbook')
    assert.equal(download.status(), 200)
    const workbook = page.getByLabel('Universe workbook')
    await tabTo(page, workbook, 60)
    assert.isTrue(await focusIndicator(page), 'the file input shows its focus')
    await chooseFile(page, workbook, {
      name: 'universe.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await download.body(),
    })
    await page.keyboard.press('Tab')
    assert.equal(await focusedName(page), 'button: Preview changes')
    assert.isTrue(await focusIndicator(page))
    await page.keyboard.press('Enter')

    // Preview and Import are disabled while it is sent: the preview's heading takes the focus.
    const preview = page.getByRole('heading', { name: 'Preview: nothing is saved yet' })
    await preview.waitFor()
    await waitForFocus(page, preview)
    assert.isTrue(await focusIndicator(page), 'the heading shows the focus it took')
    // Back to Import, which the preview enabled.
    const importButton = page.getByRole('button', { name: 'Import', exact: true })
    await tabWalk(page, 6, { key: 'Shift+Tab', until: importButton })
    await page.keyboard.press('Enter')
    await waitForFocus(page, page.getByRole('heading', { name: 'Imported' }))

    // The contracts file, refused: its problems take the focus, not the page's body.
    const contracts = page.getByLabel('Contracts file')
    await tabTo(page, contracts, 60)
    await chooseFile(page, contracts, {
      name: 'contracts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('not_a_column\r\nvalue\r\n'),
    })
    await page.keyboard.press('Tab')
    assert.equal(await focusedName(page), 'button: Import contracts')
    await page.keyboard.press('Enter')
    await waitForFocus(page, page.getByRole('list', { name: 'Problems with the contracts file' }))
    assert.isTrue(await focusIndicator(page), 'the problems show the focus they took')
  })

  test('insights report page: edit, discard and save by keyboard; the withdraw dialog closes with Escape', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const id = await makeReport({ title: 'Keyboard edit report' })
    await browserContext.loginAs(admin)
    const page = await visit(`/admin/insights-reports/${id}`)
    const title = page.getByLabel('Title (required)')
    await tabTo(page, title, 80)
    assert.isTrue(await focusIndicator(page), 'the title shows its focus')
    await page.keyboard.type(' (draft)')

    // Discard goes with the changes: the focus goes to the section's heading.
    const discard = page.getByRole('button', { name: 'Discard changes' })
    await tabTo(page, discard, 40, 'here')
    assert.isTrue(await focusIndicator(page))
    await page.keyboard.press('Enter')
    await discard.waitFor({ state: 'detached' })
    assert.equal(await title.inputValue(), 'Keyboard edit report')
    assert.isFalse(await focusLost(page), 'Discard leaves the focus on the page')
    assert.isTrue(await hasFocus(page.locator('#details-heading')), await focusedName(page))

    // Save (Enter): disabled while it saves and once saved; the focus stays on the page.
    await title.focus()
    await page.keyboard.type(' (revised)')
    const save = page.getByRole('button', { name: 'Save changes' })
    await tabTo(page, save, 40, 'here')
    await page.keyboard.press('Enter')
    for (let tries = 0; tries < 50; tries++) {
      const stored = await db.from('insights_reports').where('id', id).firstOrFail()
      if (stored.title === 'Keyboard edit report (revised)') break
      await page.waitForTimeout(200)
    }
    await page.getByRole('button', { name: 'Saving…' }).waitFor({ state: 'detached' })
    assert.isFalse(await focusLost(page), 'Save leaves the focus on the page')

    // Withdraw opens a dialog: Tab stays inside, Escape closes it and gives the focus back.
    const withdraw = page.getByRole('button', { name: 'Withdraw', exact: true })
    await tabTo(page, withdraw, 80)
    assert.isTrue(await focusIndicator(page))
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Withdraw this report?' })
    await dialog.waitFor()
    for (let presses = 0; presses < 4; presses++) {
      await page.keyboard.press('Tab')
      assert.isTrue(await dialog.evaluate((element) => element.contains(document.activeElement)))
      assert.isTrue(await focusIndicator(page), await focusedName(page))
    }
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    assert.isTrue(await hasFocus(withdraw), 'the focus is back on Withdraw')
  })

  test('scenario analysis: contract by the arrows, drivers, Reset and Save by keyboard', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const analyst = await User.findByOrFail('email', 'analyst@example.com')
    analyst.shouldShowMainNavUserTour = false
    await analyst.save()
    await browserContext.loginAs(analyst)
    const page = await visit('/market-data/factset/scenario-analysis')
    // The select's name is its label and the contract it shows.
    const contract = page.getByRole('combobox', { name: /^Contract/ })
    await tabTo(page, contract, 80)
    assert.isTrue(await focusIndicator(page), 'the contract select shows its focus')
    // An arrow loads the page for the contract it shows: the focus comes back to the select.
    const first = await contract.inputValue()
    await page.keyboard.press('ArrowDown')
    await page.waitForURL((url) => url.searchParams.get('contract') !== null)
    await waitForFocus(page, contract)
    assert.notEqual(await contract.inputValue(), first)

    // Tab walks the choices, the scenario's name and actions, then the drivers, each shown.
    const row = page
      .getByTestId('scenario-row')
      .filter({ has: page.getByRole('spinbutton') })
      .first()
    const driver = row.getByRole('spinbutton').first()
    const walk = await tabWalk(page, 40, { until: driver })
    for (const stop of ['input: Scenario name', 'button: Save scenario', 'button: Reset']) {
      assert.include(walk, stop)
    }
    assert.isBelow(walk.indexOf('input: Scenario name'), walk.indexOf('button: Reset'))
    const original = await driver.inputValue()
    await page.keyboard.press('ArrowUp')
    assert.equal(await driver.inputValue(), String(Number(original) + 1))
    await row.locator('[data-changed]').waitFor()

    // Reset with Enter: the value is back, the focus stays on Reset.
    const reset = page.getByRole('button', { name: 'Reset' })
    await reset.focus()
    await page.keyboard.press('Enter')
    assert.equal(await driver.inputValue(), original)
    assert.isTrue(await hasFocus(reset))

    // Save with Enter: the saved scenario's page keeps the focus.
    await driver.focus()
    await page.keyboard.press('ArrowUp')
    await page.getByLabel('Scenario name').focus()
    await page.keyboard.type('One more by keyboard')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('scenario') !== null)
    await page.getByRole('button', { name: 'Save changes' }).waitFor()
    assert.isFalse(await focusLost(page), 'after saving, the focus is still on the page')
  })
})

/** A contract of the demo team with product benchmarks that have sub products. */
async function editorContract() {
  const row = await db
    .from('product_benchmarks')
    .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
    .join('providers', 'providers.id', 'contracts.provider_id')
    .join('teams', 'teams.id', 'contracts.team_id')
    .where('teams.name', 'Northbridge Asset Management')
    .whereExists((query) =>
      query
        .from('sub_product_benchmarks')
        .whereColumn('sub_product_benchmarks.product_benchmark_id', 'product_benchmarks.id')
    )
    .orderBy('contracts.start_date', 'desc')
    .orderBy('product_benchmarks.id')
    .select('contracts.id', 'contracts.team_id', 'providers.provider_key')
    .firstOrFail()
  return {
    url: `/admin/market-data/teams/${row.team_id}/providers/${row.provider_key}?contract=${row.id}`,
  }
}
