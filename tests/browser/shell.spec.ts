import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import Feedback from '#models/feedback'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { MODULES } from '#shared/modules'

test.group('Shell: product menu and disclaimer', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the product menu shows exactly the current team modules', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const team = await makeTeam({ modules: [MODULES.insightsReports, MODULES.rsaBudgets] })
    await browserContext.loginAs(await makeUser({ teams: [team] }))
    const page = await visit('/')
    await page.getByRole('button', { name: 'Products menu' }).click()
    const items = await page.getByTestId('product-menu-item').allTextContents()
    assert.deepEqual(items, ['Summary', 'Research Spend Analytics', 'Insights Reports'])
  })

  test('a team without products shows no product entries', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const team = await makeTeam({ modules: [] })
    await browserContext.loginAs(await makeUser({ teams: [team] }))
    const page = await visit('/')
    await page.getByText('No products for this team yet').waitFor()
    await page.getByRole('button', { name: 'Products menu' }).click()
    assert.equal(await page.getByTestId('product-menu-item').count(), 0)
    await page.getByText('Your current team has no products yet.').waitFor()
  })

  test('the disclaimer opens from the menu with its three cards', async ({
    visit,
    browserContext,
  }) => {
    await browserContext.loginAs(await makeUser({ teams: [await makeTeam()] }))
    const page = await visit('/')
    await page.getByRole('button', { name: 'Products menu' }).click()
    await page.getByRole('menuitem', { name: 'Disclaimer' }).click()
    const dialog = page.getByRole('dialog', { name: 'Disclaimer' })
    for (const title of ['Services & Output Data', 'Liability', 'Analyst Mapping']) {
      await dialog.getByRole('heading', { name: title, exact: true }).waitFor()
    }
    await dialog
      .getByText('fees paid by your firm for the service in the 12 months preceding')
      .waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
  })

  test('administrators get neither the disclaimer nor the insights shortcut', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const admin = await makeUser({
      isAdministrator: true,
      roles: ['Super administrator'],
      teams: [await makeTeam()],
    })
    await browserContext.loginAs(admin)
    const page = await visit('/')
    await page.getByRole('button', { name: 'Products menu' }).click()
    await page.getByTestId('product-menu').waitFor()
    assert.equal(await page.getByRole('menuitem', { name: 'Disclaimer' }).count(), 0)
    assert.equal(await page.getByRole('link', { name: /Insights reports/ }).count(), 0)
  })
})

test.group('Shell: admin shell', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the logo links to / and a signed-in unknown address keeps the shell', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(
      await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    )
    const page = await visit('/admin/welcome')
    await page.getByRole('heading', { name: 'Admin Home', level: 1 }).waitFor()
    assert.equal(await page.getByRole('link', { name: /home$/ }).getAttribute('href'), '/')

    const missing = await visit('/no-such-page')
    await missing.getByRole('heading', { name: 'We could not find that page' }).waitFor()
    await missing.getByRole('button', { name: 'Administration menu' }).waitFor()
    await missing.locator('[data-tour="profile"]').waitFor()
  })
})

test.group('Shell: feedback widget', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('submit is enabled by a star or text, and the feedback lands in the database', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const team = await makeTeam()
    const user = await makeUser({ teams: [team] })
    await browserContext.loginAs(user)
    const page = await visit('/')

    await page.getByRole('button', { name: 'Feedback', exact: true }).click()
    const form = page.getByRole('dialog', { name: 'Feedback' })
    await form.waitFor()
    assert.equal(await page.getByRole('button', { name: 'Feedback', exact: true }).count(), 0)
    const submit = form.getByRole('button', { name: 'Submit' })
    assert.isTrue(await submit.isDisabled())

    await form.getByRole('radio', { name: '4 stars' }).click()
    assert.isTrue(await submit.isEnabled())
    await form.getByRole('radio', { name: '4 stars' }).click()
    assert.isTrue(await submit.isDisabled())

    await form.getByPlaceholder('What would you like us to know?').fill('   ')
    assert.isTrue(await submit.isDisabled())
    await form
      .getByPlaceholder('What would you like us to know?')
      .fill('  The renewal scenarios saved us a week.  ')
    assert.isTrue(await submit.isEnabled())
    await form.getByRole('radio', { name: '5 stars' }).click()
    await submit.click()

    await page.getByText('Thank you! Your feedback has been sent to our team.').waitFor()
    await form.waitFor({ state: 'hidden' })
    const stored = await Feedback.findByOrFail('user_id', user.id)
    assert.equal(stored.rating, 5)
    assert.equal(stored.feedbackText, 'The renewal scenarios saved us a week.')
    assert.equal(stored.route, '/')
    const opened = await db
      .from('analytics_events')
      .where({ user_id: user.id, category: 'Feedback', action: 'open' })
    assert.lengthOf(opened, 1)
  })

  test('closing and reopening starts from an empty form', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await makeUser({ teams: [await makeTeam()] }))
    const page = await visit('/')
    await page.getByRole('button', { name: 'Feedback', exact: true }).click()
    const form = page.getByRole('dialog', { name: 'Feedback' })
    await form.getByRole('radio', { name: '3 stars' }).click()
    await form.getByPlaceholder('What would you like us to know?').fill('draft')
    await form.getByRole('button', { name: 'Close feedback' }).click()
    await page.getByRole('button', { name: 'Feedback', exact: true }).click()
    assert.equal(await form.getByPlaceholder('What would you like us to know?').inputValue(), '')
    assert.equal(
      await form.getByRole('radio', { name: '3 stars' }).getAttribute('aria-checked'),
      'false'
    )
  })
})

