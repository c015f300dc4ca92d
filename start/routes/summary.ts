import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { MODULES } from '#shared/modules'
import { apiWriteThrottle } from '#start/limiter'
import { adminStack, clientStack } from '#start/routes/stacks'
import { PERMISSIONS } from '#shared/permissions'
import { id } from '#start/routes/matchers'

const SummaryController = () => import('#controllers/summary/summary_controller')

/*
 * The summary dashboard (spec §1–§4, §7): for teams holding research spend or market data
 * contracts, scoped to the current team. What each team sees is limited to the modules it holds.
 */
router
  .group(() => {
    router.get('/summary', [SummaryController, 'show']).as('summary')
    router.get('/api/dashboard/summary', [SummaryController, 'api']).as('api.dashboard.summary')
    router
      .post('/api/dashboard/summary/filters', [SummaryController, 'saveFilters'])
      .as('api.dashboard.summary.filters')
      .use(apiWriteThrottle)
    router
      .post('/api/dashboard/summary/priorities', [SummaryController, 'setPriority'])
      .as('api.dashboard.summary.priorities')
      .use(apiWriteThrottle)
  })
  .use([
    ...clientStack(),
    middleware.module({ modules: [MODULES.rsaBudgets, MODULES.marketDataContracts] }),
  ])

const SummaryFacetsController = () => import('#controllers/admin/summary/summary_facets_controller')

/*
 * The summary dashboard's facet dictionaries: administrators of research spend or of market
 * data rename values (their ids never change).
 */
router
  .group(() => {
    router.get('/', [SummaryFacetsController, 'index']).as('adminSummaryFacets')
    router
      .post('/:facet/:id', [SummaryFacetsController, 'update'])
      .where('id', id())
      .as('adminSummaryFacets.update')
  })
  .prefix('/admin/summary-facets')
  .use([
    ...adminStack(),
    middleware.admin({
      permissions: [PERMISSIONS.viewResearchSpendAnalytics, PERMISSIONS.viewMarketData],
    }),
  ])
