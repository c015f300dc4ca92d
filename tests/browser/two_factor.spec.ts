import { test } from '@japa/runner'
import { generate } from 'otplib'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'

test.group('Two-factor authentication in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('set up from Settings with the key the page shows, then sign in with a code', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam({ name: 'Two Factor Capital' })] })
    const page = await visit('/login')
    await page.getByLabel('Email address').fill(user.email)
    await page.getByLabel('Password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/')

    await page.goto(`${new URL(page.url()).origin}/user/profile`)
    // The password was typed at sign-in a moment ago: the set-up starts without asking again.
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click()
    await page.getByTestId('two-factor-secret').waitFor()

    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim()
    assert.match(secret, /^[A-Z2-7]+$/)
    await page.getByLabel('Code from the app').fill(await generate({ secret }))
    await page.getByRole('button', { name: 'Confirm and turn on' }).click()
    await page.getByTestId('recovery-codes').waitFor()
    assert.equal(await page.getByTestId('recovery-codes').locator('li').count(), 10)

    await browserContext.clearCookies()
    await page.goto(`${new URL(page.url()).origin}/login`)
    await page.getByLabel('Email address').fill(user.email)
    await page.getByLabel('Password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/two-factor-challenge')

    // The set-up used this period's code; the next period's is still within the window.
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })
    await page.getByLabel('Code').fill(next)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.assertTextContains('main', 'Two Factor Capital')
  })
})
