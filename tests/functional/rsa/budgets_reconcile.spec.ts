import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { peerPositionSentence, publish } from '#services/rsa/peer_statistics'
import { rsaBudget, rsaMember, rsaTeam, recompute, researchProvider } from '#tests/helpers/rsa'
import { currentYear } from '#services/calendar/clock'

type Any = any

/*
 * The budgets page's rows, totals and cards agree with each other, whatever the display currency:
 * a provider compares price and benchmark over the same lines, verdicts come from unrounded
 * figures, the stretch saving never undercuts the saving to the median, fallbacks show on the
 * row, the position on a line reads as a sentence, and a year we have no figures for is never
 * replaced silently.
 */

/**
 * The viewer (GBP, AUM £30bn: tier 10–50bn) and its peers (USD), 2024:
 *
 * - Tolland Shore (regional broker), two lines: written research £10,000, benchmarked by six
 *   peers at its tier (a median, no quartiles); analyst access £57,000, which only two peers buy
 *   (below every level of the ladder);
 * - Kestrel Markets (bulge bracket), one small line: £4,724 (≈ $6,000) against ten peers at
 *   $4,100 … $5,900 (a median near $5,000): the peer median is only a few thousand pounds, so
 *   rounding it to 1,000 before taking the difference would change the verdict with the
 *   currency;
 * - Harbour Macro (macro consultancy), £40,000 against five peers of the 50–100bn tier only:
 *   benchmarked one level down the ladder (same provider, wider AUM tier).
 */
async function reconcileWorld() {
  const tolland = await researchProvider('Tolland Shore Securities', 'regional_broker')
  const kestrel = await researchProvider('Kestrel Markets', 'bulge_bracket')
  const harbour = await researchProvider('Harbour Macro', 'macro_consultancy')
  const viewer = await rsaTeam({ currency: 'GBP', totalAum: 30e9, activeAum: 10e9 })
  await rsaBudget(viewer.team, viewer.currencyId, [
    { provider: tolland, price: 10_000, paid: [10_000] },
    {
      provider: tolland,
      price: 57_000,
      paid: [57_000],
      serviceType: 'analyst_access',
      priceType: 'retainer',
    },
    { provider: kestrel, price: 4_724, paid: [4_724] },
    { provider: harbour, price: 40_000, paid: [40_000], serviceType: 'macro_strategy' },
  ])
  for (let index = 0; index < 10; index++) {
    const peer = await rsaTeam({ currency: 'USD', totalAum: 20e9 })
    const lines: Parameters<typeof rsaBudget>[2] = [
      { provider: kestrel, price: 4_100 + index * 200, paid: [4_100 + index * 200] },
    ]
    if (index < 6) lines.push({ provider: tolland, price: 9_000 + index * 500 })
    if (index < 2) {
      lines.push({
        provider: tolland,
        price: 60_000,
        serviceType: 'analyst_access',
        priceType: 'retainer',
      })
    }
    await rsaBudget(peer.team, peer.currencyId, lines)
  }
  for (let index = 0; index < 5; index++) {
    const peer = await rsaTeam({ currency: 'USD', totalAum: 70e9 })
    await rsaBudget(peer.team, peer.currencyId, [
      { provider: harbour, price: 30_000 + index * 2_000, serviceType: 'macro_strategy' },
    ])
  }
  await recompute()
  const member = await rsaMember(viewer.team)
  return { member, tolland, kestrel, harbour }
}

async function budgetsProps(client: Any, member: Any, query = '') {
  const response = await client.get(`/rsa/budgets${query}`).loginAs(member).withInertia()
  response.assertStatus(200)
  return (response.inertiaProps as Any).page
}

const rowOf = (page: Any, name: string) => page.rows.find((row: Any) => row.provider === name)

