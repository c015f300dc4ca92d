import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { makeUser } from '#tests/helpers/accounts'
import { axeProblems, screenshots } from '#tests/helpers/browser'
import { rsaMember, rsaTeam } from '#tests/helpers/rsa'
import { nextYear } from '#services/calendar/clock'

const SHOTS = 'tmp/screens'
const base = () => process.env.APP_URL ?? `http://localhost:${process.env.PORT}`

async function shoot(page: Page, name: string, problems: Record<string, unknown>) {
  problems[`${name} axe`] = await axeProblems(page)
  problems[`${name} overflow`] = await screenshots(page, SHOTS, name)
}

test.group('Data collections in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(180_000)

  test('an administrator asks every research spend team for next year; a refused due date is said beside its field; the round is closed from its row and reopened with a new due date', async ({
    visit,
    browser,
    browserContext,
    assert,
  }) => {
    const { team } = await rsaTeam()
    const member = await rsaMember(team)
    const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    admin.shouldShowMainNavUserTour = false
    await admin.save()
    const year = nextYear()
    const problems: Record<string, unknown> = {}

    await browserContext.loginAs(admin)
    const page = await visit('/admin/research-spend-analytics/data-collections')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByRole('heading', { name: 'Data collections', level: 1 }).waitFor()
    await page.getByText('No data collection has been opened yet').waitFor()
    await shoot(page, 'rsa-data-collections-empty', problems)

    // A due date in the past: refused beside the field, which takes the focus.
    const due = page.getByLabel('Due date', { exact: true })
    await due.fill('2020-01-01')
    await due.evaluate((input: HTMLInputElement) => input.removeAttribute('min'))
    await page.getByRole('button', { name: 'Open the collection' }).click()
    await page.getByText('The due date has passed: choose today or a later day.').waitFor()
    assert.equal(await due.getAttribute('aria-invalid'), 'true')
    await shoot(page, 'rsa-data-collections-refused', problems)

    await due.fill(`${year}-01-31`)
    // Sent from the keyboard: once the round is open the focus is back on the button.
    const openButton = page.getByRole('button', { name: 'Open the collection' })
    await openButton.focus()
    await page.keyboard.press('Enter')
    const table = page.getByRole('table', { name: /^Data collections opened/ })
    await table.getByRole('cell', { name: `Research spend ${year} Research spend` }).waitFor()
    await page.waitForFunction(
      () => document.activeElement?.textContent?.trim() === 'Open the collection'
    )
    const stored = await db
      .from('data_collections')
      .where({ team_id: team.id, kind: 'rsa', year, status: 'open' })
      .first()
    assert.exists(stored)
    await shoot(page, 'rsa-data-collections-open', problems)

    // The member sees it on the team's data collection page.
    const memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    await memberContext.loginAs(member)
    const memberPage = await memberContext.newPage()
    await memberPage.goto(`${base()}/rsa/data-collection`)
    await memberPage.getByText(`Research spend ${year}`).first().waitFor()
    await memberContext.close()

    // Closed from its row, after a confirmation.
    await table
      .getByRole('button', { name: `Close Research spend ${year} (research spend)` })
      .click()
    const dialog = page.getByRole('dialog', { name: `Close “Research spend ${year}”?` })
    await dialog.getByRole('button', { name: 'Close the collection' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await table.getByText('Closed').waitFor()
    const closed = await db.from('data_collections').where('id', stored.id).firstOrFail()
    assert.equal(closed.status, 'closed')

    // Reopened from its row with a new due date, at 1024 px.
    await page.setViewportSize({ width: 1024, height: 768 })
    await table
      .getByRole('button', { name: `Reopen Research spend ${year} (research spend)` })
      .click()
    const reopen = page.getByRole('dialog', { name: `Reopen “Research spend ${year}”?` })
    await reopen.getByLabel('Due date', { exact: true }).fill(`${year}-02-28`)
    await shoot(page, 'rsa-data-collections-reopen', problems)
    await reopen.getByRole('button', { name: 'Reopen the collection' }).click()
    await reopen.waitFor({ state: 'hidden' })
    await page.getByText(`“Research spend ${year}” is open again for 1 team:`).waitFor()
    await table
      .getByRole('button', { name: `New due date for Research spend ${year} (research spend)` })
      .waitFor()
    const reopened = await db.from('data_collections').where('id', stored.id).firstOrFail()
    assert.equal(reopened.status, 'open')
    assert.equal(String(reopened.due_date).slice(0, 10), `${year}-02-28`)
    await shoot(page, 'rsa-data-collections-reopened', problems)
    // Its two actions stack at 1024 px: the table still fits, with nothing to scroll to.
    await page.setViewportSize({ width: 1024, height: 900 })
    await page.waitForTimeout(300)
    assert.isFalse(await page.getByText('More columns to the right').isVisible())
    await page.setViewportSize({ width: 1440, height: 900 })

    assert.deepEqual(
      Object.fromEntries(
        Object.entries(problems).filter(([, value]) => (value as unknown[]).length > 0)
      ),
      {}
    )
  })
})
