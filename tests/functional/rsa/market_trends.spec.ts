import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { MODULES } from '#shared/modules'
import { DateTime } from 'luxon'
import {
  budgetsWorld,
  recompute,
  researchProvider,
  rsaBudget,
  rsaMember,
  rsaTeam,
  type RsaLineFixture,
} from '#tests/helpers/rsa'
import db from '@adonisjs/lucid/services/db'
import { publishMarketTrendsReport } from '#services/rsa/market_trends_report'
import { marketTrends } from '#services/rsa/market_trends'
import { metricKey, publish } from '#services/rsa/peer_statistics'
import { pdfPagesText, pdfText } from '#tests/helpers/pdf_text'
import { noisedFigures } from '#tests/helpers/rsa_noise'

type Any = any

test.group('RSA market trends', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('trends computed from the stored figures, each point with its banded n', async ({
    client,
    assert,
  }) => {
    const { member, viewer, peers } = await budgetsWorld()
    const response = await client.get('/rsa/market-trends').loginAs(member).withInertia()
    response.assertStatus(200)
    const { trends, report } = response.inertiaProps as Any
    assert.isNull(report)
    // Every purchase is against its own median in the first year with one: 2024 is the base.
    const bulge = trends.priceIndex.find((series: Any) => series.key === 'bulge_bracket')
    const latest = bulge.points.find((point: Any) => point.year === 2024)
    assert.deepEqual(latest, { year: 2024, value: 100, n: '10–19' })
    // The years run from the first with data (2024) to the current one; 2025 has no figures.
    assert.equal(trends.years[0], 2024)
    assert.deepEqual(
      bulge.points.find((point: Any) => point.year === 2025),
      { year: 2025, value: null, n: 'fewer than 5' }
    )
    // Seven peers pay one provider, three pay two (Atlas and Birch); the viewer is left out.
    // The median is the mean of the fifth and sixth values in stored order (two firms paying
    // one provider, by team id), each times its firm's noise factor, to three figures.
    const key = metricKey(2024, 'providers_paid')
    const providersPaid = noisedFigures(
      peers.map((peer, index) => ({ team: peer.team.id, value: index < 3 ? 2 : 1, key }))
    )
    const tier = trends.providersPaid.find((series: Any) => series.key === '10-50')
    assert.deepEqual(
      tier.points.find((point: Any) => point.year === 2024),
      { year: 2024, value: publish(providersPaid.median), n: '10–19' }
    )
    assert.closeTo(tier.points.find((point: Any) => point.year === 2024).value, 1, 0.12)
    // Research intensity likewise, from the stored figures of the ten peers.
    const bpsRows = await db
      .from('rsa_team_metrics')
      .where('year', 2024)
      .whereNot('team_id', viewer.team.id)
      .select('team_id', 'research_bps')
    assert.lengthOf(bpsRows, 10)
    const bps = noisedFigures(
      bpsRows.map((row) => ({
        team: Number(row.team_id),
        value: Number(row.research_bps),
        key: metricKey(2024, 'research_bps'),
      }))
    )
    const bpsTier = trends.researchBps.find((series: Any) => series.key === '10-50')
    assert.deepEqual(
      bpsTier.points.find((point: Any) => point.year === 2024),
      { year: 2024, value: publish(bps.median), n: '10–19' }
    )
    // Tiers where no firm is left out entirely.
    assert.deepEqual(
      trends.providersPaid.map((series: Any) => series.key),
      ['10-50']
    )
    // No peer uses joint payments: 0%, to the nearest 5%.
    assert.deepEqual(
      trends.jointPaymentShare.points.find((point: Any) => point.year === 2024),
      { year: 2024, value: 0, n: '10–19' }
    )
    // Three firms buy from independents: below the threshold, no dispersion figure.
    const independent = trends.dispersion.find((entry: Any) => entry.key === 'independent')
    assert.deepEqual(independent, {
      key: 'independent',
      label: 'Independent research provider',
      value: null,
      n: 'fewer than 5',
    })
  })

  test('the published report opens as a PDF holding the trends', async ({ client, assert }) => {
    const { member } = await budgetsWorld()
    await publishMarketTrendsReport(2024)
    const page = await client.get('/rsa/market-trends').loginAs(member).withInertia()
    const report = (page.inertiaProps as Any).report
    assert.equal(report.title, 'Research market trends 2024')
    const file = await client.get(`/rsa/market-trends/reports/${report.id}/file`).loginAs(member)
    file.assertStatus(200)
    file.assertHeader('content-type', 'application/pdf')
    const text = await pdfText(Buffer.from(file.body() as ArrayBuffer))
    assert.include(text, 'Research market trends 2024')
    assert.include(text, 'Bulge-bracket bank')
    // Eleven firms buy from bulge-bracket banks (the report leaves no one out): shown banded.
    assert.include(text, '(n = 10–19)')
    assert.notInclude(text, '(n = 11)')
    const missing = await client.get('/rsa/market-trends/reports/999999/file').loginAs(member)
    missing.assertStatus(404)
  })

  test('a team without Research Spend Analytics is refused', async ({ client }) => {
    const { team } = await rsaTeam({ modules: [MODULES.marketDataContracts] })
    const response = await client.get('/rsa/market-trends').loginAs(await rsaMember(team))
    response.assertStatus(403)
  })
})

