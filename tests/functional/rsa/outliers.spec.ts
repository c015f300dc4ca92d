import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { MODULES } from '#shared/modules'
import {
  recompute,
  researchProvider,
  rsaBudget,
  rsaInteractions,
  rsaMember,
  rsaTeam,
} from '#tests/helpers/rsa'
import { abbreviateAmount } from '#shared/money'
import { publish } from '#services/rsa/peer_statistics'
import { noisedFigures } from '#tests/helpers/rsa_noise'

type Any = any

/**
 * The world the outliers tests compute by hand (2024, every team in USD and in the 10–50bn
 * tier, so that no conversion blurs the figures; one test shows the page in GBP):
 *
 * - ten peers pay Atlas (bulge bracket) $40,000, $60,000 … $220,000 for written research (on
 *   the stored prices median $130,000, p25 $85,000, p75 $175,000) and Cedar (bulge bracket)
 *   $140,000, $142,000 … $158,000 (median $149,000, p25 $144,500, p75 $153,500); each peer
 *   records 7 analyst calls with Atlas (21 weighted): cost per weighted interaction
 *   (40,000 + 20,000·i) ÷ 21, median 130,000 ÷ 21 = 6,190.48 on the stored figures;
 * - three peers pay Birch (independent) $40,000 for written research (too few for a benchmark
 *   at any level of the ladder), five pay Fjord (independent) $20,000 for analyst access (a
 *   median, no quartiles);
 * - the viewer pays Atlas $190,000 (budget $180,000; contract ending 31 Dec 2024, 60 days'
 *   notice), Cedar $50,000, Birch $40,000, and has Fjord at $26,000 (budget 0, nothing paid,
 *   contract to 30 Jun 2025); it records with Atlas 1 meeting + 2 calls in October (11
 *   weighted), with Cedar 20 model downloads in September (40), with Birch 5 reads in March
 *   (1) and, in the second half, 2 reads not valued and 1 corporate access meeting (0.4 and 0),
 *   3 calls with Delta (no budget line, 9) and 2 calls + 10 reads with Echo (no line, 8).
 *
 * Peer figures are noise-infused (each peer's value times a factor 5–12% above or below 1), so
 * the tests compute them by hand (`benchmarkOf`, `costMedian`), and the peers' prices are set so
 * that every rule fires, or does not, whatever the factors (the worst cases are in the tests):
 * the Atlas peers spread wide and low enough that the viewer's $190,000 is at least 30% above
 * their median yet inside the Tukey fences, the Cedar peers close enough that $50,000 is always
 * below the lower fence and below half the p25, and the Atlas peers record few enough calls
 * that the viewer's cost per weighted interaction is always more than twice, never four times,
 * their median.
 */
