import db from '@adonisjs/lucid/services/db'
import { insertReturningId } from '#services/db/insert'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { errors } from '@vinejs/vine'
import { audit } from '#services/audit/audit'
import { NotFoundForTeam, toIsoDate, todayIso } from '#services/market_data/benchmarks'
import { listExchangeRates } from '#services/currencies/currencies'
import { convert } from '#shared/currency_conversion'
import { rateCardCellPlace, rateCardCellProblems } from '#shared/rate_card_rules'

export interface RateCardInput {
  provider_id: number
  team_type_id: number
  currency_id: number
  as_of_date: string
  provider_comment: string | null
  active: boolean
  categories: { category_id: number; comment: string | null }[]
  entries: {
    product_id: number
    aum_range_id: number
    min_benchmark: number
    avg_benchmark: number
    max_benchmark: number
    comment: string | null
    assumptions: { driver_id: number; driver_option_id: number | null; value: number | null }[]
  }[]
}

export async function aumRanges() {
  const rows = await db
    .from('aum_ranges')
    .select('id', 'sort_order', 'min_aum', 'max_aum')
    .orderBy('sort_order')
  return rows.map((row) => ({
    id: row.id as number,
    order: row.sort_order as number,
    min_aum: Number(row.min_aum),
    max_aum: row.max_aum === null ? null : Number(row.max_aum),
  }))
}

/**
 * Every rate card with its provider, team type, currency and size, newest first.
 */
export async function rateCardList() {
  const rows = await db
    .from('rate_cards')
    .join('providers', 'providers.id', 'rate_cards.provider_id')
    .join('team_types', 'team_types.id', 'rate_cards.team_type_id')
    .join('currencies', 'currencies.id', 'rate_cards.currency_id')
    .leftJoin(
      'rate_card_product_benchmarks',
      'rate_card_product_benchmarks.rate_card_id',
      'rate_cards.id'
    )
    .groupBy(
      'rate_cards.id',
      'rate_cards.as_of_date',
      'rate_cards.active',
      'providers.name',
      'team_types.name',
      'currencies.code'
    )
    .select(
      'rate_cards.id',
      'rate_cards.as_of_date',
      'rate_cards.active',
      'providers.name as provider',
      'team_types.name as team_type',
      'currencies.code as currency'
    )
    .count('rate_card_product_benchmarks.id as entries')
    .orderBy('rate_cards.as_of_date', 'desc')
    .orderBy('rate_cards.id', 'desc')
  return rows.map((row) => ({
    id: row.id as number,
    asOfDate: toIsoDate(row.as_of_date),
    active: Boolean(row.active),
    provider: row.provider as string,
    teamType: row.team_type as string,
    currency: row.currency as string,
    entries: Number(row.entries),
  }))
}

/**
 * What the editor offers: providers with rate cards (their categories, products and drivers),
 * team types, currencies and AUM ranges. Six queries whatever the size.
 */
