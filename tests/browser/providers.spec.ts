import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import { analystWorld } from '#tests/helpers/providers'
import { axeProblems, screenshots as shoot } from '#tests/helpers/browser'

const SHOTS = 'tmp/screenshots/providers'
const screenshots = (page: Page, name: string) => shoot(page, SHOTS, name)

/** The cells of a chart's data table (its text alternative) in the row headed `rowName`. */
async function chartRow(page: Page, chartName: string, rowName: string) {
  const row = page
    .getByRole('figure', { name: chartName })
    .locator('table tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: rowName, exact: true }) })
  return row.locator('td').allTextContents()
}

/** A chart's value columns as its data table heads them (the years, then any total). */
async function chartColumns(page: Page, chartName: string) {
  const heads = await page
    .getByRole('figure', { name: chartName })
    .locator('table thead th')
    .allTextContents()
  return heads.slice(1)
}

/**
 * A heat map row's expected values: the given figures in their years, 0 in every other year
 * shown (the years run from the first with data to this year), the total where there is one.
 */
async function expectedRow(
  page: Page,
  chartName: string,
  byYear: Record<string, string>,
  total: string
) {
  const columns = await chartColumns(page, chartName)
  return columns.map((column) =>
    /^\d{4}$/.test(column.trim()) ? (byYear[column.trim()] ?? '0') : total
  )
}

/** Waits for the four heat maps to have answered and drawn. */
async function heatmapsDrawn(page: Page) {
  for (const name of [
    'Headcount gained (analysts)',
    'Headcount lost (analysts)',
    'Experience gained (years of experience)',
    'Experience lost (years of experience)',
  ]) {
    const figure = page.getByRole('figure', { name })
    await figure.waitFor()
    await figure.getByTestId('chart-skeleton').waitFor({ state: 'detached' })
  }
}

test.group('Providers in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(90_000)

  test('a member filters the league table, opens a provider, reads its heat maps and shares the view', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { A, B, E, member } = await analystWorld()
    await browserContext.loginAs(member)
    await mkdir(SHOTS, { recursive: true })
    const problems: Record<string, string[]> = {}
    const overflow: Record<string, number[]> = {}

    // 1. The league table, every sector and region: both providers, the alert on Ashdown.
    const page = await visit('/providers')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByRole('heading', { name: 'Providers', level: 1 }).waitFor()
    const table = page.getByRole('table', { name: /^Provider league table/ })
    await table.getByRole('link', { name: A.name }).waitFor()
    await table.getByRole('link', { name: B.name }).waitFor()
    const alerts = page.getByRole('region', { name: 'Spend × talent alerts' })
    await alerts.getByRole('link', { name: `Open ${A.name}` }).waitFor()
    assert.equal(
      await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'),
      '/providers/league-table.csv?year=2024'
    )
    // A column's definition: reachable by keyboard, read as the button's description.
    const definition = table.getByRole('button', { name: 'Definition of Headcount' })
    await definition.focus()
    await page
      .locator('[data-definition-tip]')
      .filter({ hasText: 'Analysts at the provider on 31 December' })
      .waitFor()
    await page.keyboard.press('Escape')
    await page.locator('[data-definition-tip]').waitFor({ state: 'detached' })
    problems['league table'] = await axeProblems(page)
    overflow['league table'] = await screenshots(page, 'league-table')

    // 2. Filter: Energy, then the United Kingdom; each choice is in the address.
    const filters = page.getByRole('form', { name: 'Filters' })
    await filters.getByLabel('Sector').selectOption({ label: 'Energy' })
    await page.waitForURL((url) => url.searchParams.get('sector') === String(E))
    await filters.getByLabel('Region').selectOption({ label: 'United Kingdom' })
    await page.waitForURL(
      (url) =>
        url.pathname === '/providers' &&
        url.searchParams.get('year') === '2024' &&
        url.searchParams.get('sector') === String(E) &&
        url.searchParams.get('region') === 'UK'
    )
    const filtered = page.getByRole('table', {
      name: 'Provider league table, Energy in United Kingdom, 2024',
    })
    await filtered.waitFor()
    assert.equal(
      await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'),
      `/providers/league-table.csv?year=2024&sector=${E}&region=UK`
    )
    problems['league table, filtered'] = await axeProblems(page)
    overflow['league table, filtered'] = await screenshots(page, 'league-table-filtered')

    // 3. The provider page keeps the filters.
    await filtered.getByRole('link', { name: A.name }).click()
    await page.waitForURL(
      (url) =>
        url.pathname === `/providers/${A.key}` &&
        url.searchParams.get('year') === '2024' &&
        url.searchParams.get('sector') === String(E) &&
        url.searchParams.get('region') === 'UK'
    )
    await page.getByRole('heading', { name: A.name, level: 1 }).waitFor()
    await page.getByRole('heading', { name: 'Key indicators, 2024' }).waitFor()

    // 4. The heat maps: Energy, every year; in 2024 Ashdown lost Alice (14 years) and Dmitri
    // (24 years) in the UK, and nobody joined there (Chloe covers the US).
    await heatmapsDrawn(page)
    const lostColumns = await chartColumns(page, 'Headcount lost (analysts)')
    assert.include(lostColumns, '2024')
    assert.deepEqual(
      await chartRow(page, 'Headcount lost (analysts)', 'Energy'),
      await expectedRow(page, 'Headcount lost (analysts)', { 2024: '2' }, '2')
    )
    assert.deepEqual(
      await chartRow(page, 'Experience lost (years of experience)', 'Energy'),
      await expectedRow(page, 'Experience lost (years of experience)', { 2024: '38' }, '38')
    )
    assert.deepEqual(
      await chartRow(page, 'Headcount gained (analysts)', 'Energy'),
      await expectedRow(page, 'Headcount gained (analysts)', {}, '0')
    )
    // The data table is one click away for everyone.
    const lost = page.getByRole('figure', { name: 'Headcount lost (analysts)' })
    await lost.getByRole('button', { name: 'Show data table' }).click()
    await lost.getByRole('cell', { name: '2', exact: true }).first().waitFor({ state: 'visible' })
    // The interactions by sector, whatever the filters: E 1, F 2 of 4, 75 % mapped.
    await page.getByText('75.0% mapped (2024).').waitFor()
    const breakdown = page.getByRole('table', {
      name: /^Your interactions with .* by sector, 2024$/,
    })
    const breakdownRows = await breakdown.locator('tbody tr').allTextContents()
    assert.deepEqual(breakdownRows, [
      'Financials250.0%',
      'Energy125.0%',
      'Sector not resolved125.0%',
    ])
    problems['provider'] = await axeProblems(page)
    overflow['provider'] = await screenshots(page, 'provider')

    // 5. Another year: the address carries every filter, and the figures follow.
    await page.getByRole('form', { name: 'Filters' }).getByLabel('Year').selectOption('2023')
    await page.waitForURL(
      (url) =>
        url.pathname === `/providers/${A.key}` &&
        url.searchParams.get('year') === '2023' &&
        url.searchParams.get('sector') === String(E) &&
        url.searchParams.get('region') === 'UK'
    )
    await page.getByRole('heading', { name: 'Key indicators, 2023' }).waitFor()
    await heatmapsDrawn(page)
    const headcount2023 = await page
      .getByRole('figure', { name: 'Net change in headcount, 2023' })
      .locator('table tbody tr')
      .allTextContents()
    assert.deepEqual(headcount2023, [
      'Headcount 1 Jan2',
      'Joiners0',
      'Leavers0',
      'Headcount 31 Dec2',
    ])

    // 6. The same address opened afresh shows the same view.
    const shared = page.url()
    const fresh = await browserContext.newPage()
    await fresh.setViewportSize({ width: 1440, height: 900 })
    await fresh.goto(shared)
    await fresh.getByRole('heading', { name: A.name, level: 1 }).waitFor()
    await fresh.getByRole('heading', { name: 'Key indicators, 2023' }).waitFor()
    const freshFilters = fresh.getByRole('form', { name: 'Filters' })
    assert.equal(await freshFilters.getByLabel('Year').inputValue(), '2023')
    assert.equal(await freshFilters.getByLabel('Sector').inputValue(), String(E))
    assert.equal(await freshFilters.getByLabel('Region').inputValue(), 'UK')
    await heatmapsDrawn(fresh)
    assert.deepEqual(
      await chartRow(fresh, 'Headcount lost (analysts)', 'Energy'),
      await expectedRow(fresh, 'Headcount lost (analysts)', { 2024: '2' }, '2')
    )
    assert.deepEqual(
      await fresh
        .getByRole('figure', { name: 'Net change in headcount, 2023' })
        .locator('table tbody tr')
        .allTextContents(),
      headcount2023
    )
    problems['provider, 2023, opened afresh'] = await axeProblems(fresh)
    overflow['provider, 2023, opened afresh'] = await screenshots(fresh, 'provider-2023')

    // 7. The way back keeps the filters too.
    await fresh.getByRole('link', { name: 'Back to the league table' }).click()
    await fresh.waitForURL(
      (url) =>
        url.pathname === '/providers' &&
        url.searchParams.get('year') === '2023' &&
        url.searchParams.get('sector') === String(E) &&
        url.searchParams.get('region') === 'UK'
    )
    await fresh.getByRole('heading', { name: 'Providers', level: 1 }).waitFor()

    // 8. A region where nobody covers Energy: the page says so, naming the filters.
    await fresh.getByRole('form', { name: 'Filters' }).getByLabel('Region').selectOption('JP')
    await fresh.waitForURL((url) => url.searchParams.get('region') === 'JP')
    await fresh.getByText('No analysts recorded for Energy in Japan, 2023').waitFor()
    assert.equal(await fresh.getByRole('table', { name: /^Provider league table/ }).count(), 0)
    problems['league table, empty'] = await axeProblems(fresh)
    overflow['league table, empty'] = await screenshots(fresh, 'league-table-empty')

    // Every page: no serious or critical axe violation, no sideways scrolling at either width.
    assert.deepEqual(problems, Object.fromEntries(Object.keys(problems).map((name) => [name, []])))
    assert.deepEqual(overflow, Object.fromEntries(Object.keys(overflow).map((name) => [name, []])))
  })
})
