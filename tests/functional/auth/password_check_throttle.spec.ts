import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import User from '#models/user'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { flashedError } from '#tests/helpers/responses'

const NEW_PASSWORD = 'Brand-New-Passphrase-77'

test.group('Guessing the password from a signed-in session', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))

  test('the confirm-password form stops after five wrong guesses and logs each one', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const confirm = (password: string, ip = '203.0.113.9') =>
      client
        .post('/user/confirm-password')
        .header('x-forwarded-for', ip)
        .header('referer', '/user/confirm-password')
        .loginAs(user)
        .withCsrfToken()
        .form({ password })
        .redirects(0)

    for (let guess = 0; guess < 5; guess++) {
      const response = await confirm(`Wrong-Guess-${guess}`)
      assert.equal(flashedError(response, 'password'), 'The password is incorrect.')
    }
    // Blocked now, even with the right password and from another address.
    const blocked = await confirm(TEST_PASSWORD, '198.51.100.77')
    assert.match(flashedError(blocked, 'password')!, /^Too many wrong passwords/)
    assert.isUndefined(blocked.session().password_confirmed_at)

    const logged = await db
      .from('security_events')
      .where({ user_id: user.id, event: 'password_confirmation_failed' })
    assert.lengthOf(logged, 5)
  })

  test('the current-password check of Settings is limited the same way', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const change = (currentPassword: string) =>
      client
        .post('/user/password')
        .header('referer', '/user/profile')
        .loginAs(user)
        .withCsrfToken()
        .form({ currentPassword, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
        .redirects(0)

    for (let guess = 0; guess < 5; guess++) {
      const response = await change(`Wrong-Guess-${guess}`)
      assert.equal(flashedError(response, 'currentPassword'), 'The current password is incorrect.')
    }
    const blocked = await change(TEST_PASSWORD)
    assert.match(flashedError(blocked, 'currentPassword')!, /^Too many wrong passwords/)
    const fresh = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(fresh.password, TEST_PASSWORD))
    const logged = await db
      .from('security_events')
      .where({ user_id: user.id, event: 'password_confirmation_failed' })
    assert.lengthOf(logged, 5)
  })
})
