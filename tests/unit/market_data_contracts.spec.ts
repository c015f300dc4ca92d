import { test } from '@japa/runner'
import {
  annualise,
  basisOfRows,
  contractPeriods,
  defaultPeriod,
  groupByContract,
  rowsInForce,
  runRateOn,
  termLength,
  totalsOf,
  type ContractSummary,
} from '#shared/market_data_contracts'

const contract = (id: number, start: string, end: string): ContractSummary => ({
  id,
  reference: `C-${id}`,
  start_date: start,
  end_date: end,
  license_type_id: 1,
  license_type: 'Enterprise',
})

const row = (
  id: number,
  contractId: number,
  productId: number,
  start: string,
  end: string,
  payment: number | null = 1200,
  benchmark: number | null = 1000
) => ({
  id,
  contract_id: contractId,
  product: { id: productId },
  division: null,
  start_date: start,
  end_date: end,
  payment,
  benchmark,
})

const figures = (entry: ReturnType<typeof row>) => ({
  contractId: entry.contract_id,
  startDate: entry.start_date,
  endDate: entry.end_date,
  payment: entry.payment,
  benchmark: entry.benchmark,
})

test.group('Market data contracts: terms and annualised amounts', () => {
  test('a three-year payment is a third of it per year; a one-year one all of it', ({ assert }) => {
    assert.equal(annualise(3000, '2026-01-01', '2028-12-31'), 1000)
    assert.equal(annualise(1000, '2026-01-01', '2026-12-31'), 1000)
    assert.equal(annualise(600, '2026-01-01', '2026-06-30'), 1200)
    assert.isNull(annualise(null, '2026-01-01', '2026-12-31'))
    assert.equal(termLength('2026-01-01', '2028-12-31'), '3 years')
    assert.equal(termLength('2026-01-01', '2026-12-31'), '1 year')
    assert.equal(termLength('2026-01-01', '2027-06-30'), '18 months')
  })
})

test.group('Market data contracts: subtotals and the run rate', () => {
  test('contract subtotals add up to the contract totals, and their sum to all rows', ({
    assert,
  }) => {
    const contracts = [
      contract(2, '2027-01-01', '2029-12-31'),
      contract(1, '2026-01-01', '2026-12-31'),
    ]
    const rows = [
      row(1, 1, 10, '2026-01-01', '2026-12-31', 1200, 1000),
      row(2, 1, 11, '2026-01-01', '2026-12-31', 800, 900),
      row(3, 2, 10, '2027-01-01', '2029-12-31', 3600, 3000),
      row(4, 2, 11, '2027-01-01', '2029-12-31', null, 2700),
      // A row of a contract not listed is no one's.
      row(5, 9, 12, '2026-01-01', '2026-12-31', 5000, 5000),
    ]
    const groups = groupByContract(rows, contracts, figures)
    assert.deepEqual(
      groups.map((group) => group.contract.id),
      [2, 1]
    )
    for (const group of groups) {
      const own = rows.filter((entry) => entry.contract_id === group.contract.id)
      assert.equal(
        group.totals.payment,
        own.reduce((sum, entry) => sum + (entry.payment ?? 0), 0)
      )
      assert.equal(
        group.totals.benchmark,
        own.reduce((sum, entry) => sum + (entry.benchmark ?? 0), 0)
      )
      assert.equal(group.totals.difference, group.totals.payment - group.totals.benchmark)
    }
    const listed = rows.filter((entry) => entry.contract_id !== 9)
    const all = totalsOf(listed.map(figures))
    assert.equal(
      groups.reduce((sum, group) => sum + group.totals.payment, 0),
      all.payment
    )
    // Per year: the three-year contract's 3,600 is 1,200 a year.
    assert.equal(groups[0].totals.annualPayment, 1200)
    assert.equal(groups[1].totals.annualPayment, 2000)
  })

  test('across contracts only what is in force on the day is added, per year', ({ assert }) => {
    const rows = [
      row(1, 1, 10, '2024-01-01', '2026-12-31', 3600, 3000),
      row(2, 2, 10, '2027-01-01', '2029-12-31', 3900, 3000),
      row(3, 3, 11, '2026-01-01', '2026-12-31', 500, 400),
    ].map(figures)
    const rate = runRateOn(rows, '2026-11-28')!
    // The upcoming renewal (contract 2) is not counted on top of the contract it replaces.
    assert.equal(rate.rows, 2)
    assert.equal(rate.contracts, 2)
    assert.equal(rate.annualPayment, 1200 + 500)
    assert.equal(rate.annualBenchmark, 1000 + 400)
    assert.isNull(runRateOn(rows, '2031-01-01'))
  })
})

test.group('Market data contracts: the period a scenario prices', () => {
  // A contract renewed by year: its first year has ended, the current one runs from today.
  const rows = [
    row(1, 1, 10, '2025-01-01', '2026-11-27'),
    row(2, 1, 11, '2025-01-01', '2026-11-27'),
    row(3, 1, 10, '2026-11-28', '2027-12-31'),
    row(4, 1, 11, '2026-11-28', '2027-12-31'),
    // A product added mid-period.
    row(5, 1, 12, '2027-03-01', '2027-12-31'),
    // The same products on another, overlapping contract.
    row(6, 2, 10, '2026-01-01', '2028-12-31'),
    row(7, 2, 11, '2026-01-01', '2028-12-31'),
  ]

  test('each product counts once: the rows of one contract in force on a day', ({ assert }) => {
    assert.deepEqual(
      rowsInForce(rows, 1, '2026-11-28').map((entry) => entry.id),
      [3, 4]
    )
    assert.deepEqual(
      rowsInForce(rows, 1, '2027-03-01').map((entry) => entry.id),
      [3, 4, 5]
    )
    assert.deepEqual(
      rowsInForce(rows, 2, '2026-11-28').map((entry) => entry.id),
      [6, 7]
    )
  })

  test('periods start where a row starts; the default is the one in force today', ({ assert }) => {
    const periods = contractPeriods(rows, 1)
    assert.deepEqual(periods, [
      { start: '2025-01-01', end: '2026-11-27' },
      { start: '2026-11-28', end: '2027-12-31' },
      { start: '2027-03-01', end: '2027-12-31' },
    ])
    assert.equal(defaultPeriod(periods, '2026-11-28')!.start, '2026-11-28')
    assert.equal(defaultPeriod(periods, '2024-06-01')!.start, '2025-01-01')
    assert.equal(defaultPeriod(periods, '2030-01-01')!.start, '2027-03-01')
  })

  test('a saved scenario’s rows name its contract and period', ({ assert }) => {
    assert.deepEqual(basisOfRows([rows[2], rows[3]]), { contractId: 1, periodStart: '2026-11-28' })
    assert.isNull(basisOfRows([]))
  })
})
