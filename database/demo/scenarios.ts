import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Two saved scenarios for the demo analyst at Northbridge with Bloomberg: more seats on the
 * contract in force (an increase) and fewer (a saving), so that the saved-scenario list shows
 * both kinds of change.
 */
export async function seedScenarios(trx: TransactionClientContract, today = DateTime.now()) {
  const team = await trx.from('teams').where('name', 'Northbridge Asset Management').first()
  const provider = await trx.from('providers').where('provider_key', 'bloomberg').first()
  const analyst = await trx.from('users').where('email', 'analyst@example.com').first()
  if (!team || !provider || !analyst) return
  const day = today.toISODate()!
  // Scenario analysis prices one contract period: the contract in force today (the latest
  // started) and its benchmarks in force today, each product once.
  const contract = await trx
    .from('contracts')
    .where({ team_id: team.id, provider_id: provider.id })
    .where('start_date', '<=', day)
    .where('end_date', '>=', day)
    .orderBy('start_date', 'desc')
    .select('id')
    .first()
  if (!contract) return
  const rows = await trx
    .from('product_benchmark_drivers')
    .join(
      'product_benchmarks',
      'product_benchmarks.id',
      'product_benchmark_drivers.product_benchmark_id'
    )
    .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
    .join('drivers', 'drivers.id', 'product_benchmark_drivers.driver_id')
    .where('contracts.id', contract.id)
    .where('product_benchmarks.start_date', '<=', day)
    .where('product_benchmarks.end_date', '>=', day)
    .where('drivers.whole_numbers', true)
    .select(
      'product_benchmarks.id as benchmark_id',
      'drivers.id as driver_id',
      'product_benchmark_drivers.value'
    )
  const plans = [
    { name: 'Ten more users on every product', daysAgo: 9, change: (value: number) => value + 10 },
    {
      name: 'Cut seats by a quarter',
      daysAgo: 3,
      change: (value: number) => Math.max(1, Math.round(value * 0.75)),
    },
  ]
  for (const plan of plans) {
    const stamp = today.minus({ days: plan.daysAgo }).toFormat(trx.dialect.dateTimeFormat)
    const values: Record<string, { driverId: number; value: number; optionId: null }[]> = {}
    for (const row of rows) {
      if (row.value === null) continue
      const list = values[String(row.benchmark_id)] ?? []
      list.push({ driverId: row.driver_id, value: plan.change(Number(row.value)), optionId: null })
      values[String(row.benchmark_id)] = list
    }
    await trx.table('scenarios').insert({
      team_id: team.id,
      provider_id: provider.id,
      user_id: analyst.id,
      name: plan.name,
      driver_values: JSON.stringify(values),
      created_at: stamp,
      updated_at: stamp,
    })
  }
}
