import { test } from '@japa/runner'
import { publish } from '#services/rsa/peer_statistics'
import testUtils from '@adonisjs/core/services/test_utils'
import ExcelJS from 'exceljs'
import { MODULES } from '#shared/modules'
import { readSpreadsheetsAsBuffers } from '#tests/helpers/responses'
import db from '@adonisjs/lucid/services/db'
import { budgetsWorld, rsaMember, rsaTeam } from '#tests/helpers/rsa'
import { noisedFigures, usdRateTo } from '#tests/helpers/rsa_noise'
import { priceStatus } from '#shared/rsa'
import { demoAnalystIn } from '#tests/helpers/market_data'
import { seedResearchSpend } from '#database/demo/research_spend'

readSpreadsheetsAsBuffers()

type Any = any

/** Peer figures are shown to the nearest 1,000 of the display currency. */
// Peer amounts leave the server to three significant figures.
const published = (value: number) => publish(value)!

/**
 * Atlas's peer figures by hand, noise-infused: the ten peers' stored prices ($100,000 …
 * $190,000), each times its team's factor for that line, in dollars and in pounds.
 */
async function atlasPeers(world: Awaited<ReturnType<typeof budgetsWorld>>) {
  const key = `2024|line|${world.atlas.id}|written_research|fixed_fee|full`
  const usd = noisedFigures(
    world.peers.map((peer, index) => ({ team: peer.team.id, value: 100_000 + index * 10_000, key }))
  )
  const rate = await usdRateTo('GBP')
  return { usd, rate, gbp: (value: number) => value * rate }
}

async function budgetsProps(client: Any, user: Any, query = '') {
  const response = await client.get(`/rsa/budgets${query}`).loginAs(user).withInertia()
  response.assertStatus(200)
  return (response.inertiaProps as Any).page
}

