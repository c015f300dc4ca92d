import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeUser } from '#tests/helpers/accounts'
import { teamId } from '#tests/helpers/market_data'

test.group('Admin market data wizard in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('team → provider → contract; additional year, one invalid row, deletes', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
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

  test('editor: additional year needs an end date, and offers to extend the term; new rows in the team currency', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { admin, url, contract } = await editorFixture()
    // Every row in USD: a new row still starts in the team's currency (GBP).
    await db
      .from('product_benchmarks')
      .where('contract_id', contract.id)
      .update({ currency_id: contract.usd })
    await browserContext.loginAs(admin)
    const page = await visit(url)
    const items = page.getByTestId('benchmark-item')
    await items.first().waitFor()
    const before = await items.count()

    // A blank end date: refused on the field, the page and its edits stay.
    const first = items.first()
    await first.getByLabel('Division').fill('Edited division')
    await first.getByLabel('End date').fill('')
    await first.getByRole('button', { name: 'Additional year' }).click()
    await first.getByText('Set the end date first', { exact: false }).first().waitFor()
    assert.equal(await items.count(), before)
    assert.equal(await first.getByLabel('Division').inputValue(), 'Edited division')
    assert.equal(await first.getByLabel('End date').getAttribute('aria-invalid'), 'true')
    // Corrected, the error goes.
    await first.getByLabel('End date').fill(contract.endDate)
    assert.equal(await first.getByText('Set the end date first').count(), 0)

    // The new year runs past the contract term: a warning, with an offer to extend it.
    await first.getByRole('button', { name: 'Additional year' }).click()
    const added = items.nth(1)
    await added.getByText('lies outside the contract term').waitFor()
    await added.getByRole('button', { name: /Extend the term to/ }).click()
    await page.waitForFunction(
      () => !document.body.innerText.includes('lies outside the contract term')
    )
    const extended = await db.from('contracts').where('id', contract.id).firstOrFail()
    assert.equal(toIso(extended.end_date), await added.getByLabel('End date').inputValue())
    // The unsaved rows survived the extension.
    assert.equal(await items.count(), before + 1)
    assert.equal(await first.getByLabel('Division').inputValue(), 'Edited division')

    await page.getByRole('button', { name: 'Add product benchmark' }).click()
    const currency = items.last().getByLabel('Currency')
    assert.equal(await currency.locator('option:checked').textContent(), 'GBP')
  })

  test('editor: errors tied to their inputs; a removed sub product goes only on save; leaving asks first', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { admin, url, withSubs } = await editorFixture()
    await browserContext.loginAs(admin)
    // Reached from the contract list, so that Back stays within the application.
    const page = await visit(url.replace(/\?contract=.*/, ''))
    await page.locator(`a[href$="${url.slice(url.indexOf('?'))}"]`).click()
    const item = page
      .getByTestId('benchmark-item')
      .filter({ has: page.getByTestId('sub-product') })
      .first()
    await item.waitFor()

    // A bad payment: outlined, described by its message, named by its label alone.
    const payment = item.getByLabel('Payment', { exact: true })
    await payment.fill('-12')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await item.getByText('Payment must not be negative.').waitFor()
    assert.equal(await payment.getAttribute('aria-invalid'), 'true')
    const describedBy = await payment.getAttribute('aria-describedby')
    assert.equal(
      await page.locator(`[id="${describedBy}"]`).textContent(),
      'Payment must not be negative.'
    )
    await payment.fill('1200')
    assert.equal(await item.getByText('Payment must not be negative.').count(), 0)
    assert.isNull(await payment.getAttribute('aria-invalid'))

    // Removing a saved sub product keeps it until the save.
    const subs = item.getByTestId('sub-product')
    const count = await subs.count()
    await subs.first().getByRole('button', { name: 'Remove sub product' }).click()
    assert.equal(await subs.count(), count - 1)
    await item.getByText('1 saved sub product will be deleted when you save.').waitFor()
    const stored = async () => {
      const row = await db
        .from('sub_product_benchmarks')
        .where('product_benchmark_id', withSubs)
        .count('* as total')
        .firstOrFail()
      return Number(row.total)
    }
    assert.equal(await stored(), count)

    // Leaving with unsaved changes asks; dismissed, the page and its edits stay.
    const asked: string[] = []
    page.on('dialog', (dialog) => {
      asked.push(dialog.message())
      void dialog.dismiss()
    })
    await page
      .getByRole('link', { name: /Provider/ })
      .first()
      .click()
    await page.waitForTimeout(300)
    assert.match(page.url(), /\?contract=\d+$/)
    await page.evaluate(() => window.history.back())
    await page.waitForTimeout(500)
    assert.match(page.url(), /\?contract=\d+$/)
    assert.equal(await subs.count(), count - 1)
    assert.lengthOf(asked, 2)
    assert.include(asked[0], 'unsaved changes')
    page.removeAllListeners('dialog')

    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Product benchmarks saved.').waitFor()
    assert.equal(await stored(), count - 1)
  })
})