export async function rateCardEditorOptions() {
  const [providers, products, drivers, teamTypes, currencies, ranges] = await Promise.all([
    // One row per market data provider and category (a provider without any: one row).
    db
      .from('providers')
      .leftJoin('product_categories', 'product_categories.provider_id', 'providers.id')
      .where('providers.provider_type', 'market_data')
      .select(
        'providers.id',
        'providers.name',
        'providers.has_rate_card',
        'product_categories.id as category_id',
        'product_categories.name as category_name'
      )
      .orderBy('providers.name')
      .orderBy('providers.id')
      .orderBy('product_categories.sort_order'),
    db.from('provider_products').select('id', 'provider_id', 'name').orderBy('name'),
    // One row per driver and option (a numeric driver: one row without an option).
    db
      .from('drivers')
      .leftJoin('driver_options', 'driver_options.driver_id', 'drivers.id')
      .select(
        'drivers.id',
        'drivers.provider_id',
        'drivers.name',
        'drivers.is_numeric',
        'driver_options.id as option_id',
        'driver_options.label as option_label'
      )
      .orderBy('drivers.name')
      .orderBy('drivers.id')
      .orderBy('driver_options.value'),
    db.from('team_types').select('id', 'name').orderBy('name'),
    db.from('currencies').select('id', 'code').orderBy('code'),
    aumRanges(),
  ])
  const driverList: {
    id: number
    provider_id: number
    name: string
    is_numeric: boolean
    options: { id: number; label: string }[]
  }[] = []
  for (const row of drivers) {
    let driver = driverList.at(-1)
    if (!driver || driver.id !== row.id) {
      driver = {
        id: row.id as number,
        provider_id: row.provider_id as number,
        name: row.name as string,
        is_numeric: Boolean(row.is_numeric),
        options: [],
      }
      driverList.push(driver)
    }
    if (row.option_id !== null) {
      driver.options.push({ id: row.option_id as number, label: row.option_label as string })
    }
  }
  const providerList: {
    id: number
    name: string
    hasRateCard: boolean
    categories: { id: number; name: string }[]
  }[] = []
  for (const row of providers) {
    let provider = providerList.at(-1)
    if (!provider || provider.id !== row.id) {
      provider = {
        id: row.id as number,
        name: row.name as string,
        hasRateCard: Boolean(row.has_rate_card),
        categories: [],
      }
      providerList.push(provider)
    }
    if (row.category_id !== null) {
      provider.categories.push({ id: row.category_id as number, name: row.category_name as string })
    }
  }
  return {
    providers: providerList.map((provider) => ({
      ...provider,
      products: products
        .filter((row) => row.provider_id === provider.id)
        .map((row) => ({ id: row.id as number, name: row.name as string })),
      drivers: driverList
        .filter((driver) => driver.provider_id === provider.id)
        .map(({ provider_id: _providerId, ...driver }) => driver),
    })),
    teamTypes: teamTypes.map((row) => ({ id: row.id as number, name: row.name as string })),
    currencies: currencies.map((row) => ({ id: row.id as number, code: row.code as string })),
    aumRanges: ranges,
  }
}

/**
 * A stored rate card in the editor's input shape, in two queries: the card with its
 * categories, then its entries with their assumptions.
 */
export async function rateCardForEditor(id: number): Promise<RateCardInput & { id: number }> {
  const cardRows = await db
    .from('rate_cards')
    .leftJoin('rate_card_categories', 'rate_card_categories.rate_card_id', 'rate_cards.id')
    .where('rate_cards.id', id)
    .select(
      'rate_cards.id',
      'rate_cards.provider_id',
      'rate_cards.team_type_id',
      'rate_cards.currency_id',
      'rate_cards.as_of_date',
      'rate_cards.provider_comment',
      'rate_cards.active',
      'rate_card_categories.category_id',
      'rate_card_categories.comment as category_comment'
    )
    .orderBy('rate_card_categories.id')
  const [card] = cardRows
  if (!card) throw new NotFoundForTeam('Rate card not found')
  // One row per entry and assumption (an entry without any: one row).
  const entryRows = await db
    .from('rate_card_product_benchmarks')
    .leftJoin(
      'rate_card_assumptions',
      'rate_card_assumptions.rate_card_product_benchmark_id',
      'rate_card_product_benchmarks.id'
    )
    .where('rate_card_product_benchmarks.rate_card_id', id)
    .select(
      'rate_card_product_benchmarks.id',
      'rate_card_product_benchmarks.product_id',
      'rate_card_product_benchmarks.aum_range_id',
      'rate_card_product_benchmarks.min_benchmark',
      'rate_card_product_benchmarks.avg_benchmark',
      'rate_card_product_benchmarks.max_benchmark',
      'rate_card_product_benchmarks.comment',
      'rate_card_assumptions.id as assumption_id',
      'rate_card_assumptions.driver_id',
      'rate_card_assumptions.driver_option_id',
      'rate_card_assumptions.value'
    )
    .orderBy('rate_card_product_benchmarks.id')
    .orderBy('rate_card_assumptions.id')
  const entries: (RateCardInput['entries'][number] & { id: number })[] = []
  for (const row of entryRows) {
    let entry = entries.at(-1)
    if (!entry || entry.id !== row.id) {
      entry = {
        id: row.id,
        product_id: row.product_id,
        aum_range_id: row.aum_range_id,
        min_benchmark: Number(row.min_benchmark),
        avg_benchmark: Number(row.avg_benchmark),
        max_benchmark: Number(row.max_benchmark),
        comment: row.comment ?? null,
        assumptions: [],
      }
      entries.push(entry)
    }
    if (row.assumption_id !== null) {
      entry.assumptions.push({
        driver_id: row.driver_id,
        driver_option_id: row.driver_option_id ?? null,
        value: row.value === null ? null : Number(row.value),
      })
    }
  }
  return {
    id: card.id,
    provider_id: card.provider_id,
    team_type_id: card.team_type_id,
    currency_id: card.currency_id,
    as_of_date: toIsoDate(card.as_of_date),
    provider_comment: card.provider_comment ?? null,
    active: Boolean(card.active),
    categories: cardRows
      .filter((row) => row.category_id !== null)
      .map((row) => ({ category_id: row.category_id, comment: row.category_comment ?? null })),
    entries: entries.map(({ id: _id, ...entry }) => entry),
  }
}

