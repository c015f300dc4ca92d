import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import {
  configureTeamSso,
  ssoAddress,
  ssoDomain,
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '#tests/helpers/saml_idp'
import { MODULES } from '#shared/modules'

let idp: TestIdentityProvider

test.group('Single sign-on in the browser', (group) => {
  group.setup(async () => {
    idp = await startTestIdentityProvider()
    return () => idp.close()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a member signs in through the identity provider and lands on the dashboard', async ({
    visit,
  }) => {
    const team = await makeTeam({
      name: 'Single Sign-On Capital',
      modules: [MODULES.ssoManagement, MODULES.marketDataContracts],
    })
    const user = await makeUser({ teams: [team], email: ssoAddress(team.id) })
    await configureTeamSso(team.id, idp.metadata)

    const page = await visit('/login')
    const appOrigin = new URL(page.url()).origin
    await page.getByRole('button', { name: 'Use single sign-on' }).click()
    await page.getByLabel('Work email address').fill(user.email)
    await page.getByRole('button', { name: 'Continue with single sign-on' }).click()

    await page.waitForURL((url) => url.origin === idp.url && url.pathname === '/sso')
    await page.getByLabel('Email').fill(user.email)
    await page.getByRole('button', { name: 'Sign in' }).click()

    await page.waitForURL((url) => url.origin === appOrigin && url.pathname === '/')
    await page.assertTextContains('h1', 'Welcome, Test')
    await page.assertTextContains('main', 'Single Sign-On Capital')
  })

  test('a team manager uploads the metadata and turns single sign-on on', async ({ visit }) => {
    const team = await makeTeam({ name: 'Managed SSO Partners', modules: [MODULES.ssoManagement] })
    const manager = await makeUser({ teams: [team], email: ssoAddress(team.id, 'manager') })
    await db
      .from('team_user')
      .where({ team_id: team.id, user_id: manager.id })
      .update({ role: 'manager' })
    await makeUser({ teams: [team, await makeTeam()], email: ssoAddress(team.id, 'two.teams') })
    await db.table('team_allowed_domains').insert({
      team_id: team.id,
      domain: ssoDomain(team.id),
      created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
    })

    const page = await visit('/login')
    await page.getByLabel('Email address').fill(manager.email)
    await page.getByLabel('Password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/')

    await page.goto(`${new URL(page.url()).origin}/sso-management`)
    await page.assertTitle('SSO Management - Spendlens')
    await page.assertTextContains('[data-testid="sso-status"]', 'Not configured')
    await page.assertTextContains('[data-testid="sp-acs-url"]', `/sso/acs/${team.id}`)

    await page.getByLabel('Metadata file (.xml, up to 1 MB)').setInputFiles({
      name: 'idp-metadata.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(idp.metadata),
    })
    await page.getByRole('button', { name: 'Save identity provider' }).click()
    // Not used before its signing certificate is confirmed with the fingerprint the identity
    // provider shows.
    const pending = page.getByTestId('pending-identity-provider')
    await pending.getByText(idp.entityId).waitFor()
    await page.assertTextContains('[data-testid="sso-status"]', 'Not configured')
    await pending.getByLabel('Signing certificate fingerprint').fill('AB:CD')
    await pending.getByRole('button', { name: 'Confirm and use this identity provider' }).click()
    await pending.getByText('This fingerprint is not the one of the signing certificate').waitFor()
    await pending.getByLabel('Signing certificate fingerprint').fill(idp.fingerprint)
    await pending.getByRole('button', { name: 'Confirm and use this identity provider' }).click()
    await page.getByTestId('identity-provider').getByText(idp.entityId).waitFor()
    await pending.waitFor({ state: 'detached' })
    await page.assertTextContains('[data-testid="sso-status"]', 'Configured, turned off')

    await page.getByRole('button', { name: 'Turn on single sign-on' }).click()
    await page.getByTestId('sso-status').getByText('On', { exact: true }).waitFor()

    // Making it mandatory asks first, and says whom it binds and who keeps a password.
    await page.getByRole('button', { name: 'Make single sign-on mandatory' }).click()
    const dialog = page.getByRole('dialog', {
      name: 'Make single sign-on mandatory for Managed SSO Partners?',
    })
    await dialog
      .getByText('1 member will be able to sign in only through your identity provider.')
      .waitFor()
    await dialog.getByTestId('sso-covered').getByText(manager.email).waitFor()
    await dialog.getByTestId('sso-exempt').getByText('also a member of other teams').waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await page.assertTextContains('[data-testid="sso-status"]', 'On')

    await page.getByRole('button', { name: 'Make single sign-on mandatory' }).click()
    await dialog.getByRole('button', { name: 'Make it mandatory' }).click()
    await page.getByTestId('sso-status').getByText('On and mandatory').waitFor()
  })

  test('a problem with pasted metadata is shown under the paste box, even after a file was chosen', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const team = await makeTeam({ name: 'Pasted SSO Partners', modules: [MODULES.ssoManagement] })
    const manager = await makeUser({ teams: [team] })
    await db
      .from('team_user')
      .where({ team_id: team.id, user_id: manager.id })
      .update({ role: 'manager' })
    await browserContext.loginAs(manager)
    const page = await visit('/sso-management')
    const form = page.getByRole('form', { name: 'Identity provider metadata' })

    await page.getByLabel('Metadata file (.xml, up to 1 MB)').setInputFiles({
      name: 'metadata.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(idp.metadata),
    })
    await page.getByRole('button', { name: 'Save identity provider' }).click()
    await form.getByText('Upload the metadata as an .xml file.').waitFor()

    await page.getByLabel('Or paste the metadata XML').fill('<EntityDescriptor')
    await page.getByRole('button', { name: 'Save identity provider' }).click()
    // Each message describes its own field.
    const pasteError = page.locator('#metadataXml-error')
    await pasteError.getByText('not well-formed XML').waitFor()
    assert.equal(await page.locator('#metadataXml').getAttribute('aria-invalid'), 'true')
    await page.locator('#metadataFile-error').waitFor({ state: 'detached' })
  })
})
