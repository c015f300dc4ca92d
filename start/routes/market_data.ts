import router from '@adonisjs/core/services/router'
import { id } from '#start/routes/matchers'
import { middleware } from '#start/kernel'
import { MODULES } from '#shared/modules'
import { PERMISSIONS } from '#shared/permissions'
import { apiWriteThrottle } from '#start/limiter'
import { clientStack, adminStack } from '#start/routes/stacks'

const AdminMarketDataPagesController = () => import('#controllers/admin/market_data_controller')
const AdminMarketDataController = () => import('#controllers/api/admin/market_data_controller')
const RegressionsController = () => import('#controllers/admin/regressions_controller')
const RateCardsController = () => import('#controllers/admin/rate_cards_controller')
const UniverseController = () => import('#controllers/admin/universe_controller')
const ContractsController = () => import('#controllers/admin/contracts_controller')
const CatalogueController = () => import('#controllers/admin/catalogue_controller')
const ProposalsController = () => import('#controllers/admin/proposals_controller')
const MarketDataController = () => import('#controllers/api/market_data/market_data_controller')
const BenchmarksController = () => import('#controllers/market_data/benchmarks_controller')
const OverviewController = () => import('#controllers/market_data/overview_controller')
const ScenariosController = () => import('#controllers/market_data/scenarios_controller')
const DataCollectionController = () => import('#controllers/market_data/data_collection_controller')
const AlternativeDataController = () =>
  import('#controllers/market_data/alternative_data_controller')

/*
 * Market Data and Alternative Data: the client pages and calls (each behind its module), then
 * the admin pages and the admin calls of spec §7 (administrators holding the market data
 * permission).
 */
router
  .group(() => {
    router
      .group(() => {
        router
          .get('/active-providers', [MarketDataController, 'activeProviders'])
          .as('activeProviders')
        router
          .get('/inactive-providers', [MarketDataController, 'inactiveProviders'])
          .as('inactiveProviders')
        router
          .get('/benchmarks/active-upcoming/:providerId', [
            MarketDataController,
            'activeUpcomingBenchmarks',
          ])
          .where('providerId', id())
          .as('benchmarks.activeUpcoming')
        router
          .get('/benchmarks/contract/:contractId', [MarketDataController, 'contractBenchmarks'])
          .where('contractId', id())
          .as('benchmarks.contract')
        router
          .post('/product-categories/:providerKey', [MarketDataController, 'productCategories'])
          .where('providerKey', /^[a-z0-9-]+$/)
          .as('productCategories')
        router
          .get('/contracts/:providerId', [MarketDataController, 'contracts'])
          .where('providerId', id())
          .as('contracts')
      })
      .prefix('/api/market-data')
      .as('api.marketData')
      .use(middleware.module({ modules: [MODULES.marketDataContracts, MODULES.alternativeData] }))
    router
      .group(() => {
        router.get('/', [DataCollectionController, 'index']).as('marketDataTemplates')
        router
          .get('/:id/template', [DataCollectionController, 'template'])
          .where('id', id())
          .as('marketDataTemplates.template')
        router
          .post('/upload', [DataCollectionController, 'upload'])
          .as('marketDataTemplates.upload')
          .use(apiWriteThrottle)
        router
          .get('/submissions/:id/file', [DataCollectionController, 'download'])
          .where('id', id())
          .as('marketDataTemplates.submissionFile')
      })
      .prefix('/market-data/templates')
      .use(middleware.module({ modules: [MODULES.marketDataDataCollection] }))
    router
      .get('/market-data', [OverviewController, 'show'])
      .as('marketData')
      // Rate cards alone open it too: their providers are listed there.
      .use(
        middleware.module({ modules: [MODULES.marketDataContracts, MODULES.marketDataRateCard] })
      )
    router
      .group(() => {
        router.get('/', [ScenariosController, 'index']).as('index')
        router.post('/', [ScenariosController, 'store']).as('store')
        router.get('/compare', [ScenariosController, 'compare']).as('compare')
        router.get('/:id/export', [ScenariosController, 'export']).where('id', id()).as('export')
        router.post('/:id', [ScenariosController, 'store']).where('id', id()).as('update')
      })
      .prefix('/market-data/:provider_key/scenarios')
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('scenarios')
      .use(middleware.module({ modules: [MODULES.marketDataContracts] }))
    router
      .get('/market-data/documents/:id', [BenchmarksController, 'document'])
      .where('id', id())
      .as('marketDataDocument')
      .use(middleware.module({ modules: [MODULES.marketDataContracts] }))
    router
      .get('/market-data/:provider_key/proposals', [BenchmarksController, 'proposals'])
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('marketDataProposals')
      .use(middleware.module({ modules: [MODULES.marketDataContracts] }))
    router
      .get('/market-data/:provider_key/rate-card', [BenchmarksController, 'rateCard'])
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('marketDataRateCard')
      .use(middleware.module({ modules: [MODULES.marketDataRateCard] }))
    router
      .get('/market-data/:provider_key/export', [BenchmarksController, 'export'])
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('marketDataExport')
      .use(middleware.module({ modules: [MODULES.marketDataContracts] }))
    router
      .get('/market-data/:provider_key/scenario-analysis', [BenchmarksController, 'scenario'])
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('scenarioAnalysis')
      .use(middleware.module({ modules: [MODULES.marketDataContracts] }))
    router
      .get('/market-data/:provider_key', [BenchmarksController, 'show'])
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('marketDataProvider')
      .use(middleware.module({ modules: [MODULES.marketDataContracts] }))
    router
      .get('/alternative-data', [AlternativeDataController, 'index'])
      .as('AlternativeData')
      .use(middleware.module({ modules: [MODULES.alternativeData] }))
    router
      .get('/alternative-data/:provider_key/export', [AlternativeDataController, 'export'])
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('alternativeDataExport')
      .use(middleware.module({ modules: [MODULES.alternativeData] }))
    router
      .get('/alternative-data/:provider_key', [AlternativeDataController, 'show'])
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('alternativeDataProvider')
      .use(middleware.module({ modules: [MODULES.alternativeData] }))
  })
  .use(clientStack())

