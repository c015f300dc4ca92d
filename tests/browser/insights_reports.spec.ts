import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { makeCategory, makeTag, pdfBytes, subscribe } from '#tests/helpers/insights_reports'
import { axeProblems, screenshots as shoot } from '#tests/helpers/browser'
import { MODULES } from '#shared/modules'

const SHOTS = 'tmp/screenshots/insights-reports'
const screenshots = (page: Page, name: string, options: { pdf?: boolean } = {}) =>
  shoot(page, SHOTS, name, options)

const base = () => process.env.APP_URL ?? `http://localhost:${process.env.PORT}`

const TITLE = 'Research budgets 2027: what peers plan'

/** The top bar's insights link, whose name carries the exact unread count. */
const insightsLink = (page: Page) => page.locator('header a[data-tour="insights"]')

test.group('Insights Reports in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(180_000)

  test('an administrator publishes a report for one team and notifies it; its analyst sees the badge rise and fall; another team never sees it', async ({
    assert,
    browser,
    browserContext,
    visit,
  }) => {
    const alpha = await makeTeam({ name: 'Alpha Capital', modules: [MODULES.insightsReports] })
    const beta = await makeTeam({ name: 'Beta Partners', modules: [MODULES.insightsReports] })
    const analyst = await makeUser({ teams: [alpha] })
    await subscribe(analyst.id)
    const outsider = await makeUser({ teams: [beta] })
    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    await makeCategory('Research Spend Trends')
    await makeTag('Equities')
    const problems: Record<string, string[]> = {}
    const overflow: Record<string, number[]> = {}

    // The analyst, before: no unread report, no badge.
    const reader = await browser.newContext()
    await reader.loginAs(analyst)
    const analystPage = await reader.newPage()
    await analystPage.goto(`${base()}/`)
    await insightsLink(analystPage).waitFor()
    assert.equal(await insightsLink(analystPage).getAttribute('aria-label'), 'Insights reports')

    // The administrator walks the wizard.
    await browserContext.loginAs(admin)
    const page = await visit('/admin/insights-reports/new')
    await page.getByLabel('Report PDF (required)').setInputFiles({
      name: 'budgets-2027.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfBytes(4, TITLE),
    })
    overflow['wizard, file'] = await screenshots(page, 'wizard-file')
    problems['wizard, file'] = await axeProblems(page)
    await page.getByRole('button', { name: 'Next: Filename' }).click()
    await page.getByLabel('Title (required)').fill(TITLE)
    assert.equal(
      await page.getByLabel(/^File name/).inputValue(),
      'research-budgets-2027-what-peers-plan.pdf'
    )
    await page.getByRole('button', { name: 'Next: Category' }).click()
    await page.getByRole('radio', { name: 'Research Spend Trends' }).check()
    await page.getByRole('button', { name: 'Next: Access type' }).click()
    await page.getByRole('radio', { name: /Selected teams/ }).check()
    // Next without a team is refused on the spot.
    await page.getByRole('button', { name: 'Next: Tags' }).click()
    await page
      .getByText(/at least one team/i)
      .first()
      .waitFor()
    await page.getByRole('checkbox', { name: /Alpha Capital/ }).check()
    overflow['wizard, access'] = await screenshots(page, 'wizard-access')
    problems['wizard, access'] = await axeProblems(page)
    await page.getByRole('button', { name: 'Next: Tags' }).click()
    await page.getByRole('checkbox', { name: 'Equities' }).check()
    await page.getByRole('button', { name: 'Next: Review' }).click()
    overflow['wizard, review'] = await screenshots(page, 'wizard-review')
    problems['wizard, review'] = await axeProblems(page)
    await page.getByRole('button', { name: 'Publish' }).click()
    await page.waitForURL(/\/admin\/insights-reports\/\d+/)
    const reportId = Number(/insights-reports\/(\d+)/.exec(page.url())![1])
    const stored = await db.from('insights_reports').where('id', reportId).firstOrFail()
    assert.equal(Number(stored.page_count), 4)

    // The notify list: the analyst is not yet notified; send to all of them.
    await page.getByRole('button', { name: /Select all not yet notified/ }).click()
    await page.getByRole('button', { name: 'Send notification (version 1)' }).first().click()
    await page.getByRole('button', { name: /^Send to 1 user/ }).click()
    await page
      .getByText(/notification queued/i)
      .first()
      .waitFor()
    const notification = await db
      .from('insights_report_notifications')
      .where({ insights_report_id: reportId, user_id: analyst.id })
      .firstOrFail()
    assert.equal(notification.status, 'sent')
    overflow['admin report'] = await screenshots(page, 'admin-report')
    problems['admin report'] = await axeProblems(page)

    // The analyst: the badge rises on the next page.
    await analystPage.goto(`${base()}/insights-reports`)
    await analystPage.locator('a[aria-label="Insights reports, 1 unread"]').waitFor()
    const card = analystPage.getByRole('article').filter({ hasText: TITLE })
    await card.getByText('Unread').waitFor()
    overflow['list'] = await screenshots(analystPage, 'list')
    problems['list'] = await axeProblems(analystPage)

    // Opening it: the PDF in the page, and the badge falls without a reload.
    await card.getByRole('link', { name: TITLE }).click()
    await analystPage.waitForURL(`**/insights-reports/${reportId}`)
    await analystPage.locator('iframe').first().waitFor()
    await analystPage.locator('a[data-tour="insights"][aria-label="Insights reports"]').waitFor()
    const read = await db
      .from('insights_report_reads')
      .where({ insights_report_id: reportId, user_id: analyst.id })
      .firstOrFail()
    assert.equal(Number(read.read_count), 1)
    overflow['report'] = await screenshots(analystPage, 'report', { pdf: true })
    problems['report'] = await axeProblems(analystPage)

    // Another team's member: not in the list, and the address answers "not found".
    const other = await browser.newContext()
    await other.loginAs(outsider)
    const outsiderPage = await other.newPage()
    await outsiderPage.goto(`${base()}/insights-reports`)
    await outsiderPage.getByRole('heading', { name: 'Insights Reports', level: 1 }).waitFor()
    assert.equal(await outsiderPage.getByText(TITLE).count(), 0)
    const direct = await outsiderPage.goto(`${base()}/insights-reports/${reportId}`)
    assert.equal(direct?.status(), 404)
    const file = await outsiderPage.goto(`${base()}/insights-reports/${reportId}/file`)
    assert.equal(file?.status(), 404)

    await reader.close()
    await other.close()
    assert.deepEqual(
      Object.entries(problems).filter(([, found]) => found.length > 0),
      []
    )
    assert.deepEqual(
      Object.entries(overflow).filter(([, widths]) => widths.length > 0),
      []
    )
  })
})
