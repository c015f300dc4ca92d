import db from '@adonisjs/lucid/services/db'
import { toIsoDate } from '#services/market_data/benchmarks'
import type { AssetKind } from '#shared/summary'
import {
  DEFAULT_PRICE_TYPE_VALUE,
  FILTER_CATEGORIES,
  restrictingValues,
  type AppliedFilter,
  type FilterCategory,
} from '#shared/summary_filters'

/**
 * The summary dashboard's assets and their facet values, in SQL: two common table expressions
 * every query of the dashboard starts from.
 *
 * `assets(asset_id, kind, provider_id, product_id, benchmark_id, price_code)`: what the team pays for —
 * research providers with budget lines in the year, and market or alternative data product
 * benchmarks of the team's contracts in force on the reference date — for the kinds whose
 * modules the team holds. Every branch is scoped to the team.
 *
 * `tags(asset_id, category, value_id)`: each asset's values per facet — its provider, the
 * provider's type (by code), the tags of its provider and of its product, its price types
 * (research: its budget lines'; data: its contract's licence), the team's ranking priority for
 * the provider, and the price type "All" (0) every asset carries.
 */
export interface AssetScope {
  teamId: number
  year: number
  /** The day data contracts must be in force on (ISO date). */
  referenceDate: string
  kinds: Record<AssetKind, boolean>
}

/** The facet category a filter restricts: the `asset` filter is the asset-class facet. */
export function tagCategoryOf(category: FilterCategory): string {
  return category === 'asset' ? 'assetclasses' : category
}

export function assetCtes(scope: AssetScope) {
  const assetBranches: string[] = []
  const bindings: unknown[] = []
  if (scope.kinds.research) {
    assetBranches.push(
      `select 'research-' || bl.provider_id as asset_id, 'research' as kind,
         bl.provider_id as provider_id, cast(null as integer) as product_id,
         cast(null as integer) as benchmark_id, cast(null as varchar(80)) as price_code
       from rsa_budget_lines bl
       where bl.team_id = ? and bl.year = ?
       group by bl.provider_id`
    )
    bindings.push(scope.teamId, scope.year)
  }
  const dataKinds = (['market_data', 'alternative_data'] as const).filter(
    (kind) => scope.kinds[kind]
  )
  if (dataKinds.length) {
    assetBranches.push(
      `select p.provider_type || '-' || pb.id as asset_id, p.provider_type as kind,
         c.provider_id as provider_id, pb.product_id as product_id, pb.id as benchmark_id,
         'licence:' || lt.key as price_code
       from product_benchmarks pb
       join contracts c on c.id = pb.contract_id
       join providers p on p.id = c.provider_id
       join license_types lt on lt.id = c.license_type_id
       where c.team_id = ? and p.provider_type in (${dataKinds.map(() => '?').join(', ')})
         and pb.start_date <= ? and pb.end_date >= ?`
    )
    bindings.push(scope.teamId, ...dataKinds, scope.referenceDate, scope.referenceDate)
  }
  if (assetBranches.length === 0) {
    // No module with assets: an empty set of the same shape.
    assetBranches.push(
      `select cast(null as varchar(80)) as asset_id, cast(null as varchar(32)) as kind,
         cast(null as integer) as provider_id, cast(null as integer) as product_id,
         cast(null as integer) as benchmark_id, cast(null as varchar(80)) as price_code
       from summary_facet_values where 1 = 0`
    )
  }

  const tagBranches = [
    `select a.asset_id, 'providers' as category, a.provider_id as value_id from assets a`,
    `select a.asset_id, 'providertypes', v.id
       from assets a
       join providers p on p.id = a.provider_id
       join summary_facet_values v on v.category = 'providertypes'
         and v.code = coalesce(p.research_provider_type, p.provider_type)`,
    `select a.asset_id, t.category, t.value_id
       from assets a
       join summary_facet_tags t on t.subject_type = 'provider' and t.subject_id = a.provider_id`,
    `select a.asset_id, t.category, t.value_id
       from assets a
       join summary_facet_tags t on t.subject_type = 'product' and t.subject_id = a.product_id`,
    `select a.asset_id, 'pricetypes', v.id
       from assets a
       join summary_facet_values v on v.category = 'pricetypes' and v.code = a.price_code`,
    `select a.asset_id, 'pricetypes', ${DEFAULT_PRICE_TYPE_VALUE} from assets a`,
    `select a.asset_id, 'rankingpriorities', tp.rankingpriority_id
       from assets a
       join team_provider_priorities tp on tp.team_id = ? and tp.provider_id = a.provider_id`,
  ]
  const tagBindings: unknown[] = [scope.teamId]
  if (scope.kinds.research) {
    tagBranches.push(
      `select distinct 'research-' || bl.provider_id, 'pricetypes', v.id
         from rsa_budget_lines bl
         join summary_facet_values v on v.category = 'pricetypes' and v.code = bl.price_type
         where bl.team_id = ? and bl.year = ?`
    )
    tagBindings.push(scope.teamId, scope.year)
  }

  return {
    sql: `with assets as (${assetBranches.join(' union all ')}),
      tags as (${tagBranches.join(' union all ')})`,
    bindings: [...bindings, ...tagBindings],
  }
}