router
  .group(() => {
    router.get('/', [AdminMarketDataPagesController, 'teams']).as('editMarketData')
    router
      .get('/teams/:teamId', [AdminMarketDataPagesController, 'providers'])
      .where('teamId', id())
      .as('editMarketDataTeam')
    router
      .get('/teams/:teamId/providers/:providerKey', [AdminMarketDataPagesController, 'provider'])
      .where('teamId', id())
      .where('providerKey', /^[a-z0-9-]+$/)
      .as('editMarketDataProvider')
    router
      .get('/providers/:providerKey/classification', [
        AdminMarketDataPagesController,
        'classification',
      ])
      .where('providerKey', /^[a-z0-9-]+$/)
      .as('adminMdProviderClassification')
    router.get('/audit', [AdminMarketDataPagesController, 'audit']).as('adminMdAudit')
    router.get('/rate-cards', [RateCardsController, 'index']).as('adminMdRateCard')
    router.get('/universe', [UniverseController, 'show']).as('updateUniverse')
    router.get('/catalogue', [CatalogueController, 'index']).as('adminMdCatalogue')
    router
      .group(() => {
        router.get('/', [ProposalsController, 'index']).as('adminMdProposals')
        router.post('/', [ProposalsController, 'store']).as('adminMdProposals.store')
        router
          .post('/:id', [ProposalsController, 'update'])
          .where('id', id())
          .as('adminMdProposals.update')
        router
          .post('/:id/delete', [ProposalsController, 'destroy'])
          .where('id', id())
          .as('adminMdProposals.destroy')
      })
      .prefix('/teams/:teamId/providers/:providerKey/proposals')
      .where('teamId', id())
      .where('providerKey', /^[a-z0-9-]+$/)
    router
      .group(() => {
        router.post('/providers', [CatalogueController, 'storeProvider']).as('providers.store')
        router
          .post('/providers/:id', [CatalogueController, 'updateProvider'])
          .as('providers.update')
        router.post('/providers/:id/logo', [CatalogueController, 'uploadLogo']).as('providers.logo')
        router
          .post('/license-types', [CatalogueController, 'storeLicenseType'])
          .as('licenseTypes.store')
        router
          .post('/license-types/:id', [CatalogueController, 'updateLicenseType'])
          .as('licenseTypes.update')
        router
          .post('/license-types/:id/delete', [CatalogueController, 'destroyLicenseType'])
          .as('licenseTypes.destroy')
      })
      .prefix('/catalogue')
      .where('id', id())
      .as('adminMdCatalogue')
    router
      .get('/providers/:providerKey/logo', [CatalogueController, 'logo'])
      .where('providerKey', /^[a-z0-9-]+$/)
      .as('adminMdProviderLogo')
    router
      .post('/teams/:teamId/providers/:providerKey/contracts', [ContractsController, 'store'])
      .where('teamId', id())
      .where('providerKey', /^[a-z0-9-]+$/)
      .as('adminMdContracts.store')
    router
      .group(() => {
        router.post('/:id', [ContractsController, 'update']).as('update')
        router.post('/:id/delete', [ContractsController, 'destroy']).as('destroy')
        router.post('/:id/documents', [ContractsController, 'upload']).as('upload')
      })
      .prefix('/contracts')
      .where('id', id())
      .as('adminMdContracts')
    router
      .get('/contracts/:id/documents', [ContractsController, 'documents'])
      .where('id', id())
      .as('uploadContract')
    router
      .get('/contract-documents/:documentId', [ContractsController, 'download'])
      .where('documentId', id())
      .as('adminMdContractDocuments.download')
    router
      .post('/contract-documents/:documentId/delete', [ContractsController, 'destroyDocument'])
      .where('documentId', id())
      .as('adminMdContractDocuments.destroy')
    router
      .get('/universe/workbook', [UniverseController, 'workbook'])
      .as('adminMdUniverse.workbook')
    router.get('/rate-cards/create', [RateCardsController, 'create']).as('createMdRateCard')
    router
      .get('/rate-cards/:id/edit', [RateCardsController, 'edit'])
      .where('id', id())
      .as('editMdRateCard')
    router
      .group(() => {
        router.get('/', [RegressionsController, 'index']).as('updateRegressions')
        router.post('/', [RegressionsController, 'store']).as('adminMdRegressions.store')
        router.post('/import', [RegressionsController, 'import']).as('adminMdRegressions.import')
      })
      .prefix('/providers/:providerKey/regressions')
      .where('providerKey', /^[a-z0-9-]+$/)
  })
  .prefix('/admin/market-data')
  .use([...adminStack(), middleware.admin({ permissions: [PERMISSIONS.viewMarketData] })])

