import { test } from '@japa/runner'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { insertReturningId } from '#services/db/insert'
import { recomputeRsaStatistics } from '#services/rsa/benchmarks'
import { makeUser } from '#tests/helpers/accounts'
import { pinClock } from '#tests/helpers/clock'
import {
  rateForYear,
  researchProvider,
  rsaBudget,
  rsaMember,
  rsaTeam,
  storeRateSet,
} from '#tests/helpers/rsa'
import { currencyId } from '#tests/helpers/market_data_fixtures'
import {
  ASSESSMENT_COLUMNS,
  INTERACTION_COLUMNS,
  PROFILE_HEADER,
  PROFILE_ITEMS,
  PROVIDER_COLUMNS,
  RSA_TEMPLATE_VERSION,
} from '#shared/rsa_collection'

type Any = any

const ADMIN = '/admin/research-spend-analytics'
const rsaAdmin = () => makeUser({ isAdministrator: true, roles: ['Super administrator'] })

/** A team with Research Spend Analytics and its 2024 budget (its first year with data). */
async function world() {
  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  const birch = await researchProvider('Birch Independent Research', 'independent')
  const { team, currencyId: gbp } = await rsaTeam({ currency: 'GBP', totalAum: 30e9 })
  await rsaBudget(team, gbp, [{ provider: birch, price: 40_000, paid: [40_000] }])
  const member = await rsaMember(team)
  return { atlas, birch, team, gbp, member, admin: await rsaAdmin() }
}

/** The research spend collection of a year, open and due in a month of the pinned clock. */
function openCollection(teamId: number, year: number, dueDate: string) {
  return insertReturningId(db.connection(), 'data_collections', {
    team_id: teamId,
    name: `Research spend ${year}`,
    due_date: dueDate,
    status: 'open',
    kind: 'rsa',
    year,
    created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
  })
}

/** The completed template of a year: one Atlas line of £150,000 (budget £160,000). */
async function filledTemplate(year: number) {
  const book = new ExcelJS.Workbook()
  const profile = book.addWorksheet('Profile')
  profile.addRow([...PROFILE_HEADER])
  const values: Record<string, unknown> = {
    templateVersion: RSA_TEMPLATE_VERSION,
    currency: 'GBP',
    firmType: 'Long-only manager',
    aumEquity: 20e9,
    aumFixedIncome: 8e9,
    aumMultiAsset: 2e9,
    activeAum: 10e9,
    portfolioManagers: 6,
    analysts: 9,
    paymentMethod: 'P&L',
    domicile: 'UK',
  }
  for (const item of PROFILE_ITEMS) profile.addRow([item.header, values[item.key] ?? null, ''])
  const providers = book.addWorksheet('Providers')
  providers.addRow(PROVIDER_COLUMNS.map((column) => column.header))
  const line: Record<string, unknown> = {
    provider: 'Atlas Global Markets',
    serviceType: 'Written research',
    priceType: 'Fixed fee',
    accessType: 'Full access',
    seats: 5,
    contractStart: `${year}-01-01`,
    contractEnd: `${year}-12-31`,
    renewalNoticeDays: 60,
    budgetAmount: 160000,
    contractedPrice: 150000,
    paidAmount: 0,
    currency: 'GBP',
    paymentFrequency: 'Annual',
    notes: `Budgeted for ${year}`,
  }
  providers.addRow(PROVIDER_COLUMNS.map((column) => line[column.key] ?? null))
  book.addWorksheet('Interactions summary').addRow(INTERACTION_COLUMNS.map((c) => c.header))
  book.addWorksheet('Assessment').addRow(ASSESSMENT_COLUMNS.map((c) => c.header))
  return Buffer.from(await book.xlsx.writeBuffer())
}

async function budgetsPage(client: ApiClient, user: User, query: string) {
  const response = await client.get(`/rsa/budgets${query}`).loginAs(user).withInertia()
  response.assertStatus(200)
  return response.inertiaProps as Any
}

/**
 * The whole autumn round, as a client and an administrator do it: the client uploads next
 * year's collection on the data collection page, the administrator accepts it, applies it to
 * the budgets and commits the import, and the budgets page shows next year's budget.
 */
