import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { pinClock, restoreClock } from '#tests/helpers/clock'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import type { Assert } from '@japa/assert'
import { BENCHMARK_TABS, tabWindow } from '#shared/benchmark_tabs'

/** Each market data team has contract lines in every benchmark tab on the day. */
async function assertEveryTabHasRows(assert: Assert, today: string) {
  for (const teamName of ['Northbridge Asset Management', 'Helvetia Capital Partners']) {
    const team = await db.from('teams').where('name', teamName).select('id').firstOrFail()
    for (const tab of BENCHMARK_TABS) {
      const window = tabWindow(tab.key, today)
      const query = db
        .from('product_benchmarks')
        .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
        .where('contracts.team_id', team.id)
        .where('product_benchmarks.end_date', '>=', window.endOnOrAfter)
      if (window.startOnOrBefore)
        query.where('product_benchmarks.start_date', '<=', window.startOnOrBefore)
      if (window.endOnOrBefore)
        query.where('product_benchmarks.end_date', '<=', window.endOnOrBefore)
      const row = await query.count('* as total').first()
      assert.isAbove(Number(row.total), 0, `${teamName} has rows in ${tab.title} on ${today}`)
    }
  }
}

test.group('Demo market data universe', (group) => {
  // The demo's teams and market data: seconds, up to half a minute on PostgreSQL under load.
  group.each.timeout(120_000)
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  group.each.teardown(restoreClock)

  test('gives each market data team rows in every benchmark tab on {day}')
    .with([{ day: '2026-11-28' }, { day: '2027-03-10' }, { day: '2027-12-31' }])
    .run(async ({ assert }, { day }) => {
      // The contracts follow the day of seeding, whatever the day.
      pinClock(day)
      await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
      await assertEveryTabHasRows(assert, DateTime.now().toISODate()!)
    })

  test('gives each market data team rows in every benchmark tab today', async ({ assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    await assertEveryTabHasRows(assert, DateTime.now().toISODate()!)
  })

  test('prices every seeded benchmark with a regression for its product and license type', async ({
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const unpriced = await db
      .from('product_benchmarks')
      .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
      .leftJoin('regressions', (join) =>
        join
          .on('regressions.product_id', '=', 'product_benchmarks.product_id')
          .andOn('regressions.license_type_id', '=', 'contracts.license_type_id')
      )
      .whereNull('regressions.id')
      .count('* as total')
      .first()
    assert.equal(Number(unpriced.total), 0)
  })

  test('gives the alternative data team alternative data contracts, and others none', async ({
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const rows = await db
      .from('contracts')
      .join('providers', 'providers.id', 'contracts.provider_id')
      .join('teams', 'teams.id', 'contracts.team_id')
      .where('providers.provider_type', 'alternative_data')
      .distinct('teams.name')
    assert.deepEqual(
      rows.map((row) => row.name),
      ['Helvetia Capital Partners']
    )
  })
})

test.group('Demo market data universe: sub product drivers', (group) => {
  group.each.timeout(120_000)
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('gives every demo sub product the driver values of its product benchmark', async ({
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const subProducts = await db.from('sub_product_benchmarks').count('* as total').first()
    assert.isAbove(Number(subProducts.total), 0)
    // A sub product whose benchmark has drivers but which has none of its own.
    const missing = await db
      .from('sub_product_benchmarks')
      .whereExists((query) =>
        query
          .from('product_benchmark_drivers')
          .whereColumn(
            'product_benchmark_drivers.product_benchmark_id',
            'sub_product_benchmarks.product_benchmark_id'
          )
      )
      .whereNotExists((query) =>
        query
          .from('sub_product_benchmark_drivers')
          .whereColumn(
            'sub_product_benchmark_drivers.sub_product_benchmark_id',
            'sub_product_benchmarks.id'
          )
      )
      .count('* as total')
      .first()
    assert.equal(Number(missing.total), 0)
    const drivers = await db.from('sub_product_benchmark_drivers').count('* as total').first()
    assert.isAbove(Number(drivers.total), 0)
  })
})
