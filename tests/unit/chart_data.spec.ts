import { test } from '@japa/runner'
import {
  drawnLines,
  rangeData,
  rangeRect,
  spacedLabels,
  suppressionNote,
  type RangeRenderApi,
  type TrendLine,
} from '#shared/chart_data'
import { scrollCue } from '#shared/table_scroll'

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

test.group('Scatter labels', () => {
  const plot = { xMax: 20, yMax: 20, width: 480, height: 340 }

  test('of two providers at nearly the same spot, only the larger is named', ({ assert }) => {
    const labels = spacedLabels(
      [
        { name: 'Keyline Expert Network', x: 6.2, y: 8, weight: 241_000, radius: 15 },
        { name: 'Calloway Brothers', x: 6.3, y: 7.8, weight: 297_000, radius: 17 },
        { name: 'Helvetic Union Bank', x: 0.1, y: 5, weight: 185_000, radius: 12 },
      ],
      plot
    )
    assert.deepEqual([...labels], ['Calloway Brothers', 'Helvetic Union Bank'])
  })

  test('labels kept never overlap, however crowded the points', ({ assert }) => {
    const points = Array.from({ length: 40 }, (_, index) => ({
      name: `Provider with a name ${index}`,
      x: 2 + (index % 7) * 0.4,
      y: 3 + (index % 5) * 0.5,
      weight: 100 - index,
      radius: 6 + (index % 4),
    }))
    const names = spacedLabels(points, plot)
    assert.isAbove(names.size, 0)
    const boxes = points
      .filter((point) => names.has(point.name))
      .map((point) => {
        const left = (point.x / plot.xMax) * plot.width + point.radius + 5
        const middle = (1 - point.y / plot.yMax) * plot.height
        return {
          left,
          right: left + point.name.length * 6.5,
          top: middle - 7,
          bottom: middle + 7,
        }
      })
    for (const [index, box] of boxes.entries()) {
      for (const other of boxes.slice(index + 1)) {
        const apart =
          box.right <= other.left ||
          other.right <= box.left ||
          box.bottom <= other.top ||
          other.bottom <= box.top
        assert.isTrue(apart)
      }
    }
  })

  test('at most ten names', ({ assert }) => {
    const points = Array.from({ length: 30 }, (_, index) => ({
      name: `P${index}`,
      x: index * 0.6,
      y: index * 0.6,
      weight: index,
      radius: 4,
    }))
    assert.equal(spacedLabels(points, plot).size, 10)
  })
})

test.group('Wide tables', () => {
  test('a table that fits its box has no cue', ({ assert }) => {
    assert.deepEqual(scrollCue({ scrollLeft: 0, scrollWidth: 900, clientWidth: 900 }), {
      overflowing: false,
      moreLeft: false,
      moreRight: false,
    })
    // A pixel of rounding is not a hidden column.
    assert.isFalse(scrollCue({ scrollLeft: 0, scrollWidth: 901, clientWidth: 900 }).overflowing)
  })

  test('a wider table says on which side columns are out of view', ({ assert }) => {
    const box = { scrollWidth: 1689, clientWidth: 934 }
    assert.deepEqual(scrollCue({ ...box, scrollLeft: 0 }), {
      overflowing: true,
      moreLeft: false,
      moreRight: true,
    })
    assert.deepEqual(scrollCue({ ...box, scrollLeft: 300 }), {
      overflowing: true,
      moreLeft: true,
      moreRight: true,
    })
    assert.deepEqual(scrollCue({ ...box, scrollLeft: 755 }), {
      overflowing: true,
      moreLeft: true,
      moreRight: false,
    })
  })
})
