import { test } from '@japa/runner'
import { catalogueFor } from '#database/demo/insights_reports'
import { INSIGHTS_REPORTS } from '#database/demo/insights_reports_catalogue'

const DAY_MS = 86_400_000

function newestOf(reports: { published: string }[]) {
  return Math.max(...reports.map((report) => Date.parse(report.published)))
}

test.group('Insights reports demo catalogue', () => {
  test('is seeded as planned while its newest report is of the last months', ({ assert }) => {
    for (const day of ['2026-11-28', '2027-03-10']) {
      const { reports, years } = catalogueFor(Date.parse(`${day}T12:00:00Z`))
      assert.equal(years, 0, day)
      assert.strictEqual(reports, INSIGHTS_REPORTS)
    }
  })

  test('moves on by whole years later, studies with their years, regulatory notes as written', ({
    assert,
  }) => {
    const today = Date.parse('2029-02-01T12:00:00Z')
    const { reports, years } = catalogueFor(today)
    assert.equal(years, 2)
    const newest = newestOf(reports)
    assert.isBelow(newest, today)
    assert.isAbove(newest, today - 270 * DAY_MS)

    const outlook = reports.find((report) => report.key === 'spend-outlook-2024')!
    assert.equal(outlook.published, '2026-01-18T09:30:00.000Z')
    assert.equal(outlook.title, 'Research spend outlook 2026: budgets after the unbundling decade')
    // The rules a regulatory note describes keep their dates.
    const guide = reports.find((report) => report.title.startsWith('PS24/9 joint payments'))!
    assert.include(guide.summary, '1 August 2024')
    assert.isTrue(guide.published.startsWith('2026-'))
    // Every report keeps its key (its figures' random stream) and its order.
    assert.deepEqual(
      reports.map((report) => report.key),
      INSIGHTS_REPORTS.map((report) => report.key)
    )
  })
})
