import db from '@adonisjs/lucid/services/db'
import Scenario from '#models/scenario'
import {
  NotFoundForTeam,
  productBenchmarks,
  regressionsFor,
} from '#services/market_data/benchmarks'
import {
  priceScenario,
  scenarioDriversFor,
  scenarioTotal,
  type DriverOverride,
} from '#shared/scenario_pricing'

export type DriverValues = Record<string, DriverOverride[]>

/**
 * Loads what scenario summaries need once (benchmarks and regressions), whatever the number
 * of scenarios summarised with it.
 */
export async function pricingBasis(teamId: number, providerId: number) {
  const { productBenchmarks: rows } = await productBenchmarks({
    teamId,
    providerId,
    tab: 'active-upcoming',
  })
  const regressions = await regressionsFor(
    rows.map((row) => ({ productId: row.product.id, licenseTypeId: row.contract.license_type_id }))
  )
  return { rows, regressions }
}

type PricingBasis = Awaited<ReturnType<typeof pricingBasis>>

/**
 * Re-prices the benchmarks with the saved driver values by the same rule as the page: the
 * original and scenario totals per currency, and how many rows kept their price as invalid.
 */
export function summarise({ rows, regressions }: PricingBasis, values: DriverValues) {
  const totals = new Map<number, { original: number[]; scenario: number[] }>()
  let invalid = 0
  for (const row of rows) {
    const drivers = scenarioDriversFor(row.drivers, values[String(row.id)])
    const original = row.benchmark_price ?? 0
    const result = priceScenario(
      { benchmarkPrice: original, drivers, hasSubProducts: row.sub_product_benchmarks.length > 0 },
      regressions[`${row.product.id}:${row.contract.license_type_id}`] ?? null
    )
    if (result.status === 'invalid') invalid++
    const bucket = totals.get(row.currency_id ?? 0) ?? { original: [], scenario: [] }
    bucket.original.push(original)
    bucket.scenario.push(result.price)
    totals.set(row.currency_id ?? 0, bucket)
  }
  return {
    products: rows.length,
    invalid,
    totals: [...totals.entries()].map(([currencyId, bucket]) => ({
      currencyId,
      original: scenarioTotal(bucket.original),
      scenario: scenarioTotal(bucket.scenario),
    })),
  }
}

export async function saveScenario(input: {
  teamId: number
  providerId: number
  userId: number
  name: string
  values: DriverValues
  scenarioId?: number
}) {
  if (input.scenarioId) {
    const scenario = await findScenario(input.teamId, input.scenarioId)
    scenario.name = input.name
    scenario.driverValues = JSON.stringify(input.values)
    await scenario.save()
    return scenario
  }
  return Scenario.create({
    teamId: input.teamId,
    providerId: input.providerId,
    userId: input.userId,
    name: input.name,
    driverValues: JSON.stringify(input.values),
  })
}

export async function findScenario(teamId: number, scenarioId: number) {
  const scenario = await Scenario.query().where({ id: scenarioId, teamId }).first()
  if (!scenario) throw new NotFoundForTeam('Scenario not found')
  return scenario
}

export async function scenariosForProvider(teamId: number, providerId: number) {
  return db
    .from('scenarios')
    .leftJoin('users', 'users.id', 'scenarios.user_id')
    .where({ 'scenarios.team_id': teamId, 'scenarios.provider_id': providerId })
    .select(
      'scenarios.id',
      'scenarios.name',
      'scenarios.driver_values',
      'scenarios.updated_at',
      'scenarios.created_at',
      'users.name as author'
    )
    .orderBy('scenarios.created_at', 'desc')
}
