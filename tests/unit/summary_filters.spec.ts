import { test } from '@japa/runner'
import {
  FILTER_NAME_BY_CATEGORY,
  INITIAL_FILTER_NAMES,
  appliedValues,
  defaultFilters,
  filterNameMap,
  filtersFromQuery,
  filtersToQuery,
  resetCategory,
  resetFilters,
  restrictingValues,
  toggleFilter,
  type AppliedFilter,
} from '#shared/summary_filters'
import { spendByFacet, summaryKpis, type SummaryAsset } from '#shared/summary'

const priceAll: AppliedFilter = {
  filterName: 'pricetype_id',
  filterCategory: 'pricetypes',
  filterValues: [0],
}

test.group('Summary filters: the category to filter name map (spec §3)', () => {
  test('maps every category exactly as the specification writes it', ({ assert }) => {
    assert.deepEqual(FILTER_NAME_BY_CATEGORY, {
      providertypes: 'providertype_id',
      geographies: 'geography_id',
      providers: 'provider_id',
      industries: 'industry_id',
      themes: 'theme_id',
      factors: 'factor_id',
      researchstyles: 'researchstyle_id',
      asset: 'assetclass_id',
      indices: 'index_id',
      pricetypes: 'pricetype_id',
      assetclasses: 'assetclass_id',
      rankingpriorities: 'rankingpriority_id',
    })
  })

  test('the id-to-name map starts with researchstyle_id-4 = Top Down Macro, keyed name-id', ({
    assert,
  }) => {
    assert.deepEqual(INITIAL_FILTER_NAMES, { 'researchstyle_id-4': 'Top Down Macro' })
    const map = filterNameMap({
      geographies: [{ id: 4, name: 'UK' }],
      providers: [{ id: 12, name: 'Atlas' }],
      assetclasses: [{ id: 1, name: 'Equities' }],
    })
    assert.deepEqual(map, {
      'researchstyle_id-4': 'Top Down Macro',
      'geography_id-4': 'UK',
      'provider_id-12': 'Atlas',
      'assetclass_id-1': 'Equities',
    })
    // The initial entry stays unless the loaded names rename it.
    assert.equal(filterNameMap({})['researchstyle_id-4'], 'Top Down Macro')
  })
})

test.group('Summary filters: the rules of spec §4', () => {
  test('the default applied filter is price type with the value 0', ({ assert }) => {
    assert.deepEqual(defaultFilters(), [priceAll])
    // A new list each time: changing one never changes the next default.
    defaultFilters()[0].filterValues.push(3)
    assert.deepEqual(defaultFilters(), [priceAll])
  })

  test('toggling a value in a category without an entry adds the entry', ({ assert }) => {
    assert.deepEqual(toggleFilter([priceAll], 'geographies', 4), [
      priceAll,
      { filterName: 'geography_id', filterCategory: 'geographies', filterValues: [4] },
    ])
  })

  test('toggling a value already there removes it, and the entry once empty', ({ assert }) => {
    const two = toggleFilter(toggleFilter([priceAll], 'themes', 3), 'themes', 9)
    assert.deepEqual(appliedValues(two, 'themes'), [3, 9])
    const one = toggleFilter(two, 'themes', 3)
    assert.deepEqual(one[1], {
      filterName: 'theme_id',
      filterCategory: 'themes',
      filterValues: [9],
    })
    assert.deepEqual(toggleFilter(one, 'themes', 9), [priceAll])
  })

  test('toggling a new value in a category with an entry appends it', ({ assert }) => {
    const filters = toggleFilter(toggleFilter([], 'providers', 7), 'providers', 2)
    assert.deepEqual(filters, [
      { filterName: 'provider_id', filterCategory: 'providers', filterValues: [7, 2] },
    ])
  })

  test('ranking priorities and the overall categories always append, never remove', ({
    assert,
  }) => {
    const once = toggleFilter([priceAll], 'rankingpriorities', 1)
    const twice = toggleFilter(once, 'rankingpriorities', 1)
    assert.deepEqual(twice[1].filterValues, [1, 1])
    // Values are read once each.
    assert.deepEqual(appliedValues(twice, 'rankingpriorities'), [1])
    const overall = toggleFilter(toggleFilter([], 'overall' as never, 5), 'overall' as never, 5)
    assert.deepEqual(overall[0].filterValues, [5, 5])
  })

  test('toggling never changes the list it was given', ({ assert }) => {
    const filters = [priceAll]
    toggleFilter(filters, 'pricetypes', 0)
    toggleFilter(filters, 'pricetypes', 3)
    assert.deepEqual(filters, [priceAll])
    assert.deepEqual(priceAll.filterValues, [0])
  })

  test('reset all restores the default price type filter', ({ assert }) => {
    const filters = toggleFilter(toggleFilter([priceAll], 'themes', 3), 'pricetypes', 2)
    assert.deepEqual(resetFilters(filters, 'summary'), [priceAll])
  })

  test('reset all off the summary route keeps an existing asset filter', ({ assert }) => {
    const asset: AppliedFilter = {
      filterName: 'assetclass_id',
      filterCategory: 'asset',
      filterValues: [1],
    }
    const filters = [priceAll, asset, ...toggleFilter([], 'themes', 3)]
    assert.deepEqual(resetFilters(filters, 'marketData'), [priceAll, asset])
    assert.deepEqual(resetFilters(filters, null), [priceAll, asset])
    assert.deepEqual(resetFilters(filters, 'summary'), [priceAll])
    assert.deepEqual(resetFilters([priceAll], 'marketData'), [priceAll])
  })

  test('reset of a category removes its entry', ({ assert }) => {
    const filters = toggleFilter(toggleFilter([priceAll], 'themes', 3), 'geographies', 4)
    assert.deepEqual(
      resetCategory(filters, 'themes').map((filter) => filter.filterCategory),
      ['pricetypes', 'geographies']
    )
    assert.deepEqual(resetCategory(filters, 'pricetypes')[0].filterCategory, 'themes')
    assert.deepEqual(resetCategory([priceAll], 'factors'), [priceAll])
  })

  test('price type 0 (All) restricts nothing; other values do', ({ assert }) => {
    assert.deepEqual(restrictingValues([priceAll], 'pricetypes'), [])
    assert.deepEqual(
      restrictingValues(toggleFilter([priceAll], 'pricetypes', 3), 'pricetypes'),
      [3]
    )
    assert.deepEqual(restrictingValues(toggleFilter([], 'geographies', 0), 'geographies'), [0])
  })

  test('filters travel in an address and back', ({ assert }) => {
    const filters = toggleFilter(toggleFilter([priceAll], 'themes', 3), 'themes', 9)
    const query = filtersToQuery(filters)
    assert.deepEqual(query, { pricetypes: '0', themes: '3,9' })
    assert.deepEqual(filtersFromQuery(query), [
      { filterCategory: 'themes', filterValues: [3, 9] },
      { filterCategory: 'pricetypes', filterValues: [0] },
    ])
    assert.isNull(filtersFromQuery({ year: '2026' }))
    assert.deepEqual(filtersFromQuery({ themes: 'x' })![0].filterValues, [Number.NaN])
  })
})

