import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import { seedDemoUniverse } from '#database/demo/demo_universe'

test.group('Market data in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('choose a provider, switch tabs, and re-price a scenario then reset it', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const analyst = await User.findByOrFail('email', 'analyst@example.com')
    analyst.shouldShowMainNavUserTour = false
    await analyst.save()
    await browserContext.loginAs(analyst)

    // The product menu opens the overview; a provider's name leads to its benchmarks.
    const page = await visit('/market-data')
    await page
      .getByRole('table', { name: /Market data providers/ })
      .getByRole('link', { name: 'Bloomberg' })
      .click()
    await page.waitForURL((url) => url.pathname === '/market-data/bloomberg')
    await page
      .getByRole('navigation', { name: 'Providers' })
      .getByRole('link', { name: 'FactSet' })
      .click()
    await page.waitForURL((url) => url.pathname === '/market-data/factset')
    await page.getByRole('tab', { name: 'Recently Expired' }).click()
    await page.waitForURL((url) => url.search === '?tab=recently-expired')
    assert.equal(
      await page.getByRole('tab', { name: 'Recently Expired' }).getAttribute('aria-selected'),
      'true'
    )

    await page.getByRole('link', { name: 'Scenario analysis' }).click()
    await page.waitForURL((url) => url.pathname === '/market-data/factset/scenario-analysis')
    const total = page.getByTestId('scenario-total')
    const before = await total.textContent()
    // The first row whose drivers can be changed (sub products and driverless rows cannot).
    const firstRow = page
      .getByTestId('scenario-row')
      .filter({ has: page.getByRole('spinbutton') })
      .first()
    const priceBefore = await firstRow.getByTestId('scenario-price').textContent()
    const input = firstRow.getByRole('spinbutton').first()
    const original = await input.inputValue()

    await input.fill(String(Number(original) + 10))
    // A function, not a string: the content security policy forbids eval in the page.
    await page.waitForFunction(
      (previous) =>
        document.querySelector('[data-testid="scenario-total"]')?.textContent !== previous,
      before
    )
    assert.notEqual(await firstRow.getByTestId('scenario-price').textContent(), priceBefore)
    assert.match(
      (await firstRow.getByTestId('scenario-label').textContent()) ?? '',
      /^Potential Increase\+[\d,.KMB]+ \(\+\d+\.\d%\)$/
    )
    // The changed driver is marked; a count takes no fractions.
    await firstRow.locator('[data-changed]').getByText('changed').waitFor()
    await input.fill('12.5')
    await firstRow.getByText(/Original price kept: Users takes whole numbers/).waitFor()

    await input.fill('100000')
    await firstRow.getByText(/Original price kept: Users must be between/).waitFor()

    await page.getByRole('button', { name: 'Reset' }).click()
    assert.equal(await input.inputValue(), original)
    assert.equal(await total.textContent(), before)

    await input.fill(String(Number(original) + 5))
    await page.getByLabel('Scenario name').fill('Five more seats')
    await page.getByRole('button', { name: 'Save scenario' }).click()
    await page.waitForURL((url) => url.search.startsWith('?scenario='))
    await page.getByRole('link', { name: 'All scenarios' }).click()
    await page
      .getByTestId('saved-scenarios')
      .getByRole('link', { name: 'Five more seats', exact: true })
      .waitFor()
  })
})