type Problem = { field: string; message: string }

async function checkInput(input: RateCardInput) {
  const problems: Problem[] = []
  const [provider, teamType, currency, categories, products, drivers, options, ranges] =
    await Promise.all([
      db.from('providers').where({ id: input.provider_id, provider_type: 'market_data' }).first(),
      db.from('team_types').where('id', input.team_type_id).first(),
      db.from('currencies').where('id', input.currency_id).first(),
      db.from('product_categories').where('provider_id', input.provider_id).select('id'),
      db.from('provider_products').where('provider_id', input.provider_id).select('id', 'name'),
      db.from('drivers').where('provider_id', input.provider_id).select('id', 'name'),
      db
        .from('driver_options')
        .join('drivers', 'drivers.id', 'driver_options.driver_id')
        .where('drivers.provider_id', input.provider_id)
        .select('driver_options.id', 'driver_options.driver_id'),
      db.from('aum_ranges').select('id', 'min_aum', 'max_aum'),
    ])
  if (!provider) problems.push({ field: 'provider_id', message: 'Choose a market data provider.' })
  if (!teamType) problems.push({ field: 'team_type_id', message: 'Choose a team type.' })
  if (!currency) problems.push({ field: 'currency_id', message: 'Choose a currency.' })
  if (!DateTime.fromISO(input.as_of_date).isValid) {
    problems.push({ field: 'as_of_date', message: 'The as-of date must be a date.' })
  }
  const has = (rows: { id: number }[], id: number) => rows.some((row) => row.id === id)
  input.categories.forEach((category, index) => {
    if (!has(categories, category.category_id)) {
      problems.push({
        field: `categories.${index}.category_id`,
        message: 'Unknown category of this provider.',
      })
    }
  })
  const seen = new Set<string>()
  input.entries.forEach((entry, index) => {
    const field = `entries.${index}`
    const product = products.find((row) => row.id === entry.product_id)
    const range = ranges.find((row) => row.id === entry.aum_range_id)
    // Every message names the cell: the product and the AUM range, as the page shows them.
    const place = rateCardCellPlace(
      product?.name ?? `Product #${entry.product_id}`,
      range
        ? {
            min_aum: Number(range.min_aum),
            max_aum: range.max_aum === null ? null : Number(range.max_aum),
          }
        : { min_aum: 0, max_aum: 0 }
    )
    if (!product)
      problems.push({
        field: `${field}.product_id`,
        message: `Entry ${index + 1}: unknown product of this provider.`,
      })
    if (!range)
      problems.push({
        field: `${field}.aum_range_id`,
        message: `${product?.name ?? `Entry ${index + 1}`}: unknown AUM range.`,
      })
    const key = `${entry.product_id}:${entry.aum_range_id}`
    if (seen.has(key))
      problems.push({
        field: `${field}.product_id`,
        message: `${place}: a product has one entry per AUM range.`,
      })
    seen.add(key)
    for (const problem of rateCardCellProblems(entry, place)) {
      problems.push({ field: `${field}.${problem.field}`, message: problem.message })
    }
    entry.assumptions.forEach((assumption, position) => {
      const driver = drivers.find((row) => row.id === assumption.driver_id)
      if (!driver) {
        problems.push({
          field: `${field}.assumptions.${position}.driver_id`,
          message: `${place}: unknown driver of this provider.`,
        })
      } else if (
        assumption.driver_option_id !== null &&
        !options.some(
          (option) =>
            option.id === assumption.driver_option_id && option.driver_id === assumption.driver_id
        )
      ) {
        problems.push({
          field: `${field}.assumptions.${position}.driver_option_id`,
          message: `${place}: unknown option of ${driver.name}.`,
        })
      }
    })
  })
  if (problems.length) {
    throw new errors.E_VALIDATION_ERROR(
      problems.map((problem) => ({ ...problem, rule: 'rateCard' }))
    )
  }
  return { provider: provider!, teamType: teamType! }
}

