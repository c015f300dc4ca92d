import { test } from '@japa/runner'
import {
  computeStatistics,
  employerBefore,
  rollUpKeys,
  yearEmployers,
  type AnalystFacts,
  type MoveFacts,
} from '#services/providers/timeline'
import { figuresOf } from '#services/providers/figures'

const A = 1
const B = 2
const ENERGY = 10
const TECH = 45

function analyst(fields: Partial<AnalystFacts> & { id: number }): AnalystFacts {
  return {
    providerId: null,
    industryStartYear: 2010,
    coverage: new Map(),
    moves: [],
    ...fields,
  }
}

function move(fields: Partial<MoveFacts> & { id: number; date: string }): MoveFacts {
  return {
    year: Number(fields.date.slice(0, 4)),
    from: null,
    to: null,
    experienceYears: 0,
    cells: [],
    ...fields,
  }
}

test.group('Analyst mapping: where an analyst worked', () => {
  test('the first move on or after a date says where from; none: the current provider', ({
    assert,
  }) => {
    const person = analyst({
      id: 1,
      providerId: B,
      moves: [move({ id: 1, date: '2023-06-01', from: A, to: B, experienceYears: 13 })],
    })
    assert.equal(employerBefore(person, '2023-01-01'), A)
    assert.equal(employerBefore(person, '2023-06-01'), A)
    assert.equal(employerBefore(person, '2023-06-02'), B)
    assert.deepEqual(yearEmployers(person, 2023), { start: A, end: B })
    assert.deepEqual(yearEmployers(person, 2024), { start: B, end: B })
  })

  test('nobody is employed before their industry start year; a joiner comes from outside', ({
    assert,
  }) => {
    const junior = analyst({
      id: 2,
      providerId: A,
      industryStartYear: 2023,
      moves: [move({ id: 2, date: '2023-09-01', from: null, to: A })],
    })
    assert.deepEqual(yearEmployers(junior, 2022), { start: null, end: null })
    assert.deepEqual(yearEmployers(junior, 2023), { start: null, end: A })
    assert.deepEqual(yearEmployers(junior, 2024), { start: A, end: A })
  })

  test('an analyst recorded at a provider counts there from the role start date, not from the industry start', ({
    assert,
  }) => {
    const recruit = analyst({
      id: 5,
      providerId: A,
      industryStartYear: 2012,
      roleStartDate: '2023-05-01',
    })
    assert.deepEqual(yearEmployers(recruit, 2021), { start: null, end: null })
    assert.deepEqual(yearEmployers(recruit, 2022), { start: null, end: null })
    assert.deepEqual(yearEmployers(recruit, 2023), { start: null, end: A })
    assert.deepEqual(yearEmployers(recruit, 2024), { start: A, end: A })
    // Without a role start date nothing bounds the stint (the years before stay as they were).
    const unknown = analyst({ id: 6, providerId: A, industryStartYear: 2012 })
    assert.deepEqual(yearEmployers(unknown, 2021), { start: A, end: A })

    // The stint a first move leaves began at the role start too; a move that brought the
    // analyst to the role (on or before its start) leaves the time before it as it was.
    const leaver = analyst({
      id: 7,
      providerId: B,
      industryStartYear: 2012,
      roleStartDate: '2022-02-01',
      moves: [move({ id: 7, date: '2024-03-01', from: A, to: B })],
    })
    assert.deepEqual(yearEmployers(leaver, 2021), { start: null, end: null })
    assert.deepEqual(yearEmployers(leaver, 2022), { start: null, end: A })
    assert.deepEqual(yearEmployers(leaver, 2024), { start: A, end: B })
    const joined = analyst({
      id: 8,
      providerId: B,
      industryStartYear: 2012,
      roleStartDate: '2024-03-01',
      moves: [move({ id: 8, date: '2024-03-01', from: A, to: B })],
    })
    assert.deepEqual(yearEmployers(joined, 2021), { start: A, end: A })

    const { rows } = computeStatistics([recruit], [2022, 2023, 2024])
    const total = (year: number) =>
      rows.find((row) => row.year === year && row.sectorId === 0 && row.regionCode === 'ALL')
    assert.isUndefined(total(2022))
    assert.containsSubset(total(2023), { headcountStart: 0, headcountEnd: 1 })
  })

  test('roll-ups hold each cell once, whatever the cells', ({ assert }) => {
    const keys = rollUpKeys([
      { sectorId: ENERGY, regionCode: 'UK' },
      { sectorId: TECH, regionCode: 'UK' },
      { sectorId: ENERGY, regionCode: 'UK' },
    ])
    assert.sameDeepMembers(keys, [
      [0, 'ALL'],
      [ENERGY, 'UK'],
      [ENERGY, 'ALL'],
      [0, 'UK'],
      [TECH, 'UK'],
      [TECH, 'ALL'],
    ])
    assert.deepEqual(rollUpKeys([]), [[0, 'ALL']])
  })
})

