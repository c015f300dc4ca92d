import { roundToNearest } from '#shared/scenario_pricing'
import { instantBetween, isoDate, money, type GenerationContext } from '#database/generate/context'
import {
  CATEGORY_CATALOGUE,
  PROVIDER_SUFFIXES,
  PROVIDER_WORDS,
  slug,
} from '#database/generate/names'
import type { Random } from '#database/generate/random'

type ProviderType = 'market_data' | 'alternative_data'

interface CategoryTemplate {
  name: string
  types: readonly string[]
  words: readonly string[]
}

export interface GeneratedDriver {
  id: number
  name: string
  numeric: boolean
  wholeNumbers: boolean
  /** Regression coefficient (US dollars per unit, or per option value). */
  coefficient: number
  bounds: [number, number] | null
  options: { id: number; label: string; value: number }[]
}

export interface GeneratedProduct {
  id: number
  name: string
  /** Scales the provider's prices for this product. */
  weight: number
  /** Priced as sub products (pricing, reference data, corporate actions). */
  hasSubProducts: boolean
}

export interface GeneratedProvider {
  id: number
  key: string
  name: string
  type: ProviderType
  hasRateCard: boolean
  /** US dollars a contract line starts from before its drivers. */
  intercept: number
  products: GeneratedProduct[]
  drivers: GeneratedDriver[]
  categories: number[]
}

/** License types shift a regression's intercept: enterprise is the base, site +15%, … */
export function licenseFactor(licenseIndex: number) {
  return 1 + licenseIndex * 0.15
}

/** A product line's price in US dollars for its driver inputs, as the regressions have it. */
export function regressionPrice(
  provider: GeneratedProvider,
  product: GeneratedProduct,
  licenseIndex: number,
  inputs: number[]
) {
  let price = Math.round(provider.intercept * product.weight) * licenseFactor(licenseIndex)
  for (const [index, driver] of provider.drivers.entries()) {
    price += inputs[index] * driver.coefficient * product.weight
  }
  return price
}

interface DriverTemplate {
  name: string
  unit: string | null
  numeric: boolean
  coefficient: [number, number]
  bounds: [number, number] | null
  options?: [string, number][]
}

const TIER: DriverTemplate = {
  name: 'Data tier',
  unit: null,
  numeric: false,
  coefficient: [8_000, 20_000],
  bounds: null,
  options: [
    ['Core', 1],
    ['Professional', 2],
    ['Enterprise', 3],
  ],
}

function driverTemplates(random: Random, type: ProviderType): DriverTemplate[] {
  if (type === 'market_data') {
    const list: DriverTemplate[] = [
      {
        name: 'Users',
        unit: 'users',
        numeric: true,
        coefficient: [6_000, 30_000],
        bounds: [1, 400],
      },
      TIER,
    ]
    if (random.chance(0.3)) {
      list.push({
        name: 'Sites',
        unit: 'sites',
        numeric: true,
        coefficient: [2_000, 8_000],
        bounds: [1, 50],
      })
    }
    return list
  }
  const list: DriverTemplate[] = [
    {
      name: 'Datasets',
      unit: 'datasets',
      numeric: true,
      coefficient: [15_000, 40_000],
      bounds: [1, 40],
    },
  ]
  if (random.chance(0.5)) {
    list.push({
      name: 'History years',
      unit: 'years',
      numeric: true,
      coefficient: [3_000, 8_000],
      bounds: [1, 25],
    })
  }
  if (random.chance(0.3)) {
    list.push({
      name: 'Delivery frequency',
      unit: null,
      numeric: false,
      coefficient: [5_000, 12_000],
      bounds: null,
      options: [
        ['Monthly', 1],
        ['Weekly', 2],
        ['Daily', 3],
      ],
    })
  }
  return list
}

/** Provider names: a word and a suffix of the provider's kind, never repeated. */
export function providerNames(random: Random, count: number) {
  const market = random.shuffle(
    PROVIDER_WORDS.flatMap((word) =>
      PROVIDER_SUFFIXES.market_data.map((suffix) => `${word} ${suffix}`)
    )
  )
  const alternative = random.shuffle(
    PROVIDER_WORDS.flatMap((word) =>
      PROVIDER_SUFFIXES.alternative_data.map((suffix) => `${word} ${suffix}`)
    )
  )
  const names: { name: string; type: ProviderType }[] = []
  for (let index = 0; index < count; index++) {
    // One provider in four sells alternative data.
    const type: ProviderType = index % 4 === 3 ? 'alternative_data' : 'market_data'
    const list = type === 'market_data' ? market : alternative
    names.push({ name: list.shift()!, type })
  }
  return names
}

