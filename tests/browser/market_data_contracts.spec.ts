import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright'
import { demoAnalystIn, markSubProductDriver } from '#tests/helpers/market_data'

const CONTRACTS_ERROR = 'Unable to fetch contracts. Please contact support.'

/** Fails every call whose address matches, as a server in trouble would. */
const failing = (route: { fulfill: (response: object) => Promise<void> }) =>
  route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' })

async function seriousAxeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`)
}

test.group('Market data by contract in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('benchmarks come contract by contract, each with its subtotal and term', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    await browserContext.loginAs(analyst)
    const page = await visit('/market-data/bloomberg')
    const groups = page.getByTestId('contract-group')
    await groups.first().waitFor()
    const references = await page.getByTestId('contract-reference').allTextContents()
    const stored = await db
      .from('contracts')
      .join('providers', 'providers.id', 'contracts.provider_id')
      .where({ 'contracts.team_id': analyst.currentTeamId!, 'providers.provider_key': 'bloomberg' })
      .select('contracts.reference')
    assert.isAbove(references.length, 1)
    for (const reference of references) {
      assert.include(
        stored.map((row) => row.reference),
        reference
      )
    }
    // The one figure added across contracts says what it is.
    await page
      .getByTestId('run-rate')
      .getByText(/^Per year, in force on /)
      .waitFor()

    // The contract filter keeps one contract, and the address names it.
    const filter = page.getByTestId('contract-filter')
    const option = await filter.locator('option').nth(1).getAttribute('value')
    await filter.selectOption(option!)
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="contract-group"]').length === 1
    )
    assert.include(page.url(), `contract=${option}`)
    // A reload keeps the contract the address names.
    await page.reload()
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="contract-group"]').length === 1
    )
    assert.equal(await page.getByTestId('contract-filter').inputValue(), option)

    // Filtering by product narrows the rows; full amounts show on demand.
    await filter.selectOption('')
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="contract-group"]').length > 1
    )
    await page.getByPlaceholder('Search products').fill('Terminal')
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid="contract-group"] tbody tr')).every(
        (row) => row.textContent?.includes('Terminal')
      )
    )
    await page.getByLabel('Full amounts').check()
    await page
      .getByTestId('contract-group')
      .first()
      .getByText(/^\d{1,3}(,\d{3})*\.\d{2}$/)
      .first()
      .waitFor()
    await page.getByPlaceholder('Search products').fill('')

    // The difference filter keeps the rows paid above their benchmark: each shows a positive %.
    const percents = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-testid="contract-group"] tbody tr')).map(
          (row) => row.querySelector('[data-column="percent"]')?.textContent?.trim() ?? ''
        )
      )
    const difference = page.getByRole('combobox', { name: /^Difference/ })
    await difference.selectOption('above')
    await page.waitForFunction(() =>
      Array.from(
        document.querySelectorAll('[data-testid="contract-group"] tbody [data-column="percent"]')
      ).every((cell) => /^\+/.test(cell.textContent?.trim() ?? ''))
    )
    const kept = await percents()
    assert.isAbove(kept.length, 0, 'rows paid above their benchmark')
    await difference.selectOption('all')

    // The division filter keeps one division's rows.
    const division = page.getByRole('combobox', { name: /^Division/ })
    const divisions = await division.locator('option').allTextContents()
    assert.isAbove(divisions.length, 1)
    await division.selectOption({ index: 1 })
    const chosen = divisions[1]
    await page.waitForFunction(
      (name) =>
        Array.from(
          document.querySelectorAll('[data-testid="contract-group"] tbody [data-column="division"]')
        ).every((cell) => cell.textContent?.trim() === name),
      chosen
    )
    await division.selectOption({ index: 0 })

    // Sorting by Difference % from its header orders the first contract's rows by it.
    const first = page.getByTestId('contract-group').first()
    await first.getByRole('button', { name: /^Difference %/ }).click()
    const sorted = await first.evaluate((section) =>
      Array.from(section.querySelectorAll('tbody [data-column="percent"]'))
        .map((cell) => Number((cell.textContent ?? '').replace(/[^\d.-]/g, '')))
        .filter((value) => Number.isFinite(value) && value !== 0)
    )
    const ascending = [...sorted].sort((a, b) => a - b)
    const descending = [...ascending].reverse()
    assert.isTrue(
      JSON.stringify(sorted) === JSON.stringify(ascending) ||
        JSON.stringify(sorted) === JSON.stringify(descending),
      `sorted by difference: ${sorted.join(', ')}`
    )

    // Beside the currency picker: the rate each amount was converted with, and its date (shown
    // in Swiss francs, which none of the demo's Bloomberg contracts is paid in).
    await page.getByLabel('Currency', { exact: true }).selectOption({ label: 'CHF' })
    await page
      .getByTestId('exchange-rates')
      .getByText(/^1 [A-Z]{3} = \d+\.\d{4} CHF, rate of /)
      .first()
      .waitFor()
  })

  test('at 1440 px every default benchmark column fits beside the providers', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await demoAnalystIn('Northbridge Asset Management'))
    const page = await visit('/market-data/bloomberg')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByTestId('contract-group').first().waitFor()
    const cut = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="contract-group"] table'))
        .map((table) => table.parentElement!)
        .filter((box) => box.scrollWidth > box.clientWidth + 1)
        .map((box) => `${box.scrollWidth} > ${box.clientWidth}`)
    )
    assert.deepEqual(cut, [])
    // The benchmark's source, the last default column, is among those shown.
    await page
      .getByTestId('contract-group')
      .first()
      .getByText(/^as of /)
      .first()
      .waitFor()
    assert.equal(await page.getByText('More columns to the right').count(), 0)
  })

  test('each sub product shows its benchmark price and its own drivers under its product', async ({
    visit,
    browserContext,
  }) => {
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    const { subName, driverName } = await markSubProductDriver(analyst.currentTeamId!, 'bloomberg')

    await browserContext.loginAs(analyst)
    const page = await visit('/market-data/bloomberg')
    const item = page.getByTestId('sub-products').locator('li', { hasText: `${subName}: 123,456` })
    await item.first().waitFor()
    await item
      .getByText(new RegExp(`(^| · )${driverName}: 987( · |$)`))
      .first()
      .waitFor()
  })

  test('a failed contracts call: the spec’s message and no contracts listed', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await demoAnalystIn('Northbridge Asset Management'))
    await browserContext.route('**/api/market-data/contracts/**', failing)
    const page = await visit('/market-data/bloomberg')
    // A negative notification (an error toast), as the spec's §8 says.
    await page
      .locator('[data-sonner-toast][data-type="error"]')
      .getByText(CONTRACTS_ERROR)
      .waitFor()
    await page.getByText('No contracts with Bloomberg to show.').waitFor()
    assert.equal(await page.getByTestId('contract-group').count(), 0)
    // Only "All contracts" is left in the filter.
    assert.equal(await page.getByTestId('contract-filter').locator('option').count(), 1)
  })

  test('a failed benchmarks call: the error state, on every tab', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await demoAnalystIn('Northbridge Asset Management'))
    await browserContext.route('**/api/market-data/benchmarks/**', failing)
    const page = await visit('/market-data/bloomberg')
    await page.getByTestId('benchmarks-error').waitFor()
    assert.equal(await page.getByTestId('contract-group').count(), 0)
    await page.getByRole('tab', { name: 'Recently Expired' }).click()
    await page.waitForURL((url) => url.search.includes('tab=recently-expired'))
    await page.getByTestId('benchmarks-error').waitFor()
  })

  test('scenario analysis at 1024 px stays within the page once drivers are edited', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await demoAnalystIn('Northbridge Asset Management'))
    const page = await visit('/market-data/bloomberg/scenario-analysis')
    await page.setViewportSize({ width: 1024, height: 900 })
    await page.getByTestId('scenario-basis').waitFor()
    const inputs = page.getByRole('spinbutton')
    const count = await inputs.count()
    assert.isAbove(count, 0)
    // Large changes: long amounts, "original price kept" notes, changed markers.
    for (let index = 0; index < count; index++) await inputs.nth(index).fill(String(9000 + index))
    await inputs.first().fill('60')
    await page.getByTestId('scenario-change').getByText(/\+/).waitFor()
    const sizes = await page.evaluate(() => {
      const overflows = (element: Element | null | undefined) =>
        !!element && element.scrollWidth > element.clientWidth + 1
      const table = document.querySelector('[data-testid="scenario-table"]')
      return {
        document: document.documentElement.scrollWidth,
        changeCard: overflows(
          document.querySelector('[data-testid="scenario-change"]')?.parentElement
        ),
        table: overflows(table?.parentElement),
      }
    })
    assert.deepEqual(sizes, { document: 1024, changeCard: false, table: false })
  })

  test('the Benchmarks, scenario and saved scenario pages have no serious axe finding', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    await browserContext.loginAs(analyst)
    const saved = await db
      .from('scenarios')
      .where('team_id', analyst.currentTeamId!)
      .orderBy('id')
      .select('id')
    const page = await visit('/market-data/bloomberg')
    const paths = [
      '/market-data/bloomberg',
      '/market-data/bloomberg?tab=recently-expired',
      '/market-data/bloomberg/scenario-analysis',
      '/market-data/bloomberg/scenarios',
      `/market-data/bloomberg/scenarios/compare?left=${saved[0].id}&right=${saved[1].id}`,
    ]
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 })
      for (const path of width === 1440 ? paths : paths.slice(0, 3)) {
        await page.goto(new URL(path, page.url()).toString())
        await page.waitForLoadState('networkidle')
        assert.deepEqual(await seriousAxeFindings(page), [], `${path} at ${width}px`)
        // Kept to be looked at (tmp/screens): the pages as a client sees them.
        const slug = path.replace(/^\/market-data\//, '').replace(/[^a-z0-9]+/gi, '-')
        await page.screenshot({
          path: `tmp/screens/market-data-${slug}-${width}.png`,
          fullPage: true,
        })
      }
    }
  }).timeout(300_000)
})
