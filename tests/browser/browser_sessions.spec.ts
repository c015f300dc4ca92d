import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { Page } from 'playwright'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'

const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0'

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(TEST_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname === '/')
}

test.group('Settings: browser sessions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('each session shows its browser and system, address and last activity', async ({
    assert,
    browser,
    visit,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const base = process.env.APP_URL ?? `http://localhost:${process.env.PORT}`
    const laptop = await browser.newContext({ userAgent: FIREFOX_ON_WINDOWS })
    const other = await laptop.newPage()
    await other.goto(`${base}/login`)
    await signIn(other, user.email)
    await laptop.close()

    const page = await visit('/login')
    await signIn(page, user.email)
    await page.goto(`${base}/user/profile#browser-sessions`)
    const sessions = page.getByTestId('browser-session')
    await sessions.first().getByText('This device').waitFor()
    await sessions
      .first()
      .getByText(/^Active now · /)
      .waitFor()
    // The other browser's entry: its text is read whole so that a mismatch prints what it says.
    const firefox = sessions.filter({ hasText: 'Firefox on Windows' }).first()
    await firefox.waitFor()
    const entry = await firefox.innerText()
    const text = entry.replace(/\s+/g, ' ')
    assert.match(
      text,
      /Active in the last 5 minutes · (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1) · signed in /
    )
  })
})