test.group('RSA budgets › figures computed by hand', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('each provider row: my price, payments, peer median, difference, percentage, status', async ({
    client,
    assert,
  }) => {
    const world = await budgetsWorld()
    const { usd, gbp } = await atlasPeers(world)
    const page = await budgetsProps(client, world.member)
    assert.equal(page.currency.code, 'GBP')
    assert.equal(page.year, 2024)
    const atlas = page.rows.find((row: Any) => row.provider === 'Atlas Global Markets')
    assert.equal(atlas.myPrice, 150_000)
    assert.equal(atlas.budgetAmount, 160_000)
    assert.equal(atlas.totalPayment, 150_000)
    assert.equal(atlas.totalBenchmark, published(gbp(usd.median)))
    // The difference from the unrounded median; the percentage in dollars, where the peer
    // prices are (£150,000 = $190,500).
    assert.closeTo(atlas.benchmarkDiff, 150_000 - gbp(usd.median), 0.01)
    const percentage = Math.round(((190_500 - usd.median) / usd.median) * 1000) / 10
    assert.equal(atlas.benchmarkPercentage, percentage)
    assert.equal(atlas.status, priceStatus(percentage))
    const line = atlas.lines[0]
    assert.equal(line.benchmark.n, '10–19')
    assert.equal(line.benchmark.level, 'provider')
    assert.equal(line.benchmark.p25, published(gbp(usd.p25)))
    assert.equal(line.benchmark.p75, published(gbp(usd.p75)))
    const cheaper = usd.noised.filter((value) => value > 190_500).length * 10
    assert.equal(line.benchmark.cheaperThan, cheaper)
    assert.equal(
      line.benchmark.position,
      cheaper >= 50 ? `cheaper than ${cheaper}% of peers` : `dearer than ${100 - cheaper}% of peers`
    )
    assert.equal(line.benchmark.asOf, '2024-12-31')
  })

  test('a provider below every level of the ladder says so, with its n', async ({
    client,
    assert,
  }) => {
    const { member } = await budgetsWorld()
    const page = await budgetsProps(client, member)
    const birch = page.rows.find((row: Any) => row.provider === 'Birch Independent Research')
    assert.isNull(birch.totalBenchmark)
    assert.isNull(birch.benchmarkDiff)
    assert.isNull(birch.benchmarkPercentage)
    assert.isNull(birch.status)
    assert.equal(birch.lines[0].benchmark.message, 'Insufficient peer data (fewer than 5 firms)')
    assert.equal(birch.benchmarkNote, birch.lines[0].benchmark.message)
    assert.isTrue(birch.isIndependent)
  })

  test('headline cards', async ({ client, assert }) => {
    const world = await budgetsWorld()
    const { usd, gbp } = await atlasPeers(world)
    const { cards, totals } = await budgetsProps(client, world.member)
    const paid = 120_000 + 30_000 + 40_000
    assert.equal(cards.totalBudget, 210_000)
    assert.equal(cards.paid, paid)
    // 2024 is over: pacing is paid ÷ budget.
    assert.equal(cards.pacing, Math.round((paid / 210_000) * 10_000) / 10_000)
    assert.equal(cards.varianceVsBudget, Math.round(((paid - 210_000) / 210_000) * 10_000) / 10_000)
    // Active AUM £10bn.
    assert.equal(cards.researchBps, Math.round((paid / 10e9) * 10_000 * 10_000) / 10_000)
    assert.equal(cards.spendPerProfessional, paid / 10)
    assert.equal(cards.providersPaid, 2)
    assert.equal(cards.top5Share, 1)
    assert.equal(cards.irpShare, Math.round((40_000 / paid) * 10_000) / 10_000)
    assert.equal(
      cards.hhi,
      Math.round(((150_000 / paid) * 100) ** 2 + ((40_000 / paid) * 100) ** 2)
    )
    // To the unrounded median, and to the unrounded p25 (Atlas has ten peers).
    assert.closeTo(cards.potentialSaving, Math.max(0, 150_000 - gbp(usd.median)), 0.01)
    assert.equal(cards.potentialSavingOnFallback, 0)
    assert.closeTo(cards.stretchSaving, Math.max(0, 150_000 - gbp(usd.p25)), 0.01)
    assert.equal(cards.benchmarkCoverage, 0.75)
    // Birch has no benchmark: the total price covers it, so the total compares nothing.
    assert.equal(totals.myPrice, 200_000)
    assert.isNull(totals.totalBenchmark)
    assert.isNull(totals.benchmarkDiff)
    assert.equal(totals.benchmarkNote, 'Partly benchmarked (1 of 2 lines)')
  })

  test('in another display currency every amount is converted and the rates are listed', async ({
    client,
    assert,
  }) => {
    const world = await budgetsWorld()
    const { member } = world
    const peers = await atlasPeers(world)
    const usd = await client.get('/api/currencies').loginAs(member)
    const usdId = usd.body().currencies.find((entry: Any) => entry.code === 'USD').id
    const page = await budgetsProps(client, member, `?currency=${usdId}`)
    assert.equal(page.currency.code, 'USD')
    const atlas = page.rows.find((row: Any) => row.provider === 'Atlas Global Markets')
    assert.equal(atlas.myPrice, 190_500)
    assert.equal(atlas.totalBenchmark, published(peers.usd.median))
    assert.deepInclude(page.exchangeRates, {
      from: 'GBP',
      to: 'USD',
      rate: 1.27,
      asOf: page.exchangeRates[0].asOf,
    })

    // The currencies and rates are kept under the market data version: a new rate shows on
    // the next request.
    const gbpId = usd.body().currencies.find((entry: Any) => entry.code === 'GBP').id
    await db
      .from('exchange_rates')
      .where({ from_currency_id: gbpId, to_currency_id: usdId })
      .update({ exchange_rate: 1.5 })
    const after = await budgetsProps(client, member, `?currency=${usdId}`)
    const atlasAfter = after.rows.find((row: Any) => row.provider === 'Atlas Global Markets')
    assert.equal(atlasAfter.myPrice, 225_000)
    assert.equal(after.exchangeRates.find((rate: Any) => rate.from === 'GBP').rate, 1.5)
  })

  test("the team's records are kept for its members and follow every write to them", async ({
    client,
    assert,
  }) => {
    const { member, viewer } = await budgetsWorld()
    const colleague = await rsaMember(viewer.team)
    const first = await budgetsProps(client, member)
    const again = await client.get('/rsa/budgets').loginAs(colleague).withInertia()
    assert.deepEqual((again.inertiaProps as Any).page, first)
    // A payment, a line's price, a provider's name and the profile: each shows on the next page.
    const atlas = first.rows.find((row: Any) => row.provider === 'Atlas Global Markets')
    const lineId = atlas.lines[0].id
    await db.from('rsa_payments').where('budget_line_id', lineId).update({ amount: 1_000 })
    await db.from('rsa_budget_lines').where('id', lineId).update({ contracted_price: 120_000 })
    await db
      .from('providers')
      .where('id', atlas.providerId)
      .update({ name: 'Atlas Global Markets Ltd' })
    const after = await budgetsProps(client, colleague)
    const renamed = after.rows.find((row: Any) => row.providerId === atlas.providerId)
    assert.equal(renamed.provider, 'Atlas Global Markets Ltd')
    assert.equal(renamed.myPrice, 120_000)
    assert.isBelow(renamed.totalPayment, atlas.totalPayment)
  })

  test('the viewer never counts as its own peer', async ({ client, assert }) => {
    const { peers } = await budgetsWorld()
    // A peer team is compared with the ten others: nine USD peers and the GBP team.
    const peer = await rsaMember(peers[0].team)
    const page = await budgetsProps(client, peer)
    const row = page.rows.find((entry: Any) => entry.provider === 'Atlas Global Markets')
    assert.equal(row.lines[0].benchmark.n, '10–19')
    assert.equal(row.myPrice, 100_000)
  })

  test('GET /api/rsa/budgets answers { budget, exchangeRates } with the same figures', async ({
    client,
    assert,
  }) => {
    const { member } = await budgetsWorld()
    const response = await client.get('/api/rsa/budgets?year=2024').loginAs(member)
    response.assertStatus(200)
    const body = response.body()
    assert.properties(body, ['budget', 'exchangeRates'])
    const page = await budgetsProps(client, member)
    assert.deepEqual(body.budget.rows, page.rows)
    assert.deepEqual(body.budget.cards, page.cards)
  })

  test('a year without a budget shows none; a year without figures sends to the latest', async ({
    client,
    assert,
  }) => {
    const { member } = await budgetsWorld()
    // A year offered (the data starts in 2024) with no budget recorded: nothing of 2024 shown.
    const empty = await budgetsProps(client, member, '?year=2025')
    assert.isNull(empty.budget)
    assert.lengthOf(empty.rows, 0)
    const unknown = await client.get('/rsa/budgets?year=1999').loginAs(member).redirects(0)
    unknown.assertStatus(302)
    assert.equal(unknown.header('location'), '/rsa/budgets?year=2024')
  })
})

