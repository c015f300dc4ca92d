import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { errors } from '@vinejs/vine'
import { audit } from '#services/audit/audit'
import { insertReturningId } from '#services/db/insert'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { amountError } from '#shared/amounts'
import { driverKindChangeMessage, driversInUse } from '#services/market_data/driver_rules'

export interface ClassificationTree {
  categories: {
    id?: number | null
    name: string
    types: {
      id?: number | null
      name: string
      products: { id?: number | null; name: string }[]
    }[]
  }[]
  drivers: {
    id?: number | null
    name: string
    is_numeric: boolean
    unit?: string | null
    /** As sent (a number or numeric text) until the rules have checked it. */
    driver_options: { id?: number | null; label: string; value: unknown }[]
  }[]
}

type Problem = { field: string; message: string }

/**
 * A provider's classification: categories → types → products, and its drivers with options.
 * Five queries whatever the size.
 */
export async function loadClassification(
  providerId: number,
  client: TransactionClientContract | typeof db = db
): Promise<ClassificationTree> {
  const [categories, types, products, drivers, options] = await Promise.all([
    client
      .from('product_categories')
      .where('provider_id', providerId)
      .select('id', 'name')
      .orderBy('sort_order')
      .orderBy('id'),
    client
      .from('product_types')
      .join('product_categories', 'product_categories.id', 'product_types.category_id')
      .where('product_categories.provider_id', providerId)
      .select('product_types.id', 'product_types.name', 'product_types.category_id')
      .orderBy('product_types.name')
      .orderBy('product_types.id'),
    client
      .from('provider_products')
      .where('provider_id', providerId)
      .select('id', 'name', 'product_type_id')
      .orderBy('name')
      .orderBy('id'),
    client
      .from('drivers')
      .where('provider_id', providerId)
      .select('id', 'name', 'is_numeric', 'unit')
      .orderBy('name')
      .orderBy('id'),
    client
      .from('driver_options')
      .join('drivers', 'drivers.id', 'driver_options.driver_id')
      .where('drivers.provider_id', providerId)
      .select(
        'driver_options.id',
        'driver_options.driver_id',
        'driver_options.label',
        'driver_options.value'
      )
      .orderBy('driver_options.value')
      .orderBy('driver_options.id'),
  ])
  return {
    categories: categories.map((category) => ({
      id: category.id,
      name: category.name,
      types: types
        .filter((type) => type.category_id === category.id)
        .map((type) => ({
          id: type.id,
          name: type.name,
          products: products
            .filter((product) => product.product_type_id === type.id)
            .map((product) => ({ id: product.id, name: product.name })),
        })),
    })),
    drivers: drivers.map((driver) => ({
      id: driver.id,
      name: driver.name,
      is_numeric: Boolean(driver.is_numeric),
      unit: driver.unit ?? null,
      driver_options: options
        .filter((option) => option.driver_id === driver.id)
        .map((option) => ({ id: option.id, label: option.label, value: Number(option.value) })),
    })),
  }
}

/**
 * Names must be non-empty and unique among siblings (ignoring case and outer spaces).
 */
export function classificationProblems(tree: ClassificationTree): Problem[] {
  const problems: Problem[] = []
  const siblings = (
    items: { name: string }[],
    path: string,
    noun: string,
    where = '',
    key: 'name' | 'label' = 'name'
  ) => {
    const seen = new Set<string>()
    items.forEach((item, index) => {
      const name = String((item as Record<string, unknown>)[key] ?? '').trim()
      if (!name) {
        problems.push({ field: `${path}.${index}.${key}`, message: `${noun} name is required.` })
        return
      }
      const normal = name.toLowerCase()
      if (seen.has(normal)) {
        problems.push({
          field: `${path}.${index}.${key}`,
          message: `${noun} '${name}' appears more than once${where}.`,
        })
      }
      seen.add(normal)
    })
  }
  siblings(tree.categories, 'categories', 'Category')
  tree.categories.forEach((category, c) => {
    siblings(category.types, `categories.${c}.types`, 'Type', ` in ${category.name.trim()}`)
    category.types.forEach((type, t) =>
      siblings(
        type.products,
        `categories.${c}.types.${t}.products`,
        'Product',
        ` in ${type.name.trim()}`
      )
    )
  })
  siblings(tree.drivers, 'drivers', 'Driver')
  tree.drivers.forEach((driver, d) => {
    siblings(
      driver.driver_options.map((option) => ({ name: option.label })),
      `drivers.${d}.driver_options`,
      'Option',
      ` in ${driver.name.trim()}`
    )
    driver.driver_options.forEach((option, o) => {
      const message = amountError(option.value, {
        column: 'figure',
        label: `Option '${option.label}' value`,
      })
      if (message) problems.push({ field: `drivers.${d}.driver_options.${o}.value`, message })
    })
  })
  return problems
}

