import { test } from '@japa/runner'
import {
  cheaperThanShare,
  insufficientPeerData,
  isDominated,
  noiseFactor,
  peerPositionSentence,
  peerStatistics,
  peerValues,
  percentileRank,
  perturbed,
  publish,
  quantile,
  resolveLadder,
  type Contribution,
} from '#services/rsa/peer_statistics'
import {
  PEER_NOISE_MAX,
  PEER_NOISE_MIN,
  aumTierOf,
  peerCountBand,
  priceStatus,
  widerTiers,
} from '#shared/rsa'

const VIEWER = 1
const KEY = '2024|line|1|written_research|fixed_fee|full'

/** n other teams with values 10, 20, 30… plus the viewer's own value. */
function cell(n: number, viewerValue = 1_000_000): Contribution[] {
  const contributions = Array.from({ length: n }, (_, index) => ({
    team: index + 2,
    value: (index + 1) * 10,
    key: KEY,
  }))
  return [...contributions, { team: VIEWER, value: viewerValue, key: KEY }]
}

/**
 * The quantile q of the peers' noise-infused values, placed in the order of their stored
 * values, as the statistics must compute it (cell() gives increasing values by team).
 */
function expected(contributions: Contribution[], q: number) {
  return quantile(peerValues(contributions, VIEWER), q)
}

test.group('Peer statistics › thresholds', () => {
  test('4 other teams: no median, the cell is suppressed with its n', ({ assert }) => {
    const statistics = peerStatistics(cell(4), VIEWER)
    assert.equal(statistics.n, 4)
    assert.isTrue(statistics.suppressed)
    assert.isNull(statistics.median)
    assert.isNull(statistics.p25)
    assert.isNull(statistics.mean)
    assert.equal(statistics.band, 'fewer than 5')
    assert.equal(insufficientPeerData(), 'Insufficient peer data (fewer than 5 firms)')
  })

  test('5 other teams: a median, no quartiles', ({ assert }) => {
    const statistics = peerStatistics(cell(5), VIEWER)
    assert.equal(statistics.n, 5)
    assert.equal(statistics.band, '5–9')
    assert.isFalse(statistics.suppressed)
    assert.equal(statistics.median, expected(cell(5), 0.5))
    assert.isNull(statistics.p25)
    assert.isNull(statistics.p75)
  })

  test('9 other teams: still no quartiles; 10: quartiles', ({ assert }) => {
    const nine = peerStatistics(cell(9), VIEWER)
    assert.equal(nine.median, expected(cell(9), 0.5))
    assert.isNull(nine.p25)
    const ten = peerStatistics(cell(10), VIEWER)
    assert.equal(ten.n, 10)
    assert.equal(ten.band, '10–19')
    assert.equal(ten.median, expected(cell(10), 0.5))
    assert.equal(ten.p25, expected(cell(10), 0.25))
    assert.equal(ten.p75, expected(cell(10), 0.75))
  })

  test("the viewer's own values never count, however many it has", ({ assert }) => {
    const contributions = [
      ...cell(4),
      { team: VIEWER, value: 5, key: KEY },
      { team: VIEWER, value: 7, key: KEY },
    ]
    const statistics = peerStatistics(contributions, VIEWER)
    assert.equal(statistics.n, 4)
    assert.isTrue(statistics.suppressed)
  })

  test('n counts teams, not values: one team with five values is one peer', ({ assert }) => {
    const contributions = Array.from({ length: 5 }, (_, index) => ({
      team: 7,
      value: index,
      key: `${KEY}|${index}`,
    }))
    assert.equal(peerStatistics(contributions, VIEWER).n, 1)
  })

  test('a mean is suppressed when one team holds more than a quarter of the total', ({
    assert,
  }) => {
    const balanced = [100, 110, 120, 130, 140].map((value, index) => ({
      team: index + 2,
      value,
      key: KEY,
    }))
    assert.isFalse(isDominated(balanced))
    assert.closeTo(
      peerStatistics([...balanced, { team: VIEWER, value: 9_999, key: KEY }], VIEWER).mean!,
      balanced.map(perturbed).reduce((sum, value) => sum + value, 0) / 5,
      1e-9
    )
    const dominated = [...balanced, { team: 99, value: 300, key: KEY }]
    const statistics = peerStatistics(dominated, VIEWER)
    assert.equal(statistics.n, 6)
    assert.isNotNull(statistics.median)
    assert.isNull(statistics.mean)
  })
})