/**
 * The active filters as a third expression, `matches(asset_id, f0, f1, …)`: per asset, 1 in
 * `f{i}` when it carries one of the values of the i-th active filter (OR within a category).
 * Conditions then AND the flags of the filters that apply (all of them for the list; all but the
 * facet's own for its counts).
 */
function matchesCte(filters: readonly AppliedFilter[]) {
  const active: { category: FilterCategory; flag: string }[] = []
  const columns: string[] = []
  const bindings: unknown[] = []
  for (const category of FILTER_CATEGORIES) {
    const values = restrictingValues(filters, category)
    if (values.length === 0) continue
    const flag = `f${active.length}`
    active.push({ category, flag })
    columns.push(
      `max(case when category = ? and value_id in (${values.map(() => '?').join(', ')}) then 1 else 0 end) as ${flag}`
    )
    bindings.push(tagCategoryOf(category), ...values)
  }
  const sql = `matches as (select asset_id${columns.map((column) => `, ${column}`).join('')}
    from tags group by asset_id)`
  const condition = (except: FilterCategory | null) => {
    const flags = active
      .filter((entry) => entry.category !== except)
      .map((entry) => `m.${entry.flag} = 1`)
    return flags.length ? flags.join(' and ') : '1 = 1'
  }
  return { sql, bindings, condition }
}

export interface FacetCountRow {
  category: string
  value_id: number
  name: string | null
  sort_order: number | null
  total: number
}

/** A market or alternative data asset's stored figures. */
export interface DataAssetFigures {
  benchmarkId: number
  providerKey: string
  providerName: string
  productName: string
  division: string | null
  payment: number | null
  benchmarkPrice: number | null
  currencyId: number | null
  startDate: string
  endDate: string
  /** The users the licence counts: its numeric drivers measured in users. */
  users: number | null
}

export interface FilteredAsset {
  kind: AssetKind
  providerId: number
  tags: Map<string, number[]>
  /** Research: interactions logged plus documents read in the year. */
  uses: number
  data: DataAssetFigures | null
}

/**
 * The dashboard's rows in one statement:
 * - every facet value the team's assets carry, with its name and the number of assets it would
 *   show under the other active filters (its own category's filter left out: faceted counts);
 * - the assets passing every filter, each with all its facet values, its research usage in the
 *   year (interactions logged plus reads of the provider's documents) and, for data assets,
 *   the stored payment, benchmark, currency, period and users.
 */
