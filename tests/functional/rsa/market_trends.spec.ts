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
import { publishMarketTrendsReport } from '#services/rsa/market_trends_report'
import { marketTrends } from '#services/rsa/market_trends'
import { pdfPagesText, pdfText } from '#tests/helpers/pdf_text'

type Any = any

test.group('RSA market trends', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('trends computed from the stored figures, each point with its n', async ({
    client,
    assert,
  }) => {
    const { member } = await budgetsWorld()
    const response = await client.get('/rsa/market-trends').loginAs(member).withInertia()
    response.assertStatus(200)
    const { trends, report } = response.inertiaProps as Any
    assert.isNull(report)
    const bulge = trends.priceIndex.find((series: Any) => series.key === 'bulge_bracket')
    const latest = bulge.points.find((point: Any) => point.year === 2024)
    assert.deepEqual(latest, { year: 2024, value: 100, n: 10 })
    assert.deepEqual(
      bulge.points.find((point: Any) => point.year === 2023),
      { year: 2023, value: null, n: 0 }
    )
    const tier = trends.providersPaid.find((series: Any) => series.key === '10-50')
    // Seven peers pay one provider, three pay two: the median is one; the viewer is left out.
    assert.deepEqual(
      tier.points.find((point: Any) => point.year === 2024),
      { year: 2024, value: 1, n: 10 }
    )
    assert.deepEqual(
      trends.jointPaymentShare.points.find((point: Any) => point.year === 2024),
      { year: 2024, value: 0, n: 10 }
    )
    // Three firms buy from independents: below the threshold, no dispersion figure.
    const independent = trends.dispersion.find((entry: Any) => entry.key === 'independent')
    assert.deepEqual(independent, {
      key: 'independent',
      label: 'Independent research provider',
      value: null,
      n: 3,
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
    assert.include(text, '(n = 11)')
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
    for (let index = 0; index < 6; index++) {
      const firm = await rsaTeam({ currency: 'USD', totalAum: 20e9, year })
      await rsaBudget(firm.team, firm.currencyId, [{ provider: atlas, ...line }], { year })
    }
  }
  await firmsBuying(2022, { price: 100_000 })
  await firmsBuying(2024, { price: 110_000 })
  await firmsBuying(2024, {
    price: 400_000,
    serviceType: 'analyst_access',
    priceType: 'pay_per_use',
    accessType: 'analyst_only',
  })
  await recompute([2022, 2023, 2024])
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
    await pricesOverTheYears()
    const trends = await marketTrends(null)
    const bulge = trends.priceIndex.find((series) => series.key === 'bulge_bracket')!
    const at = (year: number) => bulge.points.find((point) => point.year === year)!
    assert.equal(at(2022).value, 100)
    assert.isNull(at(2023).value)
    // Like for like the price rose about 10% (peer values carry a little noise); a mix of
    // purchases would read as a rise of more than 150%.
    assert.closeTo(at(2024).value!, 110, 15)
  })

  test('the 2023 report holds 2021–2023 only, and says so', async ({ client, assert }) => {
    await pricesOverTheYears()
    const { member } = await budgetsWorld()
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
