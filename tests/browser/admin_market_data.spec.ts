import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeUser } from '#tests/helpers/accounts'

test.group('Admin market data wizard in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('team → provider → contract; additional year, one invalid row, deletes', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    await browserContext.loginAs(admin)

    const page = await visit('/admin/market-data')
    await page
      .getByRole('list', { name: 'Teams' })
      .getByRole('link', { name: /Northbridge Asset Management/ })
      .click()
    await page.waitForURL(/\/admin\/market-data\/teams\/\d+$/)
    await page
      .getByRole('list', { name: 'Providers' })
      .getByRole('link', { name: /FactSet/ })
      .click()
    await page.waitForURL(/\/providers\/factset$/)
    await page.getByRole('table', { name: 'Contracts' }).getByRole('link').first().click()
    await page.waitForURL(/\?contract=\d+$/)

    const items = page.getByTestId('benchmark-item')
    await items.first().waitFor()
    const before = await items.count()

    // Back and reload keep the place: the contract step is its own URL.
    await page.reload()
    await items.first().waitFor()
    assert.equal(await items.count(), before)

    // An additional year starts the day after the previous end, with prices reset.
    const first = items.first()
    const previousEnd = await first.getByLabel('End date').inputValue()
    await first.getByRole('button', { name: 'Additional year' }).click()
    assert.equal(await items.count(), before + 1)
    const added = items.nth(1)
    const expectedStart = new Date(`${previousEnd}T00:00:00Z`)
    expectedStart.setUTCDate(expectedStart.getUTCDate() + 1)
    assert.equal(
      await added.getByLabel('Start date').inputValue(),
      expectedStart.toISOString().slice(0, 10)
    )
    assert.equal(await added.getByLabel('Payment').inputValue(), '')

    // A second new row left without a product: saving reports exactly one failure.
    await page.getByRole('button', { name: 'Add product benchmark' }).click()
    assert.equal(await items.count(), before + 2)
    await added.getByLabel('Payment').fill('150000')
    await added.getByLabel('Benchmark price').fill('140000')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Failed to save 1 product benchmark(s).').waitFor()
    await items.last().getByText('Choose a product.').waitFor()
    const stored = await db
      .from('product_benchmarks')
      .where({ payment: 150000, benchmark_price: 140000 })
      .first()
    assert.isNotNull(stored)

    // The unsaved row goes locally; the saved one through the API.
    await items.last().getByRole('button', { name: 'Remove', exact: true }).click()
    assert.equal(await items.count(), before + 1)
    page.once('dialog', (dialog) => void dialog.accept())
    await added.getByRole('button', { name: 'Remove', exact: true }).click()
    await page.getByText('Product benchmark deleted.').waitFor()
    assert.equal(await items.count(), before)
    assert.isNull(await db.from('product_benchmarks').where('id', stored.id).first())
  })
})