test.group('RSA budgets › the demo team against its own rows', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('each headline figure equals a computation from the seeded rows (GBP, 2024)', async ({
    client,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    await db.transaction((trx) => seedResearchSpend(trx))
    const team = analyst.currentTeamId!
    const page = await budgetsProps(client, analyst, '?year=2024')
    assert.equal(page.currency.code, 'GBP')

    const budget = await db.from('rsa_budgets').where({ team_id: team, year: 2024 }).firstOrFail()
    const lines = await db
      .from('rsa_budget_lines as l')
      .join('providers as p', 'p.id', 'l.provider_id')
      .where({ 'l.team_id': team, 'l.year': 2024 })
      .select('l.id', 'l.provider_id', 'l.contracted_price', 'l.budget_amount', 'p.is_independent')
    const payments = await db
      .from('rsa_payments as pay')
      .join('rsa_budget_lines as l', 'l.id', 'pay.budget_line_id')
      .where({ 'l.team_id': team, 'l.year': 2024 })
      .select('l.provider_id', 'pay.amount')
    const profile = await db
      .from('rsa_team_profiles')
      .where({ team_id: team, year: 2024 })
      .firstOrFail()

    const paidBy = new Map<number, number>()
    for (const payment of payments) {
      paidBy.set(
        payment.provider_id,
        (paidBy.get(payment.provider_id) ?? 0) + Number(payment.amount)
      )
    }
    const paid = [...paidBy.values()].reduce((sum, value) => sum + value, 0)
    const shares = [...paidBy.values()].filter((value) => value > 0).sort((a, b) => b - a)
    const independent = new Set(
      lines.filter((line) => [true, 1, '1'].includes(line.is_independent)).map((l) => l.provider_id)
    )
    const independentPaid = [...paidBy.entries()]
      .filter(([provider]) => independent.has(provider))
      .reduce((sum, [, value]) => sum + value, 0)
    const round4 = (value: number) => Math.round(value * 10_000) / 10_000

    assert.closeTo(page.cards.totalBudget, Number(budget.total_budget), 0.01)
    assert.closeTo(page.cards.paid, paid, 0.01)
    assert.equal(page.cards.providersPaid, shares.length)
    assert.equal(page.cards.top5Share, round4(shares.slice(0, 5).reduce((a, b) => a + b, 0) / paid))
    assert.equal(page.cards.irpShare, round4(independentPaid / paid))
    assert.equal(page.cards.researchBps, round4((paid / Number(profile.active_aum)) * 10_000))
    assert.closeTo(
      page.cards.spendPerProfessional,
      paid / (profile.portfolio_managers + profile.analysts),
      0.01
    )
    assert.equal(
      page.cards.hhi,
      Math.round(shares.reduce((sum, value) => sum + ((value / paid) * 100) ** 2, 0))
    )
    assert.closeTo(
      page.totals.myPrice,
      lines.reduce((sum, line) => sum + Number(line.contracted_price ?? 0), 0),
      0.01
    )
    assert.closeTo(
      page.totals.budgetAmount,
      lines.reduce((sum, line) => sum + Number(line.budget_amount), 0),
      0.01
    )
    assert.equal(page.rows.length, new Set(lines.map((line) => line.provider_id)).size)
    // A row compares only when every line of its price has a benchmark: its difference is
    // then the sum of theirs (each from the unrounded median; the medians shown are rounded).
    for (const row of page.rows) {
      const benchmarked = row.lines.filter((line: Any) => line.benchmark.median !== null)
      if (row.totalBenchmark === null) {
        assert.isNull(row.benchmarkDiff, row.provider)
        assert.isNull(row.status, row.provider)
        continue
      }
      assert.equal(benchmarked.length, row.pricedLines, row.provider)
      const diff = benchmarked.reduce((sum: number, line: Any) => sum + line.benchmarkDiff, 0)
      const median = benchmarked.reduce((sum: number, line: Any) => sum + line.benchmark.median, 0)
      assert.closeTo(row.benchmarkDiff, diff, 0.05, row.provider)
      // Each median shown is rounded to the nearest 1,000.
      assert.closeTo(row.myPrice - row.benchmarkDiff, median, 500 * benchmarked.length)
      const exact = row.myPrice - row.benchmarkDiff
      assert.closeTo(
        row.benchmarkPercentage,
        (row.benchmarkDiff / exact) * 100,
        0.051,
        row.provider
      )
    }
  })
})