async function budgetNextYear(client: ApiClient, assert: Any, today: string, nextYear: number) {
  const { team, member, admin } = await world()
  const due = `${nextYear}-01-31`
  const collection = await openCollection(team.id, nextYear, due)

  const before = await budgetsPage(client, member, '')
  assert.include(before.years, nextYear, `${today}: next year is offered on the budgets page`)
  assert.notInclude(before.years, nextYear + 1)
  assert.equal(before.years[0], 2024, 'from the first year with data')
  assert.equal(before.page.year, 2024, 'opens on the latest year with data')

  const uploaded = await client
    .post('/rsa/data-collection/upload')
    .loginAs(member)
    .withCsrfToken()
    .file('fileToUpload', await filledTemplate(nextYear), { filename: 'research-spend.xlsx' })
    .field('dataCollectionId', String(collection))
    .field('deliveryDate', today)
    .withInertia()
    .redirects(0)
  uploaded.assertStatus(302)
  const submission = await db
    .from('data_collection_submissions')
    .where('team_id', team.id)
    .orderBy('id', 'desc')
    .firstOrFail()
  assert.equal(submission.status, 'submitted')

  for (const status of ['processing', 'in_review', 'completed']) {
    const moved = await client
      .post(`${ADMIN}/data-collection-submissions/${submission.id}/status`)
      .loginAs(admin)
      .withCsrfToken()
      .form({ status })
      .redirects(0)
    moved.assertStatus(302)
  }
  const list = await client
    .get(`${ADMIN}/data-collection-submissions?status=completed`)
    .loginAs(admin)
    .withInertia()
  const listed = (list.inertiaProps as Any).submissions.find((row: Any) => row.id === submission.id)
  assert.isTrue(listed.canApply, 'the administrator is offered "Apply to budgets"')

  const applied = await client
    .post(`${ADMIN}/data-collection-submissions/${submission.id}/apply`)
    .loginAs(admin)
    .withCsrfToken()
    .redirects(0)
  applied.assertStatus(302)
  const imp = await db.from('rsa_imports').orderBy('id', 'desc').firstOrFail()
  assert.equal(applied.header('location'), `${ADMIN}/imports/${imp.id}`)
  assert.deepInclude(imp, { year: nextYear, status: 'previewed', new_rows: 1 }, JSON.stringify(imp))
  await client.post(`${ADMIN}/imports/${imp.id}/commit`).loginAs(admin).withCsrfToken()
  const committed = await db.from('rsa_imports').where('id', imp.id).firstOrFail()
  assert.equal(committed.status, 'committed')

  const after = await budgetsPage(client, member, `?year=${nextYear}`)
  assert.equal(after.page.year, nextYear)
  assert.deepInclude(after.page.budget, {
    periodStart: `${nextYear}-01-01`,
    periodEnd: `${nextYear}-12-31`,
  })
  assert.equal(after.page.cards.totalBudget, 160_000)
  assert.deepEqual(
    after.page.rows.map((row: Any) => [row.provider, row.myPrice, row.budgetAmount]),
    [['Atlas Global Markets', 150_000, 160_000]]
  )
  // This year's page still opens by default, on the latest year with data up to today.
  const current = await budgetsPage(client, member, '')
  assert.equal(current.page.year, 2024)
}

