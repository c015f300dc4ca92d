import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import { axeProblems, screenshots } from '#tests/helpers/browser'
import { summaryWorld } from '#tests/helpers/summary'

const SHOTS = 'tmp/screens'

/** Runs the action and waits until the figures it asked for are shown. */
async function reloaded(page: Page, action: () => Promise<void>) {
  const response = page.waitForResponse(
    (entry) =>
      new URL(entry.url()).pathname === '/api/dashboard/summary' &&
      entry.request().method() === 'GET'
  )
  await action()
  await response
  await page.locator('[data-testid="summary-results"][aria-busy="false"]').waitFor()
}

const kpi = (page: Page, term: string) =>
  page.getByTestId('summary-kpi').filter({ has: page.locator('dt', { hasText: term }) })

async function totalSpend(page: Page) {
  const text = await kpi(page, 'Total spend').locator('dd').first().textContent()
  return text?.trim()
}

async function providersShown(page: Page) {
  const table = page.getByRole('table', { name: /^Assets \d{4}, amounts in GBP/ })
  const names = await table.locator('tbody tr').getByRole('link').allTextContents()
  return names.sort()
}

const facet = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

async function chips(page: Page) {
  return page.getByRole('list', { name: 'Applied filters' }).locator('li').allTextContents()
}

