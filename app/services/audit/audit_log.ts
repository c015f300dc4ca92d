import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { aumRangeLabel } from '#shared/money'
import { paginateCounted } from '#services/db/paginate'

export const AUDIT_PER_PAGE = 50

/** Reference ids the trail shows by name: the key it takes, and where the name is. */
const NAMED_REFERENCES: Record<string, { key: string; table: string; column: string }> = {
  product_id: { key: 'product', table: 'provider_products', column: 'name' },
  provider_id: { key: 'provider', table: 'providers', column: 'name' },
  // An analyst move's providers (the providers administration's trail).
  from_provider: { key: 'provider left', table: 'providers', column: 'name' },
  to_provider: { key: 'provider joined', table: 'providers', column: 'name' },
  currency_id: { key: 'currency', table: 'currencies', column: 'code' },
  driver_id: { key: 'driver', table: 'drivers', column: 'name' },
  driver_option_id: { key: 'option', table: 'driver_options', column: 'label' },
  license_type_id: { key: 'license type', table: 'license_types', column: 'name' },
  contract_id: { key: 'contract', table: 'contracts', column: 'reference' },
  team_id: { key: 'team', table: 'teams', column: 'name' },
  team_type_id: { key: 'team type', table: 'team_types', column: 'name' },
  category_id: { key: 'category', table: 'product_categories', column: 'name' },
  product_type_id: { key: 'product type', table: 'product_types', column: 'name' },
}
/** Internal keys that mean nothing to a reader. */
const HIDDEN = new Set([
  'id',
  'uuid',
  'created_at',
  'updated_at',
  'product_benchmark_id',
  'regression_id',
  'rate_card_id',
  'rate_card_product_benchmark_id',
])

function collectIds(value: unknown, into: Map<string, Set<number>>) {
  if (Array.isArray(value)) return value.forEach((entry) => collectIds(entry, into))
  if (!value || typeof value !== 'object') return
  for (const [key, entry] of Object.entries(value)) {
    if ((key in NAMED_REFERENCES || key === 'aum_range_id') && typeof entry === 'number') {
      into.set(key, (into.get(key) ?? new Set()).add(entry))
    } else collectIds(entry, into)
  }
}

/**
 * The names of every referenced id on the page, in one query: a union of one lookup per kind of
 * reference the page holds.
 */
async function referenceNames(values: unknown[]) {
  const ids = new Map<string, Set<number>>()
  values.forEach((value) => collectIds(value, ids))
  const names = new Map<string, Map<number, string>>()
  if (ids.size === 0) return names
  // The kind is one of the known keys above (never input), so it is written into the query;
  // the columns a lookup lacks are typed nulls, as PostgreSQL matches the union's types.
  const lookups = [...ids].map(([key, set]) => {
    const kind = db.raw(`'${key}' as kind`)
    if (key === 'aum_range_id') {
      return db
        .from('aum_ranges')
        .whereIn('id', [...set])
        .select(kind, 'id', db.raw('cast(null as varchar(255)) as label'), 'min_aum', 'max_aum')
    }
    const { table, column } = NAMED_REFERENCES[key]
    return db
      .from(table)
      .whereIn('id', [...set])
      .select(
        kind,
        'id',
        `${column} as label`,
        db.raw('cast(null as integer) as min_aum'),
        db.raw('cast(null as integer) as max_aum')
      )
  })
  const [first, ...others] = lookups
  const rows = others.length ? await first.unionAll(others) : await first
  for (const row of rows) {
    const label =
      row.kind === 'aum_range_id'
        ? aumRangeLabel({
            minAum: Number(row.min_aum),
            maxAum: row.max_aum === null ? null : Number(row.max_aum),
          })
        : String(row.label)
    const kindNames = names.get(row.kind) ?? new Map<number, string>()
    kindNames.set(Number(row.id), label)
    names.set(row.kind, kindNames)
  }
  return names
}

function named(value: unknown, names: Map<string, Map<number, string>>): unknown {
  if (Array.isArray(value)) return value.map((entry) => named(entry, names))
  if (!value || typeof value !== 'object') return value
  const result: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value)) {
    if (HIDDEN.has(key)) continue
    if ((key in NAMED_REFERENCES || key === 'aum_range_id') && typeof entry === 'number') {
      const label = key === 'aum_range_id' ? 'AUM range' : NAMED_REFERENCES[key].key
      result[label] = names.get(key)?.get(entry) ?? `#${entry} (since deleted)`
    } else result[key] = named(entry, names)
  }
  return result
}

