import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { MODULES } from '#shared/modules'
import { apiWriteThrottle } from '#start/limiter'
import { clientStack } from '#start/routes/stacks'

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