test.group('RSA budgets › rows and cards that reconcile', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a partly benchmarked provider compares nothing and says how many lines have a benchmark', async ({
    client,
    assert,
  }) => {
    const { member } = await reconcileWorld()
    const page = await budgetsProps(client, member)
    const tolland = rowOf(page, 'Tolland Shore Securities')
    assert.equal(tolland.myPrice, 67_000)
    assert.isNull(tolland.totalBenchmark)
    assert.isNull(tolland.benchmarkDiff)
    assert.isNull(tolland.benchmarkPercentage)
    assert.isNull(tolland.status)
    assert.equal(tolland.benchmarkNote, 'Partly benchmarked (1 of 2 lines)')
    assert.deepEqual([tolland.benchmarkedLines, tolland.pricedLines], [1, 2])
    // The chart plots no median of some lines against the price of all.
    assert.deepEqual(tolland.chart, { p25: null, median: null, p75: null })
    // Its benchmarked line still compares on its own.
    const written = tolland.lines.find((line: Any) => line.serviceType === 'written_research')
    assert.isNotNull(written.benchmark.median)
    assert.isNotNull(written.benchmarkPercentage)

    // A fully benchmarked row: benchmark and difference over the lines of its price.
    const kestrel = rowOf(page, 'Kestrel Markets')
    assert.isNotNull(kestrel.totalBenchmark)
    assert.closeTo(kestrel.myPrice - kestrel.benchmarkDiff, kestrel.totalBenchmark, 500)

    // The totals row too: its price covers Tolland's unbenchmarked line, so it compares nothing.
    assert.equal(page.totals.myPrice, 67_000 + 4_724 + 40_000)
    assert.isNull(page.totals.totalBenchmark)
    assert.isNull(page.totals.benchmarkDiff)
    assert.isNull(page.totals.benchmarkPercentage)
    assert.equal(page.totals.benchmarkNote, 'Partly benchmarked (3 of 4 lines)')
  })

  test('the export leaves the benchmark of a partly benchmarked row and total blank, never 0', async ({
    client,
    assert,
  }) => {
    const { member } = await reconcileWorld()
    const response = await client
      .get('/rsa/budgets/export')
      .qs({
        format: 'csv',
        columns: ['provider', 'myPrice', 'totalBenchmark', 'benchmarkDiff'],
        q: 'tolland',
      })
      .loginAs(member)
    response.assertStatus(200)
    const lines = response
      .text()
      .replace(/^\uFEFF/, '')
      .split('\n')
    assert.deepEqual(lines.slice(1), ['Tolland Shore Securities,67000,,', 'Total,67000,,'])
  })

  test('percentages and statuses are the same in every display currency', async ({
    client,
    assert,
  }) => {
    const { member } = await reconcileWorld()
    const listed = await client.get('/api/currencies').loginAs(member)
    const currencies = listed.body().currencies
    const verdicts = new Map<string, string>()
    for (const currency of currencies) {
      const page = await budgetsProps(client, member, `?currency=${currency.id}`)
      if (page.currency.code !== currency.code) continue
      // Only currencies every amount converts into.
      if (page.rows.some((row: Any) => row.myPrice === 0)) continue
      const verdict = JSON.stringify(
        page.rows.map((row: Any) => [
          row.provider,
          row.benchmarkPercentage,
          row.status,
          row.lines.map((line: Any) => [line.benchmarkPercentage, line.status]),
        ])
      )
      verdicts.set(currency.code, verdict)
    }
    assert.includeMembers([...verdicts.keys()], ['GBP', 'USD'])
    const gbp = verdicts.get('GBP')!
    for (const [code, verdict] of verdicts) assert.equal(verdict, gbp, code)
  })

  test('the difference is taken from the unrounded median; only the benchmark shown is rounded', async ({
    client,
    assert,
  }) => {
    const { member } = await reconcileWorld()
    const page = await budgetsProps(client, member)
    const line = rowOf(page, 'Kestrel Markets').lines[0]
    // The unrounded median in pounds is price − difference; the one shown is rounded to 1,000.
    const exact = line.myPrice - line.benchmarkDiff
    assert.equal(line.benchmark.median, publish(exact))
    assert.notEqual(exact, line.benchmark.median)
    assert.equal(line.benchmarkPercentage, Math.round((line.benchmarkDiff / exact) * 1000) / 10)
  })

  test('the stretch saving to p25 is never smaller than the saving to the median', async ({
    client,
    assert,
  }) => {
    const { member } = await reconcileWorld()
    const { cards, rows } = await budgetsProps(client, member)
    assert.isAbove(cards.potentialSaving, 0)
    assert.isAtLeast(cards.stretchSaving, cards.potentialSaving)
    // One basis: every benchmarked line, to its p25 or (quartiles suppressed) to its median.
    let stretch = 0
    let benchmarked = 0
    for (const row of rows) {
      for (const line of row.lines) {
        if (line.benchmark.median === null) continue
        benchmarked++
        const median = line.myPrice - line.benchmarkDiff
        stretch += Math.max(0, line.myPrice - (line.benchmark.p25 ?? median))
      }
    }
    assert.equal(benchmarked, 3)
    // The p25 shown is rounded to 1,000 (one line has quartiles).
    assert.closeTo(cards.stretchSaving, stretch, 500)
  })

  test('a row shows the level of the ladder and the peers its benchmark rests on', async ({
    client,
    assert,
  }) => {
    const { member } = await reconcileWorld()
    const page = await budgetsProps(client, member)
    const harbour = rowOf(page, 'Harbour Macro')
    assert.deepEqual(harbour.benchmarkBasis, {
      level: 'provider_wider_tier',
      levelLabel: 'Provider, wider AUM tier',
      fallback: true,
      mixed: false,
      n: '5–9',
    })
    const kestrel = rowOf(page, 'Kestrel Markets')
    assert.equal(kestrel.benchmarkBasis.level, 'provider')
    assert.isFalse(kestrel.benchmarkBasis.fallback)
    assert.equal(kestrel.benchmarkBasis.n, '10–19')
    // Partly benchmarked: the basis of the line that has a benchmark.
    const tolland = rowOf(page, 'Tolland Shore Securities')
    assert.equal(tolland.benchmarkBasis.n, '5–9')

    // The saving card says how much of the saving rests on a fallback: Harbour's, all of it.
    const line = harbour.lines[0]
    assert.isAbove(line.benchmarkDiff, 0)
    assert.closeTo(page.cards.potentialSavingOnFallback, line.benchmarkDiff, 0.01)
    assert.isAbove(page.cards.potentialSaving, page.cards.potentialSavingOnFallback)
    // Data age on every benchmarked line.
    assert.equal(line.benchmark.asOf, '2024-12-31')
  })

  test('a line states its position among peers as a sentence', async ({ client, assert }) => {
    const { member } = await reconcileWorld()
    const page = await budgetsProps(client, member)
    const line = rowOf(page, 'Kestrel Markets').lines[0]
    assert.isNotNull(line.benchmark.cheaperThan)
    assert.equal(line.benchmark.position, peerPositionSentence(line.benchmark.cheaperThan))
    assert.match(line.benchmark.position, /^(cheaper|dearer) than \d+% of peers$/)
    // Fewer than ten peers: no position.
    const tolland = rowOf(page, 'Tolland Shore Securities')
    assert.isNull(tolland.lines[0].benchmark.position)
  })
})