test.group('Shell: feedback form focus and lost sessions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the form takes focus when opened and closes on Escape, giving focus back to the tab', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await makeUser({ teams: [await makeTeam()] }))
    const page = await visit('/')
    await page.getByRole('button', { name: 'Feedback', exact: true }).click()
    const form = page.getByRole('dialog', { name: 'Feedback' })
    const text = form.getByPlaceholder('What would you like us to know?')
    await page.waitForFunction(
      () =>
        document.activeElement?.getAttribute('placeholder') === 'What would you like us to know?'
    )
    await page.keyboard.type('typed straight away')
    assert.equal(await text.inputValue(), 'typed straight away')
    await page.keyboard.press('Escape')
    await form.waitFor({ state: 'hidden' })
    await page.waitForFunction(() => document.activeElement?.textContent === 'Feedback')
  })

  test('the profile menu button’s accessible name contains its visible text', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const team = await makeTeam({ name: 'Visible Name Capital' })
    await browserContext.loginAs(await makeUser({ teams: [team] }))
    const page = await visit('/')
    const button = page.locator('[data-tour="profile"]')
    await button.waitFor()
    // The visible team name is part of the button's name (no aria-label overriding it).
    await page
      .getByRole('button', {
        name: 'Profile and teams for Test User, current team Visible Name Capital',
        exact: true,
      })
      .waitFor()
    assert.isNull(await button.getAttribute('aria-label'))
  })

  test('a lost session sends the user to sign in, and the typed feedback survives the trip', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.getByRole('button', { name: 'Feedback', exact: true }).click()
    const form = page.getByRole('dialog', { name: 'Feedback' })
    await form.getByRole('radio', { name: '2 stars' }).click()
    await form.getByPlaceholder('What would you like us to know?').fill('Kept across sign-in')
    await page.waitForLoadState('networkidle')

    await browserContext.clearCookies()
    await form.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    assert.isNull(await Feedback.findBy('user_id', user.id))

    await page.getByLabel('Email address').fill(user.email)
    await page.getByLabel('Password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByRole('button', { name: 'Feedback', exact: true }).click()
    assert.equal(
      await form.getByPlaceholder('What would you like us to know?').inputValue(),
      'Kept across sign-in'
    )
    assert.equal(
      await form.getByRole('radio', { name: '2 stars' }).getAttribute('aria-checked'),
      'true'
    )
    await form.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Thank you! Your feedback has been sent to our team.').waitFor()
    const stored = await Feedback.findByOrFail('user_id', user.id)
    assert.equal(stored.feedbackText, 'Kept across sign-in')

    await page.getByRole('button', { name: 'Feedback', exact: true }).click()
    assert.equal(await form.getByPlaceholder('What would you like us to know?').inputValue(), '')
  })

  test('opening the form after the session is lost goes to the login page', async ({
    visit,
    browserContext,
  }) => {
    await browserContext.loginAs(await makeUser({ teams: [await makeTeam()] }))
    const page = await visit('/')
    await page.waitForLoadState('networkidle')
    await browserContext.clearCookies()
    await page.getByRole('button', { name: 'Feedback', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/login')
  })
})

