import { test } from '@japa/runner'
import { addMonths, isInTab, tabWindow } from '#shared/benchmark_tabs'
import { abbreviateAmount, aumRangeLabel } from '#shared/money'
import { convert } from '#shared/currency_conversion'

const TODAY = '2026-11-22'
const contract = (startDate: string, endDate: string) => ({ startDate, endDate })

test.group('Benchmark tab date rules', () => {
  test('Active & Upcoming: ends today or later', ({ assert }) => {
    assert.isTrue(isInTab('active-upcoming', contract('2025-01-01', TODAY), TODAY))
    assert.isTrue(isInTab('active-upcoming', contract('2027-01-01', '2029-12-31'), TODAY))
    assert.isFalse(isInTab('active-upcoming', contract('2024-01-01', '2026-11-21'), TODAY))
  })

  test('Active Year: active at any time in the current calendar year', ({ assert }) => {
    assert.isTrue(isInTab('active-year', contract('2023-01-01', '2026-01-01'), TODAY))
    assert.isTrue(isInTab('active-year', contract('2026-12-31', '2028-12-31'), TODAY))
    assert.isFalse(isInTab('active-year', contract('2023-01-01', '2025-12-31'), TODAY))
    assert.isFalse(isInTab('active-year', contract('2027-01-01', '2028-12-31'), TODAY))
  })

  test('Expiring Soon: active and ending within the next 90 days', ({ assert }) => {
    assert.equal(tabWindow('expiring-soon', TODAY).endOnOrBefore, '2027-02-20')
    assert.isTrue(isInTab('expiring-soon', contract('2024-01-01', TODAY), TODAY))
    assert.isTrue(isInTab('expiring-soon', contract('2024-01-01', '2027-02-20'), TODAY))
    assert.isFalse(isInTab('expiring-soon', contract('2024-01-01', '2027-02-21'), TODAY))
    assert.isFalse(
      isInTab('expiring-soon', contract('2026-12-01', '2027-01-31'), TODAY),
      'not started yet'
    )
  })

  test('Recently Expired: ended within the last 12 months', ({ assert }) => {
    assert.isTrue(isInTab('recently-expired', contract('2023-01-01', '2026-11-21'), TODAY))
    assert.isTrue(isInTab('recently-expired', contract('2023-01-01', '2025-11-22'), TODAY))
    assert.isFalse(isInTab('recently-expired', contract('2023-01-01', '2025-11-21'), TODAY))
    assert.isFalse(
      isInTab('recently-expired', contract('2023-01-01', TODAY), TODAY),
      'still active today'
    )
  })

  test('month arithmetic clamps to the end of shorter months', ({ assert }) => {
    assert.equal(addMonths('2024-02-29', -12), '2023-02-28')
    assert.equal(addMonths('2026-03-31', -1), '2026-02-28')
  })
})

test.group('Money display', () => {
  test('abbreviates with B from 1e9 and M from 1e6', ({ assert }) => {
    assert.equal(abbreviateAmount(1_000_000_000), '1B')
    assert.equal(abbreviateAmount(2_345_000_000, 'USD'), 'USD 2.35B')
    assert.equal(abbreviateAmount(999_999_999), '1B')
    assert.equal(abbreviateAmount(999_994_999), '999.99M')
    assert.equal(abbreviateAmount(1_500_000, 'GBP'), 'GBP 1.5M')
    assert.equal(abbreviateAmount(999_999), '999,999')
    assert.equal(abbreviateAmount(-3_000_000), '-3M')
  })

  test('labels AUM ranges, open-ended at the top', ({ assert }) => {
    assert.equal(aumRangeLabel({ minAum: 10, maxAum: 50 }), '10bn - 50bn')
    assert.equal(aumRangeLabel({ minAum: 500, maxAum: null }), '+500bn')
  })
})

test.group('Currency conversion', () => {
  const rates = [
    { from_currency_id: 1, to_currency_id: 2, exchange_rate: 1.27 },
    { from_currency_id: 3, to_currency_id: 2, exchange_rate: 0.5 },
  ]

  test('uses the direct rate, the inverse rate, or none', ({ assert }) => {
    assert.equal(convert(100, 1, 2, rates), 127)
    assert.closeTo(convert(127, 2, 1, rates)!, 100, 1e-9)
    assert.isNull(convert(100, 1, 3, rates))
    assert.equal(convert(100, 2, 2, rates), 100)
    assert.isNull(convert(null, 1, 2, rates))
  })
})