test.group('Research spend years follow the calendar and the data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('on 2026-11-28 a client budgets 2027: uploaded, accepted, applied, shown', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(pinClock('2026-11-28'))
    await budgetNextYear(client, assert, '2026-11-28', 2027)
  })

  test('two years on, on 2028-10-15, the same round budgets 2029', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(pinClock('2028-10-15'))
    await budgetNextYear(client, assert, '2028-10-15', 2029)
  })

  test('a year with no data shows what to do, never another year’s figures', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(pinClock('2026-11-28'))
    const { member } = await world()
    const empty = await budgetsPage(client, member, '?year=2025')
    assert.equal(empty.page.year, 2025)
    assert.isNull(empty.page.budget)
    assert.lengthOf(empty.page.rows, 0)
    assert.equal(empty.page.cards.totalBudget, 0)
    assert.isNull(empty.peerData.asOf)
    assert.match(empty.peerData.message, /^No peer data for 2025 yet/)
  })

  test('years outside the range are refused, saying which may be chosen', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(pinClock('2026-11-28'))
    const { team, member, admin } = await world()
    const before = await client.get('/rsa/budgets?year=2023').loginAs(member).redirects(0)
    before.assertStatus(302)
    assert.equal(before.header('location'), '/rsa/budgets?year=2024')
    const api = await client.get('/api/rsa/budgets?year=2028').loginAs(member)
    api.assertStatus(422)
    assert.equal(
      api.body().message,
      'Research spend figures cover 2024–2027: there are none for 2028.'
    )
    // Next year is for budgets; the peer pages stop at this year.
    const outliers = await client.get('/rsa/outliers?year=2027').loginAs(member).redirects(0)
    assert.equal(outliers.header('location'), '/rsa/outliers?year=2024')
    const upload = await client
      .post(`${ADMIN}/imports/budgets?team=${team.id}&year=2028`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('file', Buffer.from('provider\n'), { filename: 'budgets.csv' })
    upload.assertStatus(422)
    assert.deepInclude((upload.body() as Any).errors[0], {
      field: 'year',
      // Imports may also fill in the last five years.
      message: '2028 is not offered: choose a year from 2021–2027.',
    })
    assert.equal(Number((await db.from('rsa_imports').count('* as n').first())!.n), 0)
  })
})

test.group('Research spend years: each converted at its own rates', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('2023 at the 2023 set, 2024 at the 2024 set, each rate shown with its date', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(pinClock('2026-11-28'))
    const birch = await researchProvider('Birch Independent Research', 'independent')
    const { team, currencyId: gbp } = await rsaTeam({ currency: 'GBP', totalAum: 30e9 })
    await rsaBudget(team, gbp, [{ provider: birch, price: 100_000, paid: [60_000] }], {
      year: 2023,
    })
    await rsaBudget(team, gbp, [{ provider: birch, price: 100_000, paid: [60_000] }])
    await storeRateSet('2023-12-31', [{ from: 'GBP', to: 'USD', rate: 1.25 }])
    const member = await rsaMember(team)
    const usd = await currencyId('USD')

    const y2023 = await budgetsPage(client, member, `?year=2023&currency=${usd}`)
    const y2024 = await budgetsPage(client, member, `?year=2024&currency=${usd}`)
    // By hand: £100,000 at 1.25 and at the reference rate of 31 Dec 2024 (1.27 / 1.00).
    assert.closeTo(y2023.page.rows[0].myPrice, 125_000, 0.01)
    assert.closeTo(y2023.page.rows[0].totalPayment, 75_000, 0.01)
    assert.closeTo(y2024.page.rows[0].myPrice, 127_000, 0.01)
    assert.deepEqual(y2023.page.exchangeRates, [
      { from: 'GBP', to: 'USD', rate: 1.25, asOf: '2023-12-31' },
    ])
    assert.deepEqual(y2024.page.exchangeRates, [
      { from: 'GBP', to: 'USD', rate: 1.27, asOf: '2024-12-31' },
    ])
    // A year before the first set uses the earliest one.
    assert.equal(await rateForYear(gbp, usd, 2021), 1.25)
    assert.closeTo(await rateForYear(usd, gbp, 2025), 1 / 1.27, 1e-9)
  })
})

test.group('Research spend peer data says how current it is', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('as of the day computed, and plainly stale when computed before the year ended', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(pinClock('2026-11-28'))
    const { member } = await world()
    // The statistics computed in the middle of 2024, and not since.
    const restore = pinClock('2024-06-30')
    await recomputeRsaStatistics({ years: [2024], trigger: 'test' })
    restore()
    const stale = await budgetsPage(client, member, '?year=2024')
    assert.deepEqual(stale.peerData, {
      year: 2024,
      asOf: '2024-06-30',
      stale: true,
      message:
        'Peer data as of 2024-06-30, before 2024 ended: figures recorded since are not in it until the statistics are computed again.',
    })

    await recomputeRsaStatistics({ years: [2024], trigger: 'test' })
    const current = await budgetsPage(client, member, '?year=2024')
    assert.deepInclude(current.peerData, { asOf: '2024-12-31', stale: false })
    assert.equal(current.peerData.message, 'Peer data as of 2024-12-31.')
  })
})
