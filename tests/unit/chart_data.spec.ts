import { test } from '@japa/runner'
import {
  drawnLines,
  rangeData,
  rangeRect,
  suppressionNote,
  type RangeRenderApi,
  type TrendLine,
} from '#shared/chart_data'

/**
 * A linear value axis from −2 to 2 over x = 0…400 (zero at 200), one category row centred
 * at y = 50: what ECharts' api.coord answers for such a chart.
 */
function fakeApi(values: number[]): RangeRenderApi {
  return {
    value: (dimension) => values[dimension],
    coord: ([x]) => [200 + x * 100, 50],
  }
}

test.group('Range bars', () => {
  test('a range below zero on one side is drawn from its low end, not from zero', ({ assert }) => {
    // The peer year-on-year change: p25 −1.1%, p75 0.7%.
    const [datum] = rangeData([{ low: -1.1, high: 0.7 }])
    assert.deepEqual(datum, [0, -1.1, 0.7])
    const rect = rangeRect(fakeApi(datum), 18)
    assert.closeTo(rect.x, 90, 1e-9)
    assert.closeTo(rect.width, 180, 1e-9)
    assert.deepEqual([rect.y, rect.height], [41, 18])
  })

  test('a range wholly below zero, and one above, each span their own ends', ({ assert }) => {
    const data = rangeData([
      { low: -1.8, high: -0.4 },
      { low: 0.5, high: 1.5 },
    ])
    const below = rangeRect(fakeApi(data[0]), 10)
    assert.closeTo(below.x, 20, 1e-9)
    assert.closeTo(below.x + below.width, 160, 1e-9)
    const above = rangeRect(fakeApi(data[1]), 10)
    assert.closeTo(above.x, 250, 1e-9)
    assert.closeTo(above.x + above.width, 350, 1e-9)
  })

  test('unknown ends are left out and reversed ends put in order', ({ assert }) => {
    assert.deepEqual(
      rangeData([
        { low: null, high: 3 },
        { low: 4, high: 2 },
        { low: 1, high: Number.NaN },
      ]),
      [[1, 2, 4]]
    )
  })
})

test.group('Trend lines left out for too few firms', () => {
  const line = (label: string, values: (number | null)[]): TrendLine => ({
    key: label,
    label,
    points: values.map((value, index) => ({ year: 2021 + index, value, n: value ? 12 : 3 })),
  })

  test('a line with no figure is not drawn (no legend entry) and the note names it', ({
    assert,
  }) => {
    const lines = [line('£10–50bn', [2, 3, 3]), line('Over £250bn', [null, null, null])]
    assert.deepEqual(
      drawnLines(lines).map((entry) => entry.label),
      ['£10–50bn']
    )
    assert.equal(
      suppressionNote(lines, 5),
      'Not drawn: Over £250bn (fewer than 5 firms in every year).'
    )
  })

  test('the years where a drawn line stops are named with n < 5', ({ assert }) => {
    const note = suppressionNote([line('£1–10bn', [null, 4, 5])], 5)
    assert.include(note, 'n < 5')
    assert.include(note, '£1–10bn in 2021')
  })

  test('no note when every figure is there', ({ assert }) => {
    assert.equal(suppressionNote([line('£10–50bn', [1, 2, 3])], 5), '')
  })
})
