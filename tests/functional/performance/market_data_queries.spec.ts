import db from '@adonisjs/lucid/services/db'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import {
  addBenchmarks,
  addCategory,
  daysFromToday,
  makeContract,
  makeContractDocument,
  makeDataCollection,
  makeProposal,
  makeProvider,
  makeRateCard,
  makeScenario,
  makeSubmission,
} from '#tests/helpers/market_data_fixtures'
import { csvLines, type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { ALL_MODULES } from '#shared/modules'

/**
 * The client market data and alternative data pages and their JSON API, as a member of a team
 * holding every module: statements per request (middleware and session included), measured
 * with one contract of each kind and again with six, more products, providers, scenarios,
 * proposals, documents and submissions. Equal counts at both sizes; at most the budget.
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included (none of its own in tests, where sessions live in memory; the database session
 * store adds its read in production). No page may exceed 10. The market data figures are
 * counted cold, as the first request after a change computes them: the version of the market
 * data tables, then the figures. A repeat runs only the version read and the team's own rows.
 */
const BUDGETS: Record<string, number> = {
  // The overview: its two aggregates, the team's providers and the currencies, cold.
  'marketData': 5,
  'marketDataProvider': 4,
  'scenarios.index': 9,
  'scenarioAnalysis': 9,
  'scenarios.compare': 9,
  'scenarios.export': 8,
  'marketDataProposals': 7,
  'marketDataRateCard': 9,
  'marketDataExport': 7,
  'marketDataDocument': 1,
  'providerLogo': 1,
  'marketDataTemplates': 4,
  'marketDataTemplates.template': 5,
  'marketDataTemplates.submissionFile': 1,
  'AlternativeData': 2,
  'alternativeDataProvider': 5,
  'alternativeDataExport': 7,
  'api.marketData.activeProviders': 2,
  'api.marketData.inactiveProviders': 2,
  'api.marketData.benchmarks.activeUpcoming': 5,
  'api.marketData.benchmarks.contract': 5,
  'api.marketData.contracts': 2,
  'api.marketData.productCategories': 6,
  // The team's own settings, from the request context.
  'api.marketData.contextInfo': 0,
}

async function marketDataWorld() {
  const team = await makeTeam({ modules: ALL_MODULES })
  const member = await makeUser({ teams: [team] })
  const colleague = await makeUser({ teams: [team] })
  const provider = await makeProvider({ rateCard: true, logo: true })
  const contract = await makeContract(team.id, provider)
  const document = await makeContractDocument(contract.id, null)
  const scenario = await makeScenario(team.id, provider, member.id, contract)
  const otherScenario = await makeScenario(team.id, provider, colleague.id, contract)
  await makeProposal(team.id, provider)
  await makeRateCard(provider, team.teamTypeId)
  const alternative = await makeProvider({ type: 'alternative_data' })
  const alternativeContract = await makeContract(team.id, alternative)
  const collection = await makeDataCollection(team.id)
  const submission = await makeSubmission(team.id, collection, member.id)

  /** Five more of everything the pages list, on the same provider and team. */
  async function grow() {
    const before = [...provider.productIds]
    await addCategory(provider, 2)
    const added = provider.productIds.filter((id) => !before.includes(id))
    await addBenchmarks(contract.id, provider, added, {
      start: daysFromToday(-365),
      end: daysFromToday(365),
      currency: 'USD',
    })
    const windows = [
      [-30, 700],
      [-900, -20],
      [-400, 40],
      [30, 1000],
      [-1500, -400],
    ]
    for (const [index, [startDays, endDays]] of windows.entries()) {
      const more = await makeContract(team.id, provider, {
        startDays,
        endDays,
        licenseTypeIndex: index % 2,
        currency: index % 2 ? 'USD' : 'GBP',
      })
      await makeContractDocument(more.id, index % 2 ? member.id : colleague.id)
      await makeScenario(team.id, provider, index % 2 ? member.id : colleague.id, more)
      await makeProposal(team.id, provider)

      const other = await makeProvider({ rateCard: index % 2 === 0, logo: true })
      await makeContract(team.id, other, { startDays, endDays })
      await makeProvider({ rateCard: true })

      await makeContract(team.id, alternative, { startDays, endDays, currency: 'USD' })
      const otherAlternative = await makeProvider({ type: 'alternative_data' })
      await makeContract(team.id, otherAlternative, { startDays, endDays })

      const moreCollection = await makeDataCollection(team.id)
      await makeSubmission(team.id, moreCollection, colleague.id)
      await makeSubmission(team.id, collection, index % 2 ? member.id : null)
    }
    // A newer card covering the grown catalogue: the page shows the latest active one.
    await makeRateCard(provider, team.teamTypeId, { asOfDays: 0 })
    await addBenchmarks(alternativeContract.id, alternative, alternative.productIds, {
      start: daysFromToday(-100),
      end: daysFromToday(100),
      currency: 'USD',
    })
  }

  const json = { as: member, stack: 'team' as const, json: true }
  const page = { as: member, stack: 'team' as const }
  const probes: Probe[] = [
    {
      ...page,
      route: 'marketData',
      url: '/market-data',
      component: 'market_data/overview',
      rows: rowsAt('providers'),
    },
    {
      ...page,
      route: 'marketDataProvider',
      url: `/market-data/${provider.key}`,
      component: 'market_data/benchmarks',
      rows: rowsAt('providers.active', 'providers.inactive'),
    },
    {
      ...page,
      route: 'scenarios.index',
      url: `/market-data/${provider.key}/scenarios`,
      component: 'market_data/scenarios',
      rows: rowsAt('scenarios', 'providers.active'),
    },
    {
      ...page,
      route: 'scenarios.compare',
      url: `/market-data/${provider.key}/scenarios/compare?left=${scenario}&right=${otherScenario}`,
      component: 'market_data/scenario_comparison',
      rows: rowsAt('choices', 'providers.active'),
    },
    {
      ...page,
      route: 'scenarios.export',
      url: `/market-data/${provider.key}/scenarios/${scenario}/export?format=csv`,
    },
    {
      ...page,
      route: 'scenarioAnalysis',
      url: `/market-data/${provider.key}/scenario-analysis?scenario=${scenario}`,
      component: 'market_data/scenario_analysis',
      rows: rowsAt('productBenchmarks', 'providers.active'),
    },
    {
      ...page,
      route: 'marketDataProposals',
      url: `/market-data/${provider.key}/proposals`,
      component: 'market_data/proposals',
      rows: rowsAt('proposals', 'providers.active'),
    },
    {
      ...page,
      route: 'marketDataRateCard',
      url: `/market-data/${provider.key}/rate-card`,
      component: 'market_data/rate_card',
      rows: rowsAt('rateCard.categories', 'providers.inactive'),
    },
    {
      ...page,
      route: 'marketDataExport',
      url: `/market-data/${provider.key}/export?format=csv`,
      rows: csvLines,
    },
    { ...page, route: 'marketDataDocument', url: `/market-data/documents/${document}` },
    { ...page, route: 'providerLogo', url: `/provider-logos/${provider.key}` },
    {
      ...page,
      route: 'marketDataTemplates',
      url: '/market-data/templates?status=all',
      component: 'market_data/templates',
      rows: rowsAt('submissions', 'collections'),
    },
    {
      ...page,
      route: 'marketDataTemplates.template',
      url: `/market-data/templates/${collection}/template`,
    },
    {
      ...page,
      route: 'marketDataTemplates.submissionFile',
      url: `/market-data/templates/submissions/${submission}/file`,
    },
    { ...page, route: 'AlternativeData', url: '/alternative-data', status: 302 },
    {
      ...page,
      route: 'alternativeDataProvider',
      url: `/alternative-data/${alternative.key}?contract=${alternativeContract.id}`,
      component: 'alternative_data/show',
      rows: rowsAt('providers.active', 'providers.inactive'),
    },
    {
      ...page,
      route: 'alternativeDataExport',
      url: `/alternative-data/${alternative.key}/export?contract=${alternativeContract.id}&format=csv`,
      rows: csvLines,
    },
    { ...json, route: 'api.marketData.contextInfo', url: '/api/market-data/context-info' },
    {
      ...json,
      route: 'api.marketData.activeProviders',
      url: '/api/market-data/active-providers',
      rows: rowsAt('providers'),
    },
    {
      ...json,
      route: 'api.marketData.inactiveProviders',
      url: '/api/market-data/inactive-providers',
      rows: rowsAt('providers'),
    },
    {
      ...json,
      route: 'api.marketData.benchmarks.activeUpcoming',
      url: `/api/market-data/benchmarks/active-upcoming/${provider.id}`,
      rows: rowsAt('productBenchmarks'),
    },
    {
      ...json,
      route: 'api.marketData.benchmarks.contract',
      url: `/api/market-data/benchmarks/contract/${contract.id}`,
      rows: rowsAt('productBenchmarks'),
    },
    {
      ...json,
      route: 'api.marketData.contracts',
      url: `/api/market-data/contracts/${provider.id}`,
      rows: rowsAt('contracts'),
    },
    {
      ...json,
      route: 'api.marketData.productCategories',
      method: 'POST',
      url: `/api/market-data/product-categories/${provider.key}`,
      body: {},
      rows: rowsAt('categories'),
    },
  ]
  return { probes, grow }
}

queryBudgetGroup('market data and alternative data', {
  area: 'market_data',
  budgets: BUDGETS,
  // Counted as the first request after a change computes the figures (a repeat reads them
  // from the cache: tests/functional/market_data/figures_cache.spec.ts).
  beforeEachProbe: () =>
    db
      .from('data_versions')
      .where('area', 'market_data')
      .update({ version: Math.floor(Math.random() * 2 ** 52) }),
  world: marketDataWorld,
})
