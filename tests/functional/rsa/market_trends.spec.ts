import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { MODULES } from '#shared/modules'
import { budgetsWorld, rsaMember, rsaTeam } from '#tests/helpers/rsa'
import { publishMarketTrendsReport } from '#services/rsa/market_trends_report'
import { pdfText } from '#tests/helpers/pdf_text'

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