/**
 * The distinct values of an indexed column of the trail, one index lookup each: the first value,
 * then again and again the next value after the last one found (a skip scan, which PostgreSQL 15
 * does not do by itself). A `select distinct` reads every entry instead.
 */
function distinctTrailValues(column: 'entity_type' | 'user_id') {
  const found = `trail_${column}s`
  const next = (condition: string) =>
    `(select audit_logs.${column} from audit_logs where audit_logs.${column} ${condition} ` +
    `order by audit_logs.${column} limit 1)`
  const values = db.raw(
    `select ${next('is not null')} union all ` +
      `select ${next(`> ${found}.${column}`)} from ${found} where ${found}.${column} is not null`
  )
  return db
    .query()
    .withRecursive(found, values, [column])
    .from(found)
    .whereNotNull(`${found}.${column}`)
}

/** The entity types the trail holds, for its filter: the same list as a distinct over it. */
function trailEntityTypes() {
  return distinctTrailValues('entity_type').select('entity_type').orderBy('entity_type')
}

/** The people who wrote to the trail, by name, for its filter. */
function trailAuthors() {
  return distinctTrailValues('user_id')
    .join('users', 'users.id', 'trail_user_ids.user_id')
    .select('users.id', 'users.name')
    .orderBy('users.name')
    .orderBy('users.id')
}

/** An entry written by an import command: who ran it, when that was recorded. */
export function commandLineAuthor(operator: unknown) {
  return typeof operator === 'string' && operator ? `Command line (${operator})` : 'Command line'
}

/**
 * The audit trail, newest first, filtered by entity type and user; with the filter choices.
 * `scope` keeps an area's trail to its own entity types. Values come with names instead of ids.
 * A bounded number of queries whatever the size.
 */
export async function auditTrail(filter: {
  entityType?: string
  scope?: readonly string[]
  userId?: number
  page: number
}) {
  const filtered = (query: DatabaseQueryBuilderContract) => {
    if (filter.scope) query.whereIn('audit_logs.entity_type', [...filter.scope])
    if (filter.entityType) query.where('audit_logs.entity_type', filter.entityType)
    if (filter.userId) query.where('audit_logs.user_id', filter.userId)
    return query
  }
  // The join to users names each entry's author; it filters nothing, so the total counts the
  // entries alone.
  const trail = filtered(
    db
      .from('audit_logs')
      .leftJoin('users', 'users.id', 'audit_logs.user_id')
      .select(
        'audit_logs.id',
        'audit_logs.entity_type',
        'audit_logs.entity_id',
        'audit_logs.action',
        'audit_logs.summary',
        'audit_logs.before',
        'audit_logs.after',
        'audit_logs.source',
        'audit_logs.operator',
        'audit_logs.created_at',
        'users.name as user_name',
        'users.email as user_email'
      )
      .orderBy('audit_logs.created_at', 'desc')
      .orderBy('audit_logs.id', 'desc')
  )

  const [page, entityTypes, users] = await Promise.all([
    paginateCounted(trail, filtered(db.from('audit_logs')), filter.page, AUDIT_PER_PAGE),
    trailEntityTypes(),
    trailAuthors(),
  ])
  const meta = page.getMeta() as { total: number; currentPage: number; lastPage: number }
  const rows = page.all().map((row) => ({
    row,
    before: row.before ? (JSON.parse(row.before) as unknown) : null,
    after: row.after ? (JSON.parse(row.after) as unknown) : null,
  }))
  const names = await referenceNames(rows.flatMap(({ before, after }) => [before, after]))
  return {
    entries: rows.map(({ row, before, after }) => ({
      id: row.id as number,
      entityType: row.entity_type as string,
      entityId: (row.entity_id as number | null) ?? null,
      action: row.action as string,
      summary: row.summary as string,
      before: named(before, names),
      after: named(after, names),
      createdAt: new Date(row.created_at).toISOString(),
      user:
        row.source === 'command_line'
          ? commandLineAuthor(row.operator)
          : row.user_name
            ? `${row.user_name} (${row.user_email})`
            : 'Former administrator',
    })),
    meta: { total: Number(meta.total), currentPage: meta.currentPage, lastPage: meta.lastPage },
    entityTypes: entityTypes.map((row) => row.entity_type as string),
    users: users.map((row) => ({ id: row.id as number, name: row.name as string })),
  }
}