const idsOf = <T extends { id?: number | null }>(items: T[]) =>
  items.map((item) => item.id).filter((id): id is number => typeof id === 'number')

/**
 * Saves the whole tree in one transaction: new items are created, changed ones renamed or
 * moved, missing ones deleted — unless client data uses them, which refuses the save.
 */
export async function saveClassification(
  userId: number,
  providerKey: string,
  tree: ClassificationTree
) {
  const provider = await db
    .from('providers')
    .where('provider_key', providerKey)
    .select('id', 'name')
    .first()
  if (!provider) throw new NotFoundForTeam('Provider not found')

  const problems = classificationProblems(tree)
  if (problems.length) throw validation(problems)

  return db.transaction(async (trx) => {
    const before = await loadClassification(provider.id, trx)
    const known = {
      categories: new Set(idsOf(before.categories)),
      types: new Set(before.categories.flatMap((category) => idsOf(category.types))),
      products: new Set(
        before.categories.flatMap((category) =>
          category.types.flatMap((type) => idsOf(type.products))
        )
      ),
      drivers: new Set(idsOf(before.drivers)),
      options: new Set(before.drivers.flatMap((driver) => idsOf(driver.driver_options))),
    }
    const wanted = {
      categories: idsOf(tree.categories),
      types: tree.categories.flatMap((category) => idsOf(category.types)),
      products: tree.categories.flatMap((category) =>
        category.types.flatMap((type) => idsOf(type.products))
      ),
      drivers: idsOf(tree.drivers),
      options: tree.drivers.flatMap((driver) => idsOf(driver.driver_options)),
    }
    // Ids from elsewhere (another provider, or made up) are refused.
    const foreign = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((kind) =>
      wanted[kind].some((id) => !known[kind].has(id))
    )
    if (foreign.length) {
      throw validation([
        { field: 'category', message: `Unknown ${foreign.join(', ')} in the classification.` },
      ])
    }

    const removed = {
      products: [...known.products].filter((id) => !wanted.products.includes(id)),
      types: [...known.types].filter((id) => !wanted.types.includes(id)),
      categories: [...known.categories].filter((id) => !wanted.categories.includes(id)),
      drivers: [...known.drivers].filter((id) => !wanted.drivers.includes(id)),
      options: [...known.options].filter((id) => !wanted.options.includes(id)),
    }
    await refuseRemovingUsed(trx, removed, before)
    await refuseKindChangeOfUsed(trx, tree, before)

    await deleteIn(trx, 'provider_products', removed.products)
    await deleteIn(trx, 'product_types', removed.types)
    await deleteIn(trx, 'product_categories', removed.categories)
    await deleteIn(trx, 'driver_options', removed.options)
    await deleteIn(trx, 'drivers', removed.drivers)

    await parkNames(trx, tree)

    for (const [position, category] of tree.categories.entries()) {
      const categoryId = await upsert(trx, 'product_categories', category.id, {
        provider_id: provider.id,
        name: category.name.trim(),
        sort_order: position,
      })
      for (const type of category.types) {
        const typeId = await upsert(trx, 'product_types', type.id, {
          category_id: categoryId,
          name: type.name.trim(),
        })
        for (const product of type.products) {
          await upsert(trx, 'provider_products', product.id, {
            provider_id: provider.id,
            product_type_id: typeId,
            name: product.name.trim(),
          })
        }
      }
    }
    for (const driver of tree.drivers) {
      const driverId = await upsert(trx, 'drivers', driver.id, {
        provider_id: provider.id,
        name: driver.name.trim(),
        is_numeric: driver.is_numeric,
        unit: driver.unit?.trim() || null,
      })
      for (const option of driver.driver_options) {
        await upsert(trx, 'driver_options', option.id, {
          driver_id: driverId,
          label: option.label.trim(),
          value: Number(option.value),
        })
      }
    }

    const after = await loadClassification(provider.id, trx)
    await audit(trx, {
      userId,
      entityType: 'provider_classification',
      entityId: provider.id,
      action: 'update',
      summary: `Saved the ${provider.name} classification`,
      before,
      after,
    })
    return after
  })
}

/**
 * Sibling names are unique in the database at every statement, not only at the end: swapping
 * two names, or renaming a → b while b → c, would trip the constraint half-way. So every kept
 * item first takes a temporary name unique to its id; the upserts then write the final names,
 * which the rules above have found unique.
 */