const asset = (overrides: Partial<SummaryAsset>): SummaryAsset => ({
  id: 'research-1',
  kind: 'research',
  providerId: 1,
  providerKey: 'atlas',
  provider: 'Atlas',
  product: 'Written research',
  priceTypes: [],
  spend: 100,
  budget: null,
  benchmark: null,
  comparedPrice: null,
  benchmarkDiff: null,
  benchmarkPercentage: null,
  usage: null,
  costPerUse: null,
  rankingPriorityId: null,
  facets: {},
  href: '/rsa/budgets',
  ...overrides,
})

test.group('Summary figures', () => {
  test('spend by facet counts an asset under each of its values; untagged ones apart', ({
    assert,
  }) => {
    const assets = [
      asset({ id: 'a', spend: 100, facets: { geographies: [1, 4] } }),
      asset({ id: 'b', spend: 50, facets: { geographies: [4] } }),
      asset({ id: 'c', spend: 30, facets: {} }),
    ]
    const names = new Map([
      [1, 'Global'],
      [4, 'UK'],
    ])
    assert.deepEqual(spendByFacet(assets, 'geographies', names), [
      { id: 4, name: 'UK', spend: 150, assets: 2 },
      { id: 1, name: 'Global', spend: 100, assets: 1 },
      { id: null, name: 'Not tagged', spend: 30, assets: 1 },
    ])
  })

  test('KPIs: totals, the benchmark gap over compared assets, usage per kind', ({ assert }) => {
    const kpis = summaryKpis([
      asset({ id: 'a', providerId: 1, spend: 150, usage: 3, comparedPrice: 150, benchmark: 100 }),
      asset({ id: 'b', providerId: 2, spend: 40, usage: 0 }),
      asset({
        id: 'c',
        kind: 'market_data',
        providerId: 3,
        spend: 26,
        usage: 25,
        comparedPrice: 26,
        benchmark: 25,
      }),
      asset({ id: 'd', kind: 'market_data', providerId: 3, spend: null, usage: 10 }),
    ])
    assert.equal(kpis.assets, 4)
    assert.equal(kpis.providers, 3)
    assert.equal(kpis.totalSpend, 216)
    assert.equal(kpis.benchmarkedAssets, 2)
    assert.equal(kpis.benchmarkGap, 51)
    assert.equal(kpis.benchmarkGapPercent, 40.8)
    assert.deepEqual(kpis.research, { spend: 150, uses: 3, costPerUse: 50 })
    assert.deepEqual(kpis.data, { spend: 26, users: 25, costPerUser: 1.04 })
    const empty = summaryKpis([])
    assert.isNull(empty.benchmarkGap)
    assert.isNull(empty.research.costPerUse)
  })
})
