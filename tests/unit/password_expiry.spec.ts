import { test } from '@japa/runner'
import {
  daysUntilPasswordExpiry,
  isPasswordExpired,
  passwordExpiryMessage,
  shouldWarnAboutPasswordExpiry,
} from '#shared/password_expiry'

const DAY = 24 * 60 * 60 * 1000

test.group('Password expiry rules', () => {
  test('a password changed today has 90 days left', ({ assert }) => {
    const now = new Date('2026-11-22T10:00:00Z')
    assert.equal(daysUntilPasswordExpiry(now, now), 90)
    assert.isFalse(isPasswordExpired(now, now))
  })

  test('a password changed 91 days ago has expired', ({ assert }) => {
    const now = new Date('2026-11-22T10:00:00Z')
    const changed = new Date(now.getTime() - 91 * DAY)
    assert.isTrue(isPasswordExpired(changed, now))
  })

  test('a password changed exactly 90 days ago has expired', ({ assert }) => {
    const now = new Date('2026-11-22T10:00:00Z')
    assert.isTrue(isPasswordExpired(new Date(now.getTime() - 90 * DAY), now))
  })

  test('warns at 14 days or fewer, not at 15', ({ assert }) => {
    assert.isTrue(shouldWarnAboutPasswordExpiry(14))
    assert.isTrue(shouldWarnAboutPasswordExpiry(1))
    assert.isFalse(shouldWarnAboutPasswordExpiry(15))
    assert.isFalse(shouldWarnAboutPasswordExpiry(0))
  })

  test('words the warning for one day and for several', ({ assert }) => {
    assert.equal(passwordExpiryMessage(1), 'Your password will expire tomorrow.')
    assert.equal(passwordExpiryMessage(2), 'Your password will expire in 2 days.')
    assert.equal(passwordExpiryMessage(14), 'Your password will expire in 14 days.')
  })
})
