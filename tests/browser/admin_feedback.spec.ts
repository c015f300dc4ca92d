import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Feedback from '#models/feedback'
import { makeTeam, makeUser } from '#tests/helpers/accounts'

test.group('Admin feedback list', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a long message without spaces wraps inside the page and opens with "Show more"', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const team = await makeTeam()
    const author = await makeUser({ teams: [team] })
    const message = 'x'.repeat(4990) + 'THE-END'
    await Feedback.create({ userId: author.id, teamId: team.id, rating: 3, feedbackText: message })
    await browserContext.loginAs(
      await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    )
    const page = await visit('/admin/feedback')
    await page.setViewportSize({ width: 1024, height: 800 })
    await page.getByRole('heading', { name: 'User Feedback', level: 1 }).waitFor()

    const size = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      table: document.querySelector('table')!.scrollWidth,
      height: document.querySelector('table')!.scrollHeight,
      viewport: window.innerWidth,
    }))
    assert.isAtMost(size.page, size.viewport)
    assert.isAtMost(size.table, size.viewport)
    assert.isBelow(size.height, 600)
    assert.equal(await page.getByText('THE-END').count(), 0)

    await page.getByRole('button', { name: 'Show more' }).click()
    await page.getByText(/THE-END$/).waitFor()
    const expanded = await page.evaluate(() => document.documentElement.scrollWidth)
    assert.isAtMost(expanded, size.viewport)
    await page.getByRole('button', { name: 'Show less' }).click()
    assert.equal(await page.getByText('THE-END').count(), 0)
  })
})
