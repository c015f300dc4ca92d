import { test } from '@japa/runner'
import {
  assertPasswordPolicy,
  isCommonPassword,
  isRepetitivePassword,
} from '#services/auth/password_policy'

test.group('Common passwords', () => {
  test('the most used passwords and their decorated forms are common', ({ assert }) => {
    for (const password of [
      'password',
      'Password2026!',
      '123456qwerty',
      '!!Sunshine99',
      'qwerty123456',
    ]) {
      assert.isTrue(isCommonPassword(password), password)
    }
  })

  test('long passphrases and unusual words are not', ({ assert }) => {
    for (const password of [
      'Correct-Horse-Battery-42',
      'Ledger-Falcon-Umbra-2026',
      'Demo-Password-2026!',
    ]) {
      assert.isFalse(isCommonPassword(password), password)
    }
  })
})

test.group('Password policy of a person', () => {
  test('a team minimum above the product minimum is enforced', ({ assert }) => {
    assert.throws(() =>
      assertPasswordPolicy('Short-But-Ok-77', { minLength: 20, email: 'a@b.example' })
    )
    assert.doesNotThrow(() =>
      assertPasswordPolicy('Long-Enough-For-Twenty-7', { minLength: 20, email: 'a@b.example' })
    )
  })

  test('the name or the email address cannot be part of the password', ({ assert }) => {
    const context = { minLength: 12, email: 'jordan.blake@firm.example', name: 'Jordan Blake' }
    assert.throws(() => assertPasswordPolicy('Jordan.Blake-Secret-9', context))
    assert.throws(() => assertPasswordPolicy('my-blake-ledger-2026', context))
    assert.doesNotThrow(() => assertPasswordPolicy('Quiet-Harbour-Lantern-4', context))
  })
})

test.group('Repetitive passwords', () => {
  test('a few characters repeated are refused, whatever the length', ({ assert }) => {
    for (const password of ['aaaaaaaaaaa1', '121212121212ab', 'AaAaAaAaAaAa12']) {
      assert.isTrue(isRepetitivePassword(password), password)
    }
    for (const password of ['Correct-Horse-Battery-42', 'Demo-Password-2026!']) {
      assert.isFalse(isRepetitivePassword(password), password)
    }
  })
})
