import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeUser } from '#tests/helpers/accounts'
import { axeProblems, hasFocus, screenshots } from '#tests/helpers/browser'
import { researchTheme, themeGroup } from '#tests/helpers/research'
import { addSynonym } from '#services/research/admin/themes'

const SHOTS = 'tmp/screens'

test.group('Theme management in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(180_000)

  test('the theme list filters by a name or synonym, a group with its subgroups and a status; the filters stay through a change and clear from the empty state', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    admin.shouldShowMainNavUserTour = false
    await admin.save()
    const macro = await themeGroup('Macro')
    const monetary = await themeGroup('Monetary policy', macro)
    const equities = await themeGroup('Equities')
    const inflation = await researchTheme('Inflation', monetary)
    await addSynonym(admin.id, inflation.id, 'Consumer prices')
    const curve = await researchTheme('Yield curve', monetary)
    const dividends = await researchTheme('Dividends', equities)
    const problems: Record<string, unknown> = {}

    await browserContext.loginAs(admin)
    const page = await visit('/admin/research-discovery/themes')
    await page.setViewportSize({ width: 1440, height: 900 })
    const find = page.getByLabel('Find a theme or synonym')
    await find.waitFor()
    const row = (name: string) => page.getByText(name, { exact: true })
    const shown = page.getByRole('status').filter({ hasText: /^Showing / })

    // A synonym's words, in another case: the theme it belongs to.
    await find.fill('CONSUMER')
    await row(inflation.name).waitFor()
    assert.equal(await row(dividends.name).count(), 0)
    assert.equal(await row(curve.name).count(), 0)
    assert.match((await shown.textContent()) ?? '', /^Showing 1 of \d+ themes\.$/)
    await page.waitForURL(/\?q=CONSUMER$/)
    problems['filtered axe'] = await axeProblems(page)
    problems['filtered overflow'] = await screenshots(page, SHOTS, 'research-themes-filtered')

    // A change made while filtering comes back to the same filters.
    await page.getByRole('button', { name: `Rename ${inflation.name}` }).click()
    const renamed = `Inflation outlook ${Date.now()}`
    await page.getByLabel(`New name of ${inflation.name}`).fill(renamed)
    await page.getByRole('button', { name: 'Save' }).click()
    await row(renamed).waitFor()
    assert.equal(await find.inputValue(), 'CONSUMER')
    assert.include(page.url(), 'q=CONSUMER')
    assert.equal(await row(dividends.name).count(), 0)

    // A synonym added from the keyboard: the focus stays in its field for the next one.
    const synonymField = page.locator(`#synonym-${inflation.id}`)
    await synonymField.fill('Price stability')
    await synonymField.press('Enter')
    await page
      .getByRole('list', { name: `Synonyms of ${renamed}` })
      .getByText('Price stability')
      .waitFor()
    await page.waitForFunction((id) => document.activeElement?.id === id, `synonym-${inflation.id}`)

    // A group keeps its subgroups' themes; a status narrows them.
    await find.fill('')
    await page.locator('#theme-filter-group').selectOption(String(macro))
    await row(curve.name).waitFor()
    await row(renamed).waitFor()
    assert.equal(await row(dividends.name).count(), 0)
    await page.locator('#theme-filter-status').selectOption('retired')
    await page.getByText('No theme matches these filters.').waitFor()
    problems['empty axe'] = await axeProblems(page)
    problems['empty overflow'] = await screenshots(page, SHOTS, 'research-themes-no-match')

    await page.getByRole('button', { name: 'Clear the filters' }).click()
    await row(dividends.name).waitFor()
    assert.isTrue(await hasFocus(find), 'the search field takes the focus')
    assert.equal(await page.locator('#theme-filter-group').inputValue(), '')
    assert.equal(await page.locator('#theme-filter-status').inputValue(), 'all')
    assert.notInclude(page.url(), 'group=')

    // An address naming a group that is gone filters nothing rather than hiding every theme.
    await page.goto(new URL('/admin/research-discovery/themes?group=999999999', page.url()).href)
    await row(dividends.name).waitFor()
    await row(curve.name).waitFor()
    assert.equal(await page.locator('#theme-filter-group').inputValue(), '')

    assert.deepEqual(
      Object.entries(problems).filter(([, value]) => Array.isArray(value) && value.length > 0),
      []
    )
  })
})
