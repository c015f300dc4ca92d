import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { MODULES } from '#shared/modules'
import { INTERACTION_WEIGHTS } from '#shared/rsa'
import {
  recompute,
  researchProvider,
  rsaBudget,
  rsaInteractions,
  rsaMember,
  rsaTeam,
} from '#tests/helpers/rsa'
import { publish } from '#services/rsa/peer_statistics'
import { noisedFigures, usdRateTo } from '#tests/helpers/rsa_noise'

type Any = any

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits
const INSUFFICIENT = 'Insufficient peer data (fewer than 5 firms)'

/**
 * The world the peer interactions tests compute by hand (2024):
 *
 * - the viewer (GBP, 10 investment professionals) pays Atlas £100,000 ($127,000) and records
 *   10 analyst calls and 50 reads with it (60 interactions, 30 + 10 = 40 weighted); it pays
 *   Birch £20,000 ($25,400) and has 4 one-to-one meetings with it (4, 20 weighted);
 * - six USD peers (10 professionals each) pay Atlas $100,000, $120,000 … $200,000 and record
 *   5, 10 … 30 analyst calls (15, 30 … 90 weighted): on the stored figures, medians 17.5
 *   interactions, 52.5 weighted, 5.25 weighted per professional, and per 1,000 USD paid 0.15,
 *   0.25, 0.3214, 0.375, 0.4167, 0.45 → (0.3214 + 0.375) ÷ 2. What the page shows is each
 *   peer's figure times its noise factor (by team and measure), in the order of the stored
 *   figures, interpolated and published to three significant figures (`peerMedian` below);
 * - three of them also pay Birch $40,000 without recording interactions with it: fewer than 5;
 * - one more team pays Atlas but records no interaction at all this year: not a peer of usage.
 */
async function interactionsWorld() {
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const birch = await researchProvider('Birch Independent Research', 'independent')
  const viewer = await rsaTeam({ currency: 'GBP', professionals: [4, 6] })
  await rsaBudget(viewer.team, viewer.currencyId, [
    { provider: atlas, price: 100_000, paid: [100_000] },
    { provider: birch, price: 20_000, paid: [20_000] },
  ])
  await rsaInteractions(viewer.team, atlas, { analyst_call: 10, report_read: 50 })
  await rsaInteractions(viewer.team, birch, { one_to_one: 4 })

  const peers = []
  for (let index = 0; index < 6; index++) {
    const peer = await rsaTeam({ currency: 'USD', totalAum: 20e9 })
    const spend = 100_000 + index * 20_000
    const lines: Parameters<typeof rsaBudget>[2] = [
      { provider: atlas, price: spend, paid: [spend] },
    ]
    if (index < 3) lines.push({ provider: birch, price: 40_000, paid: [40_000] })
    await rsaBudget(peer.team, peer.currencyId, lines)
    await rsaInteractions(peer.team, atlas, { analyst_call: 5 * (index + 1) })
    peers.push(peer)
  }
  const silent = await rsaTeam({ currency: 'USD', totalAum: 20e9 })
  await rsaBudget(silent.team, silent.currencyId, [
    { provider: atlas, price: 500_000, paid: [500_000] },
  ])
  await recompute()
  const member = await rsaMember(viewer.team)
  return { atlas, birch, viewer, peers, member }
}

/** Atlas's figures for the peer with this index (0–5): calls 5, 10 … 30. */
const peerAtlas = (index: number) => {
  const spend = 100_000 + index * 20_000
  const interactions = 5 * (index + 1)
  const weighted = 3 * interactions
  return {
    interactions,
    weighted,
    perThousand: weighted / (spend / 1000),
    perProfessional: weighted / 10,
  }
}
type Measure = keyof ReturnType<typeof peerAtlas>

/** The unrounded peer median by hand: stored figures × noise factors, in stored order. */
function peerMedian(teams: number[], values: number[], key: string) {
  return noisedFigures(teams.map((team, index) => ({ team, value: values[index], key }))).median
}

const KEY_OF: Record<Measure, string> = {
  interactions: 'interactions',
  weighted: 'weighted',
  perThousand: 'per_thousand',
  perProfessional: 'per_professional',
}

/** The six peers' median of one Atlas measure, as the viewer sees it (unrounded, per USD). */
function atlasMedian(world: Awaited<ReturnType<typeof interactionsWorld>>, measure: Measure) {
  return peerMedian(
    world.peers.map((peer) => peer.team.id),
    world.peers.map((_, index) => peerAtlas(index)[measure]),
    `2024|provider|${world.atlas.id}|${KEY_OF[measure]}`
  )
}

async function pageProps(client: Any, user: Any, query = '') {
  const response = await client.get(`/rsa/peer-interactions${query}`).loginAs(user).withInertia()
  response.assertStatus(200)
  return (response.inertiaProps as Any).page
}

