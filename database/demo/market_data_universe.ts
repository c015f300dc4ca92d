import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { roundToNearest } from '#shared/scenario_pricing'
import { insertReturningId } from '#services/db/insert'

interface DriverSeed {
  name: string
  numeric: boolean
  unit?: string
  options?: [string, number][]
  /** Regression coefficient per unit (numeric) or per option value. */
  coefficient: number
  bounds?: [number, number]
  /** A measure rather than a count: fractions allowed. */
  fractional?: boolean
}

interface ProviderSeed {
  key: string
  name: string
  type: 'market_data' | 'alternative_data'
  rateCard: boolean
  description: string
  intercept: number
  drivers: DriverSeed[]
  categories: {
    name: string
    types: { name: string; products: string[] }[]
    /**
     * Priced from a stream of its own: the index licences were added to the demo after the
     * rest, and the other products' figures stay as they were.
     */
    ownStream?: boolean
  }[]
}

export const LICENSE_TYPES = [
  { key: 'enterprise', name: 'Enterprise' },
  { key: 'site', name: 'Site' },
  { key: 'named-user', name: 'Named user' },
  { key: 'redistribution', name: 'Redistribution' },
]

const tier: DriverSeed = {
  name: 'Data tier',
  numeric: false,
  options: [
    ['Core', 1],
    ['Professional', 2],
    ['Enterprise', 3],
  ],
  coefficient: 14_000,
}

