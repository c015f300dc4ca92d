import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { pinClock, restoreClock } from '#tests/helpers/clock'
import DemoGenerate from '#commands/demo_generate'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { SCALES } from '#database/generate/scales'
import { aumTierOf } from '#shared/rsa'
import { firstGeneratedTeamName, generateUniverse } from '#database/generate/universe'

const TABLES = [
  'teams',
  'users',
  'team_user',
  'providers',
  'provider_products',
  'contracts',
  'product_benchmarks',
  'product_benchmark_drivers',
  'sub_product_benchmarks',
  'scenarios',
  'proposals',
  'feedback',
  'insights_reports',
  'insights_report_versions',
  'insights_report_tags',
  'insights_report_teams',
  'insights_report_notifications',
  'insights_report_reads',
  'insights_report_downloads',
  'security_events',
  'audit_logs',
  'team_invitations',
  'rate_cards',
  'data_collections',
  'rsa_team_profiles',
  'rsa_budgets',
  'rsa_budget_lines',
  'rsa_payments',
  'rsa_interactions',
  'rsa_assessments',
] as const

async function tableCounts() {
  const counts: Record<string, number> = {}
  for (const table of TABLES) {
    const row = await db.from(table).count('* as total').first()
    counts[table] = Number(row.total)
  }
  return counts
}

function added(before: Record<string, number>, after: Record<string, number>) {
  return Object.fromEntries(TABLES.map((table) => [table, after[table] - before[table]]))
}

/** A few of the generated values, in id order: the same scale gives the same ones. */
async function fingerprint() {
  const teams = await db.from('teams').orderBy('id', 'desc').limit(2).select('name', 'region')
  const benchmarks = await db
    .from('product_benchmarks')
    .orderBy('id', 'desc')
    .limit(200)
    .select('payment', 'benchmark_price', 'start_date', 'division')
  const total = await db.from('product_benchmarks').sum('payment as total').first()
  const events = await db
    .from('security_events')
    .orderBy('id', 'desc')
    .limit(20)
    .select('event', 'ip')
  const reports = await db
    .from('insights_reports')
    .orderBy('id', 'desc')
    .limit(20)
    .select('title', 'access_type', 'access_module', 'status', 'published_at', 'version')
  const reads = await db
    .from('insights_report_reads')
    .orderBy('id', 'desc')
    .limit(50)
    .select('user_id', 'read_at', 'read_count')
  return JSON.stringify({ teams, benchmarks, total: Number(total.total), events, reports, reads })
}

/** The universe's six years, as generated on the pinned day (2026-11-28). */
const YEARS = [2021, 2022, 2023, 2024, 2025, 2026]