/**
 * Providers with their classification (categories, product types, products), drivers and
 * options, one regression per product and license type, and rate cards for the providers that
 * publish them.
 */
export async function generateMarketData(context: GenerationContext) {
  const { writer, scale, timestamp, reference } = context
  const { firstDay, firstYear } = context.calendar
  const random = context.random('market-data')

  const providerWriter = await writer.table(
    'providers',
    [
      'id',
      'provider_key',
      'name',
      'logo',
      'provider_type',
      'is_active',
      'has_rate_card',
      'description',
      'created_at',
      'updated_at',
    ],
    { withIds: true }
  )
  const categoryWriter = await writer.table(
    'product_categories',
    ['id', 'provider_id', 'name', 'sort_order'],
    {
      withIds: true,
    }
  )
  const typeWriter = await writer.table('product_types', ['id', 'category_id', 'name'], {
    withIds: true,
  })
  const productWriter = await writer.table(
    'provider_products',
    ['id', 'provider_id', 'product_type_id', 'name'],
    {
      withIds: true,
    }
  )
  const driverWriter = await writer.table(
    'drivers',
    ['id', 'provider_id', 'name', 'is_numeric', 'unit', 'whole_numbers'],
    { withIds: true }
  )
  const optionWriter = await writer.table('driver_options', ['id', 'driver_id', 'label', 'value'], {
    withIds: true,
  })
  const regressionWriter = await writer.table(
    'regressions',
    ['id', 'product_id', 'license_type_id', 'intercept'],
    {
      withIds: true,
    }
  )
  const coefficientWriter = await writer.table('regression_coefficients', [
    'regression_id',
    'driver_id',
    'coefficient_value',
    'min_driver_value',
    'max_driver_value',
  ])

  const providers: GeneratedProvider[] = []
  const names = providerNames(random, scale.providers)
  for (const [index, { name, type }] of names.entries()) {
    const id = providerWriter.nextId()
    const key = slug(name)
    const hasRateCard = type === 'market_data' && random.chance(0.35)
    const createdAt = instantBetween(random, firstDay, Date.UTC(firstYear + 2, 11, 31))
    const word = name.split(' ')[0]
    await providerWriter.add(
      id,
      key,
      name,
      null,
      type,
      random.chance(0.96),
      hasRateCard,
      type === 'market_data'
        ? `${name}: desktops, data feeds and reference data for buy-side firms.`
        : `${name}: alternative datasets delivered to quantitative and fundamental teams.`,
      timestamp(createdAt),
      timestamp(createdAt)
    )

    const provider: GeneratedProvider = {
      id,
      key,
      name,
      type,
      hasRateCard,
      intercept: type === 'market_data' ? random.int(4, 16) * 1_000 : random.int(20, 50) * 1_000,
      products: [],
      drivers: [],
      categories: [],
    }
    const catalogue: readonly CategoryTemplate[] = CATEGORY_CATALOGUE[type]
    const categoryCount = type === 'market_data' ? random.int(2, 4) : random.int(1, 3)
    for (const [position, category] of random.sample(catalogue, categoryCount).entries()) {
      const categoryId = categoryWriter.nextId()
      await categoryWriter.add(categoryId, provider.id, category.name, position)
      provider.categories.push(categoryId)
      for (const typeName of random.sample(category.types, random.int(1, 2))) {
        const typeId = typeWriter.nextId()
        await typeWriter.add(typeId, categoryId, typeName)
        for (const productWord of random.sample(category.words, random.int(1, 3))) {
          const productId = productWriter.nextId()
          const productName = `${word} ${productWord}`
          await productWriter.add(productId, provider.id, typeId, productName)
          provider.products.push({
            id: productId,
            name: productName,
            weight: Number(random.between(0.45, 1.4).toFixed(2)),
            hasSubProducts: random.chance(0.08),
          })
        }
      }
    }

    for (const template of driverTemplates(random, type)) {
      const driverId = driverWriter.nextId()
      await driverWriter.add(
        driverId,
        provider.id,
        template.name,
        template.numeric,
        template.unit,
        template.numeric
      )
      const options = []
      for (const [label, value] of template.options ?? []) {
        const optionId = optionWriter.nextId()
        await optionWriter.add(optionId, driverId, label, value)
        options.push({ id: optionId, label, value })
      }
      provider.drivers.push({
        id: driverId,
        name: template.name,
        numeric: template.numeric,
        wholeNumbers: template.numeric,
        coefficient: random.int(template.coefficient[0] / 100, template.coefficient[1] / 100) * 100,
        bounds: template.bounds,
        options,
      })
    }

    for (const product of provider.products) {
      for (const [licenseIndex, licenseType] of reference.licenseTypes.entries()) {
        const regressionId = regressionWriter.nextId()
        await regressionWriter.add(
          regressionId,
          product.id,
          licenseType.id,
          (Math.round(provider.intercept * product.weight) * licenseFactor(licenseIndex)).toFixed(6)
        )
        for (const driver of provider.drivers) {
          await coefficientWriter.add(
            regressionId,
            driver.id,
            (driver.coefficient * product.weight).toFixed(6),
            driver.bounds?.[0] ?? null,
            driver.bounds?.[1] ?? null
          )
        }
      }
    }
    providers.push(provider)
    if (index % 20 === 0) context.progress(index, names.length * 1.25)
  }

  await generateRateCards(context, random, providers)
  context.progress(1, 1)
  return providers
}