export const DEMO_PROVIDERS: ProviderSeed[] = [
  {
    key: 'bloomberg',
    name: 'Bloomberg',
    type: 'market_data',
    rateCard: true,
    description: 'Terminals, enterprise data feeds and reference data.',
    intercept: 8_000,
    drivers: [
      { name: 'Users', numeric: true, unit: 'users', coefficient: 26_500, bounds: [1, 400] },
      tier,
    ],
    categories: [
      {
        name: 'Desktop',
        types: [{ name: 'Terminal', products: ['Bloomberg Terminal', 'Bloomberg Anywhere'] }],
      },
      { name: 'Enterprise data', types: [{ name: 'Feeds', products: ['B-PIPE', 'Data License'] }] },
      {
        name: 'Indices',
        types: [{ name: 'Index licence', products: ['Bloomberg Global Aggregate Index'] }],
        ownStream: true,
      },
    ],
  },
  {
    key: 'lseg',
    name: 'LSEG Data & Analytics',
    type: 'market_data',
    rateCard: true,
    description: 'Workspace desktops, real-time and pricing data.',
    intercept: 6_000,
    drivers: [
      { name: 'Users', numeric: true, unit: 'users', coefficient: 21_000, bounds: [1, 400] },
      tier,
    ],
    categories: [
      {
        name: 'Desktop',
        types: [{ name: 'Workspace', products: ['Workspace', 'Eikon Messenger'] }],
      },
      { name: 'Pricing', types: [{ name: 'Evaluated pricing', products: ['Pricing Service'] }] },
      {
        name: 'FTSE Russell',
        types: [{ name: 'Index licence', products: ['FTSE 100 Index Licence'] }],
        ownStream: true,
      },
    ],
  },
  {
    key: 'factset',
    name: 'FactSet',
    type: 'market_data',
    rateCard: false,
    description: 'Research workstation, portfolio analytics and content feeds.',
    intercept: 5_000,
    drivers: [
      { name: 'Users', numeric: true, unit: 'users', coefficient: 14_500, bounds: [1, 300] },
      tier,
    ],
    categories: [
      { name: 'Workstation', types: [{ name: 'Research', products: ['FactSet Workstation'] }] },
      {
        name: 'Analytics',
        types: [{ name: 'Portfolio', products: ['Portfolio Analysis', 'SPAR'] }],
      },
    ],
  },
  {
    key: 'msci',
    name: 'MSCI',
    type: 'market_data',
    rateCard: true,
    description: 'Index licences, ESG ratings and risk models.',
    intercept: 12_000,
    drivers: [
      {
        name: 'Benchmarked AUM',
        numeric: true,
        fractional: true,
        unit: 'bn',
        coefficient: 1_150,
        bounds: [1, 1_000],
      },
      tier,
    ],
    categories: [
      {
        name: 'Indexes',
        types: [
          { name: 'Index licence', products: ['Equity Index Data', 'Index Benchmark Licence'] },
        ],
      },
      { name: 'ESG', types: [{ name: 'Ratings', products: ['ESG Ratings'] }] },
    ],
  },
  {
    key: 'sp-global',
    name: 'S&P Global Market Intelligence',
    type: 'market_data',
    rateCard: false,
    description: 'Capital IQ, credit ratings and fundamentals.',
    intercept: 7_500,
    drivers: [
      { name: 'Users', numeric: true, unit: 'users', coefficient: 16_000, bounds: [1, 300] },
      tier,
    ],
    categories: [
      {
        name: 'Desktop',
        types: [{ name: 'Research', products: ['Capital IQ Pro', 'RatingsDirect'] }],
      },
      {
        name: 'S&P Dow Jones Indices',
        types: [{ name: 'Index licence', products: ['S&P 500 Index Licence'] }],
        ownStream: true,
      },
    ],
  },
  {
    key: 'ice',
    name: 'ICE Data Services',
    type: 'market_data',
    rateCard: false,
    description: 'Evaluated pricing and reference data for fixed income.',
    intercept: 9_000,
    drivers: [
      { name: 'Securities', numeric: true, unit: 'thousand', coefficient: 2_400, bounds: [1, 500] },
      tier,
    ],
    categories: [
      {
        name: 'Pricing',
        types: [{ name: 'Evaluated pricing', products: ['Fixed Income Pricing'] }],
      },
    ],
  },
  {
    key: 'yipitdata',
    name: 'YipitData',
    type: 'alternative_data',
    rateCard: false,
    description: 'Transaction and web data for consumer and technology companies.',
    intercept: 40_000,
    drivers: [
      { name: 'Datasets', numeric: true, unit: 'datasets', coefficient: 32_000, bounds: [1, 40] },
    ],
    categories: [
      {
        name: 'Consumer',
        types: [{ name: 'Transaction data', products: ['Consumer Panel', 'E-commerce Tracker'] }],
      },
    ],
  },
  {
    key: 'ravenpack',
    name: 'RavenPack',
    type: 'alternative_data',
    rateCard: false,
    description: 'News analytics and sentiment data.',
    intercept: 25_000,
    drivers: [
      { name: 'History years', numeric: true, unit: 'years', coefficient: 6_000, bounds: [1, 25] },
    ],
    categories: [
      { name: 'News analytics', types: [{ name: 'Sentiment', products: ['News Analytics'] }] },
    ],
  },
  {
    key: 'stoxx',
    name: 'STOXX',
    type: 'market_data',
    rateCard: false,
    description: 'European equity index licences and benchmark data.',
    intercept: 10_000,
    drivers: [
      {
        name: 'Benchmarked AUM',
        numeric: true,
        fractional: true,
        unit: 'bn',
        coefficient: 950,
        bounds: [1, 1_000],
      },
      tier,
    ],
    categories: [
      {
        name: 'Indexes',
        types: [{ name: 'Index licence', products: ['STOXX Europe 600 Licence'] }],
        ownStream: true,
      },
    ],
  },
]

/**
 * Which providers each demo team works with: active contracts, an expiring one, recently
 * expired history and upcoming renewals, so that every benchmark tab has rows. `expiredOnly`
 * providers have no live contract (the team's inactive providers).
 */
export const DEMO_CONTRACTS: Record<string, { active: string[]; expiredOnly: string[] }> = {
  'Northbridge Asset Management': {
    active: ['bloomberg', 'lseg', 'factset', 'msci'],
    expiredOnly: ['ice'],
  },
  'Helvetia Capital Partners': {
    active: ['bloomberg', 'sp-global', 'ice', 'yipitdata', 'ravenpack', 'stoxx'],
    expiredOnly: ['factset'],
  },
}

/** Products of one provider are priced apart: the product's weight scales the intercept. */
const PRODUCT_WEIGHTS = [1, 0.62, 1.38, 0.47, 0.85, 1.2]

function interceptFor(base: number, productPosition: number, licenseTypeIndex: number) {
  return (
    Math.round(base * PRODUCT_WEIGHTS[productPosition % PRODUCT_WEIGHTS.length]) *
    (1 + licenseTypeIndex * 0.15)
  )
}

function coefficientFor(coefficient: number, productPosition: number) {
  return Number(
    (coefficient * PRODUCT_WEIGHTS[productPosition % PRODUCT_WEIGHTS.length]).toFixed(2)
  )
}