async function deactivateOthers(
  trx: TransactionClientContract,
  id: number,
  input: { provider_id: number; team_type_id: number }
) {
  await trx
    .from('rate_cards')
    .where({ provider_id: input.provider_id, team_type_id: input.team_type_id, active: true })
    .whereNot('id', id)
    .update({ active: false })
}

/**
 * Creates or replaces a rate card whole, in one transaction. Only one card per provider and
 * team type is active: activating this one deactivates the others.
 */
export async function saveRateCard(userId: number, id: number | null, input: RateCardInput) {
  const { provider, teamType } = await checkInput(input)
  const before = id ? await rateCardForEditor(id) : null
  return db.transaction(async (trx) => {
    const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
    const values = {
      provider_id: input.provider_id,
      team_type_id: input.team_type_id,
      currency_id: input.currency_id,
      as_of_date: input.as_of_date,
      provider_comment: input.provider_comment?.trim() || null,
      active: input.active,
      updated_at: now,
    }
    let cardId = id
    if (cardId) {
      await trx.from('rate_cards').where('id', cardId).update(values)
      await trx.from('rate_card_categories').where('rate_card_id', cardId).delete()
      await trx.from('rate_card_product_benchmarks').where('rate_card_id', cardId).delete()
    } else {
      cardId = await insertReturningId(trx, 'rate_cards', { ...values, created_at: now })
    }
    if (input.active) await deactivateOthers(trx, cardId, input)
    if (input.categories.length) {
      await trx.table('rate_card_categories').multiInsert(
        input.categories.map((category) => ({
          rate_card_id: cardId,
          category_id: category.category_id,
          comment: category.comment?.trim() || null,
        }))
      )
    }
    for (const entry of input.entries) {
      const entryId = await insertReturningId(trx, 'rate_card_product_benchmarks', {
        rate_card_id: cardId,
        product_id: entry.product_id,
        aum_range_id: entry.aum_range_id,
        min_benchmark: entry.min_benchmark,
        avg_benchmark: entry.avg_benchmark,
        max_benchmark: entry.max_benchmark,
        comment: entry.comment?.trim() || null,
      })
      if (entry.assumptions.length) {
        await trx.table('rate_card_assumptions').multiInsert(
          entry.assumptions.map((assumption) => ({
            rate_card_product_benchmark_id: entryId,
            driver_id: assumption.driver_id,
            driver_option_id: assumption.driver_option_id,
            value: assumption.value,
          }))
        )
      }
    }
    await audit(trx, {
      userId,
      entityType: 'rate_card',
      entityId: cardId,
      action: id ? 'update' : 'create',
      summary: `${id ? 'Updated' : 'Created'} the ${provider.name} rate card for ${teamType.name} as of ${input.as_of_date}`,
      before: before ?? undefined,
      // In the stored shape (trimmed comments), so that saving an unchanged card records nothing.
      after: {
        id: cardId,
        ...input,
        provider_comment: values.provider_comment,
        categories: input.categories.map((category) => ({
          category_id: category.category_id,
          comment: category.comment?.trim() || null,
        })),
        entries: input.entries.map((entry) => ({
          ...entry,
          comment: entry.comment?.trim() || null,
        })),
      },
    })
    return cardId
  })
}

