import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import { MODULES } from '#shared/modules'
import { annualised } from '#shared/market_data_overview'
import {
  summaryKpis,
  type AssetKind,
  type SummaryAsset,
  type SummaryData,
  type SummaryFilterItem,
} from '#shared/summary'
import { SUMMARY_FACETS, type AppliedFilter, type SummaryFacet } from '#shared/summary_filters'
import { currentYear, todayIso, yearEndIso, yearStartIso } from '#services/calendar/clock'
import { budgetPage, type BudgetRow } from '#services/rsa/budgets'
import { converterFor, ratesUsed, round2, rsaView } from '#services/rsa/view'
import { toIsoDate } from '#services/market_data/benchmarks'
import {
  facetCounts,
  filteredAssetTags,
  rowsOf,
  type AssetScope,
} from '#services/summary/asset_facets'

/**
 * The summary dashboard's figures for the current team (spec §1, §3, §7): the facet values with
 * their faceted counts, the assets passing the filters with their spend, benchmark and usage in
 * the display currency, and the KPI cards over them.
 *
 * Research figures are the budgets page's (`budgetPage`: the same stored rows, rates and peer
 * benchmarks, whose anonymity rules apply unchanged; a sum of already-published per-provider
 * benchmarks tells no more than they do). Market and alternative data figures are the stored
 * product benchmarks in force on the reference date, annualised as the Market Data overview does.
 *
 * Queries: the view's (years, currencies), the facet counts, the filtered assets, the budgets
 * page's (kept in the cache), research usage, and the data rows — bounded whatever the data.
 */
