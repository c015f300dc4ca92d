import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { axeProblems, screenshots } from '#tests/helpers/browser'

const SHOTS = 'tmp/screenshots/market-data'

test.group('Market data overview in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the product menu opens the overview; it converts, reads cleanly and leads to a provider', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const analyst = await User.findByOrFail('email', 'analyst@example.com')
    const team = await db.from('teams').where('name', 'Northbridge Asset Management').firstOrFail()
    analyst.currentTeamId = team.id
    analyst.shouldShowMainNavUserTour = false
    await analyst.save()
    await browserContext.loginAs(analyst)

    const page = await visit('/')
    await page.getByRole('button', { name: 'Products menu' }).click()
    await page
      .getByTestId('product-menu-item')
      .filter({ hasText: /^Market Data$/ })
      .click()
    await page.waitForURL((url) => url.pathname === '/market-data')
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor()

    const table = page.getByRole('table', { name: /Market data providers/ })
    await table.getByRole('link', { name: 'Bloomberg' }).waitFor()
    const totals = page.getByRole('definition').first()
    assert.match((await totals.textContent()) ?? '', /^GBP /)
    const stored = page.waitForResponse((response) =>
      response.url().endsWith('/api/currencies/selected')
    )
    await page.getByLabel('Currency').selectOption({ label: 'USD' })
    await stored
    assert.match((await totals.textContent()) ?? '', /^USD /)
    // Dates in one form: day, short month, year (the browser's locale orders them).
    const nextEnd = await table.locator('tbody tr').first().locator('td').last().textContent()
    assert.match(nextEnd ?? '', /[A-Z][a-z]{2}\b.*\d{4}|Ended/)

    assert.deepEqual(await axeProblems(page), [])
    assert.deepEqual(await screenshots(page, SHOTS, 'overview'), [])

    await table.getByRole('link', { name: 'Bloomberg' }).click()
    await page.waitForURL((url) => url.pathname === '/market-data/bloomberg')
    // Back from any view of a provider to the overview.
    await page.goto(new URL('/market-data/bloomberg/proposals', page.url()).toString())
    await page.getByRole('link', { name: 'Market Data overview' }).click()
    await page.waitForURL((url) => url.pathname === '/market-data')
  })
})
