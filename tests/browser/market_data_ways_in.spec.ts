import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { demoAnalystIn } from '#tests/helpers/market_data'

/** Fails every call whose address matches, as a server in trouble would. */
const failing = (route: { fulfill: (response: object) => Promise<void> }) =>
  route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' })

test.group('Market data: ways in and out, and exports of what loaded', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('alternative data offers no export of benchmarks it could not load', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await demoAnalystIn('Helvetia Capital Partners'))
    const page = await visit('/alternative-data')
    // Loaded: the export is offered.
    await page.getByTestId('benchmarks-table').waitFor()
    await page.getByRole('link', { name: 'Export XLSX' }).waitFor()

    await browserContext.route('**/api/market-data/benchmarks/**', failing)
    await page.reload()
    await page.getByText('The benchmarks of this contract could not be loaded.').waitFor()
    assert.equal(await page.getByRole('link', { name: 'Export XLSX' }).count(), 0)
    assert.equal(await page.getByRole('link', { name: 'Export CSV' }).count(), 0)
  })

  test('the dashboard’s Rate cards entry is a link to the rate cards on the overview', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await demoAnalystIn('Northbridge Asset Management'))
    const page = await visit('/')
    const link = page.getByRole('main').getByRole('link', { name: 'Rate cards', exact: true })
    await link.click()
    await page.waitForURL((url) => url.pathname === '/market-data' && url.hash === '#rate-cards')
    await page.getByRole('heading', { name: 'Rate cards' }).waitFor()
    assert.equal(new URL(page.url()).pathname, '/market-data')
  })

  test('the templates page leads back to the market data overview', async ({
    visit,
    browserContext,
  }) => {
    await browserContext.loginAs(await demoAnalystIn('Helvetia Capital Partners'))
    const page = await visit('/market-data/templates')
    await page.getByRole('link', { name: 'Market Data: back to your providers' }).click()
    await page.waitForURL((url) => url.pathname === '/market-data')
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor()
  })
})
