import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { MODULES } from '#shared/modules'
import { recompute, researchProvider, rsaBudget, rsaMember, rsaTeam } from '#tests/helpers/rsa'

type Any = any

/**
 * Twelve USD peers (active AUM $10bn, long-only, UK) paying $100,000, $110,000 … $210,000, so
 * research intensity 0.10 … 0.21 bps; the viewer (GBP, active £10bn = $12.7bn) pays £150,000 =
 * $190,500: 0.15 bps.
 */
async function peerWorld(peerCount = 12) {
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const viewer = await rsaTeam({ currency: 'GBP', totalAum: 30e9, activeAum: 10e9 })
  await rsaBudget(viewer.team, viewer.currencyId, [
    { provider: atlas, price: 150_000, paid: [150_000] },
  ])
  const peers = []
  for (let index = 0; index < peerCount; index++) {
    const peer = await rsaTeam({ currency: 'USD', totalAum: 20e9, activeAum: 10e9 })
    await rsaBudget(peer.team, peer.currencyId, [
      { provider: atlas, price: 100_000 + index * 10_000, paid: [100_000 + index * 10_000] },
    ])
    peers.push(peer)
  }
  await recompute()
  return { viewer, peers, member: await rsaMember(viewer.team) }
}

async function peerGroup(client: Any, user: Any, query: Record<string, unknown> = {}) {
  const response = await client.get('/rsa/peer-group').qs(query).loginAs(user).withInertia()
  response.assertStatus(200)
  return { page: (response.inertiaProps as Any).page, text: response.text() }
}

test.group('RSA peer group', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('research intensity against the default group, by hand', async ({ client, assert }) => {
    const { member } = await peerWorld()
    const { page } = await peerGroup(client, member)
    assert.equal(page.mode, 'default')
    assert.equal(page.composition.n, 12)
    assert.deepEqual(page.composition.domiciles, [{ label: 'UK', count: 12 }])
    const bps = page.metrics.find((metric: Any) => metric.key === 'research_bps')
    assert.equal(bps.n, 12)
    assert.closeTo(bps.you, 0.15, 0.0001)
    assert.closeTo(bps.median, 0.155, 0.0001)
    assert.closeTo(bps.p25, 0.1275, 0.0001)
    assert.closeTo(bps.p75, 0.1825, 0.0001)
    // Six peers above 0.15 bps and one equal: (6 + 0.5) / 12 = 54%.
    assert.equal(bps.position, 'cheaper than 54% of peers')
    const providers = page.metrics.find((metric: Any) => metric.key === 'providers_paid')
    assert.equal(providers.median, 1)
    assert.equal(providers.you, 1)
    const perHead = page.metrics.find((metric: Any) => metric.key === 'spend_per_professional')
    // £150,000 over 10 professionals, in GBP.
    assert.equal(perHead.you, 15_000)
  })

  test('between 5 and 9 peers: a median without quartiles or ranks', async ({ client, assert }) => {
    const { member } = await peerWorld(7)
    const { page } = await peerGroup(client, member)
    const bps = page.metrics.find((metric: Any) => metric.key === 'research_bps')
    assert.equal(bps.n, 7)
    assert.isNotNull(bps.median)
    assert.isNull(bps.p25)
    assert.isNull(bps.position)
  })

  test('a custom group of fewer than five firms is refused; criteria narrow the group', async ({
    client,
    assert,
  }) => {
    const { member } = await peerWorld()
    const refused = await peerGroup(client, member, { firmTypes: ['hedge_fund'] })
    assert.equal(refused.page.mode, 'custom')
    assert.match(refused.page.refused, /has 0 firms; at least 5 are needed/)
    assert.lengthOf(refused.page.metrics, 0)
    assert.isNull(refused.page.composition)
    const custom = await peerGroup(client, member, { domiciles: ['UK'], tiers: ['10-50'] })
    assert.equal(custom.page.composition.n, 12)
  })

  test('kept until the statistics are recomputed, then computed again', async ({
    client,
    assert,
  }) => {
    const { member } = await peerWorld()
    const before = await peerGroup(client, member)
    assert.equal(before.page.composition.n, 12)
    const atlas = await researchProvider('Late Joiner Research', 'independent')
    const late = await rsaTeam({ currency: 'USD', totalAum: 20e9, activeAum: 10e9 })
    await rsaBudget(late.team, late.currencyId, [
      { provider: atlas, price: 50_000, paid: [50_000] },
    ])
    // Stored, but not yet in the statistics: the page is unchanged until the recompute.
    const stored = await peerGroup(client, member)
    assert.equal(stored.page.composition.n, 12)
    await recompute()
    const recomputed = await peerGroup(client, member)
    assert.equal(recomputed.page.composition.n, 13)
  })

  test('no peer is ever named', async ({ client, assert }) => {
    const { member, peers } = await peerWorld()
    const { text } = await peerGroup(client, member)
    for (const peer of peers) assert.notInclude(text, peer.team.name)
  })

  test('a team without Research Spend Analytics is refused', async ({ client }) => {
    const { team } = await rsaTeam({ modules: [MODULES.marketDataContracts] })
    const response = await client.get('/rsa/peer-group').loginAs(await rsaMember(team))
    response.assertStatus(403)
  })
})
