import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { appUrl } from '#config/app'
import { passwordResetUrl } from '#services/auth/signed_links'
import { invitationUrl, inviteToTeam } from '#services/accounts/invitations'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { pathOf } from '#tests/helpers/mails'

/**
 * Posts the form as the browser does (the signed page as referrer), then follows the redirect
 * with the same session: what the user sees after a validation error.
 */
async function submitThenFollow(
  client: ApiClient,
  signedPath: string,
  form: Record<string, string>
) {
  const response = await client
    .post(signedPath)
    .header('referer', `${appUrl}${signedPath}`)
    .withCsrfToken()
    .form(form)
    .redirects(0)
  response.assertStatus(302)
  return client
    .get(response.header('location')!)
    .withSession(response.session())
    .withFlashMessages(response.flashMessages())
    .withInertia()
}

test.group('Forms opened from a signed link', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a short password on the reset form shows the form again with the error', async ({
    client,
    assert,
  }) => {
    const user = await makeUser()
    const page = await submitThenFollow(client, pathOf(passwordResetUrl(user)), {
      password: 'short',
      passwordConfirmation: 'short',
    })
    page.assertStatus(200)
    page.assertInertiaComponent('auth/reset_password')
    page.assertInertiaPropsContains({ valid: true, email: user.email })
    assert.equal(
      (page.inertiaProps as any).errors?.password,
      'The password must be at least 12 characters long.'
    )
  })

  test('a short password on the invitation form shows the form again with the error', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const row = await inviteToTeam(
      team,
      { email: 'signed.form@example.com', role: 'member' },
      admin
    )
    const page = await submitThenFollow(client, pathOf(invitationUrl(row)), {
      name: 'Sam Signed',
      password: 'short',
      passwordConfirmation: 'short',
    })
    page.assertStatus(200)
    page.assertInertiaComponent('auth/invitation')
    page.assertInertiaPropsContains({ valid: true, mode: 'register' })
    assert.equal(
      (page.inertiaProps as any).errors?.password,
      'The password must be at least 12 characters long.'
    )
  })
})
