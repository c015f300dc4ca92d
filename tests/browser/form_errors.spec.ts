import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { Locator, Page } from 'playwright'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { makeCollection } from '#tests/helpers/submissions'
import { MODULES } from '#shared/modules'

/**
 * Error messages are tied to their fields: real forms of the product are sent with invalid input,
 * and every message shown in a form (or dialog) must be named by the aria-describedby of a control
 * that is aria-invalid, so that a screen reader reads it with the field. Messages about a whole
 * form are announced alerts instead. The rule that keeps new forms on the primitive that does this
 * is tests/unit/field_errors.spec.ts.
 */

interface Shown {
  text: string
  id: string
  tied: boolean
}

interface Check {
  /** Messages under the fields: each must describe an invalid control. */
  messages: Shown[]
  /** Messages about the whole form, inside an alert. */
  formMessages: string[]
  /** aria-describedby ids of invalid controls that name no element. */
  dangling: string[]
  /** The focused element is the first control in error of its form. */
  focusOnFirstInvalid: boolean
}

/** What the page shows in its forms and dialogs once the server (or the page) refused the input. */
function check(page: Page): Promise<Check> {
  return page.evaluate(() => {
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect()
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden'
    }
    // The product's field messages, and any red text in a form or a dialog that might be one.
    const found = [
      ...Array.from(document.querySelectorAll('[data-field-error]')),
      ...Array.from(
        document.querySelectorAll('form [class*="text-red-"], [role="dialog"] [class*="text-red-"]')
      ),
    ].filter(
      (element) =>
        shown(element) &&
        (element.textContent ?? '').trim() !== '' &&
        !element.closest('button, a, [role="alert"], [role="status"]')
    )
    const innermost = [...new Set(found)].filter(
      (element) => !found.some((other) => other !== element && element.contains(other))
    )
    const invalid = Array.from(document.querySelectorAll('[aria-invalid="true"]'))
    const described = new Set(
      invalid.flatMap((element) => (element.getAttribute('aria-describedby') ?? '').split(/\s+/))
    )
    described.delete('')
    return {
      messages: innermost.map((element) => ({
        text: (element.textContent ?? '').trim(),
        id: element.id,
        tied: element.id !== '' && described.has(element.id),
      })),
      formMessages: Array.from(document.querySelectorAll('[data-form-error]'))
        .filter((element) => shown(element) && element.closest('[role="alert"]'))
        .map((element) => (element.textContent ?? '').trim()),
      dangling: [...described].filter((id) => !document.getElementById(id)),
      focusOnFirstInvalid:
        document.activeElement !== null &&
        document.activeElement ===
          (document.activeElement.closest('form, [role="dialog"]') ?? document).querySelector(
            '[aria-invalid="true"]'
          ),
    }
  })
}

/** The browser's own checks off, so that the server's messages are the ones shown. */
const serverChecks = (page: Page) =>
  page.evaluate(() => {
    for (const form of Array.from(document.querySelectorAll('form'))) form.noValidate = true
  })

/** Sends a form, waits for `expected` to show, and checks every message shown. */
async function refused(
  assert: import('@japa/assert').Assert,
  page: Page,
  name: string,
  send: () => Promise<void>,
  expected: string | RegExp,
  options: { atLeast?: number } = {}
) {
  try {
    await send()
    await page.locator('[aria-invalid="true"]').first().waitFor({ timeout: 10_000 })
  } catch (error) {
    await page.screenshot({
      path: `tmp/screens/h3/${name.replace(/\W+/g, '-')}.png`,
      fullPage: true,
    })
    throw error
  }
  // The page moves the focus once it has drawn the messages.
  await page
    .waitForFunction(
      () => {
        const active = document.activeElement
        const scope = active?.closest('form, [role="dialog"]') ?? document
        return active !== null && active === scope.querySelector('[aria-invalid="true"]')
      },
      null,
      { timeout: 10_000 }
    )
    .catch(() => {})
  const result = await check(page)
  const texts = [...result.messages.map((message) => message.text), ...result.formMessages]
  assert.isTrue(
    texts.some((text) =>
      typeof expected === 'string' ? text.includes(expected) : expected.test(text)
    ),
    `${name}: ${expected} among ${JSON.stringify(texts)}`
  )
  const untied = result.messages.filter((message) => !message.tied)
  assert.deepEqual(untied, [], `${name}: messages not describing an invalid field`)
  assert.deepEqual(result.dangling, [], `${name}: aria-describedby naming nothing`)
  assert.isAtLeast(result.messages.length, options.atLeast ?? 1, `${name}: field messages shown`)
  assert.isTrue(result.focusOnFirstInvalid, `${name}: the focus is on the first field in error`)
  return result
}

