import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { seedDemoUniverse } from '#database/demo/demo_universe'

/**
 * Seeds the demo universe (without the research spend data, which market data tests do not
 * need) and returns the demo analyst working for the named team.
 */
export async function demoAnalystIn(teamName: string) {
  await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
  const analyst = await User.findByOrFail('email', 'analyst@example.com')
  const team = await db.from('teams').where('name', teamName).select('id').firstOrFail()
  analyst.currentTeamId = team.id
  analyst.shouldShowMainNavUserTour = false
  await analyst.save()
  return analyst
}

export async function teamId(name: string) {
  const team = await db.from('teams').where('name', name).select('id').firstOrFail()
  return team.id as number
}

/**
 * Gives the first sub product of the team's benchmarks with the provider still running today a
 * GBP benchmark price of 123,456 and its first numeric driver the value 987 (figures found
 * nowhere else in the demo), and returns its name and that driver's.
 */
export async function markSubProductDriver(teamIdValue: number, providerKey: string) {
  const today = new Date().toISOString().slice(0, 10)
  const sub = await db
    .from('sub_product_benchmarks')
    .join(
      'product_benchmarks',
      'product_benchmarks.id',
      'sub_product_benchmarks.product_benchmark_id'
    )
    .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
    .join('providers', 'providers.id', 'contracts.provider_id')
    .where({ 'contracts.team_id': teamIdValue, 'providers.provider_key': providerKey })
    .where('product_benchmarks.end_date', '>=', today)
    .orderBy('sub_product_benchmarks.id')
    .select('sub_product_benchmarks.id', 'sub_product_benchmarks.name')
    .firstOrFail()
  const driver = await db
    .from('sub_product_benchmark_drivers')
    .join('drivers', 'drivers.id', 'sub_product_benchmark_drivers.driver_id')
    .where('sub_product_benchmark_drivers.sub_product_benchmark_id', sub.id)
    .where('drivers.is_numeric', true)
    .select('sub_product_benchmark_drivers.id', 'drivers.name')
    .firstOrFail()
  const gbp = await db.from('currencies').where('code', 'GBP').select('id').firstOrFail()
  await db
    .from('sub_product_benchmarks')
    .where('id', sub.id)
    .update({ benchmark_price: 123_456, currency_id: gbp.id })
  await db.from('sub_product_benchmark_drivers').where('id', driver.id).update({ value: 987 })
  return { subName: sub.name as string, driverName: driver.name as string, gbpId: gbp.id as number }
}