test.group('ace demo:generate', (group) => {
  // The demo seed and a small universe: tens of seconds on a loaded machine.
  group.each.timeout(180_000)
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    pinClock('2026-11-28')
    return restoreClock
  })
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('adds the small universe on top of the demo seed, at the sizes of the scale', async ({
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
    const before = await tableCounts()
    const northbridge = await db
      .from('teams')
      .where('name', 'Northbridge Asset Management')
      .firstOrFail()
    const northbridgeBefore = await db
      .from('contracts')
      .where('team_id', northbridge.id)
      .count('* as total')
      .first()

    const command = await ace.create(DemoGenerate, ['--scale=small'])
    await command.exec()
    command.assertSucceeded()

    const scale = SCALES.small
    const rows = added(before, await tableCounts())
    assert.equal(rows.teams, scale.teams)
    assert.equal(rows.users, scale.users)
    assert.equal(rows.providers, scale.providers)
    assert.equal(rows.contracts, scale.contracts)
    assert.equal(rows.scenarios, scale.scenarios)
    assert.equal(rows.proposals, scale.proposals)
    assert.equal(rows.feedback, scale.feedback)
    assert.equal(rows.insights_reports, scale.insightsReports)
    assert.equal(rows.security_events, scale.securityEvents)
    assert.equal(rows.audit_logs, scale.auditLogs)
    assert.equal(rows.team_invitations, scale.invitations)
    // About ten product lines per contract, each with its drivers.
    assert.isAtLeast(rows.product_benchmarks, scale.contracts * 9)
    assert.isAtLeast(rows.product_benchmark_drivers, rows.product_benchmarks)
    assert.isAbove(rows.sub_product_benchmarks, 0)
    assert.isAbove(rows.team_user, scale.users - scale.administrators)
    assert.isAbove(rows.insights_report_reads, 0)
    assert.isAbove(rows.insights_report_notifications, 0)
    assert.isAbove(rows.insights_report_downloads, 0)
    // Every report has its first version (and a second when replaced), one to three tags;
    // those for selected teams name them.
    assert.isAtLeast(rows.insights_report_versions, scale.insightsReports)
    assert.isAtLeast(rows.insights_report_tags, scale.insightsReports)
    assert.isAtMost(rows.insights_report_tags, scale.insightsReports * 3)
    const selectedWithoutTeams = await db
      .from('insights_reports')
      .where('access_type', 'selected_teams')
      .whereNotExists((query) =>
        query
          .from('insights_report_teams')
          .whereColumn('insights_report_teams.insights_report_id', 'insights_reports.id')
      )
      .count('* as total')
      .first()
    assert.equal(Number(selectedWithoutTeams.total), 0)
    // Readers are members of a team that can see the report.
    const unentitledReads = await db
      .from('insights_report_reads as rr')
      .join('insights_reports as r', 'r.id', 'rr.insights_report_id')
      .whereNotExists((query) =>
        query
          .from('team_user as tu')
          .join('team_modules as tm', 'tm.team_id', 'tu.team_id')
          .join('modules as m', 'm.id', 'tm.module_id')
          .whereColumn('tu.user_id', 'rr.user_id')
          .where('m.internal_name', 'insights-reports')
          .where((audience) =>
            audience
              .where('r.access_type', 'all_clients')
              .orWhere((inner) =>
                inner
                  .where('r.access_type', 'product_holders')
                  .whereExists((sub) =>
                    sub
                      .from('team_modules as tm2')
                      .join('modules as m2', 'm2.id', 'tm2.module_id')
                      .whereColumn('tm2.team_id', 'tu.team_id')
                      .whereColumn('m2.internal_name', 'r.access_module')
                  )
              )
              .orWhere((inner) =>
                inner
                  .where('r.access_type', 'selected_teams')
                  .whereExists((sub) =>
                    sub
                      .from('insights_report_teams as rt')
                      .whereColumn('rt.insights_report_id', 'r.id')
                      .whereColumn('rt.team_id', 'tu.team_id')
                  )
              )
          )
      )
      .count('* as total')
      .first()
    assert.equal(Number(unentitledReads.total), 0)
    assert.isAbove(rows.rate_cards, 0)
    assert.isAbove(rows.data_collections, 0)

    // Research spend for some generated teams: a profile and a budget a year, 15 to 60 lines
    // each from the demo seed's research providers, payments, interactions at the scale's size.
    assert.equal(rows.rsa_team_profiles, scale.rsaTeams * YEARS.length)
    assert.equal(rows.rsa_budgets, scale.rsaTeams * YEARS.length)
    assert.equal(rows.rsa_interactions, scale.rsaInteractions)
    assert.isAbove(rows.rsa_payments, rows.rsa_budget_lines)
    assert.isAbove(rows.rsa_assessments, 0)
    // The generated budgets are the last ones written.
    const generatedBudgets = await db
      .from('rsa_budgets')
      .orderBy('id', 'desc')
      .limit(rows.rsa_budgets)
      .select('id', 'total_budget')
    for (const budget of generatedBudgets) {
      const lines = await db
        .from('rsa_budget_lines')
        .where('budget_id', budget.id)
        .count('* as total')
        .sum('budget_amount as amount')
        .first()
      assert.isAtLeast(Number(lines.total), 15)
      assert.isAtMost(Number(lines.total), 60)
      assert.closeTo(Number(budget.total_budget), Number(lines.amount), 0.01)
    }
    // The interactions' indexes, set aside during the load, are back: duplicates are refused.
    const interaction = await db
      .from('rsa_interactions')
      .whereNotNull('external_ref')
      .orderBy('id', 'desc')
      .firstOrFail()
    const duplicate = { ...interaction, id: undefined }
    await assert.rejects(() =>
      db.transaction((trx) => trx.table('rsa_interactions').insert(duplicate))
    )
    const researchProviders = await db
      .from('rsa_budget_lines')
      .join('providers', 'providers.id', 'rsa_budget_lines.provider_id')
      .whereNot('providers.provider_type', 'research')
      .count('* as total')
      .first()
    assert.equal(Number(researchProviders.total), 0)
    const rates = await db
      .from('exchange_rates')
      .join('currencies', 'currencies.id', 'exchange_rates.to_currency_id')
      .where('currencies.code', 'USD')
      .select('from_currency_id', 'exchange_rate')
    const profiles = await db
      .from('rsa_team_profiles')
      .select('total_aum', 'currency_id', 'aum_tier')
    for (const profile of profiles) {
      const rate = Number(
        rates.find((row) => row.from_currency_id === profile.currency_id)!.exchange_rate
      )
      assert.equal(profile.aum_tier, aumTierOf(Number(profile.total_aum) * rate))
    }

    // The demo analyst's team gets its slice; the demo rows are left as they were.
    const northbridgeAfter = await db
      .from('contracts')
      .where('team_id', northbridge.id)
      .count('* as total')
      .first()
    assert.equal(
      Number(northbridgeAfter.total) - Number(northbridgeBefore.total),
      scale.northbridgeContracts
    )
    const demoProvider = await db.from('providers').where('provider_key', 'bloomberg').firstOrFail()
    const demoContracts = await db
      .from('contracts')
      .where('provider_id', demoProvider.id)
      .count('* as total')
      .first()
    assert.equal(Number(demoContracts.total), 10)

    // Amounts are NUMERIC with two decimals; generated accounts have real memberships.
    const line = await db.from('product_benchmarks').orderBy('id', 'desc').firstOrFail()
    assert.match(String(line.payment), /^\d+(\.\d{1,2})?$/)
    const admin = await db
      .from('users')
      .where('is_administrator', true)
      .orderBy('id', 'desc')
      .firstOrFail()
    const roles = await db.from('user_roles').where('user_id', admin.id).count('* as total').first()
    assert.isAtLeast(Number(roles.total), 1)
  })

  test('generates the same values for the same scale', async ({ assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
    assert.equal(firstGeneratedTeamName(), 'Greyfriars Capital Management')

    const prints: string[] = []
    for (let run = 0; run < 2; run++) {
      const trx = await db.transaction()
      await generateUniverse(trx, { scaleName: 'small', passwordHash: 'not-a-real-hash', runAt: 0 })
      const first = await trx
        .from('teams')
        .where('name', firstGeneratedTeamName())
        .select('region')
        .firstOrFail()
      assert.equal(first.region, 'EMEA')
      // The first generated contract and its first line, as the generator always makes them.
      const contract = await trx
        .from('contracts')
        .where('reference', 'like', '%-0001')
        .orderBy('id')
        .firstOrFail()
      const line = await trx
        .from('product_benchmarks')
        .where('contract_id', contract.id)
        .orderBy('id')
        .firstOrFail()
      assert.equal(contract.reference, 'UMBRA-2021-0001')
      assert.equal(Number(line.payment), 151_828)
      assert.equal(Number(line.benchmark_price), 136_100)
      prints.push(
        JSON.stringify({
          reference: contract.reference,
          payment: Number(line.payment),
          benchmark: Number(line.benchmark_price),
          fingerprint: await fingerprint(),
        })
      )
      await trx.rollback()
    }
    assert.equal(prints[0], prints[1])
  })

  test('dates the universe from the day of generation', async ({ assert }) => {
    pinClock('2027-03-10')
    await db.transaction((trx) => seedDemoUniverse(trx))
    const trx = await db.transaction()
    try {
      await generateUniverse(trx, { scaleName: 'small', passwordHash: 'not-a-real-hash' })
      const years = await trx.from('rsa_budgets').groupBy('year').orderBy('year').select('year')
      assert.deepEqual(
        years.map((row) => Number(row.year)),
        [2022, 2023, 2024, 2025, 2026, 2027]
      )
      const dayOf = (value: unknown) =>
        value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
      const payment = await trx.from('rsa_payments').max('paid_on as day').first()
      const interaction = await trx.from('rsa_interactions').max('occurred_on as day').first()
      assert.isTrue(dayOf(payment.day) <= '2027-03-10', 'no payment after the day')
      assert.isTrue(dayOf(interaction.day) <= '2027-03-10', 'no interaction after the day')
      // Research documents up to the day, densest in its last weeks; analysts' moves this year.
      const documents = await trx
        .from('research_documents')
        .where('published_at', '>=', '2027-02-24')
        .count('* as total')
        .first()
      assert.isAbove(Number(documents.total), 0)
      const latest = await trx.from('research_documents').max('published_at as at').first()
      assert.isTrue(dayOf(latest.at) < '2027-03-10', 'published before the day')
      const moves = await trx
        .from('analyst_moves')
        .where('year', 2027)
        .max('event_date as day')
        .count('* as total')
        .first()
      assert.isAbove(Number(moves.total), 0)
      assert.isTrue(dayOf(moves.day) <= '2027-03-10')
      // The open market data collections are the current year's.
      const open = await trx
        .from('data_collections')
        .where('status', 'open')
        .whereNot('kind', 'rsa')
        .select('name')
      assert.isAbove(open.length, 0)
      assert.isTrue(open.every((row) => String(row.name).endsWith(String(DateTime.now().year))))
    } finally {
      await trx.rollback()
    }
  })

  test('refuses a second universe and writes nothing', async ({ assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
    const first = await ace.create(DemoGenerate, ['--scale=small'])
    await first.exec()
    first.assertSucceeded()
    const before = await tableCounts()

    const again = await ace.create(DemoGenerate, ['--scale=small'])
    await again.exec()
    assert.equal(again.exitCode, 1)
    again.assertLog(
      '[ red(error) ] A generated universe is already in this database. Start again from a fresh one ("node ace migration:fresh --force", then "node ace db:seed") to generate another.'
    )
    assert.deepEqual(await tableCounts(), before)
  })

  test('refuses without the demo seed', async ({ assert }) => {
    const command = await ace.create(DemoGenerate, ['--scale=small'])
    await command.exec()
    assert.equal(command.exitCode, 1)
    command.assertLog(
      '[ red(error) ] The demo seed is missing: demo:generate adds to the demo universe. Run "node ace db:seed" on a freshly migrated database first.'
    )
    const users = await db.from('users').count('* as total').first()
    assert.equal(Number(users.total), 0)
  })

  test('refuses an unknown scale', async ({ assert }) => {
    const command = await ace.create(DemoGenerate, ['--scale=huge'])
    await command.exec()
    assert.equal(command.exitCode, 1)
    command.assertLog('[ red(error) ] Unknown scale "huge": use small, medium or large.')
  })

  test('refuses to run in production and writes nothing', async ({ assert, cleanup }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
    const before = await tableCounts()
    Object.defineProperty(app, 'inProduction', { get: () => true, configurable: true })
    cleanup(() => {
      delete (app as { inProduction?: boolean }).inProduction
    })

    const command = await ace.create(DemoGenerate, ['--scale=small'])
    await command.exec()
    assert.equal(command.exitCode, 1)
    command.assertLog(
      '[ red(error) ] demo:generate fills the database with synthetic data; it does not run in production. Nothing was written.'
    )
    assert.deepEqual(await tableCounts(), before)
  })
})
