import db from '@adonisjs/lucid/services/db'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import {
  addBenchmarks,
  addCategory,
  currencyId,
  daysFromToday,
  licenseTypeIds,
  makeAuditEntry,
  makeContract,
  makeContractDocument,
  makeProposal,
  makeProvider,
  makeRateCard,
  timestamp,
} from '#tests/helpers/market_data_fixtures'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { ALL_MODULES } from '#shared/modules'

/**
 * The market data administration: the wizard (team → provider → contract → benchmarks), the
 * catalogue, classification, regressions, rate cards, proposals, contract documents, the
 * universe workbook and the audit trail, and the editors' JSON calls, as a market data
 * administrator. Measured with one team, provider and contract, then with six of each, a
 * larger catalogue and an audit trail naming every kind of record.
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included (none of its own in tests, where sessions live in memory; the database session
 * store adds its read in production). No page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  'editMarketData': 1,
  'editMarketDataTeam': 2,
  'editMarketDataProvider': 7,
  'adminMdProviderClassification': 7,
  'updateRegressions': 7,
  'adminMdAudit': 5,
  'adminMdRateCard': 1,
  'createMdRateCard': 6,
  'editMdRateCard': 8,
  'adminMdCatalogue': 2,
  'adminMdProposals': 8,
  'uploadContract': 4,
  'adminMdContractDocuments.download': 1,
  'adminMdProviderLogo': 1,
  'updateUniverse': 0,
  'adminMdUniverse.workbook': 3,
  'api.admin.marketData.contract.productBenchmarks': 4,
  'api.admin.marketData.aumRanges': 1,
  'api.admin.marketData.rateCards.observed': 2,
  'api.admin.marketData.provider.categories': 6,
}

/** API calls that write: their statements follow what they store, not a data size. */
const NOT_MEASURED: Record<string, string> = {
  'api.admin.marketData.productBenchmark.store': 'a write (stores a benchmark)',
  'api.admin.marketData.productBenchmark.update': 'a write (updates a benchmark)',
  'api.admin.marketData.productBenchmark.destroy': 'a write (deletes a benchmark)',
  'api.admin.marketData.subProductBenchmark.destroy': 'a write (deletes a sub product)',
  'api.admin.marketData.universe.import': 'a write (imports a workbook, row by row)',
  'api.admin.marketData.contracts.import': 'a write (imports contracts, row by row)',
  'api.admin.marketData.rateCards.store': 'a write (stores a rate card)',
  'api.admin.marketData.rateCards.update': 'a write (updates a rate card)',
  'api.admin.marketData.rateCards.active': 'a write (activates a rate card)',
  'api.admin.marketData.provider.saveCategory': 'a write (saves a classification)',
}

