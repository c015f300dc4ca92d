import { test } from '@japa/runner'
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  localeFromAcceptLanguage,
  supportedLocale,
} from '#shared/dates'
import { annualised, overviewFigures, periodMonths } from '#shared/market_data_overview'

test.group('Dates in the reader’s locale', () => {
  test('one form per locale for calendar dates, never shifted a day', ({ assert }) => {
    assert.equal(formatDate('2026-11-25', 'en-GB'), '25 Nov 2026')
    assert.equal(formatDate('2026-11-25', 'en-US'), 'Nov 25, 2026')
    assert.equal(formatDate('2026-01-01', 'en-US'), 'Jan 1, 2026')
    assert.equal(formatDateRange('2026-01-01', '2026-12-31', 'en-GB'), '1 Jan 2026 – 31 Dec 2026')
    assert.equal(formatDateTime('2026-11-25T14:05:00Z', 'en-GB', 'UTC'), '25 Nov 2026, 14:05')
    assert.equal(formatDate('not a date', 'en-GB'), 'not a date')
  })

  test('reads the locale from Accept-Language, the default when none is usable', ({ assert }) => {
    assert.equal(localeFromAcceptLanguage('en-US,en;q=0.9'), 'en-US')
    assert.equal(localeFromAcceptLanguage('fr;q=0.3, de-CH;q=0.8'), 'de-CH')
    assert.equal(localeFromAcceptLanguage('*'), 'en-GB')
    assert.equal(localeFromAcceptLanguage(''), 'en-GB')
    assert.equal(localeFromAcceptLanguage(undefined), 'en-GB')
    assert.equal(localeFromAcceptLanguage('en-GB;q=0'), 'en-GB')
    assert.equal(supportedLocale('not_a_tag!!'), 'en-GB')
  })
})

test.group('Market data overview figures', () => {
  test('a period counts its whole months; an amount a year of it', ({ assert }) => {
    assert.equal(periodMonths('2026-01-01', '2026-12-31'), 12)
    assert.equal(periodMonths('2024-01-01', '2024-12-31'), 12)
    assert.equal(periodMonths('2026-01-01', '2028-12-31'), 36)
    assert.equal(periodMonths('2026-03-01', '2026-03-01'), 1)
    assert.equal(annualised(300_000, '2026-01-01', '2028-12-31'), 100_000)
    assert.equal(annualised(50_000, '2026-01-01', '2026-12-31'), 50_000)
  })

  test('adds currencies at the stored rates and names those without one', ({ assert }) => {
    const rates = [{ from_currency_id: 2, to_currency_id: 1, exchange_rate: 0.8 }]
    const figures = overviewFigures(
      [
        { currencyId: 1, spend: 100, benchmark: 90, comparedSpend: 100, comparedBenchmark: 90 },
        { currencyId: 2, spend: 100, benchmark: 120, comparedSpend: 50, comparedBenchmark: 60 },
        { currencyId: 3, spend: 999, benchmark: 999, comparedSpend: 999, comparedBenchmark: 999 },
      ],
      1,
      rates
    )
    assert.closeTo(figures.spend, 180, 1e-9)
    assert.closeTo(figures.benchmark, 186, 1e-9)
    assert.closeTo(figures.gap!, 140 - 138, 1e-9)
    assert.closeTo(figures.gapPercent!, (2 / 138) * 100, 1e-9)
    assert.deepEqual(figures.unconverted, [3])
    assert.isNull(overviewFigures([], 1, rates).gap)
  })
})
