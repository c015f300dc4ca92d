import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { makeReport, subscribe } from '#tests/helpers/insights_reports'
import { MODULES } from '#shared/modules'

test.group('Insights Reports lists in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(120_000)

  test('"Select all not yet notified" puts on the send list only the users the search shows', async ({
    assert,
    browserContext,
    visit,
  }) => {
    const helvetia = await makeTeam({
      name: 'Helvetia Capital',
      modules: [MODULES.insightsReports],
    })
    const northbridge = await makeTeam({ name: 'Northbridge', modules: [MODULES.insightsReports] })
    const users = [
      await makeUser({ teams: [helvetia], email: 'hanna.keller@helvetia.example' }),
      await makeUser({ teams: [northbridge] }),
      await makeUser({ teams: [northbridge] }),
      await makeUser({ teams: [northbridge] }),
    ]
    for (const user of users) await subscribe(user.id)
    const reportId = await makeReport({ title: 'Peer budgets', withFile: true })
    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })

    await browserContext.loginAs(admin)
    const page = await visit(`/admin/insights-reports/${reportId}`)
    await page.getByLabel('Find a user (name, email or team)').fill('hanna.keller')
    await page.getByRole('button', { name: /Select all not yet notified shown \(1\)/ }).click()
    await page.getByText('1 user on the send list').first().waitFor()
    // Cleared, the search shows everyone again: the hidden users were not selected.
    await page.getByLabel('Find a user (name, email or team)').fill('')
    await page.getByText('1 user on the send list').first().waitFor()
    const checked = await page.getByRole('checkbox', { checked: true }).count()
    assert.equal(checked, 1)
  })

  test('after Back from a report, the list no longer shows it unread and agrees with the badge', async ({
    assert,
    browserContext,
    visit,
  }) => {
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    const member = await makeUser({ teams: [team] })
    await makeReport({ title: 'Second report' })
    const reportId = await makeReport({ title: 'First report', withFile: true })

    await browserContext.loginAs(member)
    const page = await visit('/insights-reports')
    await page.locator('a[aria-label="Insights reports, 2 unread"]').waitFor()
    const card = page.getByRole('article').filter({ hasText: 'First report' })
    await card.getByText('Unread').waitFor()

    await card.getByRole('link', { name: 'First report' }).click()
    await page.waitForURL(`**/insights-reports/${reportId}`)
    await page.locator('a[aria-label="Insights reports, 1 unread"]').waitFor()

    await page.goBack()
    await page.waitForURL('**/insights-reports')
    const again = page.getByRole('article').filter({ hasText: 'First report' })
    await again.waitFor()
    await page.waitForFunction(
      () =>
        !Array.from(document.querySelectorAll('article')).some(
          (article) =>
            article.textContent?.includes('First report') && article.textContent.includes('Unread')
        )
    )
    await page.locator('a[aria-label="Insights reports, 1 unread"]').waitFor()
    assert.equal(await again.getByText('Unread').count(), 0)
  })
})
