import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { AxeBuilder } from '@axe-core/playwright'

async function demoAnalyst(teamName: string) {
  await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
  const analyst = await User.findByOrFail('email', 'analyst@example.com')
  const team = await db.from('teams').where('name', teamName).firstOrFail()
  analyst.currentTeamId = team.id
  analyst.shouldShowMainNavUserTour = false
  await analyst.save()
  return analyst
}

test.group('Market data pages in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the display currency is kept from page to page and reset by a team switch', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await demoAnalyst('Northbridge Asset Management'))
    const page = await visit('/market-data/bloomberg')
    const currency = page.getByLabel('Currency')
    assert.equal(await currency.locator('option:checked').textContent(), 'GBP')
    const stored = page.waitForResponse((response) =>
      response.url().endsWith('/api/currencies/selected')
    )
    await currency.selectOption({ label: 'EUR' })
    await stored

    await page.getByRole('link', { name: 'Proposals' }).click()
    await page.waitForURL((url) => url.pathname.endsWith('/proposals'))
    assert.equal(await page.getByLabel('Currency').locator('option:checked').textContent(), 'EUR')
    await page.getByRole('link', { name: 'Scenario analysis' }).click()
    await page.waitForURL((url) => url.pathname.endsWith('/scenario-analysis'))
    await page.getByTestId('scenario-total').getByText(/^EUR /).waitFor()

    // A team switch brings the new team's currency, on its overview of market data.
    await page.locator('[data-tour="profile"]').click()
    await page.getByTestId('team-option').filter({ hasText: 'Helvetia Capital Partners' }).click()
    await page.waitForURL((url) => url.pathname === '/market-data')
    await page
      .getByLabel('Currency')
      .locator('option:checked', { hasText: 'CHF' })
      .waitFor({ state: 'attached' })
  })

  test('a team with data collection reaches its templates from the provider tabs', async ({
    visit,
    browserContext,
  }) => {
    await browserContext.loginAs(await demoAnalyst('Helvetia Capital Partners'))
    const page = await visit('/market-data/bloomberg')
    await page
      .getByRole('navigation', { name: 'Provider views' })
      .getByRole('link', { name: 'Data collection templates' })
      .click()
    await page.waitForURL((url) => url.pathname === '/market-data/templates')
    await page.getByRole('heading', { name: 'Data collection templates', level: 1 }).waitFor()
  })

  test('alternative data opens on the contract in force and names each contract', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const analyst = await demoAnalyst('Helvetia Capital Partners')
    await browserContext.loginAs(analyst)
    const page = await visit('/alternative-data/yipitdata')
    const selected = page.getByTestId('contracts').getByRole('tab', { selected: true })
    await selected.waitFor()
    const today = new Date().toISOString().slice(0, 10)
    const current = await db
      .from('contracts')
      .join('providers', 'providers.id', 'contracts.provider_id')
      .where('providers.provider_key', 'yipitdata')
      .where('contracts.team_id', analyst.currentTeamId!)
      .where('contracts.start_date', '<=', today)
      .where('contracts.end_date', '>=', today)
      .orderBy('contracts.start_date', 'desc')
      .select('contracts.reference')
      .firstOrFail()
    assert.include(await selected.textContent(), current.reference)
    await page.getByRole('link', { name: 'Export CSV' }).waitFor()
  })

  test('when contracts cannot be fetched, the page says so and lists none', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await demoAnalyst('Helvetia Capital Partners'))
    await browserContext.route('**/api/market-data/contracts/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' })
    )
    const page = await visit('/alternative-data/yipitdata')
    await page.getByText('Unable to fetch contracts. Please contact support.').waitFor()
    assert.equal(await page.getByTestId('contracts').getByRole('tab').count(), 0)
    await page.getByText('No contracts with YipitData to show.').waitFor()
  })
})

test.group('Market data pages: accessibility', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every market data page passes axe’s WCAG 2 A and AA rules', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const analyst = await demoAnalyst('Northbridge Asset Management')
    await browserContext.loginAs(analyst)
    const pages = [
      '/market-data',
      '/market-data/bloomberg',
      '/market-data/bloomberg/proposals',
      '/market-data/bloomberg/scenario-analysis',
      '/market-data/msci/rate-card',
      '/market-data/ice',
    ]
    const page = await visit(pages[0])
    const check = async (path: string) => {
      await page.goto(new URL(path, page.url()).toString())
      await page.waitForLoadState('networkidle')
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa'])
        .analyze()
      assert.deepEqual(
        violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`),
        [],
        path
      )
    }
    for (const path of pages) await check(path)

    // Helvetia: data collection, alternative data, and an empty "Inactive providers" list.
    const helvetia = await db.from('teams').where('name', 'Helvetia Capital Partners').firstOrFail()
    await User.query().where('id', analyst.id).update({ currentTeamId: helvetia.id })
    for (const path of ['/market-data/templates', '/alternative-data/yipitdata']) await check(path)
  })
})
