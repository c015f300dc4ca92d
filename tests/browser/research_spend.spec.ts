import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { axeProblems } from '#tests/helpers/browser'
import User from '#models/user'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { RSA_PAGES } from '#shared/rsa'
import { pinClock, restoreClock } from '#tests/helpers/clock'

const SHOTS = 'tmp/screenshots/rsa'

async function northbridgeAnalyst() {
  await db.transaction((trx) => seedDemoUniverse(trx))
  const analyst = await User.findByOrFail('email', 'analyst@example.com')
  const team = await db.from('teams').where('name', 'Northbridge Asset Management').firstOrFail()
  analyst.currentTeamId = team.id
  analyst.shouldShowMainNavUserTour = false
  await analyst.save()
  return analyst
}

test.group('Research Spend Analytics in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // The demo is seeded on a fixed day: 2026 is its year in progress, the latest with data.
  group.each.setup(() => {
    pinClock('2026-11-28')
    return restoreClock
  })
  // The whole demo is seeded first (about a minute on a loaded machine).
  group.each.timeout(360_000)

  test('the demo analyst opens every page, switches year and currency, expands, exports and acknowledges', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await northbridgeAnalyst())
    await mkdir(SHOTS, { recursive: true })
    const page = await visit('/rsa/budgets')
    await page.getByRole('heading', { name: 'Budgets', level: 1 }).waitFor()
    await page.getByRole('table', { name: /Research budget 2026 by provider, in GBP/ }).waitFor()

    // Year: the address and the figures follow.
    await page.getByLabel('Year').selectOption('2023')
    await page.waitForURL((url) => url.searchParams.get('year') === '2023')
    await page.getByRole('table', { name: /Research budget 2023 by provider/ }).waitFor()

    // Currency: the figures are recomputed in the new currency.
    await page.getByLabel('Currency').selectOption({ label: 'USD' })
    await page.getByRole('table', { name: /in USD/ }).waitFor()

    // A provider row expands to its budget lines.
    const expand = page.getByRole('button', { name: /^Show budget lines for / }).first()
    await expand.click()
    assert.equal(await expand.getAttribute('aria-expanded'), 'true')
    await page
      .getByRole('table', { name: /^Budget lines for / })
      .first()
      .waitFor()

    // Export what is shown.
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export CSV' }).click()
    const file = await download
    assert.match(file.suggestedFilename(), /^research-budgets-2023-USD\.csv$/)

    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 1000 })
      await page.screenshot({ path: `${SHOTS}/budgets-${width}.png`, fullPage: true })
    }
    assert.deepEqual(await axeProblems(page), [], '/rsa/budgets')

    // Every page of the area opens with its title, passes axe, and is photographed.
    for (const entry of RSA_PAGES.slice(1)) {
      await page.setViewportSize({ width: 1440, height: 1000 })
      await page.goto(new URL(`${entry.path}?year=2025`, page.url()).toString())
      await page.getByRole('heading', { name: entry.title, level: 1 }).waitFor()
      await page.waitForLoadState('networkidle')
      assert.deepEqual(await axeProblems(page), [], entry.path)
      for (const width of [1440, 1024]) {
        await page.setViewportSize({ width, height: 1000 })
        await page.screenshot({ path: `${SHOTS}/${entry.key}-${width}.png`, fullPage: true })
      }
    }

    // Acknowledge an outlier with a note: it moves to the acknowledged list.
    await page.setViewportSize({ width: 1440, height: 1000 })
    await page.goto(new URL('/rsa/outliers?year=2025', page.url()).toString())
    const acknowledge = page.getByRole('button', { name: /^Acknowledge / }).first()
    const label = (await acknowledge.getAttribute('aria-label'))!.replace(/^Acknowledge /, '')
    // Escape closes the dialog and gives the focus back to the button that opened it.
    await acknowledge.click()
    await page.getByRole('dialog').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    await page.waitForFunction(
      (name) => document.activeElement?.getAttribute('aria-label') === name,
      `Acknowledge ${label}`
    )
    await acknowledge.click()
    await page.getByLabel('Note').fill('Agreed by the research committee; renegotiate at renewal.')
    await page.getByRole('dialog').getByRole('button', { name: 'Acknowledge' }).click()
    await page.getByRole('button', { name: `Reopen ${label}` }).waitFor()
    assert.deepEqual(await axeProblems(page), [], '/rsa/outliers after acknowledging')
  })
})
