import { test } from '@japa/runner'
import {
  additionalYearDates,
  BENCHMARK_MESSAGES,
  outsideTerm,
  isNumeric,
  productBenchmarkErrors,
  saveFailureMessage,
  type ProductBenchmarkDraft,
} from '#shared/benchmark_validation'

const valid: ProductBenchmarkDraft = {
  product_id: 1,
  product_name: 'Bloomberg Terminal',
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  payment: 1000,
  benchmark_price: '900.50',
  currency_id: 1,
  sub_product_benchmarks: [{ name: 'Pricing', benchmark_price: '400', currency_id: 1 }],
}

test.group('Product benchmark validation', () => {
  test('accepts a complete benchmark', ({ assert }) => {
    assert.deepEqual(productBenchmarkErrors(valid), {})
  })

  test('numbers: numbers and numeric strings, not blanks or words', ({ assert }) => {
    assert.isTrue(isNumeric(12))
    assert.isTrue(isNumeric('12.5'))
    assert.isTrue(isNumeric(' -3 '))
    assert.isFalse(isNumeric(''))
    assert.isFalse(isNumeric('12a'))
    assert.isFalse(isNumeric(null))
    assert.isFalse(isNumeric(Number.NaN))
    assert.isFalse(isNumeric(Number.POSITIVE_INFINITY))
  })

  test('a blank product name is invalid', ({ assert }) => {
    assert.equal(
      productBenchmarkErrors({ ...valid, product_name: '  ' }).product_id,
      BENCHMARK_MESSAGES.product
    )
    assert.equal(
      productBenchmarkErrors({ ...valid, product_id: null }).product_id,
      BENCHMARK_MESSAGES.product
    )
  })

  test('payment and benchmark price must be numeric', ({ assert }) => {
    const errors = productBenchmarkErrors({ ...valid, payment: 'abc', benchmark_price: null })
    assert.equal(errors.payment, BENCHMARK_MESSAGES.payment)
    assert.equal(errors.benchmark_price, BENCHMARK_MESSAGES.benchmarkPrice)
  })

  test('currency is required when payment or price is set, not otherwise', ({ assert }) => {
    assert.equal(
      productBenchmarkErrors({ ...valid, currency_id: null }).currency_id,
      BENCHMARK_MESSAGES.currency
    )
    assert.equal(
      productBenchmarkErrors({ ...valid, payment: '', currency_id: null }).currency_id,
      BENCHMARK_MESSAGES.currency
    )
    assert.notProperty(
      productBenchmarkErrors({ ...valid, payment: '', benchmark_price: null, currency_id: null }),
      'currency_id'
    )
  })

  test('dates must be real and in order', ({ assert }) => {
    assert.equal(
      productBenchmarkErrors({ ...valid, start_date: '2026-02-30' }).start_date,
      BENCHMARK_MESSAGES.startDate
    )
    assert.equal(
      productBenchmarkErrors({ ...valid, end_date: '2025-12-31' }).end_date,
      BENCHMARK_MESSAGES.endDate
    )
    assert.notProperty(productBenchmarkErrors({ ...valid, end_date: '2026-01-01' }), 'end_date')
  })

  test('a sub product needs a name, a whole numeric price and a currency', ({ assert }) => {
    const errors = productBenchmarkErrors({
      ...valid,
      sub_product_benchmarks: [
        { name: ' ', benchmark_price: '10.5', currency_id: null },
        { name: 'Feed', benchmark_price: 'ten', currency_id: 1 },
        { name: 'Ok', benchmark_price: 10, currency_id: 1 },
      ],
    })
    assert.deepEqual(errors, {
      'sub_product_benchmarks.0.name': BENCHMARK_MESSAGES.subName,
      'sub_product_benchmarks.0.benchmark_price': BENCHMARK_MESSAGES.subPrice,
      'sub_product_benchmarks.0.currency_id': BENCHMARK_MESSAGES.subCurrency,
      'sub_product_benchmarks.1.benchmark_price': BENCHMARK_MESSAGES.subPrice,
    })
  })

  test('an additional year starts the day after the previous end', ({ assert }) => {
    assert.deepEqual(additionalYearDates('2026-12-31'), {
      start_date: '2027-01-01',
      end_date: '2027-12-31',
    })
    assert.deepEqual(additionalYearDates('2027-02-28'), {
      start_date: '2027-03-01',
      end_date: '2028-02-29',
    })
  })

  test('an additional year needs a complete end date; it never throws', ({ assert }) => {
    assert.isNull(additionalYearDates(''))
    assert.isNull(additionalYearDates(null))
    assert.isNull(additionalYearDates('2026-02-30'))
  })

  test('a period outside the contract term says how far to extend it', ({ assert }) => {
    const term = { startDate: '2026-01-01', endDate: '2026-12-31' }
    assert.isNull(outsideTerm({ start_date: '2026-02-01', end_date: '2026-12-31' }, term))
    assert.isNull(outsideTerm({ start_date: '', end_date: '2027-12-31' }, term))
    const later = outsideTerm({ start_date: '2027-01-01', end_date: '2027-12-31' }, term)
    assert.deepInclude(later, { startDate: '2026-01-01', endDate: '2027-12-31' })
  })

  test('reports save failures with the count', ({ assert }) => {
    assert.equal(saveFailureMessage(1), 'Failed to save 1 product benchmark(s).')
    assert.equal(saveFailureMessage(3), 'Failed to save 3 product benchmark(s).')
  })
})