async function parkNames(trx: TransactionClientContract, tree: ClassificationTree) {
  const parked: [string, string, number[]][] = [
    ['product_categories', 'name', idsOf(tree.categories)],
    ['product_types', 'name', tree.categories.flatMap((category) => idsOf(category.types))],
    [
      'provider_products',
      'name',
      tree.categories.flatMap((category) => category.types.flatMap((type) => idsOf(type.products))),
    ],
    ['drivers', 'name', idsOf(tree.drivers)],
    ['driver_options', 'label', tree.drivers.flatMap((driver) => idsOf(driver.driver_options))],
  ]
  for (const [table, column, ids] of parked) {
    if (ids.length) {
      await trx
        .from(table)
        .whereIn('id', ids)
        .update({
          [column]: trx.raw('cast(? as varchar(40)) || cast(id as varchar(20))', ['#renaming#']),
        })
    }
  }
}

function validation(problems: Problem[]) {
  return new errors.E_VALIDATION_ERROR(
    problems.map((problem) => ({ ...problem, rule: 'classification' }))
  )
}

async function deleteIn(trx: TransactionClientContract, table: string, ids: number[]) {
  if (ids.length) await trx.from(table).whereIn('id', ids).delete()
}

async function upsert(
  trx: TransactionClientContract,
  table: string,
  id: number | null | undefined,
  values: Record<string, unknown>
) {
  if (id) {
    await trx.from(table).where('id', id).update(values)
    return id
  }
  return insertReturningId(trx, table, values)
}

async function refuseKindChangeOfUsed(
  trx: TransactionClientContract,
  tree: ClassificationTree,
  before: ClassificationTree
) {
  const changed = tree.drivers.flatMap((driver, index) => {
    const stored = before.drivers.find((entry) => entry.id === driver.id)
    return stored && stored.is_numeric !== driver.is_numeric ? [{ index, stored }] : []
  })
  if (changed.length === 0) return
  const used = await driversInUse(
    trx,
    changed.map(({ stored }) => stored.id!)
  )
  const problems = changed
    .filter(({ stored }) => used.has(stored.id!))
    .map(({ index, stored }) => ({
      field: `drivers.${index}.is_numeric`,
      message: driverKindChangeMessage(stored.name, stored.is_numeric),
    }))
  if (problems.length) throw validation(problems)
}

/**
 * Client data (benchmarks, proposals, regressions, rate cards) keeps its products, drivers and
 * options: removing one that is used refuses the whole save, naming it.
 */
async function refuseRemovingUsed(
  trx: TransactionClientContract,
  removed: {
    products: number[]
    types: number[]
    categories: number[]
    drivers: number[]
    options: number[]
  },
  before: ClassificationTree
) {
  // Removing a category or type removes the products under it.
  const products = new Set(removed.products)
  for (const category of before.categories) {
    for (const type of category.types) {
      if (removed.categories.includes(category.id!) || removed.types.includes(type.id!)) {
        idsOf(type.products).forEach((id) => products.add(id))
      }
    }
  }
  const productIds = [...products]
  const problems: Problem[] = []
  const name = (id: number) =>
    before.categories
      .flatMap((category) => category.types.flatMap((type) => type.products))
      .find((product) => product.id === id)?.name
  if (productIds.length) {
    const used = await Promise.all(
      [
        'product_benchmarks',
        'proposal_items',
        'regressions',
        'rate_card_product_benchmarks',
        'data_collection_rows',
      ].map((table) => trx.from(table).whereIn('product_id', productIds).distinct('product_id'))
    )
    const usedIds = new Set(used.flat().map((row) => row.product_id as number))
    for (const id of usedIds) {
      problems.push({
        field: 'category',
        message: `Product '${name(id)}' is used by client data and cannot be removed.`,
      })
    }
  }
  if (removed.drivers.length) {
    for (const id of await driversInUse(trx, removed.drivers)) {
      const driver = before.drivers.find((entry) => entry.id === id)
      problems.push({
        field: 'category',
        message: `Driver '${driver?.name}' is used by client data and cannot be removed.`,
      })
    }
  }
  if (removed.options.length) {
    const used = await trx
      .from('product_benchmark_drivers')
      .whereIn('driver_option_id', removed.options)
      .distinct('driver_option_id')
    for (const row of used) {
      const option = before.drivers
        .flatMap((driver) => driver.driver_options)
        .find((entry) => entry.id === row.driver_option_id)
      problems.push({
        field: 'category',
        message: `Option '${option?.label}' is used by client data and cannot be removed.`,
      })
    }
  }
  if (problems.length) throw validation(problems)
}
