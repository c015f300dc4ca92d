import { test } from '@japa/runner'
import { amountError } from '#shared/amounts'

const money = { column: 'money', label: 'Payment', nonNegative: true } as const
const figure = { column: 'figure', label: 'Intercept' } as const

test.group('Amount rule', () => {
  test('accepts numbers and numeric text that fit the column', ({ assert }) => {
    for (const value of [0, '0', 12, '12.50', 999999999999.99, '9999999999999999.99', '-0'])
      assert.isNull(amountError(value, money), String(value))
    assert.isNull(amountError(-12.123456, figure))
    assert.isNull(amountError('99999999999999.999999', figure))
  })

  test('refuses words, blanks, infinities and NaN as not a number', ({ assert }) => {
    for (const value of ['abc', '', 'e5', '1e', null, undefined, Number.NaN, {}, '12,5'])
      assert.equal(amountError(value, money), 'Payment must be a number.', String(value))
  })

  test('refuses what the column cannot hold, and negative prices', ({ assert }) => {
    const tooLarge = 'Payment is too large: at most 16 digits before the decimal point.'
    assert.equal(amountError('9'.repeat(400), money), tooLarge)
    assert.equal(amountError(1e308, money), tooLarge)
    // Typed in scientific notation: still a number, judged by its size.
    assert.equal(amountError('1e308', money), tooLarge)
    assert.equal(amountError(' 1E+16 ', money), tooLarge)
    assert.isNull(amountError('1e5', money))
    assert.isNull(amountError('2.5e-1', money))
    assert.equal(amountError('1e-7', figure), 'Intercept can have at most 6 decimal places.')
    assert.equal(amountError(Number.POSITIVE_INFINITY, money), tooLarge)
    assert.equal(amountError(1e16, money), tooLarge)
    assert.equal(amountError('1.005', money), 'Payment can have at most 2 decimal places.')
    assert.equal(amountError(1e-7, figure), 'Intercept can have at most 6 decimal places.')
    assert.equal(amountError(-1, money), 'Payment must not be negative.')
    assert.equal(
      amountError(1e14, figure),
      'Intercept is too large: at most 14 digits before the decimal point.'
    )
  })
})
