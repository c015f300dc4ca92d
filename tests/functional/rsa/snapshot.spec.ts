import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { MODULES } from '#shared/modules'
import { PRICE_STATUS_LABELS, type PriceStatus } from '#shared/rsa'
import {
  addRsaBudgetLines,
  budgetsWorld,
  researchProvider,
  rsaMember,
  rsaTeam,
} from '#tests/helpers/rsa'
import { pdfPageCount, pdfText } from '#tests/helpers/pdf_text'

type Any = any

async function generate(client: Any, member: Any) {
  const response = await client
    .post('/rsa/snapshot?year=2024')
    .loginAs(member)
    .withCsrfToken()
    .redirects(0)
  response.assertStatus(302)
  const page = await client.get('/rsa/snapshot?year=2024').loginAs(member).withInertia()
  return page.inertiaProps as Any
}

test.group('RSA snapshot', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('generates a frozen pack whose PDF holds the team totals', async ({ client, assert }) => {
    const { member } = await budgetsWorld()
    const props = await generate(client, member)
    assert.lengthOf(props.snapshots, 1)
    const latest = props.latest
    assert.equal(latest.year, 2024)
    assert.equal(latest.currency, 'GBP')
    assert.equal(latest.budget.totalBudget, 210_000)
    assert.equal(latest.budget.paid, 190_000)
    assert.equal(latest.topProviders[0].provider, 'Atlas Global Markets')
    // The pack freezes the budgets page's verdict (about +23% on the stored prices: above or
    // outlier once the peers' noise is in).
    const budgets = await client.get('/rsa/budgets?year=2024').loginAs(member).withInertia()
    const atlas = (budgets.inertiaProps as Any).page.rows.find(
      (row: Any) => row.provider === 'Atlas Global Markets'
    )
    assert.equal(latest.topProviders[0].status, atlas.status)
    assert.include(['above', 'outlier'], atlas.status)
    assert.isTrue(
      latest.checklist.find((item: Any) => item.label.startsWith('Research budget set before')).done
    )

    const file = await client.get(`/rsa/snapshots/${props.snapshots[0].id}/file`).loginAs(member)
    file.assertStatus(200)
    file.assertHeader('content-type', 'application/pdf')
    const text = await pdfText(Buffer.from(file.body() as ArrayBuffer))
    assert.include(text, 'Research spend snapshot 2024')
    assert.include(text, 'GBP 210,000')
    assert.include(text, 'GBP 190,000')
    assert.include(text, 'Atlas Global Markets')
    assert.include(text, 'What the rules expect')
  })

  test('the committee pack prints on one page, outliers by rule, prices on their peer range', async ({
    client,
    assert,
  }) => {
    const { viewer, member, lines } = await budgetsWorld()
    // Twelve more providers paid and never used: twelve more open findings under one rule.
    const budget = await db
      .from('rsa_budget_lines')
      .where('id', lines[0].id)
      .select('budget_id')
      .first()
    const more = []
    for (let index = 0; index < 12; index++) {
      const provider = await researchProvider(
        `Provider with a long name number ${index + 1}`,
        'independent'
      )
      more.push({ provider, price: 20_000 + index * 1_000, paid: [20_000 + index * 1_000] })
    }
    await addRsaBudgetLines({ id: budget.budget_id }, viewer.team, viewer.currencyId, more)

    const props = await generate(client, member)
    const latest = props.latest
    const atlas = latest.topProviders.find((row: Any) => row.provider === 'Atlas Global Markets')
    // Ten peers: a median and quartiles, kept with the snapshot for its chart.
    assert.isNumber(atlas.benchmark)
    assert.isNumber(atlas.p25)
    assert.isNumber(atlas.p75)
    // A quartile never crosses the median (noise can bring them together, never past).
    assert.isAtMost(atlas.p25, atlas.benchmark)
    assert.isAtLeast(atlas.p75, atlas.benchmark)
    const unused = latest.outliersByRule.find((entry: Any) => entry.rule === 'Paid but unused')
    assert.isAtLeast(unused.open, 12)
    assert.equal(
      latest.outliersByRule.reduce((sum: number, entry: Any) => sum + entry.open, 0),
      latest.outliers.length
    )

    const file = await client.get(`/rsa/snapshots/${props.snapshots[0].id}/file`).loginAs(member)
    const pdf = Buffer.from(file.body() as ArrayBuffer)
    assert.equal(await pdfPageCount(pdf), 1, 'one page')
    const text = await pdfText(pdf)
    assert.include(text, `Open outliers (${latest.outliers.length}) by rule`)
    assert.include(text, 'Paid but unused')
    assert.include(
      text,
      `Atlas Global Markets - ${PRICE_STATUS_LABELS[atlas.status as PriceStatus]}`
    )
    assert.include(text, 'What the rules expect')
  })

  test('frozen: later changes to the data do not change it', async ({ client, assert }) => {
    const { member, lines } = await budgetsWorld()
    await generate(client, member)
    await db.from('rsa_payments').where('budget_line_id', lines[0].id).delete()
    const props = await client.get('/rsa/snapshot?year=2024').loginAs(member).withInertia()
    assert.equal((props.inertiaProps as Any).latest.budget.paid, 190_000)
  })

  test("another team's snapshot is never listed or served", async ({ client, assert }) => {
    const { member } = await budgetsWorld()
    const props = await generate(client, member)
    const other = await rsaTeam({ currency: 'EUR' })
    const outsider = await rsaMember(other.team)
    const page = await client.get('/rsa/snapshot?year=2024').loginAs(outsider).withInertia()
    assert.lengthOf((page.inertiaProps as Any).snapshots, 0)
    const file = await client.get(`/rsa/snapshots/${props.snapshots[0].id}/file`).loginAs(outsider)
    file.assertStatus(404)
  })

  test('a team without Research Spend Analytics is refused', async ({ client }) => {
    const { team } = await rsaTeam({ modules: [MODULES.marketDataContracts] })
    const member = await rsaMember(team)
    const page = await client.get('/rsa/snapshot').loginAs(member)
    page.assertStatus(403)
    const post = await client.post('/rsa/snapshot').loginAs(member).withCsrfToken()
    post.assertStatus(403)
  })
})