/**
 * For each rate-card provider and a few team types: last year's card (inactive) and this
 * year's (active), in US dollars, with a min/avg/max per product and AUM range and the driver
 * values behind them.
 */
async function generateRateCards(
  context: GenerationContext,
  random: Random,
  providers: GeneratedProvider[]
) {
  const { writer, reference, timestamp } = context
  const usd = reference.currencies.find((entry) => entry.code === 'USD')!
  const assetManager = reference.teamTypes.find((entry) => entry.key === 'asset_manager')!
  const cards = await writer.table(
    'rate_cards',
    [
      'id',
      'provider_id',
      'team_type_id',
      'currency_id',
      'as_of_date',
      'provider_comment',
      'active',
      'created_at',
      'updated_at',
    ],
    { withIds: true }
  )
  const cardCategories = await writer.table('rate_card_categories', [
    'rate_card_id',
    'category_id',
    'comment',
  ])
  const lines = await writer.table(
    'rate_card_product_benchmarks',
    [
      'id',
      'rate_card_id',
      'product_id',
      'aum_range_id',
      'min_benchmark',
      'avg_benchmark',
      'max_benchmark',
      'comment',
    ],
    { withIds: true }
  )
  const assumptions = await writer.table('rate_card_assumptions', [
    'rate_card_product_benchmark_id',
    'driver_id',
    'driver_option_id',
    'value',
  ])
  // Last year's card, replaced by the one published four months ago (the first of a month).
  const { currentYear, asOf } = context.calendar
  const published = new Date(asOf - 122 * 86_400_000)
  const versions = [
    { asOf: Date.UTC(currentYear - 1, 0, 1), active: false, uplift: 0.95 },
    {
      asOf: Date.UTC(published.getUTCFullYear(), published.getUTCMonth(), 1),
      active: true,
      uplift: 1,
    },
  ]
  for (const provider of providers.filter((entry) => entry.hasRateCard)) {
    const others = reference.teamTypes.filter((entry) => entry.id !== assetManager.id)
    const teamTypes = [assetManager, ...random.sample(others, random.int(0, 2))]
    for (const teamType of teamTypes) {
      for (const version of versions) {
        const cardId = cards.nextId()
        await cards.add(
          cardId,
          provider.id,
          teamType.id,
          usd.id,
          isoDate(version.asOf),
          `${provider.name} prices follow the drivers shown under each range; larger firms usually negotiate enterprise terms.`,
          version.active,
          timestamp(version.asOf),
          timestamp(version.asOf)
        )
        for (const categoryId of provider.categories) {
          await cardCategories.add(
            cardId,
            categoryId,
            random.chance(0.5)
              ? 'Ranges observed across peer contracts renewed in the last 24 months.'
              : null
          )
        }
        for (const product of provider.products) {
          for (const [index, range] of reference.aumRanges.entries()) {
            const users = [5, 20, 60, 150][index % 4]
            const tier = Math.min(3, index + 1)
            const inputs = provider.drivers.map((driver) =>
              driver.numeric ? Math.min(users, driver.bounds?.[1] ?? users) : tier
            )
            const average = roundToNearest(
              regressionPrice(provider, product, 0, inputs) * version.uplift
            )
            const lineId = lines.nextId()
            await lines.add(
              lineId,
              cardId,
              product.id,
              range.id,
              money(roundToNearest(average * 0.8)),
              money(average),
              money(roundToNearest(average * 1.25)),
              index === reference.aumRanges.length - 1
                ? 'Few peers this size: treat the range as indicative.'
                : null
            )
            for (const [position, driver] of provider.drivers.entries()) {
              const option = driver.numeric
                ? null
                : driver.options.find((entry) => entry.value === tier)
              await assumptions.add(
                lineId,
                driver.id,
                option?.id ?? null,
                driver.numeric ? inputs[position] : null
              )
            }
          }
        }
      }
    }
  }
}
