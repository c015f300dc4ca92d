import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { MODULES } from '#shared/modules'

test.group('Switching team from the profile menu', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists teams sorted with a check on the current one, and switches', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const zulu = await makeTeam({
      name: 'Zulu Investments',
      modules: [MODULES.rsaBudgets],
      currencyCode: 'USD',
    })
    const alpha = await makeTeam({
      name: 'Alpha Partners',
      modules: [MODULES.marketDataContracts],
      currencyCode: 'CHF',
    })
    const user = await makeUser({ teams: [zulu, alpha] })
    await browserContext.loginAs(user)

    const page = await visit('/')
    await page.assertTextContains('main', 'Zulu Investments')
    await page.locator('[data-tour="profile"]').click()
    const options = page.getByTestId('team-option')
    assert.deepEqual(await options.allTextContents(), ['Alpha Partners', 'Zulu Investments'])
    assert.equal(await options.nth(1).getAttribute('aria-checked'), 'true')
    assert.equal(await options.nth(0).getAttribute('aria-checked'), 'false')

    await options.nth(0).click()
    await page.getByText('You are working for Alpha Partners').waitFor()
    const fresh = await User.findOrFail(user.id)
    assert.equal(fresh.currentTeamId, alpha.id)

    await page.locator('[data-tour="main-menu"]').click()
    const products = await page.getByTestId('product-menu-item').allTextContents()
    assert.deepEqual(products, ['Summary', 'Market Data'])
  })

  test('hides the team name in the profile button below 1200 px', async ({
    visit,
    browserContext,
  }) => {
    const team = await makeTeam({ name: 'Narrow Screen Capital' })
    const user = await makeUser({ teams: [team] })
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByTestId('profile-team-name').waitFor({ state: 'visible' })
    await page.setViewportSize({ width: 1100, height: 900 })
    await page.getByTestId('profile-team-name').waitFor({ state: 'hidden' })
  })
})
