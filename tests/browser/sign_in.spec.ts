import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { MODULES } from '#shared/modules'

test.group('Signing in through the login page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a client signs in and sees their team dashboard', async ({ visit }) => {
    const team = await makeTeam({
      name: 'Browser Test Capital',
      modules: [MODULES.marketDataContracts],
    })
    const user = await makeUser({ teams: [team] })

    const page = await visit('/login')
    await page.assertTitle('Sign in - Spendlens')
    await page.getByLabel('Email address').fill(user.email)
    await page.getByLabel('Password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()

    await page.waitForURL((url) => url.pathname === '/')
    await page.assertTextContains('h1', 'Welcome, Test')
    await page.assertTextContains('main', 'Browser Test Capital')
    await page.assertTitle('Dashboard - Spendlens')
  })

  test('a wrong password keeps the visitor on the login page with the error', async ({ visit }) => {
    const user = await makeUser()
    const page = await visit('/login')
    await page.getByLabel('Email address').fill(user.email)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('These credentials do not match our records.').waitFor()
    await page.assertPath('/login')
  })

  test('a signed-out visitor is sent to the login page and back afterwards', async ({ visit }) => {
    const team = await makeTeam({ modules: [MODULES.rsaBudgets] })
    const user = await makeUser({ teams: [team] })
    const page = await visit('/rsa/budgets')
    await page.assertPath('/login')
    await page.getByLabel('Email address').fill(user.email)
    await page.getByLabel('Password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/rsa/budgets')
    await page.assertTextContains('h1', 'Budgets')
  })
})