test.group('RSA budgets › export', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('CSV of the visible columns in their order, sorted as shown, with totals', async ({
    client,
    assert,
  }) => {
    const world = await budgetsWorld()
    const { member } = world
    const { usd } = await atlasPeers(world)
    const percentage = Math.round(((190_500 - usd.median) / usd.median) * 1000) / 10
    const response = await client
      .get('/rsa/budgets/export')
      .qs({
        format: 'csv',
        year: 2024,
        columns: ['provider', 'myPrice', 'benchmarkPercentage'],
        sort: 'myPrice',
        direction: 'asc',
      })
      .loginAs(member)
    response.assertStatus(200)
    const lines = response
      .text()
      .replace(/^\uFEFF/, '')
      .split('\n')
    assert.equal(lines[0], 'Provider,My price (GBP),Difference %')
    assert.equal(lines[1], 'Birch Independent Research,50000,')
    assert.equal(lines[2], `Atlas Global Markets,150000,${percentage}`)
    // Birch has no benchmark: the total compares nothing rather than Atlas alone.
    assert.equal(lines[3], 'Total,200000,')
  })

  test('the filter on screen filters the file, totals included', async ({ client, assert }) => {
    const { member } = await budgetsWorld()
    const byStatus = await client
      .get('/rsa/budgets/export')
      .qs({ format: 'csv', columns: ['provider', 'myPrice'], status: 'none' })
      .loginAs(member)
    assert.deepEqual(
      byStatus
        .text()
        .replace(/^\uFEFF/, '')
        .split('\n'),
      ['Provider,My price (GBP)', 'Birch Independent Research,50000', 'Total,50000']
    )
    const byName = await client
      .get('/rsa/budgets/export')
      .qs({ format: 'csv', columns: ['provider', 'myPrice'], q: 'atlas' })
      .loginAs(member)
    assert.deepEqual(
      byName
        .text()
        .replace(/^\uFEFF/, '')
        .split('\n'),
      ['Provider,My price (GBP)', 'Atlas Global Markets,150000', 'Total,150000']
    )
  })

  test('XLSX of the default columns', async ({ client, assert }) => {
    const { member } = await budgetsWorld()
    const response = await client.get('/rsa/budgets/export?format=xlsx').loginAs(member)
    response.assertStatus(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.body())
    const header = workbook.worksheets[0].getRow(1).values as string[]
    assert.deepEqual(header.slice(1), [
      'Provider',
      'Price type',
      'Access type',
      'Peer benchmark (GBP)',
      'Paid (GBP)',
      'My price (GBP)',
      'Difference (GBP)',
      'Difference %',
    ])
  })

  test('refuses unknown columns and formats with a message', async ({ client }) => {
    const { member } = await budgetsWorld()
    const response = await client
      .get('/rsa/budgets/export?format=pdf&columns[]=secret')
      .loginAs(member)
      .header('accept', 'application/json')
    response.assertStatus(422)
  })
})