export async function summaryData(
  ctx: HttpContext,
  filters: AppliedFilter[]
): Promise<SummaryData> {
  const held = ctx.teamContext!.moduleNames
  const modules: Record<AssetKind, boolean> = {
    research: held.includes(MODULES.rsaBudgets),
    market_data: held.includes(MODULES.marketDataContracts),
    alternative_data: held.includes(MODULES.alternativeData),
  }
  const view = await rsaView(ctx, { badYear: 'refuse' })
  const referenceDate = view.year >= currentYear() ? todayIso() : yearEndIso(view.year)
  const scope: AssetScope = {
    teamId: view.teamId,
    year: view.year,
    referenceDate,
    kinds: modules,
  }

  const [counts, tagged] = await Promise.all([
    facetCounts(scope, filters, SUMMARY_FACETS),
    filteredAssetTags(scope, filters),
  ])

  const researchIds = [...tagged.values()]
    .filter((asset) => asset.kind === 'research')
    .map((asset) => asset.providerId)
  const dataIds = [...tagged.keys()]
    .filter((id) => !id.startsWith('research-'))
    .map((id) => Number(id.slice(id.lastIndexOf('-') + 1)))

  const [budgets, usage, dataRows] = await Promise.all([
    researchIds.length ? budgetPage(view) : null,
    researchIds.length ? researchUsage(view.teamId, view.year, researchIds) : new Map(),
    dataIds.length ? dataAssetRows(dataIds) : [],
  ])

  const convert = converterFor(view)
  const names = new Map(counts.map((row) => [`${row.category}:${row.value_id}`, row.name ?? '']))
  const nameOf = (category: string, id: number) => names.get(`${category}:${id}`) ?? `#${id}`
  const facetsOf = (tags: Map<string, number[]>) => {
    const facets: Partial<Record<SummaryFacet, number[]>> = {}
    for (const facet of SUMMARY_FACETS) {
      const values = tags.get(facet)?.filter((value) => !(facet === 'pricetypes' && value === 0))
      if (values?.length) facets[facet] = values
    }
    return facets
  }

  const rowsByProvider = new Map<number, BudgetRow>(
    (budgets?.rows ?? []).map((row) => [row.providerId, row])
  )
  const dataById = new Map(dataRows.map((row) => [row.id, row]))
  const assets: SummaryAsset[] = []
  let unconvertedAssets = 0
  const currenciesUsed = new Set<number>()

  for (const [id, asset] of tagged) {
    const facets = facetsOf(asset.tags)
    const rankingPriorityId = asset.tags.get('rankingpriorities')?.[0] ?? null
    const priceTypes = (facets.pricetypes ?? []).map((value) => nameOf('pricetypes', value))
    if (asset.kind === 'research') {
      const row = rowsByProvider.get(asset.providerId)
      if (!row) continue
      const uses = usage.get(asset.providerId) ?? 0
      const compares = row.benchmarkDiff !== null && row.totalBenchmark !== null
      assets.push({
        id,
        kind: 'research',
        providerId: row.providerId,
        providerKey: row.providerKey,
        provider: row.provider,
        product: [...new Set(row.lines.map((line) => line.serviceTypeLabel))].join(', '),
        priceTypes,
        spend: row.totalPayment,
        budget: row.budgetAmount,
        benchmark: compares ? row.totalBenchmark : null,
        comparedPrice: compares ? row.myPrice : null,
        benchmarkDiff: compares ? row.benchmarkDiff : null,
        benchmarkPercentage: compares ? row.benchmarkPercentage : null,
        usage: uses,
        costPerUse: uses > 0 ? round2(row.totalPayment / uses) : null,
        rankingPriorityId,
        facets,
        href: `/rsa/budgets?year=${view.year}`,
      })
      continue
    }
    const row = dataById.get(Number(id.slice(id.lastIndexOf('-') + 1)))
    if (!row) continue
    const inDisplay = (amount: number | null) => {
      if (amount === null || row.currency_id === null) return null
      const value = convert(annualised(amount, row.start_date, row.end_date), row.currency_id)
      return value === null ? null : round2(value)
    }
    if (row.currency_id !== null) currenciesUsed.add(row.currency_id)
    const spend = inDisplay(row.payment)
    const benchmark = inDisplay(row.benchmark_price)
    if (row.payment !== null && spend === null) unconvertedAssets += 1
    const compares = spend !== null && benchmark !== null && benchmark > 0
    const users = row.users === null ? null : Math.round(row.users)
    assets.push({
      id,
      kind: asset.kind,
      providerId: row.provider_id,
      providerKey: row.provider_key,
      provider: row.provider_name,
      product: row.division ? `${row.product_name} (${row.division})` : row.product_name,
      priceTypes,
      spend,
      budget: null,
      benchmark: compares ? benchmark : null,
      comparedPrice: compares ? spend : null,
      benchmarkDiff: compares ? round2(spend - benchmark) : null,
      benchmarkPercentage: compares
        ? Math.round(((spend - benchmark) / benchmark) * 1000) / 10
        : null,
      usage: users,
      costPerUse: users && spend !== null ? round2(spend / users) : null,
      rankingPriorityId,
      facets,
      href:
        asset.kind === 'alternative_data'
          ? `/alternative-data/${row.provider_key}`
          : `/market-data/${row.provider_key}`,
    })
  }
  assets.sort(
    (a, b) =>
      (b.spend ?? 0) - (a.spend ?? 0) ||
      a.provider.localeCompare(b.provider) ||
      a.product.localeCompare(b.product)
  )

  const filtersOut = {} as Record<SummaryFacet, SummaryFilterItem[]>
  for (const facet of SUMMARY_FACETS) filtersOut[facet] = []
  for (const row of counts) {
    filtersOut[row.category as SummaryFacet]?.push({
      id: row.value_id,
      name: row.name ?? `#${row.value_id}`,
      count: row.total,
      sortOrder: row.sort_order,
    } as SummaryFilterItem & { sortOrder: number | null })
  }
  for (const facet of SUMMARY_FACETS) {
    filtersOut[facet] = (filtersOut[facet] as (SummaryFilterItem & { sortOrder: number | null })[])
      .sort(
        (a, b) =>
          (a.sortOrder ?? Number.MAX_SAFE_INTEGER) - (b.sortOrder ?? Number.MAX_SAFE_INTEGER) ||
          a.name.localeCompare(b.name)
      )
      .map(({ id, name, count }) => ({ id, name, count }))
  }

  return {
    filter_summary_data: { filters: filtersOut },
    asset_summary_data_list: assets,
    appliedFilters: filters,
    kpis: summaryKpis(assets),
    isRestricted: !Object.values(modules).every(Boolean),
    modules,
    year: view.year,
    years: view.years.years,
    referenceDate,
    currency: { id: view.currency.id, code: view.currency.code },
    unconvertedAssets,
    exchangeRates: [
      ...(budgets?.exchangeRates ?? []),
      ...ratesUsed(view, currenciesUsed).filter(
        (rate) =>
          !(budgets?.exchangeRates ?? []).some(
            (known) => known.from === rate.from && known.to === rate.to
          )
      ),
    ],
  }
}