router
  .group(() => {
    router
      .get('/contract/:id/product-benchmarks', [AdminMarketDataController, 'contractBenchmarks'])
      .where('id', id())
      .as('contract.productBenchmarks')
    router
      .post('/product-benchmark/store', [AdminMarketDataController, 'store'])
      .as('productBenchmark.store')
    router
      .post('/product-benchmark/update/:id', [AdminMarketDataController, 'update'])
      .where('id', id())
      .as('productBenchmark.update')
    router
      .post('/product-benchmark/destroy/:id', [AdminMarketDataController, 'destroy'])
      .where('id', id())
      .as('productBenchmark.destroy')
    router
      .post('/sub-product-benchmark/destroy/:id', [AdminMarketDataController, 'destroySubProduct'])
      .where('id', id())
      .as('subProductBenchmark.destroy')
    router.get('/rate-cards/aum-ranges', [RateCardsController, 'aumRanges']).as('aumRanges')
    router.post('/universe/import', [UniverseController, 'import']).as('universe.import')
    router.post('/contracts/import', [UniverseController, 'importContracts']).as('contracts.import')
    router.get('/rate-cards/observed', [RateCardsController, 'observed']).as('rateCards.observed')
    router.post('/rate-cards', [RateCardsController, 'store']).as('rateCards.store')
    router
      .post('/rate-cards/:id', [RateCardsController, 'update'])
      .where('id', id())
      .as('rateCards.update')
    router
      .post('/rate-cards/:id/active', [RateCardsController, 'active'])
      .where('id', id())
      .as('rateCards.active')
    router
      .get('/provider/categories/:providerKey', [AdminMarketDataController, 'categories'])
      .where('providerKey', /^[a-z0-9-]+$/)
      .as('provider.categories')
    router
      .post('/provider/save-category', [AdminMarketDataController, 'saveCategory'])
      .as('provider.saveCategory')
  })
  .prefix('/api/admin/market-data')
  .as('api.admin.marketData')
  .use([...adminStack(), middleware.admin({ permissions: [PERMISSIONS.viewMarketData] })])