export async function summaryRows(
  scope: AssetScope,
  filters: readonly AppliedFilter[],
  facets: readonly FilterCategory[]
): Promise<{ counts: FacetCountRow[]; assets: Map<string, FilteredAsset> }> {
  const ctes = assetCtes(scope)
  const matches = matchesCte(filters)
  const cases: string[] = []
  const caseBindings: unknown[] = []
  for (const facet of facets) {
    cases.push(`when t.category = ? then case when ${matches.condition(facet)} then t.asset_id end`)
    caseBindings.push(tagCategoryOf(facet))
  }
  const yearStart = `${scope.year}-01-01`
  const yearEnd = `${scope.year}-12-31`
  const nextYearStart = `${scope.year + 1}-01-01`
  const result = await db.rawQuery(
    `${ctes.sql}, ${matches.sql},
     counted as (
       select t.category as category, t.value_id as value_id,
         max(coalesce(v.name, s.name, th.name, p.name)) as name,
         max(coalesce(v.sort_order, s.sort_order)) as sort_order,
         count(distinct case ${cases.join(' ')} end) as total
       from tags t
       join matches m on m.asset_id = t.asset_id
       left join summary_facet_values v on v.category = t.category and v.id = t.value_id
       left join sectors s on t.category = 'industries' and s.id = t.value_id
       left join research_themes th on t.category = 'themes' and th.id = t.value_id
       left join providers p on t.category = 'providers' and p.id = t.value_id
       where t.category in (${facets.map(() => '?').join(', ')})
       group by t.category, t.value_id),
     usage as (
       select provider_id, sum(uses) as uses from (
         select i.provider_id as provider_id, count(*) as uses
         from rsa_interactions i
         where i.team_id = ? and i.occurred_on >= ? and i.occurred_on <= ?
           and i.provider_id in (select provider_id from assets where kind = 'research')
         group by i.provider_id
         union all
         select d.provider_id, count(*)
         from research_read_events r
         join research_documents d on d.id = r.document_id
         where r.team_id = ? and r.opened_at >= ? and r.opened_at < ?
           and d.provider_id in (select provider_id from assets where kind = 'research')
         group by d.provider_id
       ) events group by provider_id),
     users as (
       select pbd.product_benchmark_id as benchmark_id, sum(pbd.value) as users
       from product_benchmark_drivers pbd
       join drivers d on d.id = pbd.driver_id
       where lower(d.unit) = 'users'
         and pbd.product_benchmark_id in (select benchmark_id from assets)
       group by pbd.product_benchmark_id)
     select 'count' as row_kind, c.category as category, c.value_id as value_id, c.name as name,
       c.sort_order as sort_order, c.total as total, null as asset_id, null as kind,
       null as provider_id, null as uses, null as benchmark_id, null as provider_key,
       null as provider_name, null as product_name, null as division, null as payment,
       null as benchmark_price, null as currency_id, null as start_date, null as end_date,
       null as users
     from counted c
     union all
     select 'asset', t.category, t.value_id, null, null, null, a.asset_id, a.kind,
       a.provider_id, us.uses, pb.id, p.provider_key, p.name, pp.name, pb.division,
       pb.payment, pb.benchmark_price, pb.currency_id, pb.start_date, pb.end_date, u.users
     from assets a
     join matches m on m.asset_id = a.asset_id
     join tags t on t.asset_id = a.asset_id
     join providers p on p.id = a.provider_id
     left join usage us on a.kind = 'research' and us.provider_id = a.provider_id
     left join product_benchmarks pb on pb.id = a.benchmark_id
     left join provider_products pp on pp.id = pb.product_id
     left join users u on u.benchmark_id = a.benchmark_id
     where ${matches.condition(null)}`,
    [
      ...ctes.bindings,
      ...matches.bindings,
      ...caseBindings,
      ...facets.map(tagCategoryOf),
      scope.teamId,
      yearStart,
      yearEnd,
      scope.teamId,
      yearStart,
      nextYearStart,
    ]
  )
  const counts: FacetCountRow[] = []
  const assets = new Map<string, FilteredAsset>()
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value))
  for (const row of rowsOf(result)) {
    if (row.row_kind === 'count') {
      counts.push({
        category: row.category,
        value_id: Number(row.value_id),
        name: row.name ?? null,
        sort_order: number(row.sort_order),
        total: Number(row.total),
      })
      continue
    }
    let asset = assets.get(row.asset_id)
    if (!asset) {
      asset = {
        kind: row.kind,
        providerId: Number(row.provider_id),
        tags: new Map(),
        uses: Number(row.uses ?? 0),
        data:
          row.benchmark_id === null || row.benchmark_id === undefined
            ? null
            : {
                benchmarkId: Number(row.benchmark_id),
                providerKey: row.provider_key,
                providerName: row.provider_name,
                productName: row.product_name,
                division: row.division ?? null,
                payment: number(row.payment),
                benchmarkPrice: number(row.benchmark_price),
                currencyId: number(row.currency_id),
                startDate: toIsoDate(row.start_date),
                endDate: toIsoDate(row.end_date),
                users: number(row.users),
              },
      }
      assets.set(row.asset_id, asset)
    }
    const values = asset.tags.get(row.category) ?? []
    const value = Number(row.value_id)
    if (!values.includes(value)) values.push(value)
    asset.tags.set(row.category, values)
  }
  for (const asset of assets.values()) {
    for (const values of asset.tags.values()) values.sort((a, b) => a - b)
  }
  return { counts, assets }
}

/** Rows of a raw query on either database (SQLite returns the rows, PostgreSQL a result). */
export function rowsOf(result: any): any[] {
  return Array.isArray(result) ? result : result.rows
}
