import { test } from '@japa/runner'
import {
  costChangeLabel,
  driverChanged,
  driverInput,
  priceScenario,
  resetDrivers,
  roundToNearest,
  scenarioDriversFor,
  scenarioTotal,
  type Regression,
  type ScenarioDriver,
  type ScenarioProduct,
} from '#shared/scenario_pricing'

const users: ScenarioDriver = {
  driverId: 1,
  name: 'Users',
  isNumeric: true,
  value: 40,
  optionId: null,
  options: [],
  originalValue: 25,
  originalOptionId: null,
}

const tier: ScenarioDriver = {
  driverId: 2,
  name: 'Data tier',
  isNumeric: false,
  value: null,
  optionId: 11,
  options: [
    { id: 10, value: 1 },
    { id: 11, value: 2 },
    { id: 12, value: 'not a number' },
  ],
  originalValue: null,
  originalOptionId: 10,
}

const regression: Regression = {
  intercept: 10_000,
  coefficients: [
    { driverId: 1, coefficientValue: 1_234, minDriverValue: 1, maxDriverValue: 100 },
    { driverId: 2, coefficientValue: 5_000, minDriverValue: null, maxDriverValue: null },
  ],
}

function product(overrides: Partial<ScenarioProduct> = {}): ScenarioProduct {
  return { benchmarkPrice: 55_000, drivers: [users, tier], hasSubProducts: false, ...overrides }
}

test.group('Scenario pricing', () => {
  test('prices intercept + Σ value × coefficient, rounded to the nearest 100', ({ assert }) => {
    // 10 000 + 40 × 1 234 + 2 × 5 000 = 69 360 → 69 400
    assert.deepEqual(priceScenario(product(), regression), {
      price: 69_400,
      status: 'priced',
      reason: null,
    })
  })

  test('a count driver refuses fractions; a measure takes them', ({ assert }) => {
    const counted = { ...users, wholeNumbers: true, value: 40.5 }
    assert.deepEqual(priceScenario(product({ drivers: [counted, tier] }), regression), {
      price: 55_000,
      status: 'invalid',
      reason: 'Users takes whole numbers',
    })
    const measured = { ...users, wholeNumbers: false, value: 40.5 }
    assert.equal(priceScenario(product({ drivers: [measured, tier] }), regression).status, 'priced')
  })

  test('tells a changed driver from its recorded value', ({ assert }) => {
    assert.isTrue(driverChanged(users))
    assert.isFalse(driverChanged({ ...users, value: '25' }))
    assert.isTrue(driverChanged(tier))
    assert.isFalse(driverChanged({ ...tier, optionId: 10 }))
  })

  test('uses the selected option value for an option driver', ({ assert }) => {
    assert.equal(driverInput(tier), 2)
    const withFirstOption = product({ drivers: [users, { ...tier, optionId: 10 }] })
    // 10 000 + 49 360 + 5 000 = 64 360 → 64 400
    assert.equal(priceScenario(withFirstOption, regression).price, 64_400)
  })

  test('keeps the original price and flags a driver without coefficient', ({ assert }) => {
    const result = priceScenario(product(), {
      intercept: 1,
      coefficients: [regression.coefficients[0]],
    })
    assert.deepEqual(result, {
      price: 55_000,
      status: 'invalid',
      reason: 'No coefficient for Data tier',
    })
  })

  test('keeps the original price and flags a numeric value out of bounds', ({ assert }) => {
    for (const value of [0, 101]) {
      const result = priceScenario(product({ drivers: [{ ...users, value }, tier] }), regression)
      assert.equal(result.status, 'invalid')
      assert.equal(result.price, 55_000)
      assert.equal(result.reason, 'Users must be between 1 and 100')
    }
  })

  test('accepts values on the bounds', ({ assert }) => {
    for (const value of [1, 100]) {
      assert.equal(
        priceScenario(product({ drivers: [{ ...users, value }, tier] }), regression).status,
        'priced'
      )
    }
  })

  test('flags a missing regression, an empty value and an option without a number', ({
    assert,
  }) => {
    assert.equal(
      priceScenario(product(), null).reason,
      'No regression for this product and license type'
    )
    assert.equal(
      priceScenario(product({ drivers: [{ ...users, value: '' }, tier] }), regression).reason,
      'Users has no usable value'
    )
    assert.equal(
      priceScenario(product({ drivers: [users, { ...tier, optionId: 12 }] }), regression).reason,
      'Data tier has no usable value'
    )
  })

  test('keeps the original price for products with sub products or without drivers', ({
    assert,
  }) => {
    assert.deepEqual(priceScenario(product({ hasSubProducts: true }), regression), {
      price: 55_000,
      status: 'unchanged',
      reason: 'Priced through its sub products',
    })
    assert.equal(priceScenario(product({ drivers: [] }), regression).status, 'unchanged')
  })

  test('rounds half up to the nearest 100', ({ assert }) => {
    assert.equal(roundToNearest(69_349), 69_300)
    assert.equal(roundToNearest(69_350), 69_400)
    assert.equal(roundToNearest(-149), -100)
  })

  test('reset restores every original value and option', ({ assert }) => {
    const [numeric, option] = resetDrivers([users, tier])
    assert.equal(numeric.value, 25)
    assert.equal(option.optionId, 10)
  })

  test('labels the cost change', ({ assert }) => {
    assert.equal(costChangeLabel(0), 'no change')
    assert.equal(costChangeLabel(100), 'Potential Increase')
    assert.equal(costChangeLabel(-0.5), 'Potential Saving')
  })

  test('rounds the overall total to whole units', ({ assert }) => {
    assert.equal(scenarioTotal([1000.4, 2000.3]), 3001)
    assert.equal(scenarioTotal([]), 0)
  })

  test('builds scenario drivers from recorded values, with saved values on top', ({ assert }) => {
    const recorded = [
      {
        id: 1,
        name: 'Users',
        is_numeric: true,
        driver_options: [],
        pivot: { value: 25, driver_option_id: null },
      },
      {
        id: 2,
        name: 'Data tier',
        is_numeric: false,
        driver_options: [{ id: 10, value: 1 }],
        pivot: { value: null, driver_option_id: 10 },
      },
    ]
    const [numeric, option] = scenarioDriversFor(recorded, [
      { driverId: 1, value: 40, optionId: null },
    ])
    assert.equal(numeric.value, 40)
    assert.equal(numeric.originalValue, 25)
    assert.equal(option.optionId, 10)
    assert.deepEqual(option.options, [{ id: 10, value: 1 }])
    assert.equal(scenarioDriversFor(recorded)[0].value, 25)
  })
})