test.group('Shell: password expiry banner', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const [age, sentence] of [
    [76, 'Your password will expire in 14 days.'],
    [88, 'Your password will expire in 2 days.'],
    [89, 'Your password will expire tomorrow.'],
  ] as const) {
    test(`a password ${age} days old shows "${sentence}"`, async ({ visit, browserContext }) => {
      const user = await makeUser({
        teams: [await makeTeam()],
        passwordChangedAt: DateTime.now().minus({ days: age }),
      })
      await browserContext.loginAs(user)
      const page = await visit('/')
      await page.getByTestId('password-expiry-banner').getByText(sentence).waitFor()
    })
  }

  test('no banner with more than 14 days left', async ({ visit, browserContext, assert }) => {
    const user = await makeUser({
      teams: [await makeTeam()],
      passwordChangedAt: DateTime.now().minus({ days: 75 }),
    })
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.getByRole('heading', { name: /Welcome/ }).waitFor()
    assert.equal(await page.getByTestId('password-expiry-banner').count(), 0)
  })

  test('stays hidden after dismissal, across reloads', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await makeUser({
      teams: [await makeTeam()],
      passwordChangedAt: DateTime.now().minus({ days: 85 }),
    })
    await browserContext.loginAs(user)
    const page = await visit('/')
    const banner = page.getByTestId('password-expiry-banner')
    await banner.waitFor()
    await banner.getByRole('button', { name: 'Dismiss' }).click()
    await banner.waitFor({ state: 'hidden' })
    assert.equal(
      await page.evaluate(() => localStorage.getItem('isPasswordExpiryBannerDismissed')),
      'true'
    )
    await page.reload()
    await page.getByRole('heading', { name: /Welcome/ }).waitFor()
    assert.equal(await banner.count(), 0)
  })

  test('"Change my password" hides the banner and opens the password section', async ({
    visit,
    browserContext,
  }) => {
    const user = await makeUser({
      teams: [await makeTeam()],
      passwordChangedAt: DateTime.now().minus({ days: 80 }),
    })
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.getByRole('link', { name: 'Change my password' }).click()
    await page.waitForURL(
      (url) => url.pathname === '/user/profile' && url.hash === '#update-password'
    )
    await page.getByRole('heading', { name: 'Change password' }).waitFor()
    await page.getByTestId('password-expiry-banner').waitFor({ state: 'hidden' })
  })
})

test.group('Shell: scenario link banner', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('warns a team without market data and clears the hash', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(
      await makeUser({ teams: [await makeTeam({ modules: [MODULES.rsaBudgets] })] })
    )
    const page = await visit('/#scenario-analysis')
    await page
      .getByTestId('scenario-banner')
      .getByText(
        "You have tried accessing a Market Data Scenario Analysis but you don't have access with your current team. Please switch to the adequate Market Data team or contact support."
      )
      .waitFor()
    // A function, not a string: the content security policy forbids eval in the page.
    await page.waitForFunction(() => window.location.hash === '')
    await page.getByTestId('scenario-banner').getByRole('button', { name: 'Dismiss' }).click()
    assert.equal(await page.getByTestId('scenario-banner').count(), 0)
  })

  test('the banner and the top bar stay above the page, and sections scroll clear of both', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(
      await makeUser({ teams: [await makeTeam({ modules: [MODULES.rsaBudgets] })] })
    )
    const page = await visit('/user/profile#scenario')
    await page.setViewportSize({ width: 1024, height: 700 })
    const banner = page.getByTestId('scenario-banner')
    await banner.waitFor()
    const measure = () =>
      page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect()
        const heading = Array.from(document.querySelectorAll('h2')).find(
          (element) => element.textContent === 'Change password'
        )!
        return {
          banner: document
            .querySelector('[data-testid="scenario-banner"]')
            ?.getBoundingClientRect(),
          header: box('header'),
          main: box('main'),
          heading: heading.getBoundingClientRect(),
        }
      })

    let at = await measure()
    assert.isAtMost(at.banner!.bottom, at.header.top + 0.5)
    assert.isAtLeast(at.main.top, at.header.bottom - 0.5)

    // A link to a section lands below the banner and the top bar, not under them.
    await page.evaluate(() => {
      window.location.hash = 'update-password'
    })
    await page.waitForTimeout(300)
    at = await measure()
    assert.isAtMost(Math.abs(at.banner!.top), 0.5)
    assert.isAtMost(at.banner!.bottom, at.header.top + 0.5)
    assert.isAtLeast(at.heading.top, at.header.bottom)
    assert.isAbove(at.header.top, 10)

    await banner.getByRole('button', { name: 'Dismiss' }).click()
    await banner.waitFor({ state: 'hidden' })
    at = await measure()
    assert.isAtMost(Math.abs(at.header.top), 0.5)
    // The scroll padding follows the layout once the browser has reported the new size.
    const padding = `${Math.round(at.header.height)}px`
    await page
      .waitForFunction(
        (expected) => document.documentElement.style.scrollPaddingTop === expected,
        padding,
        { timeout: 5000 }
      )
      .catch(() => {})
    assert.equal(
      await page.evaluate(() => document.documentElement.style.scrollPaddingTop),
      padding
    )
  })

  test('stays silent for a team holding market data contracts', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(
      await makeUser({ teams: [await makeTeam({ modules: [MODULES.marketDataContracts] })] })
    )
    const page = await visit('/#scenario-analysis')
    await page.getByRole('heading', { name: /Welcome/ }).waitFor()
    await page.waitForTimeout(300)
    assert.equal(await page.getByTestId('scenario-banner').count(), 0)
  })
})

