import type db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

type Client = TransactionClientContract | typeof db

/**
 * The drivers among `driverIds` that client data uses: product benchmark values, regression
 * coefficients or rate card assumptions.
 */
export async function driversInUse(client: Client, driverIds: number[]) {
  if (driverIds.length === 0) return new Set<number>()
  const [first, ...others] = [
    'product_benchmark_drivers',
    'regression_coefficients',
    'rate_card_assumptions',
  ].map((table) => client.from(table).whereIn('driver_id', driverIds).select('driver_id'))
  // One query: the union of the three uses.
  const used = await first.union(others)
  return new Set(used.map((row) => row.driver_id as number))
}

/**
 * One rule for the classification editor and the universe import: a driver's kind (numeric,
 * or a choice of options) may change only while no client data uses it, since stored values
 * and coefficients are of the old kind.
 */
export function driverKindChangeMessage(name: string, wasNumeric: boolean) {
  return `Driver '${name}' is used by client data and stays ${wasNumeric ? 'numeric' : 'a driver with options'}.`
}
