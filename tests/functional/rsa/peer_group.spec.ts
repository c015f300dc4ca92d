import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { MODULES } from '#shared/modules'
import db from '@adonisjs/lucid/services/db'
import { recompute, researchProvider, rsaBudget, rsaMember, rsaTeam } from '#tests/helpers/rsa'
import {
  metricKey,
  noiseFactor,
  peerPositionSentence,
  publish,
  quantile,
} from '#services/rsa/peer_statistics'

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

/**
 * A peer quantile by hand: each peer's stored value times its noise factor, in the order of
 * the stored values, interpolated, then published to three significant figures.
 */
async function noisedQuantile(year: number, viewerTeamId: number, metric: string, q: number) {
  const rows = await db
    .from('rsa_team_metrics')
    .where('year', year)
    .whereNot('team_id', viewerTeamId)
    .select('team_id', metric)
  const ordered = rows
    .map((row) => ({ team: Number(row.team_id), value: Number(row[metric]) }))
    .sort((a, b) => a.value - b.value || a.team - b.team)
    .map((row) => row.value * noiseFactor(row.team, metricKey(year, metric)))
  return publish(quantile(ordered, q))
}

async function peerGroup(client: Any, user: Any, query: Record<string, unknown> = {}) {
  const response = await client.get('/rsa/peer-group').qs(query).loginAs(user).withInertia()
  response.assertStatus(200)
  return { page: (response.inertiaProps as Any).page, text: response.text() }
}

test.group('RSA peer group', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('research intensity against the default group, by hand', async ({ client, assert }) => {
    const { member, viewer } = await peerWorld()
    const { page } = await peerGroup(client, member)
    assert.equal(page.mode, 'default')
    // Counts are banded, categories counted only from five firms.
    assert.equal(page.composition.n, '10–19')
    assert.deepEqual(page.composition.domiciles, [{ label: 'UK', count: '10–19' }])
    const bps = page.metrics.find((metric: Any) => metric.key === 'research_bps')
    assert.equal(bps.n, '10–19')
    assert.closeTo(bps.you, 0.15, 0.0001)
    // 0.155, 0.1275 and 0.1825 bps on the stored values; what is shown is noise-infused.
    const id = viewer.team.id
    assert.equal(bps.median, await noisedQuantile(page.year, id, 'research_bps', 0.5))
    // A quartile never crosses the median (noise can swap close neighbours).
    const p25 = await noisedQuantile(page.year, id, 'research_bps', 0.25)
    const p75 = await noisedQuantile(page.year, id, 'research_bps', 0.75)
    assert.equal(bps.p25, Math.min(p25!, bps.median))
    assert.equal(bps.p75, Math.max(p75!, bps.median))
    assert.closeTo(bps.median, 0.155, 0.155 * 0.12)
    assert.notEqual(bps.median, 0.155)
    // Six peers above 0.15 bps and one equal: (6 + 0.5) / 12 = 54% on the stored values; the
    // position is taken against the same noise-infused values as the quartiles.
    const rows = await db
      .from('rsa_team_metrics')
      .where('year', page.year)
      .whereNot('team_id', id)
      .select('team_id', 'research_bps')
    const noised = rows.map(
      (row) =>
        Number(row.research_bps) *
        noiseFactor(Number(row.team_id), metricKey(page.year, 'research_bps'))
    )
    const above = noised.filter((value) => value > 0.15).length
    assert.equal(bps.position, peerPositionSentence((100 * above) / 12))
    const providers = page.metrics.find((metric: Any) => metric.key === 'providers_paid')
    assert.closeTo(providers.median, 1, 0.12)
    assert.equal(providers.you, 1)
    const perHead = page.metrics.find((metric: Any) => metric.key === 'spend_per_professional')
    // £150,000 over 10 professionals, in GBP.
    assert.equal(perHead.you, 15_000)
  })

  test('between 5 and 9 peers: a median without quartiles or ranks', async ({ client, assert }) => {
    const { member } = await peerWorld(7)
    const { page } = await peerGroup(client, member)
    const bps = page.metrics.find((metric: Any) => metric.key === 'research_bps')
    assert.equal(bps.n, '5–9')
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
    // Never how many: "0 firms" next to "1 firm" would say that one firm answers the criteria.
    assert.match(refused.page.refused, /has fewer than 5 firms; at least 5 are needed/)
    assert.lengthOf(refused.page.metrics, 0)
    assert.isNull(refused.page.composition)
    const custom = await peerGroup(client, member, { domiciles: ['UK'], tiers: ['10-50'] })
    assert.equal(custom.page.composition.n, '10–19')
    // A custom group's composition is its criteria: no card that two groups could tell apart.
    assert.deepEqual(custom.page.composition.domiciles, [])
    assert.deepEqual(custom.page.composition.firmTypes, [])
  })

  test('kept until the statistics are recomputed, then computed again', async ({
    client,
    assert,
  }) => {
    const { member, viewer } = await peerWorld()
    const before = await peerGroup(client, member)
    const median = (page: Any) =>
      page.metrics.find((metric: Any) => metric.key === 'research_bps').median
    const atlas = await researchProvider('Late Joiner Research', 'independent')
    const late = await rsaTeam({ currency: 'USD', totalAum: 20e9, activeAum: 10e9 })
    await rsaBudget(late.team, late.currencyId, [
      { provider: atlas, price: 50_000, paid: [50_000] },
    ])
    // Stored, but not yet in the statistics: the page is unchanged until the recompute.
    const stored = await peerGroup(client, member)
    assert.equal(median(stored.page), median(before.page))
    await recompute()
    const recomputed = await peerGroup(client, member)
    // The thirteenth firm is in the recomputed median, by hand.
    assert.equal(
      median(recomputed.page),
      await noisedQuantile(recomputed.page.year, viewer.team.id, 'research_bps', 0.5)
    )
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