test.group('RSA budgets › tenancy and modules', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("another team's member sees its own figures, never these", async ({ client, assert }) => {
    await budgetsWorld()
    const other = await rsaTeam({ currency: 'EUR' })
    const outsider = await rsaMember(other.team)
    const page = await budgetsProps(client, outsider)
    assert.isNull(page.budget)
    assert.lengthOf(page.rows, 0)
    const api = await client.get('/api/rsa/budgets').loginAs(outsider)
    assert.lengthOf(api.body().budget.rows, 0)
    const csv = await client.get('/rsa/budgets/export?format=csv').loginAs(outsider)
    assert.notInclude(csv.text(), 'Atlas')
  })

  test('a team without Research Spend Analytics is refused', async ({ client }) => {
    const { team } = await rsaTeam({ modules: [MODULES.marketDataContracts] })
    const member = await rsaMember(team)
    for (const url of ['/rsa/budgets', '/api/rsa/budgets', '/rsa/budgets/export?format=csv']) {
      const response = await client.get(url).loginAs(member)
      response.assertStatus(403)
    }
  })

  test('signed out: the page sends to sign-in, the API answers 401', async ({ client }) => {
    const page = await client.get('/rsa/budgets').redirects(0)
    page.assertStatus(302)
    const api = await client.get('/api/rsa/budgets').header('accept', 'application/json')
    api.assertStatus(401)
  })
})