const ATLAS_PEER_PRICES = Array.from({ length: 10 }, (_, index) => 40_000 + index * 20_000)
const CEDAR_PEER_PRICES = Array.from({ length: 10 }, (_, index) => 140_000 + index * 2_000)
const ATLAS_PEER_CALLS = 7
async function outliersWorld() {
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const cedar = await researchProvider('Cedar Securities', 'bulge_bracket')
  const birch = await researchProvider('Birch Independent Research', 'independent')
  const fjord = await researchProvider('Fjord Insight', 'independent')
  const delta = await researchProvider('Delta Experts', 'expert_network')
  const echo = await researchProvider('Echo Macro', 'macro_consultancy')

  const viewer = await rsaTeam({ currency: 'USD', totalAum: 30e9 })
  const { lines } = await rsaBudget(viewer.team, viewer.currencyId, [
    { provider: atlas, price: 190_000, budget: 180_000, paid: [190_000] },
    { provider: cedar, price: 50_000, paid: [50_000] },
    { provider: birch, price: 40_000, paid: [40_000] },
    {
      provider: fjord,
      serviceType: 'analyst_access',
      price: 26_000,
      budget: 0,
      contractEnd: '2025-06-30',
      renewalNoticeDays: 60,
    },
  ])
  await rsaInteractions(
    viewer.team,
    atlas,
    { one_to_one: 1, analyst_call: 2 },
    { on: '2024-10-02' }
  )
  await rsaInteractions(viewer.team, cedar, { model_download: 20 }, { on: '2024-09-10' })
  await rsaInteractions(viewer.team, birch, { report_read: 5 }, { on: '2024-03-15' })
  await rsaInteractions(viewer.team, birch, { report_read: 2 }, { on: '2024-10-20', valued: false })
  await rsaInteractions(viewer.team, birch, { corporate_access: 1 }, { on: '2024-11-05' })
  await rsaInteractions(viewer.team, delta, { analyst_call: 3 })
  await rsaInteractions(viewer.team, echo, { analyst_call: 2, report_read: 10 })

  const peers = []
  for (let index = 0; index < 10; index++) {
    const peer = await rsaTeam({ currency: 'USD', totalAum: 20e9 })
    const price = ATLAS_PEER_PRICES[index]
    const peerLines: Parameters<typeof rsaBudget>[2] = [
      { provider: atlas, price, paid: [price] },
      { provider: cedar, price: CEDAR_PEER_PRICES[index] },
    ]
    if (index < 3) peerLines.push({ provider: birch, price: 40_000, paid: [40_000] })
    if (index < 5) {
      peerLines.push({ provider: fjord, price: 20_000, serviceType: 'analyst_access' })
    }
    await rsaBudget(peer.team, peer.currencyId, peerLines)
    await rsaInteractions(peer.team, atlas, { analyst_call: ATLAS_PEER_CALLS })
    peers.push(peer)
  }
  await recompute()
  const member = await rsaMember(viewer.team)
  const [atlasLine, cedarLine, birchLine, fjordLine] = lines
  return {
    providers: { atlas, cedar, birch, fjord, delta, echo },
    lines: { atlas: atlasLine, cedar: cedarLine, birch: birchLine, fjord: fjordLine },
    viewer,
    peers,
    member,
  }
}

async function outliersProps(client: Any, user: Any, query = '') {
  const response = await client.get(`/rsa/outliers${query}`).loginAs(user).withInertia()
  response.assertStatus(200)
  return (response.inertiaProps as Any).page
}

function acknowledge(client: Any, user: Any, body: Record<string, unknown>) {
  return client
    .post('/rsa/outliers/acknowledge')
    .loginAs(user)
    .withCsrfToken()
    .header('accept', 'application/json')
    .json(body)
    .redirects(0)
}

const find = (page: Any, rule: string, subject: string) =>
  page.findings.find((entry: Any) => entry.rule === rule && entry.subject === subject)

type World = Awaited<ReturnType<typeof outliersWorld>>

const inUsd = (amount: number) => abbreviateAmount(amount, 'USD')
/** Peer prices are shown to the nearest 1,000 (of USD here). */
// Peer amounts leave the server to three significant figures.
const published = (amount: number) => publish(amount)!

/**
 * A written research line's benchmark by hand, as the viewer sees it (the provider in the
 * viewer's tier: the ten peers): the peers' stored prices times their noise factors, in the
 * order of the stored prices; the median unrounded (what percentages and differences are
 * computed from), the quartiles rounded as shown, and the Tukey fences from those.
 */
function benchmarkOf(world: World, providerId: number, prices: number[]) {
  const key = `2024|line|${providerId}|written_research|fixed_fee|full`
  const figures = noisedFigures(
    world.peers.map((peer, index) => ({ team: peer.team.id, value: prices[index], key }))
  )
  const p25 = published(figures.p25)
  const p75 = published(figures.p75)
  return {
    median: figures.median,
    p25,
    p75,
    lower: p25 - 1.5 * (p75 - p25),
    upper: p75 + 1.5 * (p75 - p25),
  }
}

/** The price against the median, as a percentage to one decimal. */
const percentage = (price: number, median: number) =>
  Math.round(((price - median) / median) * 1000) / 10

/** The peers' median cost per weighted interaction with bulge-bracket banks, by hand. */
function costMedian(world: World) {
  const key = `2024|provider|${world.providers.atlas.id}|cost_per_interaction`
  return noisedFigures(
    world.peers.map((peer, index) => ({
      team: peer.team.id,
      value: ATLAS_PEER_PRICES[index] / (3 * ATLAS_PEER_CALLS),
      key,
    }))
  ).median
}

