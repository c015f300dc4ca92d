import db from '@adonisjs/lucid/services/db'
import Scenario from '#models/scenario'
import {
  NotFoundForTeam,
  productBenchmarks,
  regressionsFor,
} from '#services/market_data/benchmarks'
import {
  driverChanged,
  priceScenario,
  scenarioDriversFor,
  scenarioTotal,
  type DriverOverride,
} from '#shared/scenario_pricing'
import { convert, type ExchangeRate } from '#shared/currency_conversion'
import {
  annualise,
  basisOfRows,
  contractPeriods,
  contractsOfRows,
  defaultPeriod,
  rowsInForce,
  type ContractPeriod,
  type ContractSummary,
} from '#shared/market_data_contracts'
import { defaultContract } from '#shared/contracts'
import { fieldError } from '#services/http/field_error'

export type DriverValues = Record<string, DriverOverride[]>

type BenchmarkRow = Awaited<ReturnType<typeof productBenchmarks>>['productBenchmarks'][number]

/**
 * Loads what scenario summaries need once (every benchmark of the provider and their
 * regressions), whatever the number of scenarios summarised with it.
 */
export async function pricingBasis(teamId: number, providerId: number) {
  const { productBenchmarks: rows } = await productBenchmarks({ teamId, providerId })
  const regressions = await regressionsFor(
    rows.map((row) => ({ productId: row.product.id, licenseTypeId: row.contract.license_type_id }))
  )
  return { rows, regressions }
}

type PricingBasis = Awaited<ReturnType<typeof pricingBasis>>

/**
 * The rows a scenario prices: one contract's rows in force on the first day of one of its
 * periods, so that each product counts once (never the renewal on top of the contract it
 * replaces, nor another contract's copy of the product).
 */
export function basisRows(rows: BenchmarkRow[], contractId: number, periodStart: string) {
  return rowsInForce(rows, contractId, periodStart)
}

/**
 * The contract and period a saved scenario was priced on, from the benchmarks its values name
 * (the scenario page saves a value list for every row it prices). Null when none is known.
 */
export function savedBasis(rows: BenchmarkRow[], values: DriverValues) {
  const keyed = rows.filter((row) => values[String(row.id)] !== undefined)
  return basisOfRows(keyed)
}

/**
 * Re-prices a scenario's rows with its driver values by the same rule as the page: each row's
 * benchmark and scenario price converted into the display currency, totalled (whole units),
 * also per year, and how many rows kept their price as invalid.
 */
export function priceRows(
  rows: BenchmarkRow[],
  regressions: PricingBasis['regressions'],
  values: DriverValues,
  display: { currencyId: number; rates: ExchangeRate[] }
) {
  return rows.map((row) => {
    const drivers = scenarioDriversFor(row.drivers, values[String(row.id)])
    const price = row.benchmark_price ?? 0
    const result = priceScenario(
      { benchmarkPrice: price, drivers, hasSubProducts: row.sub_product_benchmarks.length > 0 },
      regressions[`${row.product.id}:${row.contract.license_type_id}`] ?? null
    )
    const inDisplay = (amount: number) =>
      convert(amount, row.currency_id, display.currencyId, display.rates) ?? amount
    return { row, drivers, result, original: inDisplay(price), scenario: inDisplay(result.price) }
  })
}

export type PricedRow = ReturnType<typeof priceRows>[number]

/** The totals of priced rows, over their periods and per year. */
export function pricedTotals(priced: PricedRow[]) {
  const original = scenarioTotal(priced.map((entry) => entry.original))
  const scenario = scenarioTotal(priced.map((entry) => entry.scenario))
  const perYear = (amount: (entry: PricedRow) => number) =>
    scenarioTotal(
      priced.map((entry) => annualise(amount(entry), entry.row.start_date, entry.row.end_date)!)
    )
  const annualOriginal = perYear((entry) => entry.original)
  const annualScenario = perYear((entry) => entry.scenario)
  return {
    products: priced.length,
    invalid: priced.filter((entry) => entry.result.status === 'invalid').length,
    original,
    scenario,
    change: scenario - original,
    changePercent: original ? ((scenario - original) / original) * 100 : null,
    annualOriginal,
    annualScenario,
    annualChange: annualScenario - annualOriginal,
  }
}

/**
 * A saved scenario's summary: its own contract and period re-priced with its values, in the
 * display currency. A scenario whose benchmarks are gone prices nothing.
 */
