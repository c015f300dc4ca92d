import { addRsaBudgetLines, researchProvider, rsaInteractions } from '#tests/helpers/rsa'
import { makeContract, makeProvider } from '#tests/helpers/market_data_fixtures'
import { rowsAt, type Probe, queryBudgetGroup } from '#tests/helpers/query_budget'
import { FACET, summaryWorld, tag } from '#tests/helpers/summary'

/**
 * The summary dashboard, as a member of a team holding research spend, market data and
 * alternative data: statements per request (middleware included), measured with the small
 * summary world and again with five more research providers (budget lines, interactions, tags),
 * five more market data vendors with contracts, and a ranking priority per provider. Equal
 * counts at both sizes; at most the budget.
 *
 * The page and the call: the view (years and statistics runs; currencies and rates, kept), one
 * statement for the facet counts and the filtered assets with their usage and stored figures,
 * and the budgets page's figures (kept in the cache after the first read: its version).
 */
const BUDGETS: Record<string, number> = {
  // Cold (the first request after the research spend records changed): the view's three, the
  // dashboard's one statement, the budgets page's six (versions, budget, profile, lines,
  // payments, benchmark cells). The call after it finds the budget records kept.
  'summary': 10,
  'api.dashboard.summary': 6,
  // The check that every id names a value: one query.
  'api.dashboard.summary.filters': 1,
  // The provider and tier checks, then the transaction (begin, read, write, audit, commit).
  'api.dashboard.summary.priorities': 7,
}

queryBudgetGroup('the summary dashboard', {
  area: 'summary',
  budgets: BUDGETS,
  world: async () => {
    const world = await summaryWorld()
    const grow = async () => {
      for (let index = 0; index < 5; index++) {
        const provider = await researchProvider(`Grown Research ${index}`, 'regional_broker')
        await addRsaBudgetLines(
          world.budget,
          world.viewer.team,
          world.viewer.currencyId,
          [{ provider, price: 10_000 + index, paid: [5_000], priceType: 'fixed_fee' }],
          world.year
        )
        await rsaInteractions(
          world.viewer.team,
          provider,
          { sales_call: 2 },
          {
            on: `${world.year}-02-01`,
          }
        )
        await tag('provider', provider.id, 'geographies', [FACET.geography.uk])
        const vendor = await makeProvider({ products: 2 })
        await makeContract(world.viewer.team.id, vendor, { licenseTypeIndex: index % 2 })
        await tag('product', vendor.productIds[0], 'assetclasses', [FACET.assetclass.equities])
      }
    }
    const page = { as: world.member, stack: 'team' as const }
    const filters = [
      { filterName: 'pricetype_id', filterCategory: 'pricetypes', filterValues: [0] },
      { filterName: 'geography_id', filterCategory: 'geographies', filterValues: [4, 5] },
    ]
    // Each measure changes the tier (first set, then changed), so both write.
    const tiers = [FACET.priority.secondary, FACET.priority.tail]
    const probes = (): Probe[] => [
      {
        ...page,
        route: 'summary',
        url: '/summary',
        component: 'summary/show',
        rows: rowsAt('summary.asset_summary_data_list'),
      },
      {
        ...page,
        route: 'api.dashboard.summary',
        url: '/api/dashboard/summary?pricetypes=0&geographies=4,5,1',
        json: true,
        rows: rowsAt('asset_summary_data_list'),
      },
      {
        ...page,
        route: 'api.dashboard.summary.filters',
        url: '/api/dashboard/summary/filters',
        method: 'POST',
        json: true,
        body: { filters },
      },
      {
        ...page,
        route: 'api.dashboard.summary.priorities',
        url: '/api/dashboard/summary/priorities',
        method: 'POST',
        json: true,
        body: { provider_id: world.atlas.id, rankingpriority_id: tiers.shift() },
      },
    ]
    return { probes, grow }
  },
})