test.group('Shell: main navigation tour', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('runs once for a first-time user, records it and does not run again', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const team = await makeTeam({ modules: [MODULES.marketDataContracts, MODULES.insightsReports] })
    const user = await makeUser({ teams: [team], showTour: true })
    await browserContext.loginAs(user)
    const page = await visit('/')

    const popover = page.locator('.driver-popover')
    // Each step animates the highlight for 400 ms; buttons act once it has settled.
    const settle = () => page.waitForTimeout(600)
    await popover.locator('#driver-popover-title', { hasText: 'Main menu' }).waitFor()
    await popover.getByText('Step 1 of 4').waitFor()
    const recorded = await db
      .from('user_tours')
      .where({ user_id: user.id, tour_name: 'main-navigation' })
    assert.lengthOf(recorded, 1)

    // Clicking the dimmed page does not end the tour.
    await page.mouse.click(700, 600)
    await popover.locator('#driver-popover-title', { hasText: 'Main menu' }).waitFor()

    await settle()
    await popover.getByRole('button', { name: /Next/ }).click()
    await popover.locator('#driver-popover-title', { hasText: 'Products' }).waitFor()
    await page.getByTestId('product-menu').waitFor()
    await settle()
    await popover.getByRole('button', { name: /Next/ }).click()
    await popover.locator('#driver-popover-title', { hasText: 'Insights reports' }).waitFor()
    await settle()
    await popover.getByRole('button', { name: /Next/ }).click()
    await popover.locator('#driver-popover-title', { hasText: 'Profile and teams' }).waitFor()
    await popover.getByText('Step 4 of 4').waitFor()

    await settle()
    const reloaded = page.waitForEvent('load')
    await popover.getByRole('button', { name: 'Finish' }).click()
    await reloaded
    await page.getByRole('heading', { name: /Welcome/ }).waitFor()
    await page.waitForTimeout(500)
    assert.equal(await page.locator('.driver-popover').count(), 0)
  })

  test('a team without the insights product gets neither the shortcut nor its tour step', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const team = await makeTeam({ modules: [MODULES.marketDataContracts] })
    await browserContext.loginAs(await makeUser({ teams: [team], showTour: true }))
    const page = await visit('/')
    const popover = page.locator('.driver-popover')
    await popover.getByText('Step 1 of 3').waitFor()
    assert.equal(await page.locator('header [data-tour="insights"]').count(), 0)
    const settle = () => page.waitForTimeout(600)
    await settle()
    await popover.getByRole('button', { name: /Next/ }).click()
    await popover.locator('#driver-popover-title', { hasText: 'Products' }).waitFor()
    await settle()
    await popover.getByRole('button', { name: /Next/ }).click()
    await popover.locator('#driver-popover-title', { hasText: 'Profile and teams' }).waitFor()
    await popover.getByText('Step 3 of 3').waitFor()
  })

  test('a team with the insights product gets the shortcut', async ({ visit, browserContext }) => {
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    await browserContext.loginAs(await makeUser({ teams: [team] }))
    const page = await visit('/')
    await page
      .locator('header')
      .getByRole('link', { name: /Insights reports/ })
      .waitFor()
  })

  test('does not run when the user is not meant to see it', async ({
    visit,
    browserContext,
    assert,
  }) => {
    await browserContext.loginAs(await makeUser({ teams: [await makeTeam()], showTour: false }))
    const page = await visit('/')
    await page.getByRole('heading', { name: /Welcome/ }).waitFor()
    await page.waitForTimeout(500)
    assert.equal(await page.locator('.driver-popover').count(), 0)
  })
})

test.group('Shell: scenario links', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a scenario link opened by a team without market data shows the banner', async ({
    visit,
    browserContext,
  }) => {
    await browserContext.loginAs(
      await makeUser({ teams: [await makeTeam({ modules: [MODULES.rsaBudgets] })] })
    )
    const page = await visit('/market-data/bloomberg/scenario-analysis#scenario')
    await page.getByTestId('scenario-banner').waitFor()
    await page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor()
  })
})