export function summarise(
  { rows, regressions }: PricingBasis,
  values: DriverValues,
  display: { currencyId: number; rates: ExchangeRate[] }
) {
  const basis = savedBasis(rows, values)
  const own = basis ? basisRows(rows, basis.contractId, basis.periodStart) : []
  return {
    contractId: basis?.contractId ?? null,
    periodStart: basis?.periodStart ?? null,
    currencyId: display.currencyId,
    ...pricedTotals(priceRows(own, regressions, values, display)),
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

/** Names are compared as a reader would: case and surrounding spaces aside. */
function nameKey(name: string) {
  return name.trim().toLowerCase()
}

function duplicateName(name: string, providerName = 'this provider') {
  return fieldError(
    'name',
    `A scenario named "${name}" already exists for ${providerName}. Choose another name.`
  )
}

function isUniqueViolation(error: unknown) {
  const code = (error as { code?: string } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}

/**
 * Saves a scenario under a name no other scenario of the team for the provider has (refused
 * with a message otherwise, also when two saves race).
 */
export async function saveScenario(input: {
  teamId: number
  providerId: number
  /** Named in the refusal of a name already taken. */
  providerName?: string
  userId: number
  name: string
  values: DriverValues
  scenarioId?: number
}) {
  const name = input.name.trim()
  const taken = await db
    .from('scenarios')
    .where({ team_id: input.teamId, provider_id: input.providerId })
    .whereRaw('lower(name) = ?', [nameKey(name)])
    .if(input.scenarioId, (query) => query.whereNot('id', input.scenarioId!))
    .select('id')
    .first()
  if (taken) throw duplicateName(name, input.providerName)
  try {
    if (input.scenarioId) {
      const scenario = await findScenario(input.teamId, input.scenarioId, input.providerId)
      scenario.name = name
      scenario.driverValues = JSON.stringify(input.values)
      await scenario.save()
      return scenario
    }
    return await Scenario.create({
      teamId: input.teamId,
      providerId: input.providerId,
      userId: input.userId,
      name,
      driverValues: JSON.stringify(input.values),
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name, input.providerName)
    throw error
  }
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

/**
 * The contract period a scenario page prices, and the choices it offers: the contracts that
 * have benchmarks, the chosen one's periods. The contract asked for (one of the team's with the
 * provider, else not found), else the saved scenario's, else the one in force today; its period
 * asked for (one of its periods, else not found), else the saved one, else the current one.
 */
export function chooseScenarioBasis(input: {
  rows: BenchmarkRow[]
  contractId?: number
  period?: string
  saved: DriverValues | null
  today: string
}) {
  const withRows = contractsOfRows(input.rows)
  const saved = input.saved ? savedBasis(input.rows, input.saved) : null
  let contract: ContractSummary | null = null
  if (input.contractId !== undefined) {
    // The rows are the team's with the provider: another contract has none here.
    contract = withRows.find((entry) => entry.id === input.contractId) ?? null
    if (!contract) throw new NotFoundForTeam('Contract not found')
  } else if (saved) {
    contract = withRows.find((entry) => entry.id === saved.contractId) ?? null
  }
  contract ??= defaultContract(withRows, input.today)
  if (!contract) {
    return {
      contracts: withRows,
      contractId: null,
      periods: [],
      periodStart: null,
      rows: [],
      savedContractId: saved?.contractId ?? null,
    }
  }
  const periods = contractPeriods(input.rows, contract.id)
  let period: ContractPeriod | null = null
  if (input.period !== undefined) {
    period = periods.find((entry) => entry.start === input.period) ?? null
    if (!period) throw new NotFoundForTeam('Period not found')
  } else if (saved && saved.contractId === contract.id) {
    period = periods.find((entry) => entry.start === saved.periodStart) ?? null
  }
  period ??= defaultPeriod(periods, input.today)
  return {
    contracts: withRows,
    contractId: contract.id,
    periods,
    periodStart: period?.start ?? null,
    rows: period ? basisRows(input.rows, contract.id, period.start) : [],
    savedContractId: saved?.contractId ?? null,
  }
}

/** A driver's value as read: the number, or the chosen option's label. */
function driverValueText(
  row: BenchmarkRow,
  driverId: number,
  value: number | string | null,
  optionId: number | null
) {
  const driver = row.drivers.find((entry) => entry.id === driverId)
  if (!driver) return '—'
  if (driver.is_numeric) return value === null || value === '' ? '—' : String(value)
  return driver.driver_options.find((option) => option.id === optionId)?.label ?? '—'
}

/**
 * A saved scenario priced on its own contract period, row by row in the display currency: what
 * the comparison page and the export show.
 */
export function scenarioDetail(
  basis: PricingBasis,
  scenario: { id: number; name: string; driverValues: string },
  display: { currencyId: number; rates: ExchangeRate[] }
) {
  const values = JSON.parse(scenario.driverValues) as DriverValues
  const found = savedBasis(basis.rows, values)
  const rows = found ? basisRows(basis.rows, found.contractId, found.periodStart) : []
  const priced = priceRows(rows, basis.regressions, values, display)
  const contract = contractsOfRows(rows).find((entry) => entry.id === found?.contractId) ?? null
  return {
    id: scenario.id,
    name: scenario.name,
    contract,
    periodStart: found?.periodStart ?? null,
    currencyId: display.currencyId,
    rows: priced.map((entry) => ({
      id: entry.row.id,
      productId: entry.row.product.id,
      product: entry.row.product.name,
      division: entry.row.division,
      startDate: entry.row.start_date,
      endDate: entry.row.end_date,
      drivers: entry.drivers.map((driver) => ({
        name: driver.name,
        original: driverValueText(
          entry.row,
          driver.driverId,
          driver.originalValue,
          driver.originalOptionId
        ),
        scenario: driverValueText(entry.row, driver.driverId, driver.value, driver.optionId),
        changed: driverChanged(driver),
      })),
      status: entry.result.status,
      reason: entry.result.reason,
      original: entry.original,
      scenario: entry.scenario,
      change: entry.scenario - entry.original,
    })),
    totals: pricedTotals(priced),
  }
}

export type ScenarioDetail = ReturnType<typeof scenarioDetail>
