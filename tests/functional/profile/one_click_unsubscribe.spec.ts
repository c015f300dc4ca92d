import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { unsubscribeUrl } from '#services/auth/signed_links'
import { makeUser } from '#tests/helpers/accounts'

/**
 * RFC 8058: a mail provider unsubscribes by posting `List-Unsubscribe=One-Click` to the URL of
 * the mail's List-Unsubscribe header, with no cookies and no CSRF token: `.form()` sends
 * exactly that body as application/x-www-form-urlencoded.
 */
const ONE_CLICK_BODY = { 'List-Unsubscribe': 'One-Click' }

function pathOf(url: string) {
  const parsed = new URL(url)
  return `${parsed.pathname}${parsed.search}`
}

async function subscribedUser() {
  const user = await makeUser()
  await db.table('email_subscriptions').multiInsert(
    ['weekly_digest', 'insights_reports'].map((subscription) => ({
      user_id: user.id,
      subscription,
      created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
    }))
  )
  return user
}

async function subscriptionsOf(userId: number) {
  const rows = await db.from('email_subscriptions').where('user_id', userId).orderBy('subscription')
  return rows.map((row) => row.subscription as string)
}

test.group('One-click unsubscribe (RFC 8058)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the mail provider’s POST to the signed link unsubscribes that subscription', async ({
    client,
    assert,
  }) => {
    const user = await subscribedUser()
    const other = await subscribedUser()
    const url = unsubscribeUrl(user, 'weekly_digest')
    assert.match(url, /^https?:\/\/[^/]+\/unsubscribe\/\d+\?/)

    const response = await client
      .post(pathOf(url))
      .header('content-type', 'application/x-www-form-urlencoded')
      .redirects(0)
      .form(ONE_CLICK_BODY)
    assert.isAtLeast(response.status(), 200)
    assert.isBelow(response.status(), 300)
    assert.deepEqual(await subscriptionsOf(user.id), ['insights_reports'])
    assert.deepEqual(await subscriptionsOf(other.id), ['insights_reports', 'weekly_digest'])
  })

  test('a tampered or unsigned link, or another user’s, is refused and changes nothing', async ({
    client,
    assert,
  }) => {
    const user = await subscribedUser()
    const other = await subscribedUser()
    const url = pathOf(unsubscribeUrl(user, 'weekly_digest'))
    const unsigned = url.replace(/&?signature=[^&]*/, '').replace(/\?$/, '')
    for (const tampered of [
      url.replace('weekly_digest', 'insights_reports'),
      url.replace(`/unsubscribe/${user.id}`, `/unsubscribe/${other.id}`),
      unsigned,
      `/unsubscribe/${other.id}?subscription=weekly_digest`,
    ]) {
      const response = await client
        .post(tampered)
        .header('content-type', 'application/x-www-form-urlencoded')
        .redirects(0)
        .form(ONE_CLICK_BODY)
      assert.notEqual(Math.floor(response.status() / 100), 2, tampered)
    }
    assert.deepEqual(await subscriptionsOf(user.id), ['insights_reports', 'weekly_digest'])
    assert.deepEqual(await subscriptionsOf(other.id), ['insights_reports', 'weekly_digest'])
  })

  test('other POSTs still need the CSRF token', async ({ client, assert }) => {
    const user = await subscribedUser()
    const url = pathOf(unsubscribeUrl(user, 'weekly_digest'))

    // The signed link without the one-click body: the confirmation page's form, which sends
    // the token.
    const withoutBody = await client
      .post(url)
      .header('content-type', 'application/x-www-form-urlencoded')
      .redirects(0)
      .form({ subscription: 'weekly_digest' })
    withoutBody.assertStatus(302)
    assert.deepEqual(await subscriptionsOf(user.id), ['insights_reports', 'weekly_digest'])

    // Another route, even with the one-click body.
    const logout = await client
      .post('/logout')
      .loginAs(user)
      .header('content-type', 'application/x-www-form-urlencoded')
      .redirects(0)
      .form(ONE_CLICK_BODY)
    logout.assertStatus(302)
    logout.assertFlashMessage('error', 'Page expired. Reload the page and try again.')

    // The page's own form, with the token, still works.
    const form = await client.post(url).withCsrfToken().withInertia()
    form.assertInertiaPropsContains({ valid: true, done: true })
    assert.deepEqual(await subscriptionsOf(user.id), ['insights_reports'])
  })
})