async function adminMarketDataWorld() {
  const team = await makeTeam({ modules: ALL_MODULES })
  const administrator = await makeUser({
    isAdministrator: true,
    roles: ['Market data administrator'],
  })
  const provider = await makeProvider({ rateCard: true, logo: true })
  const contract = await makeContract(team.id, provider)
  const document = await makeContractDocument(contract.id, administrator.id)
  await makeProposal(team.id, provider)
  let rateCard = await makeRateCard(provider, team.teamTypeId)
  await makeAuditEntry(administrator.id, provider)

  async function grow() {
    const before = [...provider.productIds]
    await addCategory(provider, 2)
    await addBenchmarks(
      contract.id,
      provider,
      provider.productIds.filter((id) => !before.includes(id)),
      { start: daysFromToday(-365), end: daysFromToday(365) }
    )
    for (let index = 0; index < 5; index++) {
      const more = await makeContract(team.id, provider, {
        startDays: -700 + index * 200,
        endDays: 30 + index * 200,
        licenseTypeIndex: index % 2,
      })
      await makeContractDocument(more.id, index % 2 ? administrator.id : null)
      await makeContractDocument(contract.id, administrator.id)
      await makeProposal(team.id, provider)
      const otherTeam = await makeTeam({ modules: ALL_MODULES })
      await makeContract(otherTeam.id, provider)
      const other = await makeProvider({ rateCard: index % 2 === 0, products: 2 })
      await makeContract(team.id, other)
      await makeRateCard(other, team.teamTypeId, { active: index % 2 === 0 })
      await makeAuditEntry(index % 2 ? administrator.id : null, other, `entity_${index}`)
    }
    rateCard = await makeRateCard(provider, team.teamTypeId, { asOfDays: 0 })
    // Every kind of record the trail names by name.
    const [licenseTypeId] = await licenseTypeIds()
    const aumRange = await db.from('aum_ranges').select('id').firstOrFail()
    const product = await db
      .from('provider_products')
      .where('id', provider.productIds[0])
      .firstOrFail()
    await db.table('audit_logs').insert({
      user_id: administrator.id,
      entity_type: 'contract',
      entity_id: contract.id,
      action: 'update',
      summary: 'Changed everything',
      before: JSON.stringify({ contract_id: contract.id, team_id: team.id }),
      after: JSON.stringify({
        contract_id: contract.id,
        team_id: team.id,
        team_type_id: team.teamTypeId,
        license_type_id: licenseTypeId,
        driver_id: provider.usersDriverId,
        driver_option_id: provider.tierOptionIds[0],
        category_id: provider.categoryIds[0],
        product_type_id: product.product_type_id,
        aum_range_id: aumRange.id,
        currency_id: await currencyId('USD'),
        entries: [{ product_id: provider.productIds[1], provider_id: provider.id }],
      }),
      source: 'web',
      created_at: timestamp(),
    })
  }

  const page = { as: administrator, stack: 'admin' as const }
  const json = { ...page, json: true }
  const base = '/admin/market-data'
  const api = '/api/admin/market-data'
  const probes = (): Probe[] => [
    {
      ...page,
      route: 'editMarketData',
      url: base,
      component: 'admin/market_data/teams',
      rows: rowsAt('teams'),
    },
    {
      ...page,
      route: 'editMarketDataTeam',
      url: `${base}/teams/${team.id}`,
      component: 'admin/market_data/providers',
      rows: rowsAt('providers'),
    },
    // Step 4 of the wizard: a contract picked, its benchmarks' editor open.
    {
      ...page,
      route: 'editMarketDataProvider',
      url: `${base}/teams/${team.id}/providers/${provider.key}?contract=${contract.id}`,
      component: 'admin/market_data/provider',
      rows: rowsAt('contracts', 'catalogue.products'),
    },
    {
      ...page,
      route: 'adminMdProviderClassification',
      url: `${base}/providers/${provider.key}/classification`,
      component: 'admin/market_data/classification',
      rows: rowsAt('tree.categories'),
    },
    {
      ...page,
      route: 'updateRegressions',
      url: `${base}/providers/${provider.key}/regressions`,
      component: 'admin/market_data/regressions',
      rows: rowsAt('rows'),
    },
    {
      ...page,
      route: 'adminMdAudit',
      url: `${base}/audit`,
      component: 'admin/market_data/audit',
      rows: rowsAt('entries', 'entityTypes'),
    },
    {
      ...page,
      route: 'adminMdRateCard',
      url: `${base}/rate-cards`,
      component: 'admin/market_data/rate_cards',
      rows: rowsAt('rateCards'),
    },
    {
      ...page,
      route: 'createMdRateCard',
      url: `${base}/rate-cards/create`,
      component: 'admin/market_data/rate_card_editor',
      rows: rowsAt('options.providers'),
    },
    {
      ...page,
      route: 'editMdRateCard',
      url: `${base}/rate-cards/${rateCard}/edit`,
      component: 'admin/market_data/rate_card_editor',
      rows: rowsAt('rateCard.entries', 'options.providers'),
    },
    {
      ...page,
      route: 'adminMdCatalogue',
      url: `${base}/catalogue`,
      component: 'admin/market_data/catalogue',
      rows: rowsAt('providers'),
    },
    {
      ...page,
      route: 'adminMdProposals',
      url: `${base}/teams/${team.id}/providers/${provider.key}/proposals`,
      component: 'admin/market_data/proposals',
      rows: rowsAt('proposals', 'products'),
    },
    {
      ...page,
      route: 'uploadContract',
      url: `${base}/contracts/${contract.id}/documents`,
      component: 'admin/market_data/contract_documents',
      rows: rowsAt('documents'),
    },
    {
      ...page,
      route: 'adminMdContractDocuments.download',
      url: `${base}/contract-documents/${document}`,
    },
    { ...page, route: 'adminMdProviderLogo', url: `${base}/providers/${provider.key}/logo` },
    {
      ...page,
      route: 'updateUniverse',
      url: `${base}/universe`,
      component: 'admin/market_data/universe',
    },
    { ...page, route: 'adminMdUniverse.workbook', url: `${base}/universe/workbook` },
    {
      ...json,
      route: 'api.admin.marketData.contract.productBenchmarks',
      url: `${api}/contract/${contract.id}/product-benchmarks`,
      rows: rowsAt('product_benchmarks'),
    },
    {
      ...json,
      route: 'api.admin.marketData.aumRanges',
      url: `${api}/rate-cards/aum-ranges`,
    },
    {
      ...json,
      route: 'api.admin.marketData.rateCards.observed',
      url: `${api}/rate-cards/observed?provider_id=${provider.id}&team_type_id=${team.teamTypeId}&currency_id=${team.currencyId}`,
      rows: rowsAt('observed'),
    },
    {
      ...json,
      route: 'api.admin.marketData.provider.categories',
      url: `${api}/provider/categories/${provider.key}`,
      rows: rowsAt('categories'),
    },
  ]
  return { probes, grow }
}

queryBudgetGroup('market data administration', {
  area: 'admin_market_data',
  budgets: BUDGETS,
  notMeasured: NOT_MEASURED,
  world: adminMarketDataWorld,
})