/** A small deterministic generator so that the demo universe is the same on every machine. */
function generator(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

export async function seedMarketDataUniverse(
  trx: TransactionClientContract,
  today = DateTime.now()
) {
  const stamp = today.toFormat(trx.dialect.dateTimeFormat)
  const date = (value: DateTime) => value.toISODate()!
  const random = generator(20_261_122)
  const indexRandom = generator(20_261_128)

  await trx.table('license_types').multiInsert(LICENSE_TYPES)
  const licenseTypes: { id: number; key: string }[] = await trx
    .from('license_types')
    .select('id', 'key')

  const catalogue = new Map<
    string,
    {
      id: number
      products: { id: number; name: string; ownStream: boolean }[]
      drivers: { id: number; seed: DriverSeed; options: { id: number; value: number }[] }[]
    }
  >()

  for (const provider of DEMO_PROVIDERS) {
    await trx.table('providers').insert({
      provider_key: provider.key,
      name: provider.name,
      logo: null,
      provider_type: provider.type,
      is_active: true,
      has_rate_card: provider.rateCard,
      description: provider.description,
      created_at: stamp,
    })
    const { id: providerId } = await trx
      .from('providers')
      .where('provider_key', provider.key)
      .select('id')
      .firstOrFail()

    const products: { id: number; name: string; ownStream: boolean }[] = []
    for (const [index, category] of provider.categories.entries()) {
      await trx
        .table('product_categories')
        .insert({ provider_id: providerId, name: category.name, sort_order: index })
      const { id: categoryId } = await trx
        .from('product_categories')
        .where({ provider_id: providerId, name: category.name })
        .select('id')
        .firstOrFail()
      for (const type of category.types) {
        await trx.table('product_types').insert({ category_id: categoryId, name: type.name })
        const { id: typeId } = await trx
          .from('product_types')
          .where({ category_id: categoryId, name: type.name })
          .select('id')
          .firstOrFail()
        for (const name of type.products) {
          await trx
            .table('provider_products')
            .insert({ provider_id: providerId, product_type_id: typeId, name })
          const row = await trx
            .from('provider_products')
            .where({ product_type_id: typeId, name })
            .select('id')
            .firstOrFail()
          products.push({ id: row.id, name, ownStream: category.ownStream ?? false })
        }
      }
    }

    const drivers = []
    for (const seed of provider.drivers) {
      await trx.table('drivers').insert({
        provider_id: providerId,
        name: seed.name,
        is_numeric: seed.numeric,
        unit: seed.unit ?? null,
        // Counts take whole numbers; a measure (assets in billions) takes fractions.
        whole_numbers: seed.numeric && !seed.fractional,
      })
      const { id: driverId } = await trx
        .from('drivers')
        .where({ provider_id: providerId, name: seed.name })
        .select('id')
        .firstOrFail()
      const options = []
      for (const [label, value] of seed.options ?? []) {
        await trx.table('driver_options').insert({ driver_id: driverId, label, value })
        const row = await trx
          .from('driver_options')
          .where({ driver_id: driverId, label })
          .select('id')
          .firstOrFail()
        options.push({ id: row.id, value })
      }
      drivers.push({ id: driverId, seed, options })
    }

    // One regression per product and license type; the product and the licence type shift the
    // intercept.
    for (const [position, product] of products.entries()) {
      for (const [index, licenseType] of licenseTypes.entries()) {
        await trx.table('regressions').insert({
          product_id: product.id,
          license_type_id: licenseType.id,
          intercept: interceptFor(provider.intercept, position, index),
        })
        const { id: regressionId } = await trx
          .from('regressions')
          .where({ product_id: product.id, license_type_id: licenseType.id })
          .select('id')
          .firstOrFail()
        await trx.table('regression_coefficients').multiInsert(
          drivers.map((driver) => ({
            regression_id: regressionId,
            driver_id: driver.id,
            coefficient_value: coefficientFor(driver.seed.coefficient, position),
            min_driver_value: driver.seed.bounds?.[0] ?? null,
            max_driver_value: driver.seed.bounds?.[1] ?? null,
          }))
        )
      }
    }
    catalogue.set(provider.key, { id: providerId, products, drivers })
  }

  const teams: { id: number; name: string; currency_id: number }[] = await trx
    .from('teams')
    .whereIn('name', Object.keys(DEMO_CONTRACTS))
    .select('id', 'name', 'currency_id')
  const usd = await trx.from('currencies').where('code', 'USD').select('id').firstOrFail()

  for (const team of teams) {
    const plan = DEMO_CONTRACTS[team.name]
    for (const providerKey of [...plan.active, ...plan.expiredOnly]) {
      const entry = catalogue.get(providerKey)!
      const windows = plan.active.includes(providerKey)
        ? [
            [today.minus({ years: 4, months: 2 }), today.minus({ months: 14 })],
            [today.minus({ years: 3 }), today.minus({ days: 20 })],
            [today.minus({ years: 2, months: 6 }), today.plus({ days: 45 })],
            [today.minus({ years: 1 }), today.plus({ years: 2 })],
            [today.plus({ days: 40 }), today.plus({ years: 3, days: 40 })],
          ]
        : [[today.minus({ years: 3, months: 6 }), today.minus({ months: 4 })]]

      for (const [index, [start, end]] of windows.entries()) {
        const licenseType = licenseTypes[(index + team.id) % 3]
        await trx.table('contracts').insert({
          team_id: team.id,
          provider_id: entry.id,
          license_type_id: licenseType.id,
          reference: `${providerKey.toUpperCase()}-${team.id}-${start.year}-${index + 1}`,
          start_date: date(start),
          end_date: date(end),
          created_at: stamp,
        })
        const contract = await trx
          .from('contracts')
          .where({ team_id: team.id, provider_id: entry.id, start_date: date(start) })
          .select('id')
          .firstOrFail()
        const regressionIndex = licenseTypes.indexOf(licenseType)

        // The running three-year contract has been renewed by year, as an administrator's
        // "additional year" does: its first year has ended (history) and the current period
        // runs from today. The tabs must tell the two apart.
        const periods: [DateTime, DateTime, number][] =
          index === 3
            ? [
                [start, today.minus({ days: 1 }), 0.94],
                [today, end, 1],
              ]
            : [[start, end, 1]]

        for (const [position, product] of entry.products.entries()) {
          const draw = product.ownStream ? indexRandom : random
          const values = entry.drivers.map((driver) => {
            if (!driver.seed.numeric) {
              const option = driver.options[Math.floor(draw() * driver.options.length)]
              return { driver, value: null, optionId: option.id, input: option.value }
            }
            const [min, max] = driver.seed.bounds ?? [1, 100]
            const value = Math.max(min, Math.round(min + draw() * Math.min(max - min, 60)))
            return { driver, value, optionId: null, input: value }
          })
          const provider = DEMO_PROVIDERS.find((seed) => seed.key === providerKey)!
          const benchmark = roundToNearest(
            interceptFor(provider.intercept, position, regressionIndex) +
              values.reduce(
                (sum, item) =>
                  sum + item.input * coefficientFor(item.driver.seed.coefficient, position),
                0
              )
          )
          const payment = Math.round(benchmark * (0.82 + draw() * 0.4))
          for (const [periodStart, periodEnd, factor] of periods) {
            const productBenchmarkId = await insertReturningId(trx, 'product_benchmarks', {
              contract_id: contract.id,
              product_id: product.id,
              division: position % 2 === 0 ? 'Investment management' : 'Risk',
              start_date: date(periodStart),
              end_date: date(periodEnd),
              payment: Math.round(payment * factor),
              benchmark_price: roundToNearest(benchmark * factor),
              currency_id: position === 2 ? usd.id : team.currency_id,
              created_at: stamp,
            })
            await trx.table('product_benchmark_drivers').multiInsert(
              values.map((item) => ({
                product_benchmark_id: productBenchmarkId,
                driver_id: item.driver.id,
                value: item.value,
                driver_option_id: item.optionId,
                has_note: false,
              }))
            )
            if (product.name === 'Data License') {
              await trx.table('sub_product_benchmarks').multiInsert(
                ['Pricing', 'Reference data', 'Corporate actions'].map((name, sub) => ({
                  product_benchmark_id: productBenchmarkId,
                  name,
                  benchmark_price: Math.round(benchmark * factor * [0.5, 0.3, 0.2][sub]),
                  currency_id: team.currency_id,
                  start_date: date(periodStart),
                  end_date: date(periodEnd),
                }))
              )
            }
          }
        }
      }
    }
  }
}