/**
 * Research usage per provider in the year: the team's logged interactions plus its reads of the
 * provider's research documents. One query.
 */
async function researchUsage(teamId: number, year: number, providerIds: number[]) {
  const start = yearStartIso(year)
  const end = yearEndIso(year)
  const marks = providerIds.map(() => '?').join(', ')
  const result = await db.rawQuery(
    `select provider_id, sum(uses) as uses from (
       select i.provider_id as provider_id, count(*) as uses
       from rsa_interactions i
       where i.team_id = ? and i.occurred_on >= ? and i.occurred_on <= ?
         and i.provider_id in (${marks})
       group by i.provider_id
       union all
       select d.provider_id, count(*)
       from research_read_events r
       join research_documents d on d.id = r.document_id
       where r.team_id = ? and r.opened_at >= ? and r.opened_at < ?
         and d.provider_id in (${marks})
       group by d.provider_id
     ) usage group by provider_id`,
    [teamId, start, end, ...providerIds, teamId, start, `${year + 1}-01-01`, ...providerIds]
  )
  return new Map<number, number>(
    rowsOf(result).map((row) => [Number(row.provider_id), Number(row.uses)])
  )
}

interface DataAssetRow {
  id: number
  provider_id: number
  provider_key: string
  provider_name: string
  product_name: string
  division: string | null
  payment: number | null
  benchmark_price: number | null
  currency_id: number | null
  start_date: string
  end_date: string
  users: number | null
}

/**
 * The market and alternative data assets' stored figures: payment, benchmark, currency, period,
 * and the users the licence counts (the numeric drivers measured in users). One query.
 */
async function dataAssetRows(ids: number[]): Promise<DataAssetRow[]> {
  const rows = await db
    .from('product_benchmarks as pb')
    .join('contracts as c', 'c.id', 'pb.contract_id')
    .join('providers as p', 'p.id', 'c.provider_id')
    .join('provider_products as pp', 'pp.id', 'pb.product_id')
    .whereIn('pb.id', ids)
    .select(
      'pb.id',
      'c.provider_id',
      'p.provider_key',
      'p.name as provider_name',
      'pp.name as product_name',
      'pb.division',
      'pb.payment',
      'pb.benchmark_price',
      'pb.currency_id',
      'pb.start_date',
      'pb.end_date',
      db.raw(
        `(select sum(pbd.value) from product_benchmark_drivers pbd
          join drivers d on d.id = pbd.driver_id
          where pbd.product_benchmark_id = pb.id and lower(d.unit) = 'users') as users`
      )
    )
  return rows.map((row) => ({
    id: Number(row.id),
    provider_id: Number(row.provider_id),
    provider_key: row.provider_key,
    provider_name: row.provider_name,
    product_name: row.product_name,
    division: row.division ?? null,
    payment: row.payment === null ? null : Number(row.payment),
    benchmark_price: row.benchmark_price === null ? null : Number(row.benchmark_price),
    currency_id: row.currency_id === null ? null : Number(row.currency_id),
    start_date: toIsoDate(row.start_date),
    end_date: toIsoDate(row.end_date),
    users: row.users === null ? null : Number(row.users),
  }))
}