/** Presses a form's button, the browser's own checks off. */
async function submit(scope: Page | Locator, name: string | RegExp) {
  const button = scope.getByRole('button', { name, exact: typeof name === 'string' })
  await serverChecks('page' in scope ? scope.page() : scope)
  await button.click()
}

test.group('Form errors are tied to their fields', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('sign-in and password reset', async ({ visit, assert }) => {
    const page = await visit('/login')
    await refused(
      assert,
      page,
      'sign-in',
      async () => {
        await page.getByLabel('Email address').fill('not an address')
        await submit(page, 'Sign in')
      },
      /valid email|email address/i
    )

    await page.goto(page.url().replace(/\/login.*/, '/forgot-password'))
    await page.getByRole('button', { name: 'Send reset link' }).waitFor()
    await refused(
      assert,
      page,
      'password reset',
      async () => {
        await page.getByLabel('Email address').fill('nobody@')
        await submit(page, 'Send reset link')
      },
      /valid email|email address/i
    )
  })

  test('profile, team security policy and SSO metadata', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const team = await makeTeam({ name: 'Errors Capital', modules: [MODULES.ssoManagement] })
    const manager = await makeUser({ teams: [team] })
    await db
      .from('team_user')
      .where({ team_id: team.id, user_id: manager.id })
      .update({ role: 'manager' })
    await browserContext.loginAs(manager)

    const page = await visit('/user/profile')
    const profile = page.locator('form').filter({ has: page.getByLabel('Name', { exact: true }) })
    await refused(
      assert,
      page,
      'profile',
      async () => {
        await page.getByLabel('Name', { exact: true }).fill('')
        await page.getByLabel('Email address').fill('not-an-address')
        await submit(profile, 'Save')
      },
      /name/i,
      { atLeast: 2 }
    )

    await page.goto(page.url().replace(/\/user\/profile.*/, '/sso-management'))
    await page.getByLabel('Or paste the metadata XML').waitFor()
    await refused(
      assert,
      page,
      'SSO metadata',
      async () => {
        await page.getByLabel('Or paste the metadata XML').fill('<EntityDescriptor')
        await page.getByLabel(/^Signing certificate fingerprint/).fill('zz')
        await submit(page, 'Save identity provider')
      },
      'not well-formed XML'
    )

    const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    await browserContext.clearCookies()
    await browserContext.loginAs(admin)
    const teamPage = await visit(`/admin/account-management/teams/${team.id}`)
    const policy = teamPage.getByRole('form', { name: 'Security policy' })
    await refused(
      assert,
      teamPage,
      'team security policy',
      async () => {
        await policy.getByLabel('Minimum password length').fill('3')
        await submit(policy, 'Save security policy')
      },
      /password length|at least/i
    )
    const details = teamPage.getByRole('form', { name: /profile/i }).first()
    await refused(
      assert,
      teamPage,
      'team profile',
      async () => {
        await details.getByLabel('Name').fill('')
        await submit(details, 'Save profile')
      },
      /name/i
    )
  })

  test('research request and RSA data collection upload', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const team = await makeTeam({
      name: 'Errors Research',
      modules: [MODULES.trendingThemes, MODULES.rsaBudgets],
    })
    const member = await makeUser({ teams: [team] })
    member.currentTeamId = team.id
    await member.save()
    await makeCollection(team.id)
    await browserContext.loginAs(member)

    const page = await visit('/research-discovery/requests')
    await refused(
      assert,
      page,
      'research request',
      () => submit(page, 'Send the request'),
      /topic/i,
      { atLeast: 4 }
    )

    await page.goto(page.url().replace(/\/research-discovery.*/, '/rsa/data-collection'))
    await page.getByLabel(/Completed template/).waitFor()
    await refused(
      assert,
      page,
      'RSA data collection upload',
      async () => {
        await page.getByLabel(/Completed template/).setInputFiles({
          name: 'budget.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from('not a workbook'),
        })
        await page.getByLabel('Delivery date').fill('')
        await submit(page, 'Upload file')
      },
      /date/i
    )
  })

  test('market data catalogue and the insights report wizard', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    await browserContext.loginAs(admin)

    const page = await visit('/admin/market-data/catalogue')
    await page.getByRole('button', { name: 'New license type' }).click()
    await refused(
      assert,
      page,
      'market data license type',
      async () => {
        await page.getByRole('textbox', { name: 'Name', exact: true }).last().fill('Site licence')
        await page.getByRole('textbox', { name: 'Key', exact: true }).fill('Bad Key!')
        await submit(page, 'Save')
      },
      /The key must be 2 to 64 lower-case letters/
    )

    const wizard = await visit('/admin/insights-reports/new')
    await refused(
      assert,
      wizard,
      'insights report wizard, file step',
      () => submit(wizard, 'Next: Filename'),
      /PDF/
    )
  })
})
