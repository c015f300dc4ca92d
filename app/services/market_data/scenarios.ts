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
import { convert, type ExchangeRate } from '#shared/currency_conversion'

export type DriverValues = Record<string, DriverOverride[]>

/**
 * Loads what scenario summaries need once (benchmarks and regressions), whatever the number
 * of scenarios summarised with it.
 */
export async function pricingBasis(teamId: number, providerId: number, today?: string) {
  const { productBenchmarks: rows } = await productBenchmarks({
    teamId,
    providerId,
    tab: 'active-upcoming',
    today,
  })
  const regressions = await regressionsFor(
    rows.map((row) => ({ productId: row.product.id, licenseTypeId: row.contract.license_type_id }))
  )
  return { rows, regressions }
}

type PricingBasis = Awaited<ReturnType<typeof pricingBasis>>

/**
 * Re-prices the benchmarks with the saved driver values by the same rule as the page: each
 * row's benchmark and scenario price converted into the display currency, totalled (whole
 * units), and how many rows kept their price as invalid.
 */
export function summarise(
  { rows, regressions }: PricingBasis,
  values: DriverValues,
  display: { currencyId: number; rates: ExchangeRate[] }
) {
  const original: number[] = []
  const scenario: number[] = []
  let invalid = 0
  for (const row of rows) {
    const drivers = scenarioDriversFor(row.drivers, values[String(row.id)])
    const price = row.benchmark_price ?? 0
    const result = priceScenario(
      { benchmarkPrice: price, drivers, hasSubProducts: row.sub_product_benchmarks.length > 0 },
      regressions[`${row.product.id}:${row.contract.license_type_id}`] ?? null
    )
    if (result.status === 'invalid') invalid++
    const inDisplay = (amount: number) =>
      convert(amount, row.currency_id, display.currencyId, display.rates) ?? amount
    original.push(inDisplay(price))
    scenario.push(inDisplay(result.price))
  }
  const originalTotal = scenarioTotal(original)
  const scenarioTotalValue = scenarioTotal(scenario)
  return {
    products: rows.length,
    invalid,
    currencyId: display.currencyId,
    original: originalTotal,
    scenario: scenarioTotalValue,
    change: scenarioTotalValue - originalTotal,
    changePercent: originalTotal
      ? ((scenarioTotalValue - originalTotal) / originalTotal) * 100
      : null,
  }
}

/**
 * The name of a count driver (users, datasets) given a fraction in these values, or null.
 */
export async function fractionGivenToCount(values: DriverValues): Promise<string | null> {
  const fractional = new Set<number>()
  for (const list of Object.values(values)) {
    for (const entry of list) {
      if (entry.value !== null && !Number.isInteger(entry.value)) fractional.add(entry.driverId)
    }
  }
  if (fractional.size === 0) return null
  const driver = await db
    .from('drivers')
    .whereIn('id', [...fractional])
    .where('whole_numbers', true)
    .select('name')
    .first()
  return (driver?.name as string | undefined) ?? null
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
    const scenario = await findScenario(input.teamId, input.scenarioId, input.providerId)
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

/**
 * A saved scenario of the team for the provider: a scenario belongs to its provider, so
 * another provider's address does not find it (and cannot overwrite it with its own values).
 */
export async function findScenario(teamId: number, scenarioId: number, providerId: number) {
  const scenario = await Scenario.query().where({ id: scenarioId, teamId, providerId }).first()
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
