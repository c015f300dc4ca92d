import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { MODULES } from '#shared/modules'
import { summaryWorld } from '#tests/helpers/summary'
import { focusIndicator, hasFocus, tabTo } from '#tests/helpers/browser'

test.group('Keyboard: shell menus and dialogs', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the product and profile menus open with Enter, close with Escape and give the focus back', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const team = await makeTeam({ modules: [MODULES.insightsReports, MODULES.rsaBudgets] })
    await browserContext.loginAs(await makeUser({ teams: [team] }))
    const page = await visit('/')

    const products = page.getByRole('button', { name: 'Products menu' })
    await tabTo(page, products)
    assert.isTrue(await focusIndicator(page), 'the products menu button shows its focus')
    await page.keyboard.press('Enter')
    const menu = page.getByTestId('product-menu')
    await menu.waitFor()
    // The focus moves into the menu; the arrows walk its items.
    assert.isTrue(await menu.evaluate((element) => element.contains(document.activeElement)))
    await page.keyboard.press('ArrowDown')
    assert.isTrue(await menu.evaluate((element) => element.contains(document.activeElement)))
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })
    assert.isTrue(await hasFocus(products), 'the focus is back on the products menu button')

    const profile = page.getByRole('button', { name: /^Profile and teams for Test User/ })
    await tabTo(page, profile)
    assert.isTrue(await focusIndicator(page), 'the profile menu button shows its focus')
    await page.keyboard.press('Enter')
    const items = page.getByRole('menu')
    await items.waitFor()
    assert.isTrue(await items.evaluate((element) => element.contains(document.activeElement)))
    await page.keyboard.press('Escape')
    await items.waitFor({ state: 'hidden' })
    assert.isTrue(await hasFocus(profile), 'the focus is back on the profile menu button')
  })

  test('the disclaimer dialog keeps the focus inside, closes with Escape and gives it back', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await makeUser({ teams: [await makeTeam()] }))
    const page = await visit('/')
    const products = page.getByRole('button', { name: 'Products menu' })
    await tabTo(page, products)
    await page.keyboard.press('Enter')
    const disclaimer = page.getByRole('menuitem', { name: 'Disclaimer' })
    await disclaimer.waitFor()
    // Walk the menu to the entry with the arrows, as a keyboard user does.
    for (let presses = 0; presses < 20 && !(await hasFocus(disclaimer)); presses++) {
      await page.keyboard.press('ArrowDown')
    }
    assert.isTrue(await hasFocus(disclaimer))
    await page.keyboard.press('Enter')

    const dialog = page.getByRole('dialog', { name: 'Disclaimer' })
    await dialog.waitFor()
    for (let presses = 0; presses < 12; presses++) {
      await page.keyboard.press('Tab')
      assert.isTrue(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        `Tab ${presses + 1} keeps the focus inside the dialog`
      )
    }
    await page.keyboard.press('Shift+Tab')
    assert.isTrue(await dialog.evaluate((element) => element.contains(document.activeElement)))
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    assert.isTrue(await hasFocus(products), 'the focus is back where the dialog was opened from')
  })

  test('a tab set walks its tabs with the arrows, Home and End; Enter follows the tab', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const team = await makeTeam({ modules: [MODULES.rsaBudgets] })
    const member = await makeUser({ teams: [team] })
    member.currentTeamId = team.id
    await member.save()
    await browserContext.loginAs(member)
    const page = await visit('/rsa/data-collection')
    const tabs = page.getByRole('tablist', { name: 'Submission status' }).getByRole('tab')
    const selected = page
      .getByRole('tablist', { name: 'Submission status' })
      .getByRole('tab', { selected: true })
    await selected.waitFor()
    const count = await tabs.count()
    assert.isAbove(count, 2)
    await selected.focus()
    const start = await tabs.evaluateAll((elements) =>
      elements.indexOf(document.activeElement as HTMLElement)
    )
    await page.keyboard.press('ArrowRight')
    assert.isTrue(await hasFocus(tabs.nth((start + 1) % count)), 'Right moves to the next tab')
    await page.keyboard.press('ArrowLeft')
    assert.isTrue(await hasFocus(tabs.nth(start)), 'Left moves back')
    await page.keyboard.press('End')
    assert.isTrue(await hasFocus(tabs.nth(count - 1)), 'End moves to the last tab')
    await page.keyboard.press('ArrowRight')
    assert.isTrue(await hasFocus(tabs.nth(0)), 'Right from the last wraps to the first')
    await page.keyboard.press('Home')
    assert.isTrue(await hasFocus(tabs.nth(0)), 'Home stays on the first tab')
    const last = tabs.nth(count - 1)
    const href = await last.getAttribute('href')
    await page.keyboard.press('End')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => `${url.pathname}${url.search}` === href)
    assert.equal(
      await page
        .getByRole('tablist', { name: 'Submission status' })
        .getByRole('tab', { selected: true })
        .getAttribute('href'),
      href
    )
  })

  test('the data table sorts from its headers and chooses columns with the keyboard', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const world = await summaryWorld()
    await browserContext.loginAs(world.member)
    const page = await visit('/summary')
    const table = page.getByRole('table', { name: /^Assets / })
    await table.waitFor()

    // A sortable header is a button: Enter sorts by it, the header says how.
    const provider = table.getByRole('button', { name: /^Provider/ })
    await provider.focus()
    assert.isTrue(await focusIndicator(page), 'the header button shows its focus')
    await page.keyboard.press('Enter')
    const header = table.getByRole('columnheader', { name: /^Provider/ })
    await page.waitForFunction(
      (element) => element?.getAttribute('aria-sort') !== null,
      await header.elementHandle()
    )
    const sorted = await header.getAttribute('aria-sort')
    assert.isTrue(sorted === 'ascending' || sorted === 'descending', `sorted: ${sorted}`)

    // The column chooser: Enter opens it, the arrows walk it, Space hides a column, Escape
    // closes it and gives the focus back.
    const chooser = page.getByRole('button', { name: /^Columns of Assets/ })
    await chooser.focus()
    await page.keyboard.press('Enter')
    const benchmark = page.getByRole('menuitemcheckbox', { name: 'Benchmark', exact: true })
    await benchmark.waitFor()
    // The menu takes the focus once drawn; each press is awaited until the focus has moved (a
    // busy machine draws later, and a press sent before would be lost).
    await page.waitForFunction(() => document.activeElement?.closest('[role="menu"]') !== null)
    for (let presses = 0; presses < 30 && !(await hasFocus(benchmark)); presses++) {
      const before = await page.evaluate(() => document.activeElement?.textContent ?? '')
      await page.keyboard.press('ArrowDown')
      await page
        .waitForFunction((text) => (document.activeElement?.textContent ?? '') !== text, before, {
          timeout: 2000,
        })
        .catch(() => {})
    }
    assert.isTrue(await hasFocus(benchmark), 'the arrows reach the Benchmark column')
    assert.equal(await benchmark.getAttribute('aria-checked'), 'true')
    await page.keyboard.press('Space')
    await page.waitForFunction(
      () =>
        !Array.from(document.querySelectorAll('th')).some((cell) =>
          /^Benchmark/.test(cell.textContent ?? '')
        )
    )
    if (await benchmark.isVisible()) await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'hidden' })
    assert.isTrue(await hasFocus(chooser), 'the focus is back on the Columns button')
  })
})