test.group('Peer statistics › noise infusion, rounding and bands', () => {
  test('every factor is 5–12% away from 1, up or down, and the same on every call', ({
    assert,
  }) => {
    let up = 0
    for (let team = 1; team <= 400; team++) {
      const factor = noiseFactor(team, KEY)
      const distance = Math.abs(factor - 1)
      assert.isAtLeast(distance, PEER_NOISE_MIN - 1e-12)
      assert.isAtMost(distance, PEER_NOISE_MAX + 1e-12)
      assert.equal(noiseFactor(team, KEY), factor)
      if (factor > 1) up++
    }
    // Both directions, in about equal numbers: the sign tells nothing.
    assert.isAbove(up, 150)
    assert.isBelow(up, 250)
  })

  test('a value carries its factor into every cell; another value or team has its own', ({
    assert,
  }) => {
    const value = { team: 5, value: 1000, key: KEY }
    assert.equal(perturbed(value), perturbed({ ...value }))
    assert.notEqual(noiseFactor(5, KEY), noiseFactor(6, KEY))
    assert.notEqual(
      noiseFactor(5, KEY),
      noiseFactor(5, '2023|line|1|written_research|fixed_fee|full')
    )
  })

  test('subtracting two groups one firm apart gives back a value at least 5% off', ({ assert }) => {
    // Five firms, then the same five and one more: 2 × m6 − m5 is the sixth firm's value when
    // it lands between the middle two, as the medians of raw values would give it exactly.
    const five = [10, 20, 30, 40, 50].map((value, index) => ({ team: index + 2, value, key: KEY }))
    const target = { team: 40, value: 33, key: KEY }
    const m5 = peerStatistics(five, VIEWER).median!
    const m6 = peerStatistics([...five, target], VIEWER).median!
    const recovered = 2 * m6 - m5
    assert.isAbove(Math.abs(recovered - target.value) / target.value, 0.04)
  })

  test('any two cells one firm apart: the subtraction that works on raw values misses by over 1%', ({
    assert,
  }) => {
    // Cells of every size from 5 to 30 firms, with round prices and ties, at every level a
    // value can enter (the same key in each): whatever subtraction gives the added firm's stored
    // value exactly on the raw medians and quartiles gives its noise-infused value here (5–12%
    // off), or, where ties between other firms cancelled on the raw values, a mix of theirs:
    // never the stored value to within twice the rounding.
    let seed = 7
    const random = () => {
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647
    }
    const rawQuantile = (values: number[], q: number) =>
      quantile(
        [...values].sort((a, b) => a - b),
        q
      )
    let attacks = 0
    for (let round = 0; round < 2000; round++) {
      const size = 5 + Math.floor(random() * 26)
      const key = `2024|line|${round}|written_research|fixed_fee|full`
      const cellOf = (count: number) =>
        Array.from({ length: count }, (_, index) => ({
          team: index + 2,
          // Round thousands, so ties and round numbers are common.
          value: 1000 * (5 + Math.floor(random() * 40)),
          key,
        }))
      const smaller = cellOf(size)
      const target = { team: 900, value: 1000 * (5 + Math.floor(random() * 40)), key }
      const larger = [...smaller, target]
      for (const q of [0.5, 0.25, 0.75]) {
        if (q !== 0.5 && size < 10) continue
        const pick = (entries: Contribution[]) => {
          const statistics = peerStatistics(entries, VIEWER)
          return publish(
            q === 0.5 ? statistics.median : q === 0.25 ? statistics.p25 : statistics.p75
          )!
        }
        const raw = (entries: Contribution[], value: number) =>
          rawQuantile(
            entries.map((entry) => (entry.team === target.team ? value : entry.value)),
            q
          )
        const formulas = (a: number, b: number) => [2 * b - a, 2 * a - b, b, a]
        const onRaw = formulas(raw(smaller, target.value), raw(larger, target.value))
        const moved = formulas(raw(smaller, target.value + 1), raw(larger, target.value + 1))
        const published = formulas(pick(smaller), pick(larger))
        onRaw.forEach((estimate, index) => {
          if (estimate !== target.value || moved[index] !== target.value + 1) return
          attacks++
          const off = Math.abs(published[index] - target.value) / target.value
          assert.isAbove(off, 0.01, `${size} firms, q ${q}, formula ${index}`)
        })
      }
    }
    assert.isAbove(attacks, 100)
  })

  test('figures leave with three significant figures, never coarser than the noise', ({
    assert,
  }) => {
    assert.equal(publish(1_234_567), 1_230_000)
    assert.equal(publish(8_550), 8_550)
    assert.equal(publish(0.38029999999999997), 0.38)
    assert.equal(publish(1.7014), 1.7)
    assert.equal(publish(-0.011234), -0.0112)
    assert.equal(publish(0), 0)
    assert.isNull(publish(null))
    assert.isNull(publish(Number.NaN))
    // A round price moved by the smallest noise does not round back onto itself.
    for (const price of [1_000, 9_000, 10_000, 0.1, 27]) {
      assert.notEqual(publish(price * (1 + 0.05)), price)
      assert.notEqual(publish(price * (1 - 0.05)), price)
    }
  })

  test('counts leave as bands that start at the thresholds', ({ assert }) => {
    assert.equal(peerCountBand(0), 'fewer than 5')
    assert.equal(peerCountBand(4), 'fewer than 5')
    assert.equal(peerCountBand(5), '5–9')
    assert.equal(peerCountBand(9), '5–9')
    assert.equal(peerCountBand(10), '10–19')
    assert.equal(peerCountBand(20), '20–49')
    assert.equal(peerCountBand(50), '50 or more')
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
    const result = resolveLadder({ provider: [{ team: VIEWER, value: 10, key: KEY }] }, VIEWER)
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
