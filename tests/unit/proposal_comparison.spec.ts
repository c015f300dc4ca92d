import { test } from '@japa/runner'
import { compareAmounts, compareProposalLine, proposalStatus } from '#shared/proposal_comparison'
import { matchingBenchmark } from '#services/market_data/proposals'

const GBP = 1
const USD = 2
const rates = [{ from_currency_id: GBP, to_currency_id: USD, exchange_rate: 1.25 }]

test.group('Proposal comparison', () => {
  test('labels an increase, a saving and no change with the scenario labels', ({ assert }) => {
    assert.deepEqual(compareAmounts(110, 100), {
      difference: 10,
      percentage: 10,
      label: 'Potential Increase',
    })
    assert.deepEqual(compareAmounts(80, 100), {
      difference: -20,
      percentage: -20,
      label: 'Potential Saving',
    })
    assert.deepEqual(compareAmounts(100, 100), {
      difference: 0,
      percentage: 0,
      label: 'no change',
    })
  })

  test('has no percentage against a zero reference and no comparison without one', ({ assert }) => {
    assert.deepEqual(compareAmounts(50, 0), {
      difference: 50,
      percentage: null,
      label: 'Potential Increase',
    })
    assert.isNull(compareAmounts(50, null))
    assert.isNull(compareAmounts(null, 50))
  })

  test('compares a line in the chosen currency', ({ assert }) => {
    const line = {
      proposed_price: 1250,
      currency_id: USD,
      match: { payment: 1100, benchmark_price: 1000, currency_id: GBP },
    }
    const inGbp = compareProposalLine(line, GBP, rates)
    assert.equal(inGbp.currencyId, GBP)
    assert.closeTo(inGbp.proposed!, 1000, 1e-9)
    assert.equal(inGbp.benchmark, 1000)
    assert.equal(inGbp.vsBenchmark!.label, 'no change')
    assert.closeTo(inGbp.vsCurrent!.difference, -100, 1e-9)
    assert.equal(inGbp.vsCurrent!.label, 'Potential Saving')

    const inUsd = compareProposalLine(line, USD, rates)
    assert.equal(inUsd.proposed, 1250)
    assert.equal(inUsd.current, 1375)
  })

  test("compares in the proposal's own currency when none is chosen", ({ assert }) => {
    const compared = compareProposalLine(
      {
        proposed_price: 1300,
        currency_id: USD,
        match: { payment: 1000, benchmark_price: 1000, currency_id: GBP },
      },
      null,
      rates
    )
    assert.equal(compared.currencyId, USD)
    assert.equal(compared.benchmark, 1250)
    assert.equal(compared.vsBenchmark!.label, 'Potential Increase')
  })

  test('leaves out comparisons it cannot convert or has nothing to compare with', ({ assert }) => {
    const noRate = compareProposalLine(
      {
        proposed_price: 10,
        currency_id: 3,
        match: { payment: 9, benchmark_price: 8, currency_id: GBP },
      },
      GBP,
      rates
    )
    assert.isNull(noRate.proposed)
    assert.isNull(noRate.vsBenchmark)
    assert.isNull(noRate.vsCurrent)

    const newProduct = compareProposalLine(
      { proposed_price: 10, currency_id: GBP, match: null },
      GBP,
      rates
    )
    assert.equal(newProduct.proposed, 10)
    assert.isNull(newProduct.benchmark)
    assert.isNull(newProduct.vsCurrent)
  })

  test('a proposal under review past its validity has expired', ({ assert }) => {
    assert.equal(proposalStatus('under_review', '2026-11-21', '2026-11-22'), 'expired')
    assert.equal(proposalStatus('under_review', '2026-11-22', '2026-11-22'), 'under_review')
    assert.equal(proposalStatus('under_review', null, '2026-11-22'), 'under_review')
    assert.equal(proposalStatus('accepted', '2020-01-01', '2026-11-22'), 'accepted')
  })
})

test.group('Proposal matching benchmark', () => {
  const candidate = (id: number, start: string, end: string, licenseTypeId = 1) => ({
    id,
    product_id: 7,
    payment: 100,
    benchmark_price: 90,
    currency_id: GBP,
    start_date: start,
    end_date: end,
    license_type_id: licenseTypeId,
    reference: `C-${id}`,
  })
  const today = '2026-11-22'

  test('prefers the contract current today over later or earlier ones', ({ assert }) => {
    const match = matchingBenchmark(
      [
        candidate(1, '2023-01-01', '2025-12-31'),
        candidate(2, '2025-01-01', '2027-12-31'),
        candidate(3, '2027-01-01', '2029-12-31'),
      ],
      null,
      today
    )
    assert.equal(match!.id, 2)
  })

  test("then the proposal's license type, then the latest end date", ({ assert }) => {
    assert.equal(
      matchingBenchmark(
        [candidate(1, '2025-01-01', '2028-12-31', 1), candidate(2, '2025-01-01', '2027-12-31', 2)],
        2,
        today
      )!.id,
      2
    )
    assert.equal(
      matchingBenchmark(
        [candidate(1, '2020-01-01', '2022-12-31'), candidate(2, '2021-01-01', '2024-12-31')],
        null,
        today
      )!.id,
      2
    )
    assert.isNull(matchingBenchmark([], null, today))
  })
})