test.group('RSA outliers › the eight rules by hand', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(30_000)

  test('exactly the findings the rules define, and nothing else', async ({ client, assert }) => {
    const { member, lines, providers } = await outliersWorld()
    const page = await outliersProps(client, member)
    assert.equal(page.year, 2024)
    assert.equal(page.currency.code, 'USD')
    assert.equal(page.materiality, 10_000)
    assert.deepEqual(page.usageWindow, { from: '2024-07-01', to: '2024-12-31' })
    assert.equal(page.referenceDate, '2024-12-31')
    const keys = page.findings.map((entry: Any) => `${entry.rule}|${entry.subject}`).sort()
    assert.deepEqual(
      keys,
      [
        `price_outlier|line:${lines.atlas.id}`,
        `price_outlier|line:${lines.cedar.id}`,
        `suspiciously_cheap|line:${lines.cedar.id}`,
        `paid_unused|provider:${providers.birch.id}`,
        `used_unpaid|provider:${providers.delta.id}`,
        `cost_per_interaction|provider:${providers.atlas.id}`,
        `budget_overrun|line:${lines.atlas.id}`,
        `budget_overrun|budget`,
        `wallet_usage_mismatch|provider:${providers.atlas.id}`,
        `wallet_usage_mismatch|provider:${providers.birch.id}`,
        `wallet_usage_mismatch|provider:${providers.cedar.id}`,
        `renewal_due|line:${lines.atlas.id}`,
      ].sort()
    )
    // Every finding says what it is about and why.
    for (const entry of page.findings) {
      assert.isString(entry.ruleLabel)
      assert.isString(entry.subjectLabel)
      assert.isString(entry.valueText)
      assert.isString(entry.thresholdText)
      assert.include(['high', 'medium', 'low'], entry.severity)
      assert.match(entry.explanation, /\.$/)
      assert.isNull(entry.acknowledgement)
    }
    // High first.
    const ranks = page.findings.map(
      (entry: Any) => ({ high: 0, medium: 1, low: 2 })[entry.severity as 'high']
    )
    assert.deepEqual(ranks, [...ranks].sort())
  })

  test('1. price outlier: ±25% and material, or outside the Tukey fences', async ({
    client,
    assert,
  }) => {
    const world = await outliersWorld()
    const { member, lines, providers } = world
    const page = await outliersProps(client, member)

    // Atlas: $190,000 against the noise-infused median of $130,000 (stored). The median is at
    // most 130,000 × 1.12 = 145,600, so the price is always at least 30.5% above it, and more
    // than 10,000 above: material. The quartiles shown are at most 95,000 (85,000 × 1.12) and
    // at least 154,000 (175,000 × 0.88), so the upper fence is at least 2.5 × 154,000 −
    // 1.5 × 95,000 = 242,500: the price is always inside the fences.
    const atlasBenchmark = benchmarkOf(world, providers.atlas.id, ATLAS_PEER_PRICES)
    const atlasPercentage = percentage(190_000, atlasBenchmark.median)
    const atlasDiff = Math.round((190_000 - atlasBenchmark.median) * 100) / 100
    assert.isAtLeast(atlasPercentage, 30)
    assert.isBelow(190_000, atlasBenchmark.upper)
    const atlas = find(page, 'price_outlier', `line:${lines.atlas.id}`)
    assert.equal(atlas.value, atlasPercentage)
    assert.equal(atlas.threshold, 25)
    // Inside the fences: high from +50%, medium below (where the noise puts the median).
    assert.equal(atlas.severity, atlasPercentage >= 50 ? 'high' : 'medium')
    assert.equal(atlas.subjectLabel, 'Atlas Global Markets · Written research')
    assert.equal(
      atlas.valueText,
      `+${atlasPercentage.toFixed(1)}% (${inUsd(atlasDiff)} above the median)`
    )
    assert.equal(
      atlas.thresholdText,
      `±25% and USD 10,000; or outside ${inUsd(Math.max(0, atlasBenchmark.lower))} – ${inUsd(atlasBenchmark.upper)} (Tukey fences)`
    )
    // The median as shown (to the nearest 1,000), and the count behind it as a band, never the
    // exact number of firms.
    assert.include(
      atlas.explanation,
      `the peer median is ${inUsd(published(atlasBenchmark.median))} (n = 10–19; provider, same AUM tier)`
    )
    assert.notInclude(atlas.explanation, 'below the lower Tukey fence')

    // Cedar: $50,000 against a median of $149,000 (stored), at least 61.9% below it. The p25
    // shown is at least 127,000 (144,500 × 0.88), the p75 at most 172,000 (153,500 × 1.12), so
    // the lower fence is at least 2.5 × 127,000 − 1.5 × 172,000 = 59,500: Cedar is always below
    // it. Low (a cheap price).
    const cedarBenchmark = benchmarkOf(world, providers.cedar.id, CEDAR_PEER_PRICES)
    assert.isAbove(cedarBenchmark.lower, 50_000)
    const cedar = find(page, 'price_outlier', `line:${lines.cedar.id}`)
    assert.equal(cedar.value, percentage(50_000, cedarBenchmark.median))
    assert.isAtMost(cedar.value, -60)
    assert.equal(cedar.severity, 'low')
    assert.equal(
      cedar.thresholdText,
      `±25% and USD 10,000; or outside ${inUsd(Math.max(0, cedarBenchmark.lower))} – ${inUsd(cedarBenchmark.upper)} (Tukey fences)`
    )
    assert.include(cedar.explanation, 'below the lower Tukey fence')
    // Fjord: $26,000 against five peers' $20,000: the median is at least 17,600, so the price
    // is at most 8,400 above it: not material (and no quartiles, so no fences).
    assert.isUndefined(find(page, 'price_outlier', `line:${lines.fjord.id}`))
  })

  test('2. suspiciously cheap: below half the peer p25', async ({ client, assert }) => {
    const world = await outliersWorld()
    const { member, lines, providers } = world
    const page = await outliersProps(client, member)
    const cedar = find(page, 'suspiciously_cheap', `line:${lines.cedar.id}`)
    // Half of the p25 as shown (to the nearest 1,000): $144,500 on the stored prices, at least
    // 144,500 × 0.88 = 127,160 with noise (127,000 shown), so the threshold is always at least
    // $63,500, well above the $50,000 paid.
    const { p25 } = benchmarkOf(world, providers.cedar.id, CEDAR_PEER_PRICES)
    assert.equal(cedar.value, 50_000)
    assert.equal(cedar.threshold, p25 / 2)
    assert.isAbove(cedar.threshold, 63_000)
    assert.equal(
      cedar.thresholdText,
      `below ${inUsd(p25 / 2)} (half the peer p25 of ${inUsd(p25)})`
    )
    assert.include(cedar.explanation, `(p25 ${inUsd(p25)}, n = 10–19)`)
    assert.equal(cedar.severity, 'high')
    // Atlas's $190,000 is far above half of its p25 (at most 95,000 shown ÷ 2 = 47,500).
    assert.isUndefined(find(page, 'suspiciously_cheap', `line:${lines.atlas.id}`))
  })

  test('3. paid but unused: nothing valued in the last two quarters', async ({
    client,
    assert,
  }) => {
    const { member, providers } = await outliersWorld()
    const page = await outliersProps(client, member)
    // Birch: reads in March only; October reads are not valued, corporate access has no value.
    const birch = find(page, 'paid_unused', `provider:${providers.birch.id}`)
    assert.equal(birch.value, 40_000)
    assert.equal(birch.severity, 'high')
    assert.include(birch.explanation, 'from 2024-07-01 to 2024-12-31')
    assert.include(birch.explanation, 'last recorded interaction 2024-11-05')
    // Atlas and Cedar were used in the second half.
    assert.isUndefined(find(page, 'paid_unused', `provider:${providers.atlas.id}`))
    assert.isUndefined(find(page, 'paid_unused', `provider:${providers.cedar.id}`))
  })

  test('4. used but unpaid: 3 substantive interactions without a budget line', async ({
    client,
    assert,
  }) => {
    const { member, providers } = await outliersWorld()
    const page = await outliersProps(client, member)
    const delta = find(page, 'used_unpaid', `provider:${providers.delta.id}`)
    assert.equal(delta.value, 3)
    assert.equal(delta.threshold, 3)
    assert.equal(delta.subjectLabel, 'Delta Experts')
    // Echo: 2 calls (the 10 reads are not substantive).
    assert.isUndefined(find(page, 'used_unpaid', `provider:${providers.echo.id}`))
  })

  test('5. cost per weighted interaction above twice the peer median of the type', async ({
    client,
    assert,
  }) => {
    const world = await outliersWorld()
    const page = await outliersProps(client, world.member)
    const atlas = find(page, 'cost_per_interaction', `provider:${world.providers.atlas.id}`)
    // 190,000 ÷ 11 = 17,272.73 against twice the peers' median of 130,000 ÷ 21 = 6,190.48
    // (stored): with noise the median is 5,447.62 to 6,933.33, so twice it is at most 13,866.67
    // (the rule always fires) and four times it at least 21,790.48 (always medium, never high).
    const median = costMedian(world)
    const shown = publish(median)!
    assert.equal(atlas.value, Math.round(190_000 / 11))
    // Twice the median as published (three significant figures), never to the unit.
    assert.equal(atlas.threshold, 2 * shown)
    assert.equal(atlas.thresholdText, `2 × peer median ${inUsd(shown)} (n = 10–19)`)
    assert.equal(
      atlas.valueText,
      `${inUsd(Math.round(190_000 / 11))} per weighted interaction (${(190_000 / 11 / median).toFixed(1)} × the median)`
    )
    assert.include(atlas.explanation, `peers pay a median ${inUsd(shown)}`)
    assert.equal(atlas.severity, 'medium')
    // Cedar: 50,000 ÷ 40 = 1,250.
    assert.isUndefined(find(page, 'cost_per_interaction', `provider:${world.providers.cedar.id}`))
  })

  test('6. budget overrun per line and for the whole budget', async ({ client, assert }) => {
    const { member, lines } = await outliersWorld()
    const page = await outliersProps(client, member)
    const line = find(page, 'budget_overrun', `line:${lines.atlas.id}`)
    assert.equal(line.value, 190_000)
    assert.equal(line.threshold, 180_000)
    // 10,000 over 180,000 = 5.6%.
    assert.equal(line.severity, 'medium')
    const whole = find(page, 'budget_overrun', 'budget')
    // Budget 180,000 + 50,000 + 40,000 + 0; paid 190,000 + 50,000 + 40,000.
    assert.equal(whole.value, 280_000)
    assert.equal(whole.threshold, 270_000)
    assert.equal(whole.subjectLabel, 'Whole budget 2024')
    assert.equal(whole.severity, 'high')
  })

  test('7. spend share against weighted interaction share', async ({ client, assert }) => {
    const { member, providers } = await outliersWorld()
    const page = await outliersProps(client, member)
    // Spend 190,000 + 50,000 + 40,000 = 280,000; weighted 11 + 40 + 1.4 + 9 + 8 = 69.4.
    const ratio = (spend: number, weighted: number) =>
      Math.round((spend / 280_000 / (weighted / 69.4)) * 100) / 100
    const atlas = find(page, 'wallet_usage_mismatch', `provider:${providers.atlas.id}`)
    assert.equal(atlas.value, ratio(190_000, 11))
    assert.equal(atlas.value, 4.28)
    assert.equal(atlas.threshold, 1.5)
    const cedar = find(page, 'wallet_usage_mismatch', `provider:${providers.cedar.id}`)
    assert.equal(cedar.value, ratio(50_000, 40))
    assert.equal(cedar.value, 0.31)
    assert.equal(cedar.threshold, 0.67)
    assert.equal(cedar.severity, 'low')
    const birch = find(page, 'wallet_usage_mismatch', `provider:${providers.birch.id}`)
    assert.equal(birch.value, ratio(40_000, 1.4))
    // Delta and Echo: nothing paid.
    assert.isUndefined(find(page, 'wallet_usage_mismatch', `provider:${providers.delta.id}`))
  })

  test('8. renewal due inside the notice period at an Above or Outlier price', async ({
    client,
    assert,
  }) => {
    const { member, lines } = await outliersWorld()
    const page = await outliersProps(client, member)
    const atlas = find(page, 'renewal_due', `line:${lines.atlas.id}`)
    // Ends 2024-12-31, the reference date of a past year: 0 days left of 60; status Outlier
    // (at least +30.5% whatever the noise: see rule 1).
    assert.equal(atlas.value, 0)
    assert.equal(atlas.threshold, 60)
    assert.equal(atlas.severity, 'high')
    // Fjord is priced above its median too (at least +16%, whatever the noise) but ends 181
    // days after the year end.
    assert.isUndefined(find(page, 'renewal_due', `line:${lines.fjord.id}`))
  })

  test('in another display currency: amounts and materiality converted, same findings', async ({
    client,
    assert,
  }) => {
    const { member, lines } = await outliersWorld()
    const usd = await outliersProps(client, member)
    const currencies = await client.get('/api/currencies').loginAs(member)
    const gbp = currencies.body().currencies.find((entry: Any) => entry.code === 'GBP').id
    const page = await outliersProps(client, member, `?currency=${gbp}`)
    assert.equal(page.currency.code, 'GBP')
    assert.equal(page.materiality, Math.round((10_000 / 1.27) * 100) / 100)
    assert.deepEqual(
      page.findings.map((entry: Any) => entry.key).sort(),
      usd.findings.map((entry: Any) => entry.key).sort()
    )
    const overrun = find(page, 'budget_overrun', `line:${lines.atlas.id}`)
    assert.equal(overrun.value, Math.round((190_000 / 1.27) * 100) / 100)
    assert.include(overrun.valueText, 'GBP')
  })

  test('a year without data has no finding', async ({ client, assert }) => {
    const { member } = await outliersWorld()
    // Offered (the data starts in 2024, the clock is later), but nothing recorded for it.
    const page = await outliersProps(client, member, '?year=2025')
    assert.lengthOf(page.findings, 0)
    assert.isFalse(page.hasBudget)
  })
})

