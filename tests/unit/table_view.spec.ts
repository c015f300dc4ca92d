import { test } from '@japa/runner'
import {
  compareCellValues,
  defaultVisibility,
  isDefaultVisibility,
  nextRowIndex,
  readStoredVisibility,
  serializeVisibility,
  tableMatrix,
  visibilityStorageKey,
} from '#shared/table_view'

const columns = [
  { id: 'name', hideable: false },
  { id: 'budget', hideable: true },
  { id: 'actual', hideable: true },
  { id: 'variance', hideable: true },
]

test.group('DataTable sorting', () => {
  test('numbers numerically, text naturally and without case, dates by time', ({ assert }) => {
    assert.deepEqual([10, 2, -1, 2.5].sort(compareCellValues), [-1, 2, 2.5, 10])
    assert.deepEqual(['item 10', 'Item 2', 'apple', 'Émile', 'beta'].sort(compareCellValues), [
      'apple',
      'beta',
      'Émile',
      'Item 2',
      'item 10',
    ])
    const early = new Date('2026-01-01')
    const late = new Date('2026-06-01')
    assert.deepEqual([late, early].sort(compareCellValues), [early, late])
    assert.deepEqual([true, false].sort(compareCellValues), [false, true])
  })

  test('empty values sort after every value', ({ assert }) => {
    // (Array#sort itself puts undefined last; the table's sort calls the comparator for it.)
    assert.deepEqual([null, 3, '', 1].sort(compareCellValues), [1, 3, null, ''])
    assert.equal(compareCellValues(undefined, 0), 1)
    assert.equal(compareCellValues('a', undefined), -1)
    assert.equal(compareCellValues(null, undefined), 0)
  })
})

test.group('DataTable column visibility', () => {
  test('defaults: all columns, or the listed hideable ones plus those always shown', ({
    assert,
  }) => {
    assert.deepEqual(defaultVisibility(columns), {
      name: true,
      budget: true,
      actual: true,
      variance: true,
    })
    assert.deepEqual(defaultVisibility(columns, ['budget']), {
      name: true,
      budget: true,
      actual: false,
      variance: false,
    })
  })

  test('a stored choice round-trips and wins over the defaults', ({ assert }) => {
    const choice = { name: true, budget: false, actual: true, variance: true }
    const raw = serializeVisibility(choice, columns)
    assert.deepEqual(JSON.parse(raw), {
      v: 1,
      visible: { budget: false, actual: true, variance: true },
    })
    assert.deepEqual(readStoredVisibility(raw, columns, ['budget']), choice)
  })

  test('new columns keep their default; removed and non-hideable ones are ignored', ({
    assert,
  }) => {
    const raw = JSON.stringify({ v: 1, visible: { budget: false, gone: true, name: false } })
    assert.deepEqual(readStoredVisibility(raw, columns, ['budget', 'variance']), {
      name: true,
      budget: false,
      actual: false,
      variance: true,
    })
  })

  test('unreadable storage counts as no choice', ({ assert }) => {
    const defaults = defaultVisibility(columns, ['actual'])
    for (const raw of [
      null,
      '',
      'not json',
      '[]',
      'null',
      '42',
      JSON.stringify({ v: 2, visible: { budget: false } }),
      JSON.stringify({ v: 1, visible: ['budget'] }),
      JSON.stringify({ v: 1 }),
    ])
      assert.deepEqual(readStoredVisibility(raw, columns, ['actual']), defaults, String(raw))
    // A non-boolean value leaves that column at its default.
    const raw = JSON.stringify({ v: 1, visible: { actual: 'no', budget: true } })
    assert.deepEqual(readStoredVisibility(raw, columns, ['actual']), {
      ...defaults,
      budget: true,
    })
  })

  test('a choice leaving no column visible falls back to the defaults', ({ assert }) => {
    const allHideable = columns.slice(1)
    const raw = JSON.stringify({ v: 1, visible: { budget: false, actual: false, variance: false } })
    assert.deepEqual(readStoredVisibility(raw, allHideable), defaultVisibility(allHideable))
  })

  test('tells a default choice from a changed one; keys are namespaced', ({ assert }) => {
    assert.isTrue(isDefaultVisibility(defaultVisibility(columns, ['budget']), columns, ['budget']))
    assert.isTrue(isDefaultVisibility({}, columns))
    assert.isFalse(isDefaultVisibility({ actual: false }, columns))
    assert.equal(visibilityStorageKey('rsa-budgets'), 'spendlens:table-columns:rsa-budgets')
  })
})

test.group('DataTable keyboard and export', () => {
  test('arrow keys stop at the ends; Home and End jump; other keys do not move', ({ assert }) => {
    assert.equal(nextRowIndex('ArrowDown', 0, 3), 1)
    assert.equal(nextRowIndex('ArrowDown', 2, 3), 2)
    assert.equal(nextRowIndex('ArrowUp', 0, 3), 0)
    assert.equal(nextRowIndex('ArrowUp', 2, 3), 1)
    assert.equal(nextRowIndex('Home', 2, 3), 0)
    assert.equal(nextRowIndex('End', 0, 3), 2)
    assert.isNull(nextRowIndex('Tab', 0, 3))
    assert.isNull(nextRowIndex('ArrowDown', 0, 0))
  })

  test('the matrix holds header texts and plain values', ({ assert }) => {
    const rows = [
      { name: 'Bloomberg', amount: 1200, renewal: new Date('2027-01-31T00:00:00Z'), active: true },
      { name: 'FactSet', amount: null, renewal: null, active: false },
    ]
    const matrix = tableMatrix(
      [
        { header: 'Provider', value: (row: (typeof rows)[number]) => row.name },
        { header: 'Amount', value: (row: (typeof rows)[number]) => row.amount },
        { header: 'Renewal', value: (row: (typeof rows)[number]) => row.renewal },
        { header: 'Active', value: (row: (typeof rows)[number]) => row.active },
      ],
      rows
    )
    assert.deepEqual(matrix, {
      header: ['Provider', 'Amount', 'Renewal', 'Active'],
      rows: [
        ['Bloomberg', 1200, '2027-01-31T00:00:00.000Z', 'Yes'],
        ['FactSet', null, null, 'No'],
      ],
    })
  })
})