test.group('Summary dashboard in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // A loaded machine draws the charts slowly.
  group.each.timeout(240_000)

  test('filters in three categories narrow the assets and figures, are kept across a reload and reset', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const world = await summaryWorld()
    world.member.shouldShowMainNavUserTour = false
    await world.member.save()
    await browserContext.loginAs(world.member)

    const page = await visit('/summary')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByRole('heading', { name: 'Summary', level: 1 }).waitFor()
    assert.match(await page.title(), /^Summary - /)
    // All four assets (Atlas, Birch, the vendor's two products); "All price types" is applied.
    assert.equal(await totalSpend(page), 'GBP 242,000')
    assert.lengthOf(await providersShown(page), 4)
    assert.deepEqual(await chips(page), ['Price type: All price types'])
    assert.equal(
      await facet(page, 'Price type')
        .getByRole('button', { name: /^All price types/ })
        .getAttribute('aria-pressed'),
      'true'
    )
    await kpi(page, 'Spend vs benchmark').getByText('+GBP 2,000').waitFor()

    // Geography: UK, then Japan too (either one).
    await reloaded(page, () =>
      facet(page, 'Geography').getByRole('button', { name: /^UK/ }).click()
    )
    assert.deepEqual(await providersShown(page), ['Atlas Global Markets'])
    assert.equal(await totalSpend(page), 'GBP 150,000')
    await reloaded(page, () =>
      facet(page, 'Geography')
        .getByRole('button', { name: /^Japan/ })
        .click()
    )
    assert.deepEqual(await providersShown(page), [
      'Atlas Global Markets',
      'Birch Independent Research',
    ])
    assert.equal(await totalSpend(page), 'GBP 190,000')
    assert.equal(new URL(page.url()).searchParams.get('geographies'), '4,5')

    // Price type: fixed fee leaves Atlas.
    await reloaded(page, () =>
      facet(page, 'Price type')
        .getByRole('button', { name: /^Fixed fee/ })
        .click()
    )
    assert.deepEqual(await providersShown(page), ['Atlas Global Markets'])
    assert.equal(await totalSpend(page), 'GBP 150,000')
    await kpi(page, 'Research usage').getByText('3 uses').waitFor()

    // Provider type: an independent provider with a fixed fee in the UK or Japan — none.
    await reloaded(page, () =>
      facet(page, 'Provider type')
        .getByRole('button', { name: /^Independent research provider/ })
        .click()
    )
    await page.getByText('No asset matches these filters.').waitFor()
    assert.equal(await totalSpend(page), 'GBP 0')
    assert.deepEqual(await chips(page), [
      'Provider type: Independent research provider',
      'Geography: UK',
      'Geography: Japan',
      'Price type: All price types',
      'Price type: Fixed fee',
    ])

    // Reloaded, the page opens on the filters kept in the session.
    await page.goto(new URL('/summary', page.url()).toString())
    await page.getByText('No asset matches these filters.').waitFor()
    assert.lengthOf(await chips(page), 5)
    assert.equal(
      await facet(page, 'Geography')
        .getByRole('button', { name: /^Japan/ })
        .getAttribute('aria-pressed'),
      'true'
    )

    // Reset one category: the provider type goes, the others stay.
    await reloaded(page, () =>
      facet(page, 'Provider type').getByRole('button', { name: 'Reset Provider type' }).click()
    )
    assert.deepEqual(await providersShown(page), ['Atlas Global Markets'])
    assert.notInclude(await chips(page), 'Provider type: Independent research provider')

    // At 1024 px the panel sits above the results, folded, and opens on demand.
    await page.setViewportSize({ width: 1024, height: 900 })
    await facet(page, 'Geography').waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: 'Show filters (3 applied)' }).click()
    await facet(page, 'Geography').waitFor()
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 })
      assert.deepEqual(await axeProblems(page), [], `filtered, ${width} px`)
    }
    await page.getByTestId('chart-skeleton').waitFor({ state: 'detached' })
    assert.deepEqual(await screenshots(page, SHOTS, 'summary-filtered'), [])

    // Reset all: the default price type alone, every asset again.
    await reloaded(page, () =>
      page
        .getByRole('complementary', { name: 'Filters' })
        .getByRole('button', { name: 'Reset all' })
        .click()
    )
    assert.deepEqual(await chips(page), ['Price type: All price types'])
    assert.lengthOf(await providersShown(page), 4)
    assert.equal(await totalSpend(page), 'GBP 242,000')
    assert.equal(new URL(page.url()).searchParams.get('pricetypes'), '0')
    assert.isNull(new URL(page.url()).searchParams.get('geographies'))

    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 })
      assert.deepEqual(await axeProblems(page), [], `unfiltered, ${width} px`)
    }
    await page.getByTestId('chart-skeleton').waitFor({ state: 'detached' })
    assert.deepEqual(await screenshots(page, SHOTS, 'summary'), [])
  })

  test('a ranking priority is set from the table, filters and cannot be unticked alone; a chart group filters; the shown view exports', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const world = await summaryWorld()
    world.member.shouldShowMainNavUserTour = false
    await world.member.save()
    await browserContext.loginAs(world.member)

    const page = await visit('/summary')
    await page.setViewportSize({ width: 1440, height: 900 })
    const priority = page.getByLabel('Ranking priority for Atlas Global Markets')
    await reloaded(page, () => priority.selectOption({ label: 'Core' }).then(() => undefined))
    assert.equal(await priority.inputValue(), '1')

    // The chart grouped by geography: Japan's assets are highlighted, then filtered on.
    await page.getByLabel('Group by').selectOption({ label: 'Geography' })
    await page.getByLabel('Highlight').selectOption({ label: 'Japan' })
    await page.getByText('1 asset tagged Japan highlighted below.').waitFor()
    const birchRow = page.locator('tbody tr', {
      has: page.getByRole('link', { name: 'Birch Independent Research' }),
    })
    assert.include(await birchRow.getAttribute('class'), 'bg-brand-50')
    await reloaded(page, () => page.getByRole('button', { name: 'Filter by Japan' }).click())
    assert.deepEqual(await providersShown(page), ['Birch Independent Research'])
    assert.include(await chips(page), 'Geography: Japan')
    await reloaded(page, () =>
      page
        .getByRole('complementary', { name: 'Filters' })
        .getByRole('button', { name: 'Reset all' })
        .click()
    )

    const core = facet(page, 'Ranking priority').getByRole('button', { name: /^Core/ })
    await reloaded(page, () => core.click())
    assert.deepEqual(await providersShown(page), ['Atlas Global Markets'])
    // The rule appends: a chosen tier is cleared by a reset only.
    assert.equal(await core.getAttribute('aria-disabled'), 'true')
    await facet(page, 'Ranking priority').getByText('Reset to clear.').waitFor()

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    assert.match(file.suggestedFilename(), /^summary-\d{4}-GBP\.csv$/)
    const text = await readFile((await file.path())!, 'utf8')
    const lines = text.replace(/^\uFEFF/, '').split('\n')
    assert.equal(lines[0].split(',').slice(0, 2).join(','), 'Provider,Product / services')
    assert.include(lines[0], 'Ranking priority')
    assert.lengthOf(lines, 2)
    assert.match(lines[1], /^Atlas Global Markets,.*,150000,.*,Core$/)
  })
})
