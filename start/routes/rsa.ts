import router from '@adonisjs/core/services/router'
import { id } from '#start/routes/matchers'
import { middleware } from '#start/kernel'
import { MODULES } from '#shared/modules'
import { apiWriteThrottle } from '#start/limiter'
import { clientStack } from '#start/routes/stacks'

const BudgetsController = () => import('#controllers/rsa/budgets_controller')
const OutliersController = () => import('#controllers/rsa/outliers_controller')
const PeerInteractionsController = () => import('#controllers/rsa/peer_interactions_controller')
const PeerGroupController = () => import('#controllers/rsa/peer_group_controller')
const RateCardController = () => import('#controllers/rsa/rate_card_controller')
const SnapshotsController = () => import('#controllers/rsa/snapshots_controller')
const MarketTrendsController = () => import('#controllers/rsa/market_trends_controller')
const DataCollectionController = () => import('#controllers/rsa/data_collection_controller')

/*
 * Research Spend Analytics for client teams: every page and call behind the `rsa-budgets`
 * module, scoped to the current team.
 */
router
  .group(() => {
    router.get('/rsa/budgets', [BudgetsController, 'index']).as('RSABudgets')
    router.get('/rsa/budgets/export', [BudgetsController, 'export']).as('rsaBudgetsExport')
    router.get('/api/rsa/budgets', [BudgetsController, 'api']).as('api.rsa.budgets')
    router.get('/rsa/outliers', [OutliersController, 'index']).as('RSAOutliers')
    router
      .post('/rsa/outliers/acknowledge', [OutliersController, 'acknowledge'])
      .as('rsaOutliers.acknowledge')
      .use(apiWriteThrottle)
    router
      .post('/rsa/outliers/acknowledgements/:id/reopen', [OutliersController, 'reopen'])
      .where('id', id())
      .as('rsaOutliers.reopen')
      .use(apiWriteThrottle)
    router
      .get('/rsa/peer-interactions', [PeerInteractionsController, 'index'])
      .as('rsaPeerInteractions')
    router.get('/rsa/peer-group', [PeerGroupController, 'show']).as('RSAPeerGroup')
    router.get('/rsa/rate-card', [RateCardController, 'show']).as('RSABenchmarkRateCard')
    router.get('/rsa/market-trends', [MarketTrendsController, 'show']).as('RSAMarketTrendsReport')
    router
      .get('/rsa/market-trends/reports/:id/file', [MarketTrendsController, 'file'])
      .where('id', id())
      .as('rsaMarketTrendsReport.file')
    router.get('/rsa/snapshot', [SnapshotsController, 'show']).as('rsaSnapshot')
    router
      .post('/rsa/snapshot', [SnapshotsController, 'store'])
      .as('rsaSnapshot.store')
      .use(apiWriteThrottle)
    router
      .get('/rsa/snapshots/:id/file', [SnapshotsController, 'file'])
      .where('id', id())
      .as('rsaSnapshot.file')
    router.get('/rsa/data-collection', [DataCollectionController, 'index']).as('rsaDataCollection')
    router
      .get('/rsa/data-collection/:id/template', [DataCollectionController, 'template'])
      .where('id', id())
      .as('rsaDataCollection.template')
    router
      .post('/rsa/data-collection/upload', [DataCollectionController, 'upload'])
      .as('rsaDataCollection.upload')
      .use(apiWriteThrottle)
    router
      .get('/rsa/data-collection/submissions/:id/file', [DataCollectionController, 'download'])
      .where('id', id())
      .as('rsaDataCollection.submissionFile')
  })
  .use([...clientStack(), middleware.module({ modules: [MODULES.rsaBudgets] })])
