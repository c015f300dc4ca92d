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

type Any = any

/** GBP 1 = USD 1.27 in the test rates: USD 1 = GBP 1 ÷ 1.27. */
const USD_TO_GBP = 1 / 1.27
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits

/**
 * The world the peer interactions tests compute by hand (2024):
 *
 * - the viewer (GBP, 10 investment professionals) pays Atlas £100,000 ($127,000) and records
 *   10 analyst calls and 50 reads with it (60 interactions, 30 + 10 = 40 weighted); it pays
 *   Birch £20,000 ($25,400) and has 4 one-to-one meetings with it (4, 20 weighted);
 * - six USD peers (10 professionals each) pay Atlas $100,000, $120,000 … $200,000 and record
 *   5, 10 … 30 analyst calls (15, 30 … 90 weighted): medians 17.5 interactions, 52.5 weighted,
 *   5.25 weighted per professional, and per 1,000 USD paid 0.15, 0.25, 0.3214, 0.375, 0.4167,
 *   0.45 → median (0.3214 + 0.375) ÷ 2;
 * - three of them also pay Birch $40,000 without recording interactions with it: n = 3;
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

async function pageProps(client: Any, user: Any, query = '') {
  const response = await client.get(`/rsa/peer-interactions${query}`).loginAs(user).withInertia()
  response.assertStatus(200)
  return (response.inertiaProps as Any).page
}

const perThousandUsd = [0, 1, 2, 3, 4, 5].map(
  (index) => (15 * (index + 1)) / ((100_000 + index * 20_000) / 1000)
)
const peerMedianPerThousandUsd = (perThousandUsd[2] + perThousandUsd[3]) / 2

test.group('RSA peer interactions › figures computed by hand', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(30_000)

  test('a provider with six peers: each measure against the peer median', async ({
    client,
    assert,
  }) => {
    const { member } = await interactionsWorld()
    const page = await pageProps(client, member)
    assert.equal(page.currency.code, 'GBP')
    const atlas = page.rows.find((row: Any) => row.provider === 'Atlas Global Markets')
    assert.equal(atlas.spend, 100_000)
    // The team that records no interaction is left out: 6 peers, not 7.
    assert.equal(atlas.peers, 6)
    assert.deepEqual(atlas.interactions, { value: 60, median: 17.5, n: 6, message: null })
    assert.deepEqual(atlas.weighted, { value: 40, median: 52.5, n: 6, message: null })
    // 5.25, shown to one decimal.
    assert.deepEqual(atlas.perProfessional, { value: 4, median: 5.3, n: 6, message: null })
    // 40 weighted for £100,000: 0.4 per £1,000 (= 40 ÷ 127 per $1,000, ÷ the USD → GBP rate).
    assert.equal(atlas.perThousand.value, 0.4)
    assert.equal(atlas.perThousand.median, round(peerMedianPerThousandUsd / USD_TO_GBP, 2))
    assert.equal(atlas.perThousand.median, 0.44)
    assert.equal(atlas.perThousand.n, 6)
  })

  test('per 1,000 paid is currency-neutral: in USD the same position', async ({
    client,
    assert,
  }) => {
    const { member } = await interactionsWorld()
    const currencies = await client.get('/api/currencies').loginAs(member)
    const usd = currencies.body().currencies.find((entry: Any) => entry.code === 'USD').id
    const page = await pageProps(client, member, `?currency=${usd}`)
    const atlas = page.rows.find((row: Any) => row.provider === 'Atlas Global Markets')
    assert.equal(atlas.spend, 127_000)
    assert.equal(atlas.perThousand.value, round(40 / 127, 2))
    assert.equal(atlas.perThousand.median, round(peerMedianPerThousandUsd, 2))
    // Counts do not depend on the currency.
    assert.equal(atlas.weighted.median, 52.5)
  })

  test('below five peers: no median, "Insufficient peer data (n = 3)"', async ({
    client,
    assert,
  }) => {
    const { member } = await interactionsWorld()
    const page = await pageProps(client, member)
    const birch = page.rows.find((row: Any) => row.provider === 'Birch Independent Research')
    assert.equal(birch.peers, 3)
    for (const key of ['interactions', 'weighted', 'perThousand', 'perProfessional']) {
      assert.isNull(birch[key].median, key)
      assert.equal(birch[key].message, 'Insufficient peer data (n = 3)', key)
    }
    assert.equal(birch.interactions.value, 4)
    assert.equal(birch.weighted.value, 4 * INTERACTION_WEIGHTS.one_to_one)
    assert.equal(birch.mixPeers.message, 'Insufficient peer data (n = 0)')
    assert.isTrue(birch.mix.every((entry: Any) => entry.peerMedian === null))
  })

  test('mix by type and the shares of spend and use', async ({ client, assert }) => {
    const { member } = await interactionsWorld()
    const page = await pageProps(client, member)
    const atlas = page.rows.find((row: Any) => row.provider === 'Atlas Global Markets')
    const mix = Object.fromEntries(atlas.mix.map((entry: Any) => [entry.type, entry]))
    assert.deepEqual(Object.keys(mix).sort(), ['analyst_call', 'report_read'])
    assert.equal(mix.analyst_call.count, 10)
    assert.equal(mix.analyst_call.share, round(10 / 60, 4))
    assert.equal(mix.analyst_call.peerMedian, 1)
    assert.equal(mix.report_read.share, round(50 / 60, 4))
    assert.equal(mix.report_read.peerMedian, 0)
    assert.equal(atlas.mixPeers.n, 6)
    // Spend $127,000 of $152,400; weighted 40 of 60.
    assert.equal(atlas.spendShare, round(127_000 / 152_400, 4))
    assert.equal(atlas.usageShare, round(40 / 60, 4))
  })

  test('team totals against every other team recording interactions', async ({
    client,
    assert,
  }) => {
    const { member } = await interactionsWorld()
    const { totals, professionals, weights } = await pageProps(client, member)
    assert.equal(professionals, 10)
    // Peers' totals are their Atlas figures (their Birch lines have no interaction).
    assert.deepEqual(totals.interactions, { value: 64, median: 17.5, n: 6, message: null })
    assert.deepEqual(totals.weighted, { value: 60, median: 52.5, n: 6, message: null })
    assert.equal(totals.perProfessional.value, 6)
    // 60 weighted for £120,000: 0.5 per £1,000. Peers 0–2 also paid Birch $40,000.
    assert.equal(totals.perThousand.value, 0.5)
    const peerTotals = [0, 1, 2, 3, 4, 5]
      .map(
        (index) =>
          (15 * (index + 1)) / ((100_000 + index * 20_000 + (index < 3 ? 40_000 : 0)) / 1000)
      )
      .sort((a, b) => a - b)
    assert.equal(
      totals.perThousand.median,
      round((peerTotals[2] + peerTotals[3]) / 2 / USD_TO_GBP, 2)
    )
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
    const { member, peers } = await interactionsWorld()
    const page = await pageProps(client, member)
    assert.lengthOf(page.rows, 2)
    const empty = await pageProps(client, member, '?year=2022')
    assert.lengthOf(empty.rows, 0)
    // A peer sees its own figures, compared with the viewer and the five other peers.
    const peer = await rsaMember(peers[0].team)
    const theirs = await pageProps(client, peer)
    const atlas = theirs.rows.find((row: Any) => row.provider === 'Atlas Global Markets')
    assert.equal(atlas.interactions.value, 5)
    assert.equal(atlas.peers, 6)
    // Interactions of the viewer 60 and peers 10, 15, 20, 25, 30: median 22.5.
    assert.equal(atlas.interactions.median, 22.5)
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
