import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { budgetsWorld } from '#tests/helpers/rsa'

test.group('Research spend: wide tables at 1024 px', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the rate card says it scrolls sideways and keeps each row’s name in view', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { member } = await budgetsWorld()
    await browserContext.loginAs(member)
    const page = await visit('/rsa/rate-card?year=2024')
    await page.setViewportSize({ width: 1024, height: 900 })
    const region = page.getByRole('region', { name: /Research rate card 2024.*scrolls sideways/ })
    await region.waitFor()

    const hint = page.getByTestId('table-scroll-hint').first()
    assert.match((await hint.textContent()) ?? '', /More columns to the right/)
    assert.isTrue(await page.getByTestId('table-scroll-fade').first().isVisible())

    const firstHeader = region.locator('thead th').first()
    assert.equal(await firstHeader.evaluate((cell) => getComputedStyle(cell).position), 'sticky')
    const before = (await firstHeader.boundingBox())!

    await region.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
    await page.getByText('More columns to the left').first().waitFor()
    const after = (await firstHeader.boundingBox())!
    assert.closeTo(after.x, before.x, 1, 'the first column stays where it was')
    assert.isFalse(await page.getByTestId('table-scroll-fade').first().isVisible())
  })

  test('at 1440 px a table that fits shows no cue and pins nothing', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { member } = await budgetsWorld()
    await browserContext.loginAs(member)
    const page = await visit('/rsa/peer-group?year=2024')
    await page.setViewportSize({ width: 1440, height: 900 })
    const table = page.getByRole('table', { name: /Your figures against the peer group/ })
    await table.waitFor()
    assert.equal(await page.getByTestId('table-scroll-hint').count(), 0)
    const firstHeader = table.locator('thead th').first()
    assert.equal(await firstHeader.evaluate((cell) => getComputedStyle(cell).left), 'auto')
  })

  test('charts shrink with the window: from 1440 to 1024 px the page does not scroll sideways', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { member } = await budgetsWorld()
    await browserContext.loginAs(member)
    const page = await visit('/rsa/market-trends')
    await page.setViewportSize({ width: 1440, height: 900 })
    // Every chart drawn at the wide layout (the dispersion chart spans both columns there).
    await page.waitForFunction(
      () =>
        document.querySelectorAll('figure canvas').length >= 5 &&
        !document.querySelector('[data-testid="chart-skeleton"]')
    )
    await page.setViewportSize({ width: 1024, height: 900 })
    // The charts follow their boxes on the next frames.
    await page.waitForTimeout(500)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth
    )
    assert.equal(overflow, 0)
  })
})
