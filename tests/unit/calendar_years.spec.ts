import { test } from '@japa/runner'
import { currentYear, elapsedShareOf, nextYear, todayIso } from '#services/calendar/clock'
import { isOfferedYear, yearProblem, yearRangeOf, yearsText } from '#shared/years'
import { legacyCollectionYear } from '#shared/data_collection_rounds'
import { pinClock } from '#tests/helpers/clock'

test.group('Clock', () => {
  test('reads today and the year from the pinned clock, and goes back to the real one', ({
    assert,
  }) => {
    const restore = pinClock('2026-11-28')
    try {
      assert.equal(todayIso(), '2026-11-28')
      assert.equal(currentYear(), 2026)
      assert.equal(nextYear(), 2027)
      assert.closeTo(elapsedShareOf(2026), 331.5 / 365, 0.001)
      assert.equal(elapsedShareOf(2027), 0)
      assert.equal(elapsedShareOf(2025), 1)
    } finally {
      restore()
    }
    assert.equal(currentYear(), new Date().getUTCFullYear())
  })
})

test.group('Years offered', () => {
  test('run from the first year with data to the current year', ({ assert }) => {
    const range = yearRangeOf({ firstWithData: 2021, latestWithData: 2024, currentYear: 2026 })
    assert.deepEqual(range.years, [2021, 2022, 2023, 2024, 2025, 2026])
    assert.equal(range.first, 2021)
    assert.equal(range.last, 2026)
    assert.equal(yearsText(range), '2021–2026')
  })

  test('add the next fiscal year where the area plans ahead', ({ assert }) => {
    const range = yearRangeOf({
      firstWithData: 2021,
      latestWithData: 2026,
      currentYear: 2026,
      ahead: true,
    })
    assert.deepEqual(range.years, [2021, 2022, 2023, 2024, 2025, 2026, 2027])
    assert.isTrue(isOfferedYear(range, 2027))
    assert.isFalse(isOfferedYear(range, 2028))
  })

  test('open on the latest year with data up to the current year, never a future one', ({
    assert,
  }) => {
    assert.equal(
      yearRangeOf({ firstWithData: 2021, latestWithData: 2024, currentYear: 2026 }).defaultYear,
      2024
    )
    const ahead = yearRangeOf({
      firstWithData: 2021,
      latestWithData: 2027,
      currentYear: 2026,
      ahead: true,
    })
    assert.equal(ahead.defaultYear, 2026)
    assert.equal(ahead.latestWithData, 2026)
  })

  test('offer the current year alone, and open on it, when there is no data yet', ({ assert }) => {
    const range = yearRangeOf({ firstWithData: null, latestWithData: null, currentYear: 2028 })
    assert.deepEqual(range.years, [2028])
    assert.isNull(range.latestWithData)
    assert.equal(range.defaultYear, 2028)
    assert.equal(yearsText(range), '2028')
  })

  test('follow the clock: the same data offers one more year a year later', ({ assert }) => {
    const data = { firstWithData: 2021, latestWithData: 2026 }
    assert.deepEqual(yearRangeOf({ ...data, currentYear: 2028, ahead: true }).years.at(-1), 2029)
    assert.equal(yearRangeOf({ ...data, currentYear: 2028 }).defaultYear, 2026)
  })

  test('accept the last five years too where data is recorded (imports, data entry)', ({
    assert,
  }) => {
    const fresh = yearRangeOf({
      firstWithData: null,
      latestWithData: null,
      currentYear: 2026,
      ahead: true,
      backfill: true,
    })
    assert.deepEqual(fresh.years, [2021, 2022, 2023, 2024, 2025, 2026, 2027])
    assert.equal(fresh.defaultYear, 2026)
    const older = yearRangeOf({
      firstWithData: 2015,
      latestWithData: 2024,
      currentYear: 2026,
      backfill: true,
    })
    assert.equal(older.first, 2015)
    assert.equal(older.defaultYear, 2024)
  })

  test('say which years may be chosen when one is refused', ({ assert }) => {
    const range = yearRangeOf({ firstWithData: 2021, latestWithData: 2024, currentYear: 2026 })
    assert.isNull(yearProblem(range, 2025))
    assert.isNull(yearProblem(range, '2026'))
    assert.equal(yearProblem(range, 2019), '2019 is not offered: choose a year from 2021–2026.')
    assert.equal(yearProblem(range, 2027), '2027 is not offered: choose a year from 2021–2026.')
    assert.equal(yearProblem(range, 'abc'), '“abc” is not a year: choose a year from 2021–2026.')
    assert.equal(
      yearProblem(range, 2024.5),
      '“2024.5” is not a year: choose a year from 2021–2026.'
    )
    assert.equal(yearProblem(range, undefined), 'Choose a year from 2021–2026.')
  })
})

test.group('Data collections made before collections had a year', () => {
  test('take the year their name gives, else their due date’s', ({ assert }) => {
    assert.equal(legacyCollectionYear('Market data contracts 2026', '2027-02-15'), 2026)
    assert.equal(legacyCollectionYear('Renewals 2024 (revised 2025)', null), 2025)
    assert.equal(legacyCollectionYear('Market data contracts', '2026-12-31'), 2026)
    assert.equal(legacyCollectionYear('Contracts ref 120265', '2025-03-31'), 2025)
    assert.isNull(legacyCollectionYear('Market data contracts', null))
    assert.isNull(legacyCollectionYear('Market data contracts', 'soon'))
  })
})
