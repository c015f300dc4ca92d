import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { makeTeam, makeUser } from '#tests/helpers/accounts'

test.group('Confirm your email page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('an unconfirmed user can correct the address in Settings or sign out, and is not sent round in a loop', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(
      await makeUser({ teams: [await makeTeam()], emailVerified: false })
    )
    const page = await visit('/')
    await page.waitForURL((url) => url.pathname === '/email/verify')
    await page.getByRole('heading', { name: 'Confirm your email address' }).waitFor()
    assert.equal(await page.getByRole('link', { name: 'Continue to the dashboard' }).count(), 0)

    await page.getByRole('button', { name: 'Send a new link' }).click()
    await page.getByText(/We have sent a new confirmation link/).waitFor()
    await page.getByRole('button', { name: 'Send a new link' }).click()
    await page.getByText(/A new link was sent less than a minute ago/).waitFor()

    await page.getByRole('link', { name: 'Correct it in Settings' }).click()
    await page.waitForURL((url) => url.pathname === '/user/profile')
    await page.getByRole('heading', { name: 'Profile information' }).waitFor()
    await page.goBack()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
  })

  test('a confirmed user gets the way to the dashboard', async ({ visit, browserContext }) => {
    await browserContext.loginAs(await makeUser({ teams: [await makeTeam()] }))
    const page = await visit('/email/verify')
    await page.getByRole('link', { name: 'Continue to the dashboard' }).click()
    await page.waitForURL((url) => url.pathname === '/')
  })
})
