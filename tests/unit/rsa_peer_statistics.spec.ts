import { test } from '@japa/runner'
import {
  cheaperThanShare,
  insufficientPeerData,
  isDominated,
  peerPositionSentence,
  peerStatistics,
  percentileRank,
  quantile,
  resolveLadder,
  type Contribution,
} from '#services/rsa/peer_statistics'
import { aumTierOf, priceStatus, widerTiers } from '#shared/rsa'

const VIEWER = 1

/** n other teams with values 10, 20, 30… plus the viewer's own value. */
function cell(n: number, viewerValue = 1_000_000): Contribution[] {
  const contributions = Array.from({ length: n }, (_, index) => ({
    team: index + 2,
    value: (index + 1) * 10,
  }))
  return [...contributions, { team: VIEWER, value: viewerValue }]
}

test.group('Peer statistics › thresholds', () => {
  test('4 other teams: no median, the cell is suppressed with its n', ({ assert }) => {
    const statistics = peerStatistics(cell(4), VIEWER)
    assert.equal(statistics.n, 4)
    assert.isTrue(statistics.suppressed)
    assert.isNull(statistics.median)
    assert.isNull(statistics.p25)
    assert.isNull(statistics.mean)
    assert.equal(insufficientPeerData(statistics.n), 'Insufficient peer data (n = 4)')
  })

  test('5 other teams: a median, no quartiles', ({ assert }) => {
    const statistics = peerStatistics(cell(5), VIEWER)
    assert.equal(statistics.n, 5)
    assert.isFalse(statistics.suppressed)
    assert.equal(statistics.median, 30)
    assert.isNull(statistics.p25)
    assert.isNull(statistics.p75)
  })

  test('9 other teams: still no quartiles; 10: quartiles', ({ assert }) => {
    const nine = peerStatistics(cell(9), VIEWER)
    assert.equal(nine.median, 50)
    assert.isNull(nine.p25)
    const ten = peerStatistics(cell(10), VIEWER)
    assert.equal(ten.n, 10)
    assert.equal(ten.median, 55)
    assert.equal(ten.p25, 32.5)
    assert.equal(ten.p75, 77.5)
  })

  test("the viewer's own values never count, however many it has", ({ assert }) => {
    const contributions = [...cell(4), { team: VIEWER, value: 5 }, { team: VIEWER, value: 7 }]
    const statistics = peerStatistics(contributions, VIEWER)
    assert.equal(statistics.n, 4)
    assert.isTrue(statistics.suppressed)
  })

  test('n counts teams, not values: one team with five values is one peer', ({ assert }) => {
    const contributions = Array.from({ length: 5 }, (_, index) => ({ team: 7, value: index }))
    assert.equal(peerStatistics(contributions, VIEWER).n, 1)
  })

  test('a mean is suppressed when one team holds more than a quarter of the total', ({
    assert,
  }) => {
    const balanced = [100, 110, 120, 130, 140].map((value, index) => ({ team: index + 2, value }))
    assert.isFalse(isDominated(balanced))
    assert.equal(peerStatistics([...balanced, { team: VIEWER, value: 9_999 }], VIEWER).mean, 120)
    const dominated = [...balanced, { team: 99, value: 300 }]
    const statistics = peerStatistics(dominated, VIEWER)
    assert.equal(statistics.n, 6)
    assert.isNotNull(statistics.median)
    assert.isNull(statistics.mean)
  })
})

test.group('Peer statistics › quantiles and ranks', () => {
  test('quantiles interpolate between neighbours, ties included', ({ assert }) => {
    assert.equal(quantile([1, 2, 3, 4], 0.5), 2.5)
    assert.equal(quantile([5, 5, 5, 5, 9], 0.5), 5)
    assert.equal(quantile([7], 0.25), 7)
    assert.throws(() => quantile([], 0.5))
  })

  test('the percentile rank counts ties half (mid-rank)', ({ assert }) => {
    const peers = [10, 20, 20, 30, 40, 50, 60, 70, 80, 90]
    assert.equal(percentileRank(peers, 20, 10), 20)
    assert.equal(cheaperThanShare(peers, 20, 10), 80)
    assert.equal(cheaperThanShare(peers, 5, 10), 100)
    assert.equal(cheaperThanShare(peers, 95, 10), 0)
  })

  test('no rank below 10 peers', ({ assert }) => {
    assert.isNull(percentileRank([1, 2, 3, 4, 5, 6, 7, 8, 9], 4, 9))
    assert.isNull(cheaperThanShare([1, 2, 3], 2, 3))
  })

  test('the sentence reads the right way round', ({ assert }) => {
    assert.equal(peerPositionSentence(72), 'cheaper than 72% of peers')
    assert.equal(peerPositionSentence(30), 'dearer than 70% of peers')
    assert.equal(peerPositionSentence(50), 'cheaper than 50% of peers')
    assert.isNull(peerPositionSentence(null))
  })
})

test.group('Peer statistics › fallback ladder', () => {
  test('the most specific level with 5 other teams wins, labelled', ({ assert }) => {
    const result = resolveLadder(
      { provider: cell(3), provider_wider_tier: cell(6), provider_type: cell(12) },
      VIEWER
    )
    assert.equal(result.level, 'provider_wider_tier')
    assert.equal(result.statistics.n, 6)
  })

  test('a level of its own counts first when it has enough peers', ({ assert }) => {
    const result = resolveLadder({ provider: cell(5), provider_type: cell(20) }, VIEWER)
    assert.equal(result.level, 'provider')
  })

  test('down to the provider type in every tier', ({ assert }) => {
    const result = resolveLadder(
      {
        provider: cell(1),
        provider_wider_tier: cell(2),
        provider_type: cell(4),
        provider_type_all_tiers: cell(5),
      },
      VIEWER
    )
    assert.equal(result.level, 'provider_type_all_tiers')
  })

  test('below every level: no level, and the largest n found', ({ assert }) => {
    const result = resolveLadder(
      { provider: cell(1), provider_wider_tier: cell(2), provider_type_all_tiers: cell(3) },
      VIEWER
    )
    assert.isNull(result.level)
    assert.equal(result.statistics.n, 3)
    assert.isTrue(result.statistics.suppressed)
    assert.isNull(resolveLadder({}, VIEWER).level)
  })

  test('a cell that only the viewer fills is worth nothing to the viewer', ({ assert }) => {
    const result = resolveLadder({ provider: [{ team: VIEWER, value: 10 }] }, VIEWER)
    assert.equal(result.statistics.n, 0)
    assert.isNull(result.level)
  })
})

test.group('Research spend vocabulary', () => {
  test('AUM tiers and the wider tier', ({ assert }) => {
    assert.equal(aumTierOf(9.99e9), '0-10')
    assert.equal(aumTierOf(10e9), '10-50')
    assert.equal(aumTierOf(38e9), '10-50')
    assert.equal(aumTierOf(600e9), '500+')
    assert.deepEqual(widerTiers('10-50'), ['0-10', '10-50', '50-100'])
    assert.deepEqual(widerTiers('0-10'), ['0-10', '10-50'])
    assert.deepEqual(widerTiers('500+'), ['250-500', '500+'])
  })

  test('price status chips at their boundaries', ({ assert }) => {
    assert.equal(priceStatus(-10), 'below')
    assert.equal(priceStatus(-9.9), 'in_line')
    assert.equal(priceStatus(10), 'in_line')
    assert.equal(priceStatus(10.1), 'above')
    assert.equal(priceStatus(25), 'above')
    assert.equal(priceStatus(25.1), 'outlier')
    assert.isNull(priceStatus(null))
  })
})
