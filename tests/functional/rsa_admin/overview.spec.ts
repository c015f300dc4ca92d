import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { insertReturningId } from '#services/db/insert'
import { makeUser } from '#tests/helpers/accounts'
import { currencyId } from '#tests/helpers/market_data_fixtures'
import { recompute, researchProvider, rsaMember, rsaTeam } from '#tests/helpers/rsa'
import { makeCollection, makeSubmission } from '#tests/helpers/submissions'
import { pinClock } from '#tests/helpers/clock'

const BASE = '/admin/research-spend-analytics'

const now = () => DateTime.now().toFormat(db.connection().dialect.dateTimeFormat)

/** A stored benchmark cell of the year, published or suppressed. */
async function benchmarkCell(year: number, providerId: number, suppressed: boolean) {
  await db.table('rsa_benchmarks').insert({
    year,
    level: 'provider',
    provider_id: providerId,
    research_provider_type: 'bulge_bracket',
    service_type: 'written_research',
    price_type: 'fixed_fee',
    access_type: 'full',
    aum_tier: null,
    currency_id: await currencyId('USD'),
    n: suppressed ? 3 : 6,
    median: suppressed ? null : 120_000,
    suppressed,
    suppression_reason: suppressed ? 'too_few_contributors' : null,
    contributions: '[]',
    as_of: `${year}-12-31`,
    computed_at: now(),
  })
}

/**
 * 2024: four teams invited — Aldgate completed (after a rejected first file), Bow submitted
 * but past due (overdue), Cheapside not yet due and silent, Dalston past due and silent
 * (overdue); a market data collection that does not count. 2023: one team, completed on time.
 * 2026: one collection opened early. Benchmark cells: 2024 five published and two suppressed;
 * 2023 recomputed by the product (no line, no cell). One import.
 */
async function world() {
  const teams = []
  for (let index = 0; index < 4; index++) {
    const { team } = await rsaTeam()
    teams.push(team)
  }
  const [aldgate, bow, cheapside, dalston] = teams
  const member = await rsaMember(aldgate)
  const past = '2024-03-31'
  const future = '2099-12-31'

  const aldgate2024 = await makeCollection(aldgate.id, { year: 2024, dueDate: past })
  await makeSubmission(aldgate.id, aldgate2024, { status: 'rejected', userId: member.id })
  await makeSubmission(aldgate.id, aldgate2024, { status: 'completed', userId: member.id })
  const bow2024 = await makeCollection(bow.id, { year: 2024, dueDate: past })
  await makeSubmission(bow.id, bow2024, { status: 'in_review' })
  await makeCollection(cheapside.id, { year: 2024, dueDate: future })
  await makeCollection(dalston.id, { year: 2024, dueDate: past })
  const contracts = await makeCollection(bow.id, { kind: 'market_data', dueDate: past })
  await makeSubmission(bow.id, contracts, { status: 'submitted' })

  const aldgate2023 = await makeCollection(aldgate.id, { year: 2023, dueDate: '2023-03-31' })
  await makeSubmission(aldgate.id, aldgate2023, { status: 'completed' })
  await makeCollection(bow.id, { year: 2026, dueDate: future })

  const atlas = await researchProvider('Atlas Global Markets', 'bulge_bracket')
  for (let index = 0; index < 5; index++) await benchmarkCell(2024, atlas.id, false)
  for (let index = 0; index < 2; index++) await benchmarkCell(2024, atlas.id, true)
  await db.table('rsa_benchmark_runs').multiInsert(
    [
      ['2024-02-01 09:00:00', 'import'],
      ['2024-06-01 09:00:00', 'submission'],
    ].map(([at, trigger]) => ({
      year: 2024,
      trigger,
      cells: 7,
      suppressed_cells: 2,
      teams: 11,
      started_at: at,
      finished_at: at,
    }))
  )
  await recompute([2023])

  const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
  return { admin, aldgate, member }
}

test.group('RSA admin: overview', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows collection progress, benchmark cells and the last recompute per year', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(pinClock('2026-11-28'))
    const { admin } = await world()
    const response = await client.get(BASE).loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('admin/rsa/overview')
    const props = response.inertiaProps as any
    const years = Object.fromEntries(props.years.map((row: any) => [row.year, row]))
    assert.deepEqual(
      props.years.map((row: any) => row.year),
      // The years offered (the first with data, 2023, to next year) and any with a collection.
      [2027, 2026, 2025, 2024, 2023]
    )
    assert.deepEqual(years[2024].collection, {
      invited: 4,
      submitted: 2,
      completed: 1,
      overdue: 2,
    })
    assert.deepEqual(years[2024].benchmarks, { published: 5, suppressed: 2 })
    assert.deepInclude(years[2024].lastRecompute, {
      trigger: 'submission',
      cells: 7,
      suppressedCells: 2,
      teams: 11,
    })
    assert.deepEqual(years[2023].collection, {
      invited: 1,
      submitted: 1,
      completed: 1,
      overdue: 0,
    })
    assert.deepEqual(years[2023].benchmarks, { published: 0, suppressed: 0 })
    assert.equal(years[2023].lastRecompute.trigger, 'test')
    assert.deepEqual(years[2026].collection, {
      invited: 1,
      submitted: 0,
      completed: 0,
      overdue: 0,
    })
    // A year offered with nothing yet: next year.
    assert.isNull(years[2027].lastRecompute)
    assert.deepEqual(years[2027].collection, {
      invited: 0,
      submitted: 0,
      completed: 0,
      overdue: 0,
    })
    assert.deepEqual(props.imports, [])
  })

  test('lists the latest imports, newest first', async ({ client, assert }) => {
    const { admin, aldgate, member } = await world()
    for (const [kind, at] of [
      ['budgets', '2024-07-01 10:00:00'],
      ['peer_interactions', '2024-07-02 10:00:00'],
    ]) {
      await insertReturningId(db.connection(), 'rsa_imports', {
        kind,
        team_id: kind === 'budgets' ? aldgate.id : null,
        year: 2024,
        user_id: kind === 'budgets' ? member.id : null,
        source: kind === 'budgets' ? 'web' : 'command_line',
        original_file_name: `${kind}.csv`,
        file_type: 'csv',
        checksum: 'abc',
        status: 'committed',
        total_rows: 12,
        new_rows: 10,
        updated_rows: 1,
        rejected_rows: 1,
        created_at: at,
      })
    }
    const response = await client.get(BASE).loginAs(admin).withInertia()
    const imports = (response.inertiaProps as any).imports
    assert.deepEqual(
      imports.map((row: any) => [row.kind, row.team, row.fileName, row.rows.total]),
      [
        ['peer_interactions', null, 'peer_interactions.csv', 12],
        ['budgets', aldgate.name, 'budgets.csv', 12],
      ]
    )
  })

  test('opens to administrators holding the permission only', async ({ client }) => {
    const { member } = await world()
    const services = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const refused = await client.get(BASE).loginAs(services).withInertia()
    refused.assertStatus(403)
    const asClient = await client.get(BASE).loginAs(member).withInertia()
    asClient.assertStatus(403)
  })

  test('the admin menu entry opens the overview, no longer the coming-soon page', async ({
    client,
  }) => {
    const { admin } = await world()
    const response = await client.get(BASE).loginAs(admin).withInertia()
    response.assertInertiaComponent('admin/rsa/overview')
  })
})