test.group('Admin regressions in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the edit form never widens the page; its errors say what is wrong, by the field', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    await browserContext.loginAs(admin)
    const page = await visit('/admin/market-data/providers/bloomberg/regressions')
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth)
    await page.setViewportSize({ width: 1024, height: 800 })
    const edits = page.getByTestId('regression-row').getByRole('button', { name: /^Edit / })
    await edits.first().waitFor()
    // Every Edit button lies within the page at 1024 px.
    const rights = await edits.evaluateAll((buttons) =>
      buttons.map((button) => button.getBoundingClientRect().right)
    )
    assert.isTrue(rights.every((right) => right <= 1024))
    assert.isAtMost(await scrollWidth(), 1024)

    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByRole('button', { name: /^Edit Bloomberg Terminal \/ Enterprise/ }).click()
    const intercept = page.getByLabel('Intercept', { exact: true })
    await intercept.waitFor()
    assert.isAtMost(await scrollWidth(), 1440)

    await intercept.fill('abc')
    await page.getByRole('button', { name: 'Save regression' }).click()
    await page.getByText('Intercept must be a number.').waitFor()
    assert.equal(await intercept.getAttribute('aria-invalid'), 'true')
    // A number written short is judged by its size: 1e400 is too large, not "not a number".
    await intercept.fill('1e400')
    assert.equal(await page.getByText('Intercept must be a number.').count(), 0)
    await page.getByRole('button', { name: 'Save regression' }).click()
    await page.getByText('Intercept is too large', { exact: false }).waitFor()
    assert.equal(await page.getByText('Intercept must be a number.').count(), 0)
    await intercept.fill('abc')
    await page.getByRole('button', { name: 'Save regression' }).click()
    await page.getByText('Intercept must be a number.').waitFor()
    await intercept.fill('9'.repeat(20))
    await page.getByRole('button', { name: 'Save regression' }).click()
    await page.getByText('Intercept is too large', { exact: false }).waitFor()
  })
})

test.group('Admin classification in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('errors outline their fields and clear when corrected; a used driver keeps its kind; leaving asks', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    await browserContext.loginAs(admin)
    const page = await visit('/admin/market-data/providers/bloomberg/classification')
    const category = page.getByLabel('Category name').first()
    const value = page.getByLabel('Option value').first()
    await category.waitFor()
    await category.fill('')
    await value.fill('1e400')
    await page.getByRole('button', { name: 'Save classification' }).click()
    await page.getByText('Category name is required.', { exact: true }).waitFor()
    for (const input of [category, value]) {
      assert.equal(await input.getAttribute('aria-invalid'), 'true')
      const described = await input.getAttribute('aria-describedby')
      assert.isNotEmpty(await page.locator(`[id="${described}"]`).textContent())
    }
    await category.fill('Desktop')
    assert.isNull(await category.getAttribute('aria-invalid'))
    assert.equal(await page.getByText('Category name is required.', { exact: true }).count(), 0)
    assert.equal(await value.getAttribute('aria-invalid'), 'true')

    // Bloomberg's drivers are used by client benchmarks: their kind cannot be switched.
    assert.isTrue(await page.getByLabel('Numeric').first().isDisabled())

    const asked: string[] = []
    page.on('dialog', (dialog) => {
      asked.push(dialog.message())
      void dialog.dismiss()
    })
    await page.locator('header a[href]').first().click()
    await page.waitForTimeout(300)
    assert.match(page.url(), /classification$/)
    assert.lengthOf(asked, 1)
    assert.equal(await category.inputValue(), 'Desktop')
  })
})

/** Northbridge's Bloomberg contract whose Data License benchmark has sub products. */
async function editorFixture() {
  await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
  const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
  const northbridge = await teamId('Northbridge Asset Management')
  const row = await db
    .from('product_benchmarks')
    .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
    .join('providers', 'providers.id', 'contracts.provider_id')
    .join('provider_products', 'provider_products.id', 'product_benchmarks.product_id')
    .where('contracts.team_id', northbridge)
    .where('provider_products.name', 'Data License')
    .whereExists((query) =>
      query
        .from('sub_product_benchmarks')
        .whereColumn('sub_product_benchmarks.product_benchmark_id', 'product_benchmarks.id')
    )
    .orderBy('contracts.start_date', 'desc')
    .select(
      'product_benchmarks.id as benchmark_id',
      'contracts.id',
      'contracts.end_date',
      'providers.provider_key'
    )
    .firstOrFail()
  const usd = await db.from('currencies').where('code', 'USD').firstOrFail()
  return {
    admin,
    withSubs: row.benchmark_id as number,
    contract: { id: row.id as number, endDate: toIso(row.end_date), usd: usd.id as number },
    url: `/admin/market-data/teams/${northbridge}/providers/${row.provider_key}?contract=${row.id}`,
  }
}

function toIso(value: unknown) {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
}

test.group('Admin catalogue forms in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a refused license key is shown under the field, which keeps its own name', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
    await browserContext.loginAs(admin)
    const page = await visit('/admin/market-data/catalogue')
    await page.getByRole('button', { name: 'New license type' }).click()
    const key = page.getByRole('textbox', { name: 'Key', exact: true })
    await page.getByRole('textbox', { name: 'Name', exact: true }).last().fill('Site licence')
    await key.fill('Bad Key!')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText(/The key must be 2 to 64 lower-case letters/).waitFor()
    // The error describes the field; the field's accessible name is still "Key".
    assert.equal(await key.getAttribute('aria-invalid'), 'true')
    const describedBy = (await key.getAttribute('aria-describedby')) ?? ''
    assert.include(describedBy, 'license-new-key-error')
    assert.include(describedBy, 'license-new-key-hint')
  })
})
