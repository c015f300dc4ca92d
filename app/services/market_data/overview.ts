import db from '@adonisjs/lucid/services/db'
import { providerLogoUrl } from '#services/market_data/provider_logos'
import { todayIso, toIsoDate } from '#services/market_data/benchmarks'
import { DAYS_PER_MONTH, type OverviewProvider } from '#shared/market_data_overview'

/**
 * The months of a benchmark row's period in SQL, as `periodMonths` counts them in
 * `shared/market_data_overview.ts`: the days from start to end inclusive, over 30.4375, rounded,
 * at least one.
 */
function periodMonthsSql(dialect: string) {
  const days =
    dialect === 'postgres'
      ? '(product_benchmarks.end_date - product_benchmarks.start_date + 1)'
      : '(julianday(product_benchmarks.end_date) - julianday(product_benchmarks.start_date) + 1)'
  const months = `round(${days} / ${DAYS_PER_MONTH})`
  return dialect === 'postgres' ? `greatest(1, ${months})` : `max(1, ${months})`
}

/**
 * Every market data provider the team holds a contract with: its contracts (all, in force),
 * the next end date, and the annualised payments and benchmarks of the product benchmarks in
 * force today, per currency. Two queries whatever the number of contracts and rows.
 */
export async function marketDataOverview(
  teamId: number,
  today = todayIso()
): Promise<OverviewProvider[]> {
  const connection = db.connection()
  const months = periodMonthsSql(connection.dialect.name)
  const annual = (column: string) => `${column} * 12.0 / ${months}`
  const both =
    'product_benchmarks.payment is not null and product_benchmarks.benchmark_price is not null'
  const [contracts, amounts] = await Promise.all([
    connection
      .from('contracts')
      .join('providers', 'providers.id', 'contracts.provider_id')
      .where('contracts.team_id', teamId)
      .where('providers.provider_type', 'market_data')
      .groupBy('providers.id', 'providers.provider_key', 'providers.name', 'providers.logo')
      .select('providers.id', 'providers.provider_key', 'providers.name', 'providers.logo')
      .count('contracts.id as contracts')
      .select(
        connection.raw(
          'sum(case when contracts.start_date <= ? and contracts.end_date >= ? then 1 else 0 end) as in_force',
          [today, today]
        ),
        connection.raw(
          'min(case when contracts.end_date >= ? then contracts.end_date end) as next_end',
          [today]
        )
      )
      .max('contracts.end_date as last_end')
      .orderBy('providers.name'),
    connection
      .from('product_benchmarks')
      .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
      .join('providers', 'providers.id', 'contracts.provider_id')
      .where('contracts.team_id', teamId)
      .where('providers.provider_type', 'market_data')
      .where('product_benchmarks.start_date', '<=', today)
      .where('product_benchmarks.end_date', '>=', today)
      .whereNotNull('product_benchmarks.currency_id')
      .groupBy('contracts.provider_id', 'product_benchmarks.currency_id')
      .select('contracts.provider_id', 'product_benchmarks.currency_id')
      .count('product_benchmarks.id as rows')
      .select(
        connection.raw(`sum(${annual('product_benchmarks.payment')}) as spend`),
        connection.raw(`sum(${annual('product_benchmarks.benchmark_price')}) as benchmark`),
        connection.raw(
          `sum(case when ${both} then ${annual('product_benchmarks.payment')} end) as compared_spend`
        ),
        connection.raw(
          `sum(case when ${both} then ${annual('product_benchmarks.benchmark_price')} end) as compared_benchmark`
        )
      )
      .orderBy('product_benchmarks.currency_id'),
  ])
  const number = (value: unknown) => (value === null || value === undefined ? 0 : Number(value))
  return contracts.map((row) => {
    const own = amounts.filter((entry) => entry.provider_id === row.id)
    return {
      id: row.id as number,
      providerKey: row.provider_key as string,
      name: row.name as string,
      logo: providerLogoUrl(row.provider_key, row.logo),
      contracts: Number(row.contracts),
      contractsInForce: Number(row.in_force),
      nextEndDate: row.next_end === null ? null : toIsoDate(row.next_end),
      lastEndDate: toIsoDate(row.last_end),
      benchmarksInForce: own.reduce((sum, entry) => sum + Number(entry.rows), 0),
      amounts: own.map((entry) => ({
        currencyId: entry.currency_id as number,
        spend: number(entry.spend),
        benchmark: number(entry.benchmark),
        comparedSpend: number(entry.compared_spend),
        comparedBenchmark: number(entry.compared_benchmark),
      })),
    }
  })
}
