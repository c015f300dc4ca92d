import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { pinClock } from '#tests/helpers/clock'
import { axeProblems, screenshots } from '#tests/helpers/browser'
import { ANALYTICS_RANGE, analyticsWorld } from '#tests/helpers/research_analytics'

const SHOTS = 'tmp/screenshots/research_analytics'
const URL = '/admin/research-discovery/analytics'

test.group('Research discovery analytics in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => pinClock('2026-04-01'))
  group.each.timeout(120_000)

  test('the three tabs draw their charts with their data tables, define each figure and have no serious axe finding', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const world = await analyticsWorld()
    await browserContext.loginAs(world.administrator)
    const problems: Record<string, string[]> = {}
    const overflow: Record<string, number[]> = {}
    const tabs: [string, string, string[]][] = [
      ['providers', URL, ['Reads and documents ingested, most read providers']],
      ['trends', `${URL}/trends`, ['Documents per week, busiest themes', 'Searches per week']],
      ['users', `${URL}/users`, ['Weekly active readers, most active teams']],
    ]
    for (const [name, path, charts] of tabs) {
      const page = await visit(`${path}${ANALYTICS_RANGE}`)
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.getByRole('heading', { name: 'Research discovery analytics', level: 1 }).waitFor()
      for (const chart of charts) {
        const figure = page.getByRole('figure', { name: chart })
        await figure.waitFor()
        await figure.getByTestId('chart-skeleton').waitFor({ state: 'detached' })
      }
      assert.isAbove(await page.getByRole('heading', { name: 'Definition' }).count(), 0)
      assert.match(await page.title(), /^Research analytics: .* - Spendlens$/)
      problems[name] = await axeProblems(page)
      overflow[name] = await screenshots(page, SHOTS, name)
    }
    assert.deepEqual(problems, { providers: [], trends: [], users: [] })
    assert.deepEqual(overflow, { providers: [], trends: [], users: [] })
  })

  test('a range is chosen with the two date fields; a wrong one is said beside them', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const world = await analyticsWorld()
    await browserContext.loginAs(world.administrator)
    const page = await visit(`${URL}/users`)
    await page.getByLabel('From').fill('2026-03-02')
    await page.getByLabel('To').fill('2026-03-29')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.waitForURL(/from=2026-03-02&to=2026-03-29/)
    const teams = page.getByRole('table', { name: 'Team figures' })
    await teams.getByText('Ash Capital', { exact: true }).waitFor()

    await page.getByLabel('From').fill('2026-03-20')
    await page.getByLabel('To').fill('2026-03-10')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByText('The start date must be on or before the end date.').waitFor()
    assert.equal(await page.getByLabel('From').getAttribute('aria-invalid'), 'true')
    assert.deepEqual(await axeProblems(page), [])
  })
})