test.group('Analyst mapping: provider × year statistics', () => {
  test('an analyst covering two sectors counts once in the roll-up and once in each sector', ({
    assert,
  }) => {
    const both = [
      { sectorId: ENERGY, regionCode: 'UK' },
      { sectorId: TECH, regionCode: 'UK' },
    ]
    const leaver = analyst({
      id: 3,
      providerId: null,
      industryStartYear: 2004,
      coverage: new Map([[2024, both]]),
      moves: [move({ id: 3, date: '2024-05-01', from: A, to: null, experienceYears: 20 })],
    })
    const { rows } = computeStatistics([leaver], [2024])
    const at = (sectorId: number, region: string) =>
      rows.find((row) => row.sectorId === sectorId && row.regionCode === region)
    assert.containsSubset(at(0, 'ALL'), {
      headcountStart: 1,
      headcountEnd: 0,
      leavers: 1,
      experienceLost: 20,
    })
    assert.containsSubset(at(ENERGY, 'UK'), { leavers: 1, experienceLost: 20 })
    assert.containsSubset(at(TECH, 'ALL'), { leavers: 1, experienceLost: 20 })
    assert.containsSubset(at(0, 'UK'), { headcountStart: 1, leavers: 1 })
  })

  test('an internal move changes no headcount; a move between providers is one row, both sides', ({
    assert,
  }) => {
    const mover = analyst({
      id: 4,
      providerId: B,
      industryStartYear: 2019,
      coverage: new Map([[2024, [{ sectorId: TECH, regionCode: 'US' }]]]),
      moves: [
        move({ id: 4, date: '2024-02-01', from: A, to: A, experienceYears: 5 }),
        move({ id: 5, date: '2024-07-01', from: A, to: B, experienceYears: 5 }),
      ],
    })
    const { rows, employers } = computeStatistics([mover], [2024])
    const total = (provider: number) =>
      rows.find(
        (row) => row.providerId === provider && row.sectorId === 0 && row.regionCode === 'ALL'
      )
    assert.containsSubset(total(A), { headcountStart: 1, headcountEnd: 0, joiners: 0, leavers: 1 })
    assert.containsSubset(total(B), {
      headcountStart: 0,
      headcountEnd: 1,
      joiners: 1,
      experienceGained: 5,
      experienceEndSum: 5,
      seniorEnd: 0,
    })
    assert.deepEqual(employers, [{ analystId: 4, year: 2024, start: A, end: B }])
  })

  test('the metric definitions: net change %, averages, senior share and stability', ({
    assert,
  }) => {
    const figures = figuresOf({
      headcount_start: 8,
      headcount_end: 7,
      joiners: 1,
      leavers: 2,
      experience_gained: 2,
      experience_lost: 15,
      experience_end_sum: 62,
      senior_end: 3,
    })
    assert.deepEqual(figures, {
      headcountStart: 8,
      headcount: 7,
      joiners: 1,
      leavers: 2,
      netChange: -1,
      netChangePct: -12.5,
      experienceGained: 2,
      experienceLost: 15,
      netExperience: -13,
      avgExperience: 8.9,
      seniorShare: 42.9,
      stability: 75,
    })
    assert.containsSubset(figuresOf(null), {
      headcount: 0,
      netChangePct: null,
      avgExperience: null,
      seniorShare: null,
      stability: null,
    })
  })
})
