/**
 * Scenario pricing: a product benchmark re-priced from its driver values through the
 * regression for its product and license type. One module for the page (live recalculation)
 * and the server (saved scenario summaries).
 */

export interface DriverOption {
  id: number
  value: number | string | null
}

export interface ScenarioDriver {
  driverId: number
  name: string
  isNumeric: boolean
  /** A count: fractions are not a valid value. */
  wholeNumbers?: boolean
  /** Numeric drivers: the value in use. */
  value: number | string | null
  /** Option drivers: the option in use. */
  optionId: number | null
  options: DriverOption[]
  originalValue: number | string | null
  originalOptionId: number | null
}

export interface RegressionCoefficient {
  driverId: number
  coefficientValue: number
  minDriverValue: number | null
  maxDriverValue: number | null
}

export interface Regression {
  intercept: number
  coefficients: RegressionCoefficient[]
}

export interface ScenarioProduct {
  benchmarkPrice: number
  drivers: ScenarioDriver[]
  hasSubProducts: boolean
}

export type ScenarioStatus = 'priced' | 'unchanged' | 'invalid'

export interface ScenarioResult {
  price: number
  status: ScenarioStatus
  /** Why the original price was kept (invalid or not priceable). */
  reason: string | null
}

export const SCENARIO_ROUNDING = 100

export function roundToNearest(value: number, step = SCENARIO_ROUNDING) {
  return Math.round(value / step) * step
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null
  const number = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(number) ? number : null
}

/**
 * The number a driver feeds into the regression: its value, or its selected option's value.
 */
export function driverInput(driver: ScenarioDriver): number | null {
  if (driver.isNumeric) return toNumber(driver.value)
  const option = driver.options.find((entry) => entry.id === driver.optionId)
  return option ? toNumber(option.value) : null
}

export function priceScenario(
  product: ScenarioProduct,
  regression: Regression | null
): ScenarioResult {
  const original = product.benchmarkPrice
  if (product.hasSubProducts) {
    return { price: original, status: 'unchanged', reason: 'Priced through its sub products' }
  }
  if (product.drivers.length === 0) {
    return { price: original, status: 'unchanged', reason: 'No drivers to change' }
  }
  if (!regression) {
    return {
      price: original,
      status: 'invalid',
      reason: 'No regression for this product and license type',
    }
  }

  let total = regression.intercept
  for (const driver of product.drivers) {
    const coefficient = regression.coefficients.find((entry) => entry.driverId === driver.driverId)
    if (!coefficient) {
      return { price: original, status: 'invalid', reason: `No coefficient for ${driver.name}` }
    }
    const input = driverInput(driver)
    if (input === null) {
      return { price: original, status: 'invalid', reason: `${driver.name} has no usable value` }
    }
    if (driver.isNumeric && driver.wholeNumbers && !Number.isInteger(input)) {
      return { price: original, status: 'invalid', reason: `${driver.name} takes whole numbers` }
    }
    if (driver.isNumeric) {
      const { minDriverValue: min, maxDriverValue: max } = coefficient
      if ((min !== null && input < min) || (max !== null && input > max)) {
        return {
          price: original,
          status: 'invalid',
          reason: `${driver.name} must be between ${min ?? '−∞'} and ${max ?? '∞'}`,
        }
      }
    }
    total += input * coefficient.coefficientValue
  }
  return { price: roundToNearest(total), status: 'priced', reason: null }
}

/**
 * Restores every driver's original value and option.
 */
/** Whether the driver differs from the benchmark's recorded value or option. */
export function driverChanged(driver: ScenarioDriver) {
  return driver.isNumeric
    ? toNumber(driver.value) !== toNumber(driver.originalValue)
    : driver.optionId !== driver.originalOptionId
}

export function resetDrivers(drivers: ScenarioDriver[]): ScenarioDriver[] {
  return drivers.map((driver) => ({
    ...driver,
    value: driver.originalValue,
    optionId: driver.originalOptionId,
  }))
}

export type CostChangeLabel = 'no change' | 'Potential Increase' | 'Potential Saving'

export function costChangeLabel(difference: number): CostChangeLabel {
  if (difference > 0) return 'Potential Increase'
  if (difference < 0) return 'Potential Saving'
  return 'no change'
}

/**
 * The overall scenario total in the active currency, rounded to whole units.
 */
export function scenarioTotal(prices: number[]) {
  return Math.round(prices.reduce((sum, price) => sum + price, 0))
}

export const SCENARIO_ASSUMPTIONS = [
  'A standard contract term of three years.',
  'Estimates ignore multi-product discounts, contract length variations, bundles and unique arrangements.',
]

/** A product benchmark's driver as the market data API sends it. */
export interface BenchmarkDriverInput {
  id: number
  name: string
  is_numeric: boolean
  /** Counts (users, datasets) take whole numbers only. */
  whole_numbers?: boolean
  driver_options: { id: number; value: number }[]
  pivot: { value: number | null; driver_option_id: number | null }
}

export interface DriverOverride {
  driverId: number
  value: number | null
  optionId: number | null
}

/**
 * Scenario drivers for a benchmark: its recorded values as the originals, with any saved
 * scenario values applied on top.
 */
export function scenarioDriversFor(
  drivers: BenchmarkDriverInput[],
  overrides: DriverOverride[] = []
): ScenarioDriver[] {
  return drivers.map((driver) => {
    const override = overrides.find((entry) => entry.driverId === driver.id)
    return {
      driverId: driver.id,
      name: driver.name,
      isNumeric: driver.is_numeric,
      wholeNumbers: Boolean(driver.whole_numbers),
      value: override ? override.value : driver.pivot.value,
      optionId: override ? override.optionId : driver.pivot.driver_option_id,
      options: driver.driver_options.map((option) => ({ id: option.id, value: option.value })),
      originalValue: driver.pivot.value,
      originalOptionId: driver.pivot.driver_option_id,
    }
  })
}