export async function setRateCardActive(userId: number, id: number, active: boolean) {
  await db.transaction(async (trx) => {
    const card = await trx.from('rate_cards').where('id', id).first()
    if (!card) throw new NotFoundForTeam('Rate card not found')
    await trx.from('rate_cards').where('id', id).update({ active })
    if (active) await deactivateOthers(trx, id, card)
    await audit(trx, {
      userId,
      entityType: 'rate_card',
      entityId: id,
      action: 'update',
      summary: `${active ? 'Activated' : 'Deactivated'} rate card ${id}`,
      before: { active: Boolean(card.active) },
      after: { active },
    })
  })
}

/**
 * Observed benchmark prices per product, for pre-filling a card: min, average and max of the
 * product benchmarks of current contracts held by teams of the team type, converted into the
 * card currency. Aggregated in SQL per product and currency; teams carry no AUM, so the same
 * observation serves every AUM range.
 */
export async function observedBenchmarks(input: {
  provider_id: number
  team_type_id: number
  currency_id: number
}) {
  const today = todayIso()
  const [rows, rates] = await Promise.all([
    db
      .from('product_benchmarks')
      .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
      .join('teams', 'teams.id', 'contracts.team_id')
      .where('contracts.provider_id', input.provider_id)
      .where('teams.team_type_id', input.team_type_id)
      .where('product_benchmarks.start_date', '<=', today)
      .where('product_benchmarks.end_date', '>=', today)
      .whereNotNull('product_benchmarks.benchmark_price')
      .groupBy('product_benchmarks.product_id', 'product_benchmarks.currency_id')
      .select('product_benchmarks.product_id', 'product_benchmarks.currency_id')
      .min('product_benchmarks.benchmark_price as min')
      .max('product_benchmarks.benchmark_price as max')
      .avg('product_benchmarks.benchmark_price as avg')
      .count('* as count'),
    listExchangeRates(),
  ])
  const byProduct = new Map<number, { min: number; max: number; sum: number; count: number }>()
  for (const row of rows) {
    const to = (amount: unknown) =>
      convert(Number(amount), row.currency_id, input.currency_id, rates)
    const [min, max, avg] = [to(row.min), to(row.max), to(row.avg)]
    if (min === null || max === null || avg === null) continue
    const count = Number(row.count)
    const current = byProduct.get(row.product_id) ?? {
      min: Infinity,
      max: -Infinity,
      sum: 0,
      count: 0,
    }
    byProduct.set(row.product_id, {
      min: Math.min(current.min, min),
      max: Math.max(current.max, max),
      sum: current.sum + avg * count,
      count: current.count + count,
    })
  }
  return [...byProduct.entries()].map(([productId, stats]) => ({
    product_id: productId,
    min_benchmark: Math.round(stats.min),
    avg_benchmark: Math.round(stats.sum / stats.count),
    max_benchmark: Math.round(stats.max),
    observations: stats.count,
  }))
}
