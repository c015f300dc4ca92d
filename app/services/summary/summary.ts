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
import { currentYear, todayIso, yearEndIso } from '#services/calendar/clock'
import { budgetPage, type BudgetRow } from '#services/rsa/budgets'
import { converterFor, ratesUsed, round2, rsaView } from '#services/rsa/view'
import { summaryRows, type AssetScope } from '#services/summary/asset_facets'

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
 * Queries: the view's (years, currencies), one statement for the facet counts and the filtered
 * assets with their usage and stored figures, and the budgets page's (kept in the cache) —
 * bounded whatever the data.
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

  const { counts, assets: tagged } = await summaryRows(scope, filters, SUMMARY_FACETS)
  const hasResearch = [...tagged.values()].some((asset) => asset.kind === 'research')
  const budgets = hasResearch ? await budgetPage(view) : null

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
      const uses = asset.uses
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
    const row = asset.data
    if (!row) continue
    const currencyId = row.currencyId
    const inDisplay = (amount: number | null) => {
      if (amount === null || currencyId === null) return null
      const value = convert(annualised(amount, row.startDate, row.endDate), currencyId)
      return value === null ? null : round2(value)
    }
    if (currencyId !== null) currenciesUsed.add(currencyId)
    const spend = inDisplay(row.payment)
    const benchmark = inDisplay(row.benchmarkPrice)
    if (row.payment !== null && spend === null) unconvertedAssets += 1
    const compares = spend !== null && benchmark !== null && benchmark > 0
    const users = row.users === null ? null : Math.round(row.users)
    assets.push({
      id,
      kind: asset.kind,
      providerId: asset.providerId,
      providerKey: row.providerKey,
      provider: row.providerName,
      product: row.division ? `${row.productName} (${row.division})` : row.productName,
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
          ? `/alternative-data/${row.providerKey}`
          : `/market-data/${row.providerKey}`,
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