test.group('RSA outliers › acknowledge and reopen', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(30_000)

  test('acknowledging stores the note, shows who and when; again updates the note', async ({
    client,
    assert,
  }) => {
    const { member, viewer, lines } = await outliersWorld()
    const subject = `line:${lines.atlas.id}`
    const first = await acknowledge(client, member, {
      year: 2024,
      rule: 'price_outlier',
      subject,
      note: '  Three-year deal agreed by the committee.  ',
    })
    first.assertStatus(302)
    assert.equal(first.header('location'), '/rsa/outliers?year=2024')
    let page = await outliersProps(client, member)
    let found = find(page, 'price_outlier', subject)
    assert.equal(found.acknowledgement.note, 'Three-year deal agreed by the committee.')
    assert.equal(found.acknowledgement.by, member.name)
    assert.isString(found.acknowledgement.at)

    const second = await acknowledge(client, member, {
      year: 2024,
      rule: 'price_outlier',
      subject,
      note: 'Renegotiating in Q1.',
    })
    second.assertStatus(302)
    page = await outliersProps(client, member)
    found = find(page, 'price_outlier', subject)
    assert.equal(found.acknowledgement.note, 'Renegotiating in Q1.')
    const rows = await db
      .from('rsa_outlier_acknowledgements')
      .where({ team_id: viewer.team.id })
      .count('* as total')
    assert.equal(Number(rows[0].total), 1)
  })

  test('refuses a short or long note, an unknown rule or year, and writes nothing', async ({
    client,
    assert,
  }) => {
    const { member, viewer, lines } = await outliersWorld()
    const subject = `line:${lines.atlas.id}`
    const cases = [
      { year: 2024, rule: 'price_outlier', subject, note: ' ok ' },
      { year: 2024, rule: 'price_outlier', subject, note: 'x'.repeat(1001) },
      { year: 2024, rule: 'price_outlier', subject },
      { year: 2024, rule: 'gut_feeling', subject, note: 'A fine note.' },
      { year: 1999, rule: 'price_outlier', subject, note: 'A fine note.' },
      { year: 2024, rule: 'price_outlier', subject: 'line:abc', note: 'A fine note.' },
    ]
    for (const body of cases) {
      const response = await acknowledge(client, member, body)
      response.assertStatus(422)
    }
    const short = await acknowledge(client, member, cases[0])
    assert.equal(
      short.body().errors[0].message,
      'The note field must be at least 3 characters long.'
    )
    const rows = await db.from('rsa_outlier_acknowledgements').where({ team_id: viewer.team.id })
    assert.lengthOf(rows, 0)
  })

  test('refuses a subject the rules do not report for the team and year', async ({
    client,
    assert,
  }) => {
    const { member, viewer, lines, providers } = await outliersWorld()
    for (const body of [
      // Fjord's price is not material.
      { rule: 'price_outlier', subject: `line:${lines.fjord.id}` },
      // Echo had only two substantive interactions.
      { rule: 'used_unpaid', subject: `provider:${providers.echo.id}` },
      // Reported in 2024, not in 2025.
      { rule: 'price_outlier', subject: `line:${lines.atlas.id}`, year: 2025 },
      // Another team's line.
      { rule: 'budget_overrun', subject: 'line:999999' },
    ]) {
      const response = await acknowledge(client, member, {
        year: 2024,
        note: 'Explained.',
        ...body,
      })
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'subject')
      assert.match(response.body().errors[0].message, /is not reported for this subject in 20\d\d/)
    }
    const rows = await db.from('rsa_outlier_acknowledgements').where({ team_id: viewer.team.id })
    assert.lengthOf(rows, 0)
  })

  test('reopening deletes the acknowledgement; another team’s id is not found', async ({
    client,
    assert,
  }) => {
    const { member, lines, peers } = await outliersWorld()
    const subject = `line:${lines.atlas.id}`
    await acknowledge(client, member, {
      year: 2024,
      rule: 'renewal_due',
      subject,
      note: 'Renewal already signed.',
    })
    const stored = await db.from('rsa_outlier_acknowledgements').select('id').firstOrFail()

    const outsider = await rsaMember(peers[0].team)
    const refused = await client
      .post(`/rsa/outliers/acknowledgements/${stored.id}/reopen`)
      .loginAs(outsider)
      .withCsrfToken()
      .header('accept', 'application/json')
      .redirects(0)
    refused.assertStatus(404)
    assert.lengthOf(await db.from('rsa_outlier_acknowledgements'), 1)
    // Nor does the other team see it on its own page.
    const theirs = await outliersProps(client, outsider)
    assert.isTrue(theirs.findings.every((entry: Any) => entry.acknowledgement === null))
    assert.lengthOf(theirs.stale, 0)

    const reopened = await client
      .post(`/rsa/outliers/acknowledgements/${stored.id}/reopen`)
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    reopened.assertStatus(302)
    assert.equal(reopened.header('location'), '/rsa/outliers?year=2024')
    assert.lengthOf(await db.from('rsa_outlier_acknowledgements'), 0)
    const page = await outliersProps(client, member)
    assert.isNull(find(page, 'renewal_due', subject).acknowledgement)
  })

  test('an acknowledgement whose finding is no longer reported stays listed as such', async ({
    client,
    assert,
  }) => {
    const { member, lines } = await outliersWorld()
    await acknowledge(client, member, {
      year: 2024,
      rule: 'budget_overrun',
      subject: `line:${lines.atlas.id}`,
      note: 'Top-up approved in June.',
    })
    // The budget is raised: the line no longer overruns.
    await db.from('rsa_budget_lines').where('id', lines.atlas.id).update({ budget_amount: 200_000 })
    const page = await outliersProps(client, member)
    assert.isUndefined(find(page, 'budget_overrun', `line:${lines.atlas.id}`))
    assert.lengthOf(page.stale, 1)
    assert.equal(page.stale[0].subjectLabel, 'Atlas Global Markets · Written research')
    assert.equal(page.stale[0].note, 'Top-up approved in June.')
  })
})

test.group('RSA outliers › modules', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a team without Research Spend Analytics is refused', async ({ client }) => {
    const { team } = await rsaTeam({ modules: [MODULES.marketDataContracts] })
    const member = await rsaMember(team)
    const page = await client.get('/rsa/outliers').loginAs(member)
    page.assertStatus(403)
    const post = await acknowledge(client, member, {
      year: 2024,
      rule: 'budget_overrun',
      subject: 'budget',
      note: 'Explained.',
    })
    post.assertStatus(403)
    const reopen = await client
      .post('/rsa/outliers/acknowledgements/1/reopen')
      .loginAs(member)
      .withCsrfToken()
      .header('accept', 'application/json')
    reopen.assertStatus(403)
  })
})
