import { test } from '@japa/runner'
import { publish } from '#services/rsa/peer_statistics'
import testUtils from '@adonisjs/core/services/test_utils'
import { MODULES } from '#shared/modules'
import { budgetsWorld, rsaMember, rsaTeam } from '#tests/helpers/rsa'
import { noisedFigures, usdRateTo } from '#tests/helpers/rsa_noise'

type Any = any

const INSUFFICIENT = 'Insufficient peer data (fewer than 5 firms)'

test.group('RSA rate card', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('provider type × access × tier cells by hand, and the team placed in its range', async ({
    client,
    assert,
  }) => {
    const { member, atlas, peers } = await budgetsWorld()
    const response = await client.get('/rsa/rate-card').loginAs(member).withInertia()
    response.assertStatus(200)
    const page = (response.inertiaProps as Any).page
    assert.equal(page.teamTier, '10-50')
    assert.equal(page.asOf, '2024-12-31')

    // The ten USD peers pay Atlas $100,000, $110,000 … $190,000 for written research (fixed
    // fee, full access): on the stored prices median $145,000, p25 $122,500, p75 $167,500. What
    // the card shows is each price times its firm's noise factor, in the order of the stored
    // prices, interpolated, converted into GBP and published to three significant figures.
    const rate = await usdRateTo('GBP')
    const gbp = (usd: number) => publish(usd * rate)!
    const key = `2024|line|${atlas.id}|written_research|fixed_fee|full`
    const expected = noisedFigures(
      peers.map((peer, index) => ({ team: peer.team.id, value: 100_000 + index * 10_000, key }))
    )
    const bulge = page.rows.find((row: Any) => row.providerType === 'bulge_bracket')
    assert.equal(bulge.accessType, 'full')
    const tier = bulge.cells.find((cell: Any) => cell.tier === '10-50')
    assert.equal(tier.n, '10–19')
    assert.equal(tier.median, gbp(expected.median))
    assert.equal(tier.p25, gbp(expected.p25))
    assert.equal(tier.p75, gbp(expected.p75))
    assert.equal(tier.average, gbp(expected.mean))
    assert.isNull(tier.message)
    assert.equal(bulge.comment, 'All fixed fee.')
    const elsewhere = bulge.cells.find((cell: Any) => cell.tier === '50-100')
    assert.equal(elsewhere.n, 'fewer than 5')
    assert.isFalse(elsewhere.hasPeers)
    assert.isNull(elsewhere.median)
    // Three peers buy from Birch: no figure, and the count is banded.
    const independent = page.rows.find((row: Any) => row.providerType === 'independent')
    const small = independent.cells.find((cell: Any) => cell.tier === '10-50')
    assert.isNull(small.median)
    assert.isNull(small.p25)
    assert.equal(small.n, 'fewer than 5')
    assert.equal(small.message, INSUFFICIENT)

    const atlasLine = page.lines.find((line: Any) => line.provider === 'Atlas Global Markets')
    assert.equal(atlasLine.myPrice, 150_000)
    assert.equal(atlasLine.n, '10–19')
    assert.equal(atlasLine.p25, gbp(expected.p25))
    assert.equal(atlasLine.p75, gbp(expected.p75))
    // Above the range whatever the noise: the p75 is at most $167,500 × 1.12 = $187,600,
    // £148,000 shown, below the £150,000 the team pays.
    assert.isBelow(gbp(expected.p75), 150_000)
    assert.equal(atlasLine.position, 'above')
    assert.equal(atlasLine.positionText, 'Above the typical range')
    const birch = page.lines.find((line: Any) => line.provider === 'Birch Independent Research')
    assert.equal(birch.position, 'unknown')
    assert.equal(birch.n, 'fewer than 5')
    assert.equal(birch.positionText, INSUFFICIENT)
  })

  test('a team without Research Spend Analytics is refused', async ({ client }) => {
    const { team } = await rsaTeam({ modules: [MODULES.marketDataContracts] })
    const response = await client.get('/rsa/rate-card').loginAs(await rsaMember(team))
    response.assertStatus(403)
  })
})