test.group('RSA peer interactions › figures computed by hand', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(30_000)

  test('a provider with six peers: each measure against the peer median', async ({
    client,
    assert,
  }) => {
    const world = await interactionsWorld()
    const page = await pageProps(client, world.member)
    assert.equal(page.currency.code, 'GBP')
    const atlas = page.rows.find((row: Any) => row.provider === 'Atlas Global Markets')
    assert.equal(atlas.spend, 100_000)
    // The team that records no interaction is left out: 6 peers, not 7 (shown as a band).
    assert.equal(atlas.peers, '5–9')
    assert.deepEqual(atlas.interactions, {
      value: 60,
      median: publish(atlasMedian(world, 'interactions')),
      n: '5–9',
      message: null,
    })
    assert.deepEqual(atlas.weighted, {
      value: 40,
      median: publish(atlasMedian(world, 'weighted')),
      n: '5–9',
      message: null,
    })
    // 40 weighted for 10 professionals: 4.
    assert.deepEqual(atlas.perProfessional, {
      value: 4,
      median: publish(atlasMedian(world, 'perProfessional')),
      n: '5–9',
      message: null,
    })
    // 40 weighted for £100,000: 0.4 per £1,000. The peers' figure is per $1,000, so per £1,000
    // it is divided by the USD → GBP rate.
    const rate = await usdRateTo('GBP')
    assert.equal(atlas.perThousand.value, 0.4)
    assert.equal(atlas.perThousand.median, publish(atlasMedian(world, 'perThousand') / rate))
    assert.equal(atlas.perThousand.n, '5–9')
    // Close to, not exactly, the raw median of 17.5 interactions.
    assert.closeTo(atlas.interactions.median, 17.5, 17.5 * 0.12)
  })

  test('per 1,000 paid is currency-neutral: in USD the same position', async ({
    client,
    assert,
  }) => {
    const world = await interactionsWorld()
    const currencies = await client.get('/api/currencies').loginAs(world.member)
    const usd = currencies.body().currencies.find((entry: Any) => entry.code === 'USD').id
    const page = await pageProps(client, world.member, `?currency=${usd}`)
    const atlas = page.rows.find((row: Any) => row.provider === 'Atlas Global Markets')
    assert.equal(atlas.spend, 127_000)
    assert.equal(atlas.perThousand.value, round(40 / 127, 2))
    assert.equal(atlas.perThousand.median, publish(atlasMedian(world, 'perThousand')))
    // Counts do not depend on the currency: the same figure as in GBP.
    const inGbp = await pageProps(client, world.member)
    const gbpAtlas = inGbp.rows.find((row: Any) => row.provider === 'Atlas Global Markets')
    assert.equal(atlas.weighted.median, publish(atlasMedian(world, 'weighted')))
    assert.equal(atlas.weighted.median, gbpAtlas.weighted.median)
  })

  test('below five peers: no median, "Insufficient peer data (fewer than 5 firms)"', async ({
    client,
    assert,
  }) => {
    const { member } = await interactionsWorld()
    const page = await pageProps(client, member)
    const birch = page.rows.find((row: Any) => row.provider === 'Birch Independent Research')
    // Three peers pay Birch; none records an interaction with it: never how many.
    assert.equal(birch.peers, 'fewer than 5')
    for (const key of ['interactions', 'weighted', 'perThousand', 'perProfessional']) {
      assert.isNull(birch[key].median, key)
      assert.equal(birch[key].n, 'fewer than 5', key)
      assert.equal(birch[key].message, INSUFFICIENT, key)
    }
    assert.equal(birch.interactions.value, 4)
    assert.equal(birch.weighted.value, 4 * INTERACTION_WEIGHTS.one_to_one)
    assert.deepEqual(birch.mixPeers, { n: 'fewer than 5', message: INSUFFICIENT })
    assert.isTrue(birch.mix.every((entry: Any) => entry.peerMedian === null))
  })

  test('mix by type and the shares of spend and use', async ({ client, assert }) => {
    const { member, atlas: provider, peers } = await interactionsWorld()
    const page = await pageProps(client, member)
    const atlas = page.rows.find((row: Any) => row.provider === 'Atlas Global Markets')
    const mix = Object.fromEntries(atlas.mix.map((entry: Any) => [entry.type, entry]))
    assert.deepEqual(Object.keys(mix).sort(), ['analyst_call', 'report_read'])
    assert.equal(mix.analyst_call.count, 10)
    assert.equal(mix.analyst_call.share, round(10 / 60, 4))
    // Every peer's interactions with Atlas are all calls: a share of 1 each, noise-infused.
    const teams = peers.map((peer) => peer.team.id)
    const mixKey = (type: string) => `2024|provider|${provider.id}|mix|${type}`
    assert.equal(
      mix.analyst_call.peerMedian,
      publish(peerMedian(teams, [1, 1, 1, 1, 1, 1], mixKey('analyst_call')))
    )
    assert.closeTo(mix.analyst_call.peerMedian, 1, 0.12)
    assert.equal(mix.report_read.share, round(50 / 60, 4))
    // No peer reads: 0 times any factor is 0.
    assert.equal(mix.report_read.peerMedian, 0)
    assert.deepEqual(atlas.mixPeers, { n: '5–9', message: null })
    // Spend $127,000 of $152,400; weighted 40 of 60.
    assert.equal(atlas.spendShare, round(127_000 / 152_400, 4))
    assert.equal(atlas.usageShare, round(40 / 60, 4))
  })

  test('team totals against every other team recording interactions', async ({
    client,
    assert,
  }) => {
    const { member, peers } = await interactionsWorld()
    const { totals, professionals, weights } = await pageProps(client, member)
    assert.equal(professionals, 10)
    // Peers' totals are their Atlas figures (their Birch lines have no interaction), but the
    // totals are another figure than Atlas's: their own noise factors.
    const teams = peers.map((peer) => peer.team.id)
    const totalMedian = (measure: string, values: number[]) =>
      peerMedian(teams, values, `2024|total|${measure}`)
    const atlasFigures = peers.map((_, index) => peerAtlas(index))
    assert.deepEqual(totals.interactions, {
      value: 64,
      median: publish(
        totalMedian(
          'interactions',
          atlasFigures.map((figures) => figures.interactions)
        )
      ),
      n: '5–9',
      message: null,
    })
    assert.deepEqual(totals.weighted, {
      value: 60,
      median: publish(
        totalMedian(
          'weighted',
          atlasFigures.map((figures) => figures.weighted)
        )
      ),
      n: '5–9',
      message: null,
    })
    assert.equal(totals.perProfessional.value, 6)
    assert.equal(
      totals.perProfessional.median,
      publish(
        totalMedian(
          'per_professional',
          atlasFigures.map((figures) => figures.perProfessional)
        )
      )
    )
    // 60 weighted for £120,000: 0.5 per £1,000. Peers 0–2 also paid Birch $40,000.
    assert.equal(totals.perThousand.value, 0.5)
    const perThousandUsd = atlasFigures.map(
      (figures, index) =>
        figures.weighted / ((100_000 + index * 20_000 + (index < 3 ? 40_000 : 0)) / 1000)
    )
    const rate = await usdRateTo('GBP')
    assert.equal(
      totals.perThousand.median,
      publish(totalMedian('per_thousand', perThousandUsd) / rate)
    )
    assert.equal(totals.perThousand.n, '5–9')
    // The weights shown are the ones used.
    assert.deepEqual(
      Object.fromEntries(weights.map((entry: Any) => [entry.type, entry.weight])),
      INTERACTION_WEIGHTS
    )
  })

  test("another team's figures never appear as a row, and a year without data is empty", async ({
    client,
    assert,
  }) => {
    const { member, peers, viewer, atlas: provider } = await interactionsWorld()
    const page = await pageProps(client, member)
    assert.lengthOf(page.rows, 2)
    // 2025: offered (from the first year with figures, 2024, to this year), with no figures.
    const empty = await pageProps(client, member, '?year=2025')
    assert.equal(empty.year, 2025)
    assert.lengthOf(empty.rows, 0)
    // A peer sees its own figures, compared with the viewer and the five other peers.
    const peer = await rsaMember(peers[0].team)
    const theirs = await pageProps(client, peer)
    const atlas = theirs.rows.find((row: Any) => row.provider === 'Atlas Global Markets')
    assert.equal(atlas.interactions.value, 5)
    assert.equal(atlas.peers, '5–9')
    // Interactions of the viewer 60 and peers 10, 15, 20, 25, 30: 22.5 on the stored figures,
    // (20 and 25, each noise-infused) ÷ 2 as shown.
    assert.equal(
      atlas.interactions.median,
      publish(
        peerMedian(
          [viewer.team.id, ...peers.slice(1).map((entry) => entry.team.id)],
          [60, 10, 15, 20, 25, 30],
          `2024|provider|${provider.id}|interactions`
        )
      )
    )
  })
})

test.group('RSA peer interactions › modules', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a team without Research Spend Analytics is refused', async ({ client }) => {
    const { team } = await rsaTeam({ modules: [MODULES.marketDataContracts] })
    const member = await rsaMember(team)
    const response = await client.get('/rsa/peer-interactions').loginAs(member)
    response.assertStatus(403)
  })
})