/**
 * Six firms buy written research from Atlas at $100,000 in 2022 and six others at $110,000 in
 * 2024, when six more start buying its analyst access at $400,000: the same purchase rose 10%,
 * while the median of everything bought from bulge-bracket banks more than doubled.
 */
async function pricesOverTheYears() {
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const firmsBuying = async (year: number, line: Omit<RsaLineFixture, 'provider'>) => {
    const teams: number[] = []
    for (let index = 0; index < 6; index++) {
      const firm = await rsaTeam({ currency: 'USD', totalAum: 20e9, year })
      await rsaBudget(firm.team, firm.currencyId, [{ provider: atlas, ...line }], { year })
      teams.push(firm.team.id)
    }
    return teams
  }
  const written2022 = await firmsBuying(2022, { price: 100_000 })
  const written2024 = await firmsBuying(2024, { price: 110_000 })
  await firmsBuying(2024, {
    price: 400_000,
    serviceType: 'analyst_access',
    priceType: 'pay_per_use',
    accessType: 'analyst_only',
  })
  await recompute([2022, 2023, 2024])
  return { atlas, written2022, written2024 }
}
/** The report's text without its page footers (which carry the date it was published). */
async function reportText(client: Any, member: Any) {
  const page = await client.get('/rsa/market-trends').loginAs(member).withInertia()
  const report = (page.inertiaProps as Any).report
  const file = await client.get(`/rsa/market-trends/reports/${report.id}/file`).loginAs(member)
  file.assertStatus(200)
  const pages = await pdfPagesText(Buffer.from(file.body() as ArrayBuffer))
  const text = pages
    .join('\n')
    .split('\n')
    .filter((line) => !line.startsWith('Generated'))
    .join('\n')
  return { report, text }
}

test.group('RSA market trends › what a report holds', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the price index compares the same purchases from year to year', async ({ assert }) => {
    const { atlas, written2022, written2024 } = await pricesOverTheYears()
    const trends = await marketTrends(null)
    const bulge = trends.priceIndex.find((series) => series.key === 'bulge_bracket')!
    const at = (year: number) => bulge.points.find((point) => point.year === year)!
    // Written research in 2022 is the base; in 2024 the same purchase (the same provider,
    // service, price type and access) against it. Each year's median is that of its six firms'
    // prices times their noise factors (the third and fourth firms by team id, all prices
    // being equal); the index is the ratio, weighted by the six firms of the base year.
    const median = (year: number, teams: number[], price: number) =>
      noisedFigures(
        teams.map((team) => ({
          team,
          value: price,
          key: `${year}|line|${atlas.id}|written_research|fixed_fee|full`,
        }))
      ).median
    const ratio = median(2024, written2024, 110_000) / median(2022, written2022, 100_000)
    const weights = written2022.length
    assert.deepEqual(at(2022), { year: 2022, value: 100, n: '5–9' })
    assert.deepEqual(at(2023), { year: 2023, value: null, n: 'fewer than 5' })
    assert.deepEqual(at(2024), {
      year: 2024,
      value: Math.round(((weights * ratio) / weights) * 1000) / 10,
      n: '5–9',
    })
    // Like for like the price rose 10% on the stored prices; with the noise of either year's
    // firms at most 1.1 × 1.12 ÷ 0.88 = 140. A mix of purchases would read as a rise of more
    // than 150% (the 2024 median of all twelve firms lies between $110,000 and $400,000).
    assert.isBelow(at(2024).value!, 150)
  })

  test('the 2023 report holds 2021–2023 only, and says so', async ({ client, assert }) => {
    await pricesOverTheYears()
    const { member } = await budgetsWorld()
    // The years start with the first year with data: one firm's profile of 2021.
    await rsaTeam({ currency: 'USD', totalAum: 20e9, year: 2021 })
    const trends = await marketTrends(null, { through: 2023 })
    assert.deepEqual(trends.years, [2021, 2022, 2023])
    for (const series of [...trends.priceIndex, ...trends.providersPaid]) {
      assert.deepEqual(
        series.points.map((point) => point.year),
        [2021, 2022, 2023]
      )
    }
    await publishMarketTrendsReport(2023, DateTime.fromISO('2024-02-15T09:00:00Z'))
    const { report, text } = await reportText(client, member)
    assert.equal(report.title, 'Research market trends 2023')
    assert.include(report.summary, '2021–2023')
    assert.notInclude(report.summary, '2024')
    assert.include(text, 'Research market trends 2023')
    assert.notInclude(text, '2024', 'no figure, column or label of a later year')
  })

  test('the price change is labelled with the years it spans', async ({ client, assert }) => {
    await pricesOverTheYears()
    const { member } = await budgetsWorld()
    await publishMarketTrendsReport(2024, DateTime.fromISO('2025-02-14T09:00:00Z'))
    const { text } = await reportText(client, member)
    assert.include(text, 'like for like')
    assert.include(text, 'Bulge-bracket bank (2022–2024)')
    assert.notInclude(text, 'Price change 2021–2024')
    // A year without five firms says so instead of a bare "n/a".
    assert.include(text, 'n/a (n < 5)')
  })
})
