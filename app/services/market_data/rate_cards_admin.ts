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
 * team types, currencies and AUM ranges.
 */
export async function rateCardEditorOptions() {
  const [providers, categories, products, drivers, options, teamTypes, currencies, ranges] =
    await Promise.all([
      db
        .from('providers')
        .where('provider_type', 'market_data')
        .select('id', 'name', 'has_rate_card')
        .orderBy('name'),
      db.from('product_categories').select('id', 'provider_id', 'name').orderBy('sort_order'),
      db.from('provider_products').select('id', 'provider_id', 'name').orderBy('name'),
      db.from('drivers').select('id', 'provider_id', 'name', 'is_numeric').orderBy('name'),
      db.from('driver_options').select('id', 'driver_id', 'label').orderBy('value'),
      db.from('team_types').select('id', 'name').orderBy('name'),
      db.from('currencies').select('id', 'code').orderBy('code'),
      aumRanges(),
    ])
  return {
    providers: providers.map((provider) => ({
      id: provider.id as number,
      name: provider.name as string,
      hasRateCard: Boolean(provider.has_rate_card),
      categories: categories
        .filter((row) => row.provider_id === provider.id)
        .map((row) => ({ id: row.id as number, name: row.name as string })),
      products: products
        .filter((row) => row.provider_id === provider.id)
        .map((row) => ({ id: row.id as number, name: row.name as string })),
      drivers: drivers
        .filter((row) => row.provider_id === provider.id)
        .map((row) => ({
          id: row.id as number,
          name: row.name as string,
          is_numeric: Boolean(row.is_numeric),
          options: options
            .filter((option) => option.driver_id === row.id)
            .map((option) => ({ id: option.id as number, label: option.label as string })),
        })),
    })),
    teamTypes: teamTypes.map((row) => ({ id: row.id as number, name: row.name as string })),
    currencies: currencies.map((row) => ({ id: row.id as number, code: row.code as string })),
    aumRanges: ranges,
  }
}

/**
 * A stored rate card in the editor's input shape.
 */
export async function rateCardForEditor(id: number): Promise<RateCardInput & { id: number }> {
  const card = await db.from('rate_cards').where('id', id).first()
  if (!card) throw new NotFoundForTeam('Rate card not found')
  const [categories, entries, assumptions] = await Promise.all([
    db.from('rate_card_categories').where('rate_card_id', id).select('category_id', 'comment'),
    db
      .from('rate_card_product_benchmarks')
      .where('rate_card_id', id)
      .select(
        'id',
        'product_id',
        'aum_range_id',
        'min_benchmark',
        'avg_benchmark',
        'max_benchmark',
        'comment'
      ),
    db
      .from('rate_card_assumptions')
      .join(
        'rate_card_product_benchmarks',
        'rate_card_product_benchmarks.id',
        'rate_card_assumptions.rate_card_product_benchmark_id'
      )
      .where('rate_card_product_benchmarks.rate_card_id', id)
      .select(
        'rate_card_assumptions.rate_card_product_benchmark_id',
        'rate_card_assumptions.driver_id',
        'rate_card_assumptions.driver_option_id',
        'rate_card_assumptions.value'
      ),
  ])
  return {
    id: card.id,
    provider_id: card.provider_id,
    team_type_id: card.team_type_id,
    currency_id: card.currency_id,
    as_of_date: toIsoDate(card.as_of_date),
    provider_comment: card.provider_comment ?? null,
    active: Boolean(card.active),
    categories: categories.map((row) => ({
      category_id: row.category_id,
      comment: row.comment ?? null,
    })),
    entries: entries.map((row) => ({
      product_id: row.product_id,
      aum_range_id: row.aum_range_id,
      min_benchmark: Number(row.min_benchmark),
      avg_benchmark: Number(row.avg_benchmark),
      max_benchmark: Number(row.max_benchmark),
      comment: row.comment ?? null,
      assumptions: assumptions
        .filter((assumption) => assumption.rate_card_product_benchmark_id === row.id)
        .map((assumption) => ({
          driver_id: assumption.driver_id,
          driver_option_id: assumption.driver_option_id ?? null,
          value: assumption.value === null ? null : Number(assumption.value),
        })),
    })),
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