/** The years a page names when it refuses one: 2024 to this year or to next year. */
const offeredYears = () => new RegExp(`2024–(${currentYear()}|${currentYear() + 1})\\b`)

test.group('RSA › a year we have no figures for', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const PAGES = [
    '/rsa/budgets',
    '/rsa/outliers',
    '/rsa/peer-group',
    '/rsa/peer-interactions',
    '/rsa/rate-card',
    '/rsa/market-trends',
    '/rsa/snapshot',
  ]

  test('a page is sent to the latest year with a notice saying why', async ({ client, assert }) => {
    const { member } = await reconcileWorld()
    for (const path of PAGES) {
      for (const year of ['2019', 'abc', String(currentYear() + 2)]) {
        const response = await client
          .get(`${path}?year=${year}&currency=1`)
          .loginAs(member)
          .redirects(0)
        response.assertStatus(302)
        assert.equal(response.header('location'), `${path}?year=2024&currency=1`, `${path} ${year}`)
        const notice = (response.flashMessages() as Any)?.error
        assert.include(notice, year, `${path} ${year}`)
        // The years offered run from the first with figures (2024 here) to this year, next
        // year too where budgets plan ahead.
        assert.match(notice, offeredYears())
        assert.include(notice, 'Showing 2024')
      }
      const fine = await client.get(`${path}?year=2024`).loginAs(member).redirects(0)
      fine.assertStatus(200)
    }
  })

  test('the API and the download refuse it with 422 and the reason', async ({ client, assert }) => {
    const { member } = await reconcileWorld()
    for (const year of ['2019', 'abc', String(currentYear() + 2)]) {
      const api = await client.get(`/api/rsa/budgets?year=${year}`).loginAs(member)
      api.assertStatus(422)
      assert.equal(api.body().errors[0].field, 'year')
      // A browser's download, not only a JSON caller.
      const file = await client
        .get(`/rsa/budgets/export?format=csv&year=${year}`)
        .loginAs(member)
        .redirects(0)
      file.assertStatus(422)
      assert.match(file.body().message, offeredYears())
    }
    const api = await client.get('/api/rsa/budgets?year=2024').loginAs(member)
    api.assertStatus(200)
    const none = await client.get('/api/rsa/budgets').loginAs(member)
    assert.equal(none.body().budget.year, 2024)
  })

  test('a snapshot of such a year is not made', async ({ client, assert }) => {
    const { member } = await reconcileWorld()
    const response = await client
      .post('/rsa/snapshot?year=2019')
      .loginAs(member)
      .withCsrfToken()
      .header('referer', '/rsa/snapshot?year=2024')
      .redirects(0)
    response.assertStatus(302)
    assert.include((response.flashMessages() as Any).error, '2019')
    const page = await client.get('/rsa/snapshot?year=2024').loginAs(member).withInertia()
    assert.lengthOf((page.inertiaProps as Any).snapshots, 0)
  })
})
