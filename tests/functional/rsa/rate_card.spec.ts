import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { MODULES } from '#shared/modules'
import { budgetsWorld, rsaMember, rsaTeam } from '#tests/helpers/rsa'

type Any = any

const toGbp = (usd: number) => Math.round(usd / 1.27 / 1000) * 1000

test.group('RSA rate card', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('provider type × access × tier cells by hand, and the team placed in its range', async ({
    client,
    assert,
  }) => {
    const { member } = await budgetsWorld()
    const response = await client.get('/rsa/rate-card').loginAs(member).withInertia()
    response.assertStatus(200)
    const page = (response.inertiaProps as Any).page
    assert.equal(page.teamTier, '10-50')
    assert.equal(page.asOf, '2024-12-31')
    const bulge = page.rows.find((row: Any) => row.providerType === 'bulge_bracket')
    assert.equal(bulge.accessType, 'full')
    const tier = bulge.cells.find((cell: Any) => cell.tier === '10-50')
    assert.equal(tier.n, 10)
    assert.equal(tier.median, toGbp(145_000))
    assert.equal(tier.p25, toGbp(122_500))
    assert.equal(tier.p75, toGbp(167_500))
    assert.equal(tier.average, toGbp(145_000))
    assert.equal(bulge.comment, 'All fixed fee.')
    const elsewhere = bulge.cells.find((cell: Any) => cell.tier === '50-100')
    assert.equal(elsewhere.n, 0)
    const independent = page.rows.find((row: Any) => row.providerType === 'independent')
    const small = independent.cells.find((cell: Any) => cell.tier === '10-50')
    assert.isNull(small.median)
    assert.equal(small.message, 'Insufficient peer data (n = 3)')

    const atlas = page.lines.find((line: Any) => line.provider === 'Atlas Global Markets')
    assert.equal(atlas.myPrice, 150_000)
    assert.equal(atlas.position, 'above')
    const birch = page.lines.find((line: Any) => line.provider === 'Birch Independent Research')
    assert.equal(birch.position, 'unknown')
    assert.equal(birch.positionText, 'Insufficient peer data (n = 3)')
  })

  test('a team without Research Spend Analytics is refused', async ({ client }) => {
    const { team } = await rsaTeam({ modules: [MODULES.marketDataContracts] })
    const response = await client.get('/rsa/rate-card').loginAs(await rsaMember(team))
    response.assertStatus(403)
  })
})
