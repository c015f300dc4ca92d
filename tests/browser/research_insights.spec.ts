import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import type { Page } from 'playwright'
import { axeProblems, screenshots as shoot } from '#tests/helpers/browser'
import { computeTrendingSnapshot } from '#services/research/trending'
import { renderResearchPdf } from '#database/demo/research_insights'
import { researchProvider } from '#tests/helpers/rsa'
import { formatDate } from '#shared/dates'
import { SEARCH_HINT } from '#shared/research_search'
import {
  daysBefore,
  researchDocument,
  researchMember,
  researchTeam,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'

const SHOTS = 'tmp/screenshots/research'
const screenshots = (page: Page, name: string, options: { pdf?: boolean } = {}) =>
  shoot(page, SHOTS, name, options)

/*
 * Two ranked weeks. Week 1 (25 Nov – 1 Dec 2024, snapshot of 2 Dec): Tariffs and Oil from 3
 * providers each (Tariffs first, created first). Week 2 (2 – 8 Dec, snapshot of 9 Dec): Oil from
 * 4 providers (score 4 and more, ▲1), Tariffs from 3 with two notes by Atlas, one of them the
 * searched note, also on Oil (score 2/√2 + 2 ≈ 3.41, ▼1), Gold from 3 (score 3, NEW). Copper is
 * a theme nobody writes on, to be starred. 17 documents in all.
 */
const WEEK1 = '2024-12-02'
const WEEK2 = '2024-12-09'
const SEARCHED = 'Semiconductor tariffs and the supply chain'

async function world() {
  const [atlas, birch, cedar, delta] = await Promise.all(
    ['Atlas Research', 'Birch Research', 'Cedar Research', 'Delta Research'].map((name) =>
      researchProvider(name, 'independent')
    )
  )
  const macro = await themeGroup('Macro')
  const commodities = await themeGroup('Commodities')
  const tariffs = await researchTheme('Tariffs', macro)
  const oil = await researchTheme('Oil supply', commodities)
  const gold = await researchTheme('Gold', commodities)
  const copper = await researchTheme('Copper', commodities)

  let n = 0
  const note = (provider: typeof atlas, theme: typeof tariffs, weekEnd: string, day = 2) =>
    researchDocument({
      provider,
      title: `${provider.name} on ${theme.name}, note ${++n}`,
      publishedAt: daysBefore(weekEnd, day),
      themes: [theme],
    })
  for (const provider of [atlas, birch, cedar]) await note(provider, tariffs, WEEK1)
  for (const provider of [atlas, birch, delta]) await note(provider, oil, WEEK1)
  for (const provider of [atlas, birch, cedar, delta]) await note(provider, oil, WEEK2)
  for (const provider of [birch, cedar, delta]) await note(provider, gold, WEEK2)
  for (const provider of [birch, cedar]) await note(provider, tariffs, WEEK2)
  await note(atlas, tariffs, WEEK2, 3)
  const searched = await researchDocument({
    provider: atlas,
    title: SEARCHED,
    abstract: 'Export controls on chips and what they do to prices.',
    body: 'Semiconductor tariffs raise costs along the supply chain.',
    publishedAt: daysBefore(WEEK2, 1),
    themes: [tariffs, { id: oil.id }],
  })
  // A real PDF for the one the member reads (the helper's stub is enough for the others).
  const { pdf } = await renderResearchPdf({
    title: SEARCHED,
    provider: atlas.name,
    reference: 'AR-1',
    published: new Date(daysBefore(WEEK2, 1)),
    typeLabel: 'Macro',
    regionsLabel: 'Global',
    authors: ['A. Analyst'],
    abstract: 'Export controls on chips and what they do to prices.',
    themes: [tariffs.name, oil.name],
    paragraphs: ['Semiconductor tariffs raise costs along the supply chain.'],
    risks: null,
  })
  await drive.use().put(searched.key, pdf)

  await computeTrendingSnapshot(DateTime.fromISO(WEEK1, { zone: 'utc' }))
  await computeTrendingSnapshot(DateTime.fromISO(WEEK2, { zone: 'utc' }))
  const member = await researchMember(await researchTeam())
  return { themes: { tariffs, oil, gold, copper }, searched, member }
}

const listed = (page: Page) => page.locator('table tbody tr')

/**
 * Where the heat map draws a cell (week, theme), in page pixels, asked of the ECharts
 * instance itself: the chart's module is loaded by the page from the Vite dev server, and the
 * same URL gives the same module, hence its registry of instances.
 */
async function heatmapCell(page: Page, weekIndex: number, themeIndex: number) {
  const chart = page.getByRole('img', { name: /^Theme activity/ })
  await chart.locator('canvas').waitFor()
  // Mouse coordinates are the viewport's: the chart must be in view.
  await chart.scrollIntoViewIfNeeded()
  const point = await chart.evaluate(
    async (element, [week, theme]) => {
      const url = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .find((name) => /\/echarts_core\.js|\/echarts\/core\.js/.test(name))
      if (!url) return null
      const echarts = await import(/* @vite-ignore */ url)
      const instance = echarts.getInstanceByDom(element as HTMLElement)
      return (instance?.convertToPixel({ seriesIndex: 0 }, [week, theme]) as number[]) ?? null
    },
    [weekIndex, themeIndex]
  )
  if (!point) return null
  const box = (await chart.boundingBox())!
  return { x: box.x + point[0], y: box.y + point[1] }
}

test.group('Research Insights in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(90_000)

  test('a member follows trending themes to the research, searches, bookmarks, reads and stars', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { themes, searched, member } = await world()
    await browserContext.loginAs(member)
    await mkdir(SHOTS, { recursive: true })
    const problems: Record<string, string[]> = {}
    const audit = async (page: Page, name: string) => {
      problems[name] = await axeProblems(page)
    }

    // 1. Trending themes: the ranking with its movement, and the heat map.
    const page = await visit('/research-discovery/trending-themes')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByRole('heading', { name: 'Trending themes', level: 1 }).waitFor()
    const ranking = page.getByRole('list', { name: 'Trending themes, highest ranked first' })
    const cards = ranking.locator(':scope > li')
    assert.deepEqual(await cards.locator('h2').allTextContents(), [
      themes.oil.name,
      themes.tariffs.name,
      themes.gold.name,
    ])
    assert.deepEqual(
      await cards
        .locator('span[title^="Since last week"] > [aria-hidden="true"]')
        .allTextContents(),
      ['▲1', '▼1', 'NEW']
    )
    await cards.first().getByText('up 1 place').waitFor({ state: 'attached' })
    const heatmap = page.getByRole('region', { name: 'Theme activity' })
    await heatmap.getByRole('heading', { name: 'Theme activity, last 12 weeks' }).waitFor()
    await heatmap.getByTestId('chart-skeleton').waitFor({ state: 'detached' })
    await audit(page, 'trending')
    await screenshots(page, 'trending')

    // A click on the canvas at the cell Tariffs × week of 25 Nov (week 11 of 12, theme 2).
    const cell = await heatmapCell(page, 10, 1)
    assert.isNotNull(cell, 'the heat map cell position, from the ECharts instance')
    await page.mouse.click(cell!.x, cell!.y)
    await page.waitForURL(
      (url) =>
        url.pathname === '/research-discovery/research' &&
        url.searchParams.get('themeIds') === String(themes.tariffs.id) &&
        url.searchParams.get('startDate') === '2024-11-25' &&
        url.searchParams.get('endDate') === '2024-12-01'
    )
    await page.getByRole('heading', { name: 'All research', level: 1 }).waitFor()
    await page.getByRole('status').filter({ hasText: '3 documents' }).waitFor()
    assert.lengthOf(await listed(page).all(), 3)

    // The keyboard alternative: Oil supply × the week of 2 Dec.
    await page.goBack()
    const cellForm = page.getByRole('form', { name: 'Open the documents of a theme and week' })
    await cellForm.getByLabel('Theme').selectOption(String(themes.oil.id))
    // Dates read in the browser's own locale, as the server takes it from Accept-Language.
    const locale = await page.evaluate(() => navigator.language)
    const day = (iso: string) => formatDate(iso, locale)
    await cellForm.getByLabel('Week of').selectOption({ label: day('2024-12-02') })
    await cellForm.getByRole('link', { name: 'Show these documents' }).click()
    await page.waitForURL(
      (url) =>
        url.pathname === '/research-discovery/research' &&
        url.searchParams.get('themeIds') === String(themes.oil.id) &&
        url.searchParams.get('startDate') === '2024-12-02' &&
        url.searchParams.get('endDate') === '2024-12-08'
    )
    // Four notes with Oil as their primary theme and the searched one, where it is secondary.
    await page.getByRole('status').filter({ hasText: '5 documents' }).waitFor()
    const filters = page.getByRole('search', { name: 'Research' })
    await filters
      .getByRole('button', { name: `Remove the filter Themes: ${themes.oil.name}` })
      .waitFor()
    await filters
      .getByRole('button', {
        name: `Remove the filter Published: ${day('2024-12-02')} to ${day('2024-12-08')}`,
      })
      .waitFor()
    await audit(page, 'research, by theme and week')

    // 2. A search: the debounced call, then the matches highlighted.
    await page.goto(new URL('/research-discovery/research', page.url()).toString())
    await page.getByRole('status').filter({ hasText: '17 documents' }).waitFor()
    const searchCall = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/trending-themes/research-documents') &&
        response.request().method() === 'POST'
    )
    await page.getByLabel('Search titles, abstracts and full text').fill('semiconductor')
    const search = await searchCall
    assert.equal(search.status(), 200)
    await page.waitForURL((url) => url.searchParams.get('searchTerm') === 'semiconductor')
    await page
      .getByRole('status')
      .filter({ hasText: /^1 document/ })
      .waitFor()
    const marks = listed(page).locator('mark')
    await marks.first().waitFor()
    for (const text of await marks.allTextContents()) assert.match(text, /^semiconductor$/i)
    // The box says what may be typed (phrases, OR, minus, a trailing star) and reads it back.
    const box = page.getByLabel('Search titles, abstracts and full text')
    assert.include(await box.getAttribute('aria-describedby'), 'research-search-hint')
    assert.equal(await page.locator('#research-search-hint').textContent(), SEARCH_HINT)
    await page.getByText('Searching for semiconductor.').waitFor()
    await audit(page, 'research, with a search')
    await screenshots(page, 'research-search')

    // 3. A bookmark: pressed at once and kept by the server; it is in My research.
    const bookmark = page.getByRole('button', { name: `Bookmark ${SEARCHED}` })
    assert.equal(await bookmark.getAttribute('aria-pressed'), 'false')
    const bookmarkCall = page.waitForResponse((response) =>
      response.url().endsWith('/api/trending-themes/bookmark')
    )
    await bookmark.click()
    const bookmarked = await bookmarkCall
    assert.equal(bookmarked.status(), 200)
    assert.equal(await bookmark.getAttribute('aria-pressed'), 'true')
    await page
      .getByRole('navigation', { name: 'Research Insights' })
      .getByRole('link', { name: 'My research' })
      .click()
    await page.getByRole('heading', { name: 'My research', level: 1 }).waitFor()
    await page
      .getByRole('status')
      .filter({ hasText: /^1 document/ })
      .waitFor()
    const mine = listed(page)
    assert.lengthOf(await mine.all(), 1)
    assert.equal(
      await mine.getByRole('button', { name: `Bookmark ${SEARCHED}` }).getAttribute('aria-pressed'),
      'true'
    )
    await audit(page, 'my research')

    // 4. The article, with its PDF in a frame.
    const pdfPath = `/research-discovery/research/${searched.id}/pdf`
    const pdfLoad = page.waitForResponse((response) => new URL(response.url()).pathname === pdfPath)
    await mine.getByRole('link', { name: SEARCHED }).click()
    await page.waitForURL((url) => url.pathname === `/research-discovery/research/${searched.id}`)
    await page.getByRole('heading', { name: SEARCHED, level: 1 }).waitFor()
    const frame = page.locator('iframe')
    assert.equal(await frame.getAttribute('src'), pdfPath)
    assert.equal(await frame.getAttribute('title'), `${SEARCHED} (PDF)`)
    const loaded = await pdfLoad
    assert.equal(loaded.status(), 200)
    assert.equal(loaded.headers()['content-type'], 'application/pdf')
    const file = await page.request.get(new URL(pdfPath, page.url()).toString())
    assert.equal(file.status(), 200)
    assert.equal(file.headers()['content-type'], 'application/pdf')
    const bytes = await file.body()
    assert.match(bytes.toString('latin1'), /^%PDF-/)
    assert.isTrue(
      page.frames().some((child) => child !== page.mainFrame() && child.url().endsWith(pdfPath)),
      'the frame shows the PDF'
    )
    assert.equal(
      await page.getByRole('button', { name: 'Bookmarked' }).getAttribute('aria-pressed'),
      'true'
    )
    await audit(page, 'article')
    await screenshots(page, 'article', { pdf: true })

    // 5. A star on All themes; the theme is in My themes.
    await page
      .getByRole('navigation', { name: 'Research Insights' })
      .getByRole('link', { name: 'All themes' })
      .click()
    await page.getByRole('heading', { name: 'All themes', level: 1 }).waitFor()
    await page.getByRole('status').filter({ hasText: '4 themes' }).waitFor()
    await audit(page, 'themes')
    await screenshots(page, 'themes')
    const star = page.getByRole('button', { name: `Star ${themes.copper.name}` })
    assert.equal(await star.getAttribute('aria-pressed'), 'false')
    const starCall = page.waitForResponse((response) =>
      response.url().endsWith('/api/trending-themes/starred-themes')
    )
    await star.click()
    const starred = await starCall
    assert.equal(starred.status(), 200)
    assert.equal(await star.getAttribute('aria-pressed'), 'true')
    await page
      .getByRole('navigation', { name: 'Research Insights' })
      .getByRole('link', { name: 'My themes' })
      .click()
    await page.getByRole('heading', { name: 'My themes', level: 1 }).waitFor()
    await page.getByRole('status').filter({ hasText: '1 starred theme' }).waitFor()
    assert.deepEqual(await page.locator('table tbody th a').allTextContents(), [themes.copper.name])
    assert.equal(
      await page
        .getByRole('button', { name: `Star ${themes.copper.name}` })
        .getAttribute('aria-pressed'),
      'true'
    )
    await audit(page, 'my themes')

    // 6. Every page visited passes axe (serious and critical).
    assert.deepEqual(problems, Object.fromEntries(Object.keys(problems).map((name) => [name, []])))
  })
})
